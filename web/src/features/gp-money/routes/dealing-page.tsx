import { Badge, Button, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { can } from '@tranche/shared/auth/permissions';
import type { ContractNote, DealingRun } from '@tranche/shared/money/money.schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LoadError } from '@/components/error-state';
import { NoticePanel } from '@/components/notice-panel';
import { PdfLinkButton } from '@/components/pdf-link-button';
import { AccessNotice, isAccessError } from '@/features/gp-console';
import { contractNotePdf, runDealing, useContractNotes, useDealingRuns } from '@/features/gp-money/api/dealing';
import { useInvestorNames, useTeamNames } from '@/features/gp-money/api/money';
import { FundClassPicker, useFundAndClass } from '@/features/gp-money/components/fund-class-picker';
import { Section } from '@/features/gp-money/components/section';
import { todayUtc } from '@/features/gp-money/lib/call-form';
import { useAttemptKey } from '@/features/gp-money/lib/money-form';
import { useCurrentUser } from '@/features/session';
import { FormAlert } from '@/features/session/screens';
import { useLang } from '@/i18n/use-lang';
import { placeApiError, ruleTextWith } from '@/lib/api-field-error';
import { useFieldErrorText } from '@/lib/form-errors';
import { formatDate, formatDateTime, formatMoney, formatPercent } from '@/lib/format';
import { localized } from '@/lib/localized';
import { notifications } from '@/lib/notifications';

type Fill = DealingRun['fills'][number];

const units = (value: string, lang: string) =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: 6 }).format(value as `${number}`);

/**
 * /gp/money/dealing?productId=&shareClassId=: a share class's redemption dealing. An admin runs a
 * dealing date; each run shows what every request asked, what dealt, and what the gate prorated and
 * carried forward to the next dealing date.
 */
export const DealingPage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(t('gpMoney.dealing.title'));
  const choice = useFundAndClass();
  const { funds, productId, fund, classes, shareClassId } = choice;
  const gate = fund.data?.redemptionGatePercent;
  if (isAccessError(funds.error)) return <AccessNotice error={funds.error} />;

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1}>{t('gpMoney.dealing.title')}</Title>
        <Text c="dimmed">{t('gpMoney.dealing.intro')}</Text>
      </div>
      <FundClassPicker choice={choice} />
      {fund.data && (
        <Text size="sm">
          {gate ? t('gpMoney.dealing.gate', { percent: formatPercent(gate, lang) }) : t('gpMoney.dealing.noGate')}
        </Text>
      )}
      {fund.data && classes.length === 0 ? (
        <NoticePanel title={localized(fund.data.name, lang)}>{t('gpMoney.nav.noClasses')}</NoticePanel>
      ) : productId && shareClassId ? (
        <Runs productId={productId} shareClassId={shareClassId} />
      ) : fund.error ? (
        <LoadError error={fund.error} onRetry={() => void fund.mutate()} />
      ) : (
        funds.data && <NoticePanel title={t('gpMoney.dealing.title')}>{t('gpMoney.nav.chooseFund')}</NoticePanel>
      )}
    </Stack>
  );
};

const Runs = ({ productId, shareClassId }: { productId: string; shareClassId: string }) => {
  const { t } = useTranslation();
  const runs = useDealingRuns(productId, shareClassId);
  const role = useCurrentUser().data?.role;
  if (isAccessError(runs.error)) return <AccessNotice error={runs.error} />;
  return (
    <Stack gap="lg">
      {role !== undefined && can(role, 'decideMoney') && (
        <RunForm productId={productId} shareClassId={shareClassId} onRan={() => void runs.mutate()} />
      )}
      <Section title={t('gpMoney.dealing.runs')}>
        {runs.error && !runs.data ? (
          <LoadError error={runs.error} onRetry={() => void runs.mutate()} />
        ) : !runs.data ? (
          <div role="status" aria-busy="true" aria-label={t('gpMoney.dealing.runs')}>
            <Skeleton h={120} aria-hidden />
          </div>
        ) : runs.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('gpMoney.dealing.none')}
          </Text>
        ) : (
          runs.data.items.map((run) => <RunView key={run.runId} run={run} />)
        )}
      </Section>
      <ContractNotes productId={productId} shareClassId={shareClassId} />
    </Stack>
  );
};

/** The class's dealt open-ended orders: what each paid, the fee, the NAV and the units issued. */
const ContractNotes = ({ productId, shareClassId }: { productId: string; shareClassId: string }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const notes = useContractNotes(productId);
  const nameOf = useInvestorNames();
  const rows = (notes.data?.items ?? []).filter((n) => n.shareClassId === shareClassId);
  const money = (n: ContractNote, amount: string) => formatMoney(amount, n.currency, lang);
  const columns: DataTableColumn<ContractNote>[] = [
    { key: 'investor', header: t('gpMoney.common.investor'), rowHeader: true, render: (n) => nameOf(n.investorId) },
    {
      key: 'order',
      header: t('gpMoney.dealing.orderDate'),
      noWrap: true,
      render: (n) => formatDate(n.orderDate, lang),
    },
    {
      key: 'nav',
      header: t('gpMoney.dealing.navDate'),
      noWrap: true,
      render: (n) => `${formatDate(n.navDate, lang)} · ${units(n.navPerUnit, lang)}`,
    },
    { key: 'gross', header: t('gpMoney.dealing.gross'), align: 'end', noWrap: true, render: (n) => money(n, n.gross) },
    { key: 'fee', header: t('gpMoney.dealing.fee'), align: 'end', noWrap: true, render: (n) => money(n, n.fee) },
    { key: 'net', header: t('gpMoney.dealing.net'), align: 'end', noWrap: true, render: (n) => money(n, n.net) },
    {
      key: 'units',
      header: t('gpMoney.dealing.units'),
      align: 'end',
      noWrap: true,
      render: (n) => units(n.units, lang),
    },
    {
      key: 'pdf',
      header: t('gpMoney.dealing.document'),
      render: (n) => (
        <PdfLinkButton
          link={() => contractNotePdf(n.subscriptionId, n.contractNoteId)}
          label={t('gpMoney.dealing.pdf')}
          ariaLabel={t('gpMoney.dealing.pdfFor', { name: nameOf(n.investorId), date: formatDate(n.navDate, lang) })}
          failedTitle={t('gpMoney.dealing.pdfFailed')}
          notReadyCode="contractNoteNotReady"
          notReadyText={t('gpMoney.dealing.pdfNotReady')}
        />
      ),
    },
  ];
  return (
    <Section title={t('gpMoney.dealing.notes')}>
      <Text size="sm" c="dimmed">
        {t('gpMoney.dealing.notesIntro')}
      </Text>
      <DataTable
        label={t('gpMoney.dealing.notesLabel')}
        columns={columns}
        rows={rows}
        rowKey={(n) => n.contractNoteId}
        minWidth={940}
        withTableBorder={false}
        loading={notes.isLoading}
        error={notes.error}
        onRetry={() => void notes.mutate()}
        empty={
          <Text size="sm" c="dimmed">
            {t('gpMoney.dealing.notesNone')}
          </Text>
        }
      />
    </Section>
  );
};

const RunForm = ({
  productId,
  shareClassId,
  onRan,
}: {
  productId: string;
  shareClassId: string;
  onRan: () => void;
}) => {
  const { t } = useTranslation();
  const lang = useLang();
  const form = useForm<{ dealingDate: string }>({ defaultValues: { dealingDate: todayUtc() } });
  const errorOf = useFieldErrorText(form.formState.errors, ruleTextWith(t as (key: string) => string));
  const [failure, setFailure] = useState<unknown>();
  // One key per intended run (class and date): a retried click is the same run.
  const keyFor = useAttemptKey();
  const onSubmit = form.handleSubmit(async ({ dealingDate }) => {
    setFailure(undefined);
    const key = keyFor([productId, shareClassId, dealingDate]);
    try {
      await runDealing(productId, shareClassId, dealingDate, key);
      notifications.show({ color: 'green', message: t('gpMoney.dealing.ran') });
      onRan();
    } catch (error) {
      if (!placeApiError(error, form, ['dealingDate'], lang)) setFailure(error);
    }
  });
  return (
    <Section title={t('gpMoney.dealing.run')}>
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Stack gap="md">
          <FormAlert error={failure} title={t('gpMoney.dealing.failed')} />
          <Group gap="md" align="flex-end" wrap="wrap">
            <TextInput
              type="date"
              label={t('gpMoney.dealing.dealingDate')}
              description={t('gpMoney.dealing.dealingDateHelp')}
              required
              max={todayUtc()}
              error={errorOf('dealingDate')}
              {...form.register('dealingDate', { required: 'gpMoney.nav.errors.required' })}
            />
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('gpMoney.dealing.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
};

/** One dealing date: the gate, and per request what was asked, dealt and carried forward. */
const RunView = ({ run }: { run: DealingRun }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const nameOf = useInvestorNames();
  const teamName = useTeamNames();
  const date = formatDate(run.dealingDate, lang);
  const ranOn = formatDateTime(run.createdAt, lang);
  const money = (amount: string) => formatMoney(amount, run.currency, lang);
  const columns: DataTableColumn<Fill>[] = [
    {
      key: 'investor',
      header: t('gpMoney.common.investor'),
      rowHeader: true,
      render: (f) => nameOf(f.investorId),
    },
    {
      key: 'asked',
      header: t('gpMoney.dealing.asked'),
      align: 'end',
      noWrap: true,
      render: (f) => units(f.asked, lang),
    },
    {
      key: 'dealt',
      header: t('gpMoney.dealing.dealt'),
      align: 'end',
      noWrap: true,
      render: (f) => units(f.dealt, lang),
    },
    {
      key: 'carried',
      header: t('gpMoney.dealing.carried'),
      align: 'end',
      noWrap: true,
      render: (f) => units(f.carried, lang),
    },
    {
      key: 'next',
      header: t('gpMoney.dealing.next'),
      noWrap: true,
      render: (f) => (f.nextDealingDate ? formatDate(f.nextDealingDate, lang) : '–'),
    },
    { key: 'net', header: t('gpMoney.dealing.net'), align: 'end', noWrap: true, render: (f) => money(f.net) },
  ];
  return (
    <Stack gap="xs" component="article" aria-label={t('gpMoney.dealing.runTitle', { date })}>
      <Group gap="sm">
        <Title order={3} size="h4">
          {t('gpMoney.dealing.runTitle', { date })}
        </Title>
        <Badge variant="outline" radius="sm" color={run.gated ? 'indigo.9' : 'teal.9'}>
          {run.gated ? t('gpMoney.dealing.gated') : t('gpMoney.dealing.notGated')}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t('gpMoney.dealing.navPerUnit', { value: units(run.navPerUnit, lang) })}
        {run.gateUnits
          ? ` · ${t('gpMoney.dealing.gateUnits', { units: units(run.gateUnits, lang), outstanding: units(run.unitsOutstanding, lang) })}`
          : ''}
      </Text>
      <Text size="sm" c="dimmed">
        {/* The daily job runs due dates as the platform (functions/src/money/dealing-schedule.ts). */}
        {run.createdBy === 'SYSTEM'
          ? t('gpMoney.dealing.bySchedule', { at: ranOn })
          : t('gpMoney.dealing.byPerson', { name: teamName(run.createdBy), at: ranOn })}
      </Text>
      <DataTable
        label={t('gpMoney.dealing.fillsLabel', { date })}
        columns={columns}
        rows={run.fills}
        rowKey={(f) => f.redemptionId}
        minWidth={760}
        withTableBorder={false}
      />
      <Text size="sm">
        {t('gpMoney.dealing.totals', {
          asked: units(run.totals.asked, lang),
          dealt: units(run.totals.dealt, lang),
          carried: units(run.totals.carried, lang),
          net: money(run.totals.net),
        })}
      </Text>
      {run.posted < run.fills.length && (
        <Text size="sm" c="dimmed" role="status">
          {t('gpMoney.dealing.posting', { done: run.posted, count: run.fills.length })}
        </Text>
      )}
    </Stack>
  );
};
