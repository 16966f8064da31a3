import { Anchor, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  CAPITAL_CALL_LIFECYCLE,
  CAPITAL_CALL_STATES,
  type CapitalCallState,
} from '@tranche/shared/money/capital-call-state';
import type { CapitalCallSummary } from '@tranche/shared/money/money.schema';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { cursorPaging, DataTable, type DataTableColumn } from '@/components/data-table';
import { NoticePanel } from '@/components/notice-panel';
import { AccessNotice, isAccessError } from '@/features/gp-console';
import { useCapitalCalls, useMoneyFunds } from '@/features/gp-money/api/money';
import { CallStateBadge } from '@/features/gp-money/components/badges';
import { GP_NEW_CALL_PATH, gpCallPath } from '@/features/gp-money/paths';
import { useLang } from '@/i18n/use-lang';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { localized } from '@/lib/localized';

const isState = (v: string | null): v is CapitalCallState => (CAPITAL_CALL_STATES as readonly unknown[]).includes(v);

/**
 * The tenant's capital calls, newest first, filtered by fund and state (kept in the address, so going
 * back from a call returns to the same view).
 */
export const CallsPage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(t('gpMoney.calls.title'));
  const [params, setParams] = useSearchParams();
  const state = params.get('state');
  const filter = { productId: params.get('productId') ?? undefined, state: isState(state) ? state : undefined };
  const calls = useCapitalCalls(filter);
  const funds = useMoneyFunds();
  if (isAccessError(calls.error)) return <AccessNotice error={calls.error} />;

  const setFilter = (key: 'state' | 'productId', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  const columns: DataTableColumn<CapitalCallSummary>[] = [
    {
      key: 'fund',
      header: t('gpMoney.common.fund'),
      rowHeader: true,
      sortValue: (c) => c.fund,
      render: (c) => (
        <Stack gap={0}>
          <Anchor component={Link} to={gpCallPath(c.callId)} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {c.fund}
          </Anchor>
          {c.purpose && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {c.purpose}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'state',
      header: t('gpMoney.common.state'),
      sortValue: (c) => CAPITAL_CALL_LIFECYCLE.stateLabel(c.state, lang),
      render: (c) => <CallStateBadge state={c.state} />,
    },
    {
      key: 'amount',
      header: t('gpMoney.calls.amount'),
      align: 'end',
      noWrap: true,
      sortValue: (c) => Number(c.totals.amount),
      render: (c) => formatMoney(c.totals.amount, c.currency, lang),
    },
    {
      key: 'paid',
      header: t('gpMoney.calls.paid'),
      align: 'end',
      noWrap: true,
      sortValue: (c) => Number(c.paid),
      render: (c) => formatMoney(c.paid, c.currency, lang),
    },
    {
      key: 'parts',
      header: t('gpMoney.calls.parts'),
      align: 'end',
      sortValue: (c) => c.parts,
      render: (c) => c.parts,
    },
    {
      key: 'due',
      header: t('gpMoney.calls.dueDate'),
      noWrap: true,
      sortValue: (c) => c.dueDate ?? '',
      render: (c) => (c.dueDate ? formatDate(c.dueDate, lang) : t('gpMoney.calls.noDueDate')),
    },
    {
      key: 'created',
      header: t('gpMoney.calls.created'),
      noWrap: true,
      sortValue: (c) => c.createdAt,
      render: (c) => formatDateTime(c.createdAt, lang),
    },
  ];

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1}>{t('gpMoney.calls.title')}</Title>
          <Text c="dimmed">{t('gpMoney.calls.intro')}</Text>
        </div>
        <Button component={Link} to={GP_NEW_CALL_PATH}>
          {t('gpMoney.calls.create')}
        </Button>
      </Group>
      <Group component="fieldset" gap="sm" align="flex-end" style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" size="sm" fw={600} mb={4}>
          {t('gpMoney.calls.filters')}
        </Text>
        <NativeSelect
          label={t('gpMoney.common.fund')}
          value={filter.productId ?? ''}
          onChange={(e) => setFilter('productId', e.currentTarget.value)}
          data={[
            { value: '', label: t('gpMoney.common.all') },
            ...(funds.data?.items ?? []).map((p) => ({ value: p.productId, label: localized(p.name, lang) })),
          ]}
          maw={280}
        />
        <NativeSelect
          label={t('gpMoney.common.state')}
          value={filter.state ?? ''}
          onChange={(e) => setFilter('state', e.currentTarget.value)}
          data={[
            { value: '', label: t('gpMoney.common.all') },
            ...CAPITAL_CALL_STATES.map((s) => ({ value: s, label: CAPITAL_CALL_LIFECYCLE.stateLabel(s, lang) })),
          ]}
        />
      </Group>
      <DataTable
        label={t('gpMoney.calls.tableLabel')}
        columns={columns}
        rows={calls.items}
        rowKey={(c) => c.callId}
        minWidth={900}
        loading={calls.isLoading}
        error={calls.error}
        onRetry={() => void calls.mutate()}
        paging={cursorPaging(calls, t('gpMoney.calls.loadMore'))}
        empty={<NoticePanel title={t('gpMoney.calls.emptyTitle')}>{t('gpMoney.calls.emptyBody')}</NoticePanel>}
      />
    </Stack>
  );
};
