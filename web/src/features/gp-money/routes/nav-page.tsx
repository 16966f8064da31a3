import { Alert, Button, Checkbox, FileInput, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { can } from '@tranche/shared/auth/permissions';
import type { NavDraft, NavPrice, ShareClassNav } from '@tranche/shared/money/money.schema';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LoadError } from '@/components/error-state';
import { NoticePanel } from '@/components/notice-panel';
import { AccessNotice, isAccessError } from '@/features/gp-console';
import {
  approveNav,
  discardNav,
  gpMoneyKeys,
  postNav,
  uploadNav,
  useShareClassNav,
  useStoreNav,
  useTeamNames,
} from '@/features/gp-money/api/money';
import { FundClassPicker, useFundAndClass } from '@/features/gp-money/components/fund-class-picker';
import { Section } from '@/features/gp-money/components/section';
import { todayUtc } from '@/features/gp-money/lib/call-form';
import { useAttemptKey } from '@/features/gp-money/lib/money-form';
import { useCurrentUser } from '@/features/session';
import { FormAlert } from '@/features/session/screens';
import { useLang } from '@/i18n/use-lang';
import { placeApiError, ruleTextWith } from '@/lib/api-field-error';
import { useFieldErrorText } from '@/lib/form-errors';
import { formatDate, formatDateTime } from '@/lib/format';
import { localized } from '@/lib/localized';
import { notifications } from '@/lib/notifications';

const NavChart = lazy(() => import('@/features/gp-money/components/nav-chart'));
const PRICE = /^\d{1,15}(\.\d{1,6})?$/;

/** A NAV per unit with its currency: up to 6 decimals, as posted (Intl would round to the currency's 2). */
const formatUnitPrice = (value: string, currency: string, lang: ReturnType<typeof useLang>) =>
  new Intl.NumberFormat(lang, { style: 'currency', currency, maximumFractionDigits: 6 }).format(value as `${number}`);

/**
 * /gp/money/nav?productId=&shareClassId=: a share class's NAV history (a line and its table), the
 * drafts waiting for a second person, a form to post one and a CSV upload for many. The chosen fund
 * and class are kept in the address.
 */
export const NavPage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(t('gpMoney.nav.title'));
  const choice = useFundAndClass();
  const { funds, productId, fund, classes, shareClassId } = choice;

  if (isAccessError(funds.error)) return <AccessNotice error={funds.error} />;
  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1}>{t('gpMoney.nav.title')}</Title>
        <Text c="dimmed">{t('gpMoney.nav.intro')}</Text>
      </div>
      <FundClassPicker choice={choice} />
      {!productId ? (
        funds.data && <NoticePanel title={t('gpMoney.nav.title')}>{t('gpMoney.nav.chooseFund')}</NoticePanel>
      ) : fund.data && classes.length === 0 ? (
        <NoticePanel title={localized(fund.data.name, lang)}>{t('gpMoney.nav.noClasses')}</NoticePanel>
      ) : shareClassId ? (
        <ShareClassNavView productId={productId} shareClassId={shareClassId} />
      ) : fund.error ? (
        <LoadError error={fund.error} onRetry={() => void fund.mutate()} />
      ) : (
        <NavSkeleton label={t('gpMoney.nav.title')} />
      )}
    </Stack>
  );
};

const NavSkeleton = ({ label }: { label: string }) => (
  <div role="status" aria-busy="true" aria-label={label}>
    <Stack gap="sm" aria-hidden>
      <Skeleton h={28} w={240} />
      <Skeleton h={240} />
      <Skeleton h={120} />
    </Stack>
  </div>
);

const ShareClassNavView = ({ productId, shareClassId }: { productId: string; shareClassId: string }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const nav = useShareClassNav(productId, shareClassId);
  const nameOf = useTeamNames();
  if (isAccessError(nav.error)) return <AccessNotice error={nav.error} />;
  if (nav.error && !nav.data) return <LoadError error={nav.error} onRetry={() => void nav.mutate()} />;
  if (!nav.data) return <NavSkeleton label={t('gpMoney.nav.title')} />;
  const data = nav.data;
  const latest = data.prices.at(-1);
  const price = (p: { navPerUnit: string }) => formatUnitPrice(p.navPerUnit, data.currency, lang);
  const history: DataTableColumn<NavPrice>[] = [
    {
      key: 'date',
      header: t('gpMoney.nav.navDate'),
      rowHeader: true,
      noWrap: true,
      render: (p) => formatDate(p.navDate, lang),
    },
    { key: 'nav', header: t('gpMoney.nav.navPerUnitShort'), align: 'end', noWrap: true, render: price },
    { key: 'prepared', header: t('gpMoney.nav.preparedBy'), render: (p) => nameOf(p.preparedBy) },
    { key: 'approved', header: t('gpMoney.nav.approvedBy'), render: (p) => nameOf(p.approvedBy) },
    {
      key: 'correction',
      header: t('gpMoney.nav.correction'),
      render: (p) => (p.correction ? t('gpMoney.common.yes') : t('gpMoney.common.no')),
    },
  ];
  return (
    <Stack gap="lg">
      <Section title={t('gpMoney.nav.latest')}>
        <Text size="lg" fw={600}>
          {latest
            ? t('gpMoney.nav.latestOn', { value: price(latest), date: formatDate(latest.navDate, lang) })
            : t('gpMoney.nav.noneYet')}
        </Text>
        {data.prices.length > 1 && (
          <>
            <Text size="sm" c="dimmed">
              {t('gpMoney.nav.chart')}
            </Text>
            <Suspense fallback={<Skeleton h={240} />}>
              <NavChart prices={data.prices} seriesLabel={t('gpMoney.nav.navPerUnitShort')} />
            </Suspense>
          </>
        )}
      </Section>
      <Drafts nav={data} />
      <PostForm nav={data} />
      <Upload productId={productId} />
      {data.prices.length > 0 && (
        <Section title={t('gpMoney.nav.history')}>
          <DataTable
            label={t('gpMoney.nav.historyLabel')}
            columns={history}
            rows={data.prices}
            rowKey={(p) => p.navDate}
            minWidth={640}
            withTableBorder={false}
          />
        </Section>
      )}
    </Stack>
  );
};

/** Drafts waiting for a second person; approve (posts them oldest first) or discard them. */
const Drafts = ({ nav }: { nav: ShareClassNav }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const store = useStoreNav();
  const nameOf = useTeamNames();
  const role = useCurrentUser().data?.role;
  const [busy, setBusy] = useState<'approve' | 'discard' | null>(null);
  const [error, setError] = useState<unknown>();
  if (nav.drafts.length === 0) return null;
  const act = async (what: 'approve' | 'discard') => {
    setBusy(what);
    setError(undefined);
    try {
      const next =
        what === 'approve'
          ? await approveNav(nav.productId, nav.shareClassId)
          : await discardNav(nav.productId, nav.shareClassId);
      await store(next);
      notifications.show({
        color: 'green',
        message: what === 'approve' ? t('gpMoney.nav.approved') : t('gpMoney.nav.discarded'),
      });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };
  const columns: DataTableColumn<NavDraft>[] = [
    {
      key: 'date',
      header: t('gpMoney.nav.navDate'),
      rowHeader: true,
      noWrap: true,
      render: (d) => formatDate(d.navDate, lang),
    },
    {
      key: 'nav',
      header: t('gpMoney.nav.navPerUnitShort'),
      align: 'end',
      noWrap: true,
      render: (d) => formatUnitPrice(d.navPerUnit, nav.currency, lang),
    },
    { key: 'prepared', header: t('gpMoney.nav.preparedBy'), render: (d) => nameOf(d.preparedBy) },
    {
      key: 'created',
      header: t('gpMoney.calls.created'),
      noWrap: true,
      render: (d) => formatDateTime(d.createdAt, lang),
    },
    {
      key: 'correction',
      header: t('gpMoney.nav.correction'),
      render: (d) => (d.correction ? t('gpMoney.common.yes') : t('gpMoney.common.no')),
    },
  ];
  return (
    <Section title={t('gpMoney.nav.drafts')}>
      <FormAlert error={error} title={t('gpMoney.common.actionFailed')} />
      <DataTable
        label={t('gpMoney.nav.draftsLabel')}
        columns={columns}
        rows={nav.drafts}
        rowKey={(d) => d.navDate}
        minWidth={640}
        withTableBorder={false}
      />
      {!nav.canApprove && role !== undefined && can(role, 'decideMoney') && (
        <Alert color="blue" variant="light">
          {t('gpMoney.nav.fourEyes')}
        </Alert>
      )}
      <Group gap="sm">
        {nav.canApprove && (
          <Button loading={busy === 'approve'} disabled={busy === 'discard'} onClick={() => void act('approve')}>
            {t('gpMoney.nav.approve')}
          </Button>
        )}
        <Button
          variant="light"
          color="red"
          loading={busy === 'discard'}
          disabled={busy === 'approve'}
          onClick={() => void act('discard')}
        >
          {t('gpMoney.nav.discard')}
        </Button>
      </Group>
    </Section>
  );
};

interface PostValues {
  navDate: string;
  navPerUnit: string;
  correction: boolean;
}

const PostForm = ({ nav }: { nav: ShareClassNav }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const store = useStoreNav();
  const form = useForm<PostValues>({ defaultValues: { navDate: todayUtc(), navPerUnit: '', correction: false } });
  const errorOf = useFieldErrorText(form.formState.errors, ruleTextWith(t as (key: string) => string));
  const [failure, setFailure] = useState<unknown>();
  const keyFor = useAttemptKey();
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    const body = {
      navDate: values.navDate,
      navPerUnit: values.navPerUnit.trim(),
      ...(values.correction ? { correction: true } : {}),
    };
    const key = keyFor([nav.productId, nav.shareClassId, body]);
    try {
      await store(await postNav(nav.productId, nav.shareClassId, body, key));
      notifications.show({ color: 'green', message: t('gpMoney.nav.posted') });
      form.reset({ navDate: values.navDate, navPerUnit: '', correction: false });
    } catch (error) {
      if (!placeApiError(error, form, ['navDate', 'navPerUnit'], lang)) setFailure(error);
    }
  });
  return (
    <Section title={t('gpMoney.nav.post')}>
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Stack gap="md">
          <FormAlert error={failure} title={t('gpMoney.nav.postFailed')} />
          <Group gap="md" align="flex-start" wrap="wrap">
            <TextInput
              type="date"
              label={t('gpMoney.nav.navDate')}
              required
              max={todayUtc()}
              error={errorOf('navDate')}
              {...form.register('navDate', { required: 'gpMoney.nav.errors.required' })}
            />
            <TextInput
              label={t('gpMoney.nav.navPerUnit', { currency: nav.currency })}
              required
              inputMode="decimal"
              autoComplete="off"
              error={errorOf('navPerUnit')}
              {...form.register('navPerUnit', {
                required: 'gpMoney.nav.errors.required',
                pattern: { value: PRICE, message: 'gpMoney.nav.errors.navPerUnit' },
              })}
            />
          </Group>
          <Checkbox
            label={t('gpMoney.nav.correction')}
            description={t('gpMoney.nav.correctionHelp')}
            {...form.register('correction')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('gpMoney.nav.postSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
};

/** A CSV of many NAVs for the fund's classes: every line judged before any is saved (navUploadInvalid names it). */
const Upload = ({ productId }: { productId: string }) => {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const [missing, setMissing] = useState(false);
  const onUpload = async () => {
    if (!file) {
      setMissing(true);
      return;
    }
    setBusy(true);
    setFailure(undefined);
    try {
      const { drafts } = await uploadNav(productId, await file.text());
      notifications.show({ color: 'green', message: t('gpMoney.nav.uploaded', { count: drafts.length }) });
      setFile(null);
      // Drafts may belong to any class of the fund: read each class shown again.
      for (const classId of new Set(drafts.map((d) => d.shareClassId)))
        await mutate(gpMoneyKeys.nav(productId, classId));
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title={t('gpMoney.nav.upload')}>
      <Text size="sm" c="dimmed">
        {t('gpMoney.nav.uploadHelp')}
      </Text>
      <FormAlert error={failure} title={t('gpMoney.nav.uploadFailed')} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <FileInput
          label={t('gpMoney.nav.uploadFile')}
          accept=".csv,text/csv"
          value={file}
          onChange={(f) => {
            setFile(f);
            setMissing(false);
          }}
          error={missing ? t('gpMoney.nav.uploadEmpty') : undefined}
          clearable
          clearButtonProps={{ 'aria-label': t('gpMoney.nav.clearFile') }}
          miw={260}
        />
        <Button variant="default" loading={busy} onClick={() => void onUpload()}>
          {t('gpMoney.nav.uploadSubmit')}
        </Button>
      </Group>
    </Section>
  );
};
