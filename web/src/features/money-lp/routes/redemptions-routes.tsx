import { Anchor, Button, Container, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { newIdempotencyKey } from '@tranche/shared/http/idempotency';
import type { Redemption } from '@tranche/shared/money/money.schema';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useNavigate, useParams, useSearchParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LoadError } from '@/components/error-state';
import { NotFoundPage } from '@/components/not-found-page';
import { NoticePanel } from '@/components/notice-panel';
import { PageLoader } from '@/components/page-loader';
import {
  changeRedemption,
  requestRedemption,
  useRedemption,
  useRedemptions,
  useStatistics,
  useStoreRedemption,
} from '@/features/money-lp/api/money';
import { InvestorOnly } from '@/features/money-lp/components/investor-only';
import { PageHead } from '@/features/money-lp/components/page-head';
import { RedemptionForm, type RedemptionFormValues } from '@/features/money-lp/components/redemption-form';
import { RedemptionStateBadge } from '@/features/money-lp/components/state-badges';
import {
  formatUnits,
  isPositive,
  redemptionSize,
  unitsLeft,
  valuesOfRedemption,
} from '@/features/money-lp/lib/figures';
import {
  amendRedemptionPath,
  investmentPath,
  newRedemptionPath,
  REDEMPTIONS_PATH,
  redemptionPath,
} from '@/features/money-lp/paths';
import { useTenant } from '@/features/tenant';
import { errorText, useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { notifications } from '@/lib/notifications';

/**
 * The investor's redemptions (loaded on demand): the list, a new request, one request with its
 * actions, and "Amend your redemption" (the REDEMPTION_CHANGES_REQUIRED task's path).
 */
const RedemptionsRoutes = () => (
  <InvestorOnly>
    {() => (
      <Routes>
        <Route index element={<RedemptionsList />} />
        <Route path="new" element={<NewRedemption />} />
        <Route path=":redemptionId" element={<RedemptionDetail />} />
        <Route path=":redemptionId/amend" element={<AmendRedemption />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    )}
  </InvestorOnly>
);
export default RedemptionsRoutes;

const usePageTitle = (title: string) => {
  const tenant = useTenant();
  useDocumentTitle(`${title} · ${tenant.branding.displayName}`);
};

const RedemptionsList = () => {
  const { t } = useTranslation();
  const lang = useLang();
  usePageTitle(t('moneyLp.redemptions.title'));
  const { data, error, isLoading, mutate } = useRedemptions();
  const columns: DataTableColumn<Redemption>[] = [
    {
      key: 'fund',
      header: t('moneyLp.redemptions.fund'),
      rowHeader: true,
      sortValue: (r) => r.fund,
      render: (r) => (
        <Anchor component={Link} to={redemptionPath(r.redemptionId)} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {r.fund}
        </Anchor>
      ),
    },
    {
      key: 'units',
      header: t('moneyLp.redemptions.units'),
      align: 'end',
      noWrap: true,
      render: (r) => (r.full ? t('moneyLp.redemptions.full') : formatUnits(r.units, lang)),
    },
    {
      key: 'value',
      header: t('moneyLp.redemptions.estimatedValue'),
      align: 'end',
      noWrap: true,
      render: (r) => (r.estimatedValue ? formatMoney(r.estimatedValue, r.currency, lang) : '—'),
    },
    {
      key: 'dealing',
      header: t('moneyLp.redemptions.dealingDate'),
      noWrap: true,
      sortValue: (r) => r.dealingDate,
      render: (r) => formatDate(r.dealingDate, lang),
    },
    { key: 'state', header: t('moneyLp.redemptions.status'), render: (r) => <RedemptionStateBadge state={r.state} /> },
    {
      key: 'requested',
      header: t('moneyLp.redemptions.requested'),
      noWrap: true,
      sortValue: (r) => r.requestedAt,
      render: (r) => formatDateTime(r.requestedAt, lang),
    },
  ];
  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <PageHead
          title={t('moneyLp.redemptions.title')}
          intro={t('moneyLp.redemptions.intro')}
          aside={
            <Group>
              <Button component={Link} to={newRedemptionPath()}>
                {t('moneyLp.redemptions.request')}
              </Button>
            </Group>
          }
        />
        <DataTable
          label={t('moneyLp.redemptions.tableLabel')}
          columns={columns}
          rows={data?.items ?? []}
          rowKey={(r) => r.redemptionId}
          minWidth={820}
          loading={isLoading}
          error={error}
          onRetry={() => void mutate()}
          empty={
            <NoticePanel title={t('moneyLp.redemptions.emptyTitle')}>{t('moneyLp.redemptions.emptyBody')}</NoticePanel>
          }
        />
      </Stack>
    </Container>
  );
};

/** The investments with units held: the only ones a redemption can be asked of. */
const useRedeemable = () => {
  const stats = useStatistics();
  return { ...stats, items: (stats.data?.investments ?? []).filter((i) => isPositive(i.units)) };
};

const NewRedemption = () => {
  const { t } = useTranslation();
  usePageTitle(t('moneyLp.form.title'));
  const navigate = useNavigate();
  const store = useStoreRedemption();
  const [params] = useSearchParams();
  const redeemable = useRedeemable();
  // One Idempotency-Key per intended request: the same answers sent again (a lost response, a
  // second press) are recognised as the same request; changed answers are a new one.
  const attempt = useRef<{ body: string; key: string } | undefined>(undefined);
  if (redeemable.isLoading) return <PageLoader label={t('moneyLp.loading')} />;
  if (redeemable.error || !redeemable.data)
    return <LoadError error={redeemable.error} onRetry={() => void redeemable.mutate()} />;
  const preset = params.get('subscriptionId') ?? '';
  const only = redeemable.items.length === 1 ? redeemable.items[0]!.subscriptionId : '';
  const subscriptionId = redeemable.items.some((i) => i.subscriptionId === preset) ? preset : only;
  const onSubmit = async (values: RedemptionFormValues) => {
    const body = { subscriptionId: values.subscriptionId, ...redemptionSize(values) };
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { body: text, key: newIdempotencyKey() };
    const created = await store(await requestRedemption(body, attempt.current.key));
    notifications.show({ color: 'green', message: t('moneyLp.form.submitted') });
    void navigate(redemptionPath(created.redemptionId));
  };
  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <PageHead title={t('moneyLp.form.title')} intro={t('moneyLp.form.intro')} />
        {redeemable.items.length === 0 ? (
          <NoticePanel title={t('moneyLp.form.noneTitle')}>{t('moneyLp.form.noneBody')}</NoticePanel>
        ) : (
          <RedemptionForm
            investments={redeemable.items}
            initial={{ subscriptionId, by: 'units', units: '', amount: '' }}
            submitLabel={t('moneyLp.form.submit')}
            failedTitle={t('moneyLp.form.failed')}
            onSubmit={onSubmit}
          />
        )}
      </Stack>
    </Container>
  );
};

/** One redemption, read afresh; a 404 (not mine, not there) says so. */
const useOneRedemption = () => {
  const { redemptionId = '' } = useParams();
  return { redemptionId, ...useRedemption(redemptionId) };
};

const Missing = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      {isApiError(error) && error.status === 404 ? (
        <NoticePanel
          title={t('moneyLp.redemptions.notFoundTitle')}
          headingOrder={1}
          action={
            <Button component={Link} to={REDEMPTIONS_PATH} variant="light">
              {t('moneyLp.redemptions.back')}
            </Button>
          }
        >
          {t('moneyLp.redemptions.notFoundBody')}
        </NoticePanel>
      ) : (
        <LoadError error={error} onRetry={onRetry} />
      )}
    </Container>
  );
};

const RedemptionDetail = () => {
  const { t } = useTranslation();
  const lang = useLang();
  const { data: r, error, isLoading, mutate } = useOneRedemption();
  usePageTitle(r ? t('moneyLp.redemptions.detailTitle', { fund: r.fund }) : t('moneyLp.redemptions.title'));
  if (isLoading) return <PageLoader label={t('moneyLp.redemptions.loadingOne')} />;
  if (error || !r) return <Missing error={error} onRetry={() => void mutate()} />;
  const rows: [string, string][] = [
    [
      t('moneyLp.redemptions.units'),
      r.full ? `${t('moneyLp.redemptions.full')} (${formatUnits(r.units, lang)})` : formatUnits(r.units, lang),
    ],
    ...(r.estimatedValue
      ? ([[t('moneyLp.redemptions.estimatedValue'), formatMoney(r.estimatedValue, r.currency, lang)]] as [
          string,
          string,
        ][])
      : []),
    [t('moneyLp.redemptions.dealingDate'), formatDate(r.dealingDate, lang)],
    // Dealt so far (a gate may have dealt part), and for a partly dealt request what waits for its next date.
    ...(r.dealtUnits && isPositive(r.dealtUnits)
      ? ([
          [
            t('moneyLp.redemptions.dealtUnits'),
            r.proceeds
              ? t('moneyLp.redemptions.dealtValue', {
                  units: formatUnits(r.dealtUnits, lang),
                  proceeds: formatMoney(r.proceeds, r.currency, lang),
                })
              : formatUnits(r.dealtUnits, lang),
          ],
        ] as [string, string][])
      : []),
    ...(r.state === 'PARTLY_DEALT'
      ? ([
          [
            t('moneyLp.redemptions.toDeal'),
            t('moneyLp.redemptions.toDealValue', {
              units: formatUnits(unitsLeft(r.units, r.dealtUnits), lang),
              date: formatDate(r.dealingDate, lang),
            }),
          ],
        ] as [string, string][])
      : []),
    [t('moneyLp.redemptions.noticeDays'), t('moneyLp.redemptions.noticeDaysValue', { count: r.noticeDays })],
    [t('moneyLp.redemptions.requested'), formatDateTime(r.requestedAt, lang)],
  ];
  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg" maw={760}>
        <BackLink to={REDEMPTIONS_PATH}>{t('moneyLp.redemptions.back')}</BackLink>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {t('moneyLp.redemptions.detailTitle', { fund: r.fund })}
          </Title>
          <RedemptionStateBadge state={r.state} />
        </Group>
        <Anchor component={Link} to={investmentPath(r.subscriptionId)} size="sm">
          {t('moneyLp.portfolio.openInvestment')}
        </Anchor>
        {r.state === 'NEEDS_CHANGES' && r.comment && <ManagerComment comment={r.comment} />}
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Table verticalSpacing={6}>
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row" w="45%">
                    {label}
                  </Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {r.estimatedValue && r.navDate && (
            <Text size="xs" c="dimmed" mt="xs">
              {t('moneyLp.redemptions.estimateNote', { date: formatDate(r.navDate, lang) })}
            </Text>
          )}
        </Paper>
        <RedemptionActions redemption={r} />
      </Stack>
    </Container>
  );
};

const ManagerComment = ({ comment }: { comment: string }) => {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-orange-light)">
      <Text fw={700} size="sm">
        {t('moneyLp.redemptions.managerComment')}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {comment}
      </Text>
    </Paper>
  );
};

/** Amend (when the manager asked for changes) and Withdraw (before confirmation), as allowedEvents says. */
const RedemptionActions = ({ redemption }: { redemption: Redemption }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const store = useStoreRedemption();
  const [opened, { open, close }] = useDisclosure(false);
  const [busy, setBusy] = useState(false);
  const canAmend = redemption.allowedEvents.includes('AMEND');
  const canWithdraw = redemption.allowedEvents.includes('WITHDRAW');
  if (!canAmend && !canWithdraw) return null;
  const withdraw = async () => {
    setBusy(true);
    try {
      await store(await changeRedemption(redemption.redemptionId, { event: 'WITHDRAW' }));
      notifications.show({ color: 'green', message: t('moneyLp.redemptions.withdrawn') });
      close();
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('moneyLp.redemptions.actionFailed'),
        message: errorText(error, lang, t),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="sm">
      {canAmend && (
        <Button component={Link} to={amendRedemptionPath(redemption.redemptionId)}>
          {t('moneyLp.redemptions.amend')}
        </Button>
      )}
      {canWithdraw && (
        <Button variant="default" color="red" onClick={open}>
          {t('moneyLp.redemptions.withdraw')}
        </Button>
      )}
      <Modal opened={opened} onClose={close} title={t('moneyLp.redemptions.withdraw')} centered>
        <Stack gap="md">
          <Text size="sm">{t('moneyLp.redemptions.withdrawQuestion')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('moneyLp.redemptions.keep')}
            </Button>
            <Button color="red" loading={busy} onClick={() => void withdraw()}>
              {t('moneyLp.redemptions.withdrawConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
};

const AmendRedemption = () => {
  const { t } = useTranslation();
  usePageTitle(t('moneyLp.form.amendTitle'));
  const navigate = useNavigate();
  const store = useStoreRedemption();
  const one = useOneRedemption();
  const redeemable = useRedeemable();
  if (one.isLoading || redeemable.isLoading) return <PageLoader label={t('moneyLp.redemptions.loadingOne')} />;
  if (one.error || !one.data) return <Missing error={one.error} onRetry={() => void one.mutate()} />;
  const r = one.data;
  const investment = redeemable.items.find((i) => i.subscriptionId === r.subscriptionId);
  const onSubmit = async (values: RedemptionFormValues) => {
    await store(await changeRedemption(r.redemptionId, { event: 'AMEND', ...redemptionSize(values) }));
    notifications.show({ color: 'green', message: t('moneyLp.form.amended') });
    void navigate(redemptionPath(r.redemptionId));
  };
  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <BackLink to={redemptionPath(r.redemptionId)}>
          {t('moneyLp.redemptions.detailTitle', { fund: r.fund })}
        </BackLink>
        <Stack gap={4}>
          <Title order={1}>{t('moneyLp.form.amendTitle')}</Title>
          <Text c="dimmed" maw={760}>
            {t('moneyLp.form.amendIntro')}
          </Text>
        </Stack>
        {!r.allowedEvents.includes('AMEND') ? (
          <NoticePanel
            title={t('moneyLp.form.notAmendableTitle')}
            action={
              <Button component={Link} to={redemptionPath(r.redemptionId)} variant="light">
                {t('moneyLp.redemptions.detailTitle', { fund: r.fund })}
              </Button>
            }
          >
            {t('moneyLp.form.notAmendableBody')}
          </NoticePanel>
        ) : (
          <>
            {r.comment && <ManagerComment comment={r.comment} />}
            {redeemable.error && <LoadError error={redeemable.error} onRetry={() => void redeemable.mutate()} />}
            {investment && (
              <RedemptionForm
                investments={[investment]}
                lockInvestment
                initial={{ subscriptionId: r.subscriptionId, ...valuesOfRedemption(r) }}
                submitLabel={t('moneyLp.form.submitChanges')}
                failedTitle={t('moneyLp.form.failed')}
                onSubmit={onSubmit}
              />
            )}
          </>
        )}
      </Stack>
    </Container>
  );
};
