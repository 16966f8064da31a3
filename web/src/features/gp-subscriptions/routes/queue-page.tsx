import { Anchor, Button, Checkbox, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Role } from '@tranche/shared/auth/roles';
import {
  SUBSCRIPTION_STATUS_LABELS,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TYPE_LABELS,
  SUBSCRIPTION_TYPES,
  type SubscriptionStatus,
  type SubscriptionType,
} from '@tranche/shared/subscription/statuses';
import type { SubscriptionSummary } from '@tranche/shared/subscription/subscription.schema';
import { SUBSCRIPTION_LIFECYCLE } from '@tranche/shared/subscription/subscription-lifecycle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { cursorPaging, DataTable, type DataTableColumn } from '@/components/data-table';
import { NoticePanel } from '@/components/notice-panel';
import { AccessNotice, isAccessError } from '@/features/gp-console';
import { bulkApprove, useFundChoices, useSubscriptionQueue } from '@/features/gp-subscriptions/api/subscriptions';
import { GP_SUBSCRIPTIONS_PATH, gpSubscriptionPath } from '@/features/gp-subscriptions/paths';
import { useCurrentUser } from '@/features/session';
import { FormAlert } from '@/features/session/screens';
import { SubscriptionStatusBadge } from '@/features/subscriptions/badge';
import { useLang } from '@/i18n/use-lang';
import { formatDateTime, formatMoney } from '@/lib/format';
import { localized } from '@/lib/localized';
import { notifications } from '@/lib/notifications';

const isStatus = (v: string | null): v is SubscriptionStatus =>
  (SUBSCRIPTION_STATUSES as readonly unknown[]).includes(v);
const isType = (v: string | null): v is SubscriptionType => (SUBSCRIPTION_TYPES as readonly unknown[]).includes(v);

/** Whether this user may approve a subscription in this status (the lifecycle's table decides). */
export const approvable = (s: Pick<SubscriptionSummary, 'status' | 'type'>, role: Role | undefined): boolean =>
  role !== undefined && SUBSCRIPTION_LIFECYCLE.can(s.status, 'APPROVE', role, { type: s.type });

/**
 * The subscription queue: the tenant's subscriptions newest first, filtered by status, fund and type
 * (kept in the address, so going back from a case returns to the same view). Admins tick the
 * subscriptions in review and approve them together; each is its own decision, and one that changed
 * meanwhile is left as it is and named.
 */
export const QueuePage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(t('gpSubscriptions.queue.title'));
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const type = params.get('type');
  const filter = {
    status: isStatus(status) ? status : undefined,
    type: isType(type) ? type : undefined,
    productId: params.get('productId') ?? undefined,
  };
  const queue = useSubscriptionQueue(filter);
  const funds = useFundChoices();
  const role = useCurrentUser().data?.role;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [approving, setApproving] = useState(false);
  const [error, setError] = useState<unknown>();

  if (isAccessError(queue.error)) return <AccessNotice error={queue.error} />;

  const rows = queue.items;
  const candidates = rows.filter((s) => approvable(s, role));
  const chosen = candidates.filter((s) => selected.has(s.subscriptionId));
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const setFilter = (key: 'status' | 'type' | 'productId', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setSelected(new Set());
    setParams(next, { replace: true });
  };

  const approveSelected = async () => {
    setApproving(true);
    setError(undefined);
    try {
      const { results } = await bulkApprove(
        chosen.map((s) => ({ subscriptionId: s.subscriptionId, version: s.version })),
      );
      const ok = results.filter((r) => r.ok).length;
      const failed = results.length - ok;
      if (ok) notifications.show({ color: 'green', message: t('gpSubscriptions.queue.bulkDone', { count: ok }) });
      if (failed)
        notifications.show({
          color: 'orange',
          message: t('gpSubscriptions.queue.bulkFailed', { count: failed }),
          autoClose: false,
        });
      setSelected(new Set(results.filter((r) => !r.ok).map((r) => r.subscriptionId)));
      await queue.mutate();
    } catch (failure) {
      setError(failure);
    } finally {
      setApproving(false);
    }
  };

  const columns: DataTableColumn<SubscriptionSummary>[] = [
    ...(candidates.length > 0
      ? [
          {
            key: 'select',
            header: t('gpSubscriptions.queue.selectHeader'),
            render: (s: SubscriptionSummary) =>
              approvable(s, role) ? (
                <Checkbox
                  aria-label={t('gpSubscriptions.queue.select', { name: `${s.investorName}, ${s.fund}` })}
                  checked={selected.has(s.subscriptionId)}
                  onChange={(e) => toggle(s.subscriptionId, e.currentTarget.checked)}
                />
              ) : null,
          } satisfies DataTableColumn<SubscriptionSummary>,
        ]
      : []),
    {
      key: 'investor',
      header: t('gpSubscriptions.queue.investor'),
      rowHeader: true,
      sortValue: (s) => s.investorName,
      render: (s) => (
        <Anchor
          component={Link}
          to={gpSubscriptionPath(s.subscriptionId)}
          fw={600}
          style={{ overflowWrap: 'anywhere' }}
        >
          {s.investorName}
        </Anchor>
      ),
    },
    { key: 'fund', header: t('gpSubscriptions.queue.fund'), sortValue: (s) => s.fund, render: (s) => s.fund },
    {
      key: 'type',
      header: t('gpSubscriptions.queue.type'),
      sortValue: (s) => SUBSCRIPTION_TYPE_LABELS[s.type][lang],
      render: (s) => SUBSCRIPTION_TYPE_LABELS[s.type][lang],
    },
    {
      key: 'amount',
      header: t('gpSubscriptions.queue.amount'),
      align: 'end',
      noWrap: true,
      sortValue: (s) => Number(s.amount ?? 0),
      render: (s) => (s.amount ? formatMoney(s.amount, s.currency, lang) : t('gpSubscriptions.queue.noAmount')),
    },
    {
      key: 'status',
      header: t('gpSubscriptions.queue.status'),
      sortValue: (s) => SUBSCRIPTION_STATUS_LABELS[s.status][lang],
      render: (s) => (
        <Stack gap={2} align="flex-start">
          <SubscriptionStatusBadge status={s.status} />
          {s.waitlistPosition !== undefined && (
            <Text size="xs" c="dimmed">
              {t('gpSubscriptions.queue.waitlisted', { position: s.waitlistPosition })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'updated',
      header: t('gpSubscriptions.queue.updated'),
      noWrap: true,
      sortValue: (s) => s.updatedAt,
      render: (s) => formatDateTime(s.updatedAt, lang),
    },
  ];

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1}>{t('gpSubscriptions.queue.title')}</Title>
          <Text c="dimmed">{t('gpSubscriptions.queue.intro')}</Text>
        </div>
        {/* The journeys investors walk: each fund's scenarios and their editor. */}
        <Button component={Link} to={`${GP_SUBSCRIPTIONS_PATH}/scenarios`} variant="light">
          {t('gpSubscriptions.scenarios.nav')}
        </Button>
      </Group>
      <Group component="fieldset" gap="sm" align="flex-end" style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" size="sm" fw={600} mb={4}>
          {t('gpSubscriptions.queue.filters')}
        </Text>
        <NativeSelect
          label={t('gpSubscriptions.queue.status')}
          value={filter.status ?? ''}
          onChange={(e) => setFilter('status', e.currentTarget.value)}
          data={[
            { value: '', label: t('gpSubscriptions.queue.all') },
            ...SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: SUBSCRIPTION_STATUS_LABELS[s][lang] })),
          ]}
        />
        <NativeSelect
          label={t('gpSubscriptions.queue.fund')}
          value={filter.productId ?? ''}
          onChange={(e) => setFilter('productId', e.currentTarget.value)}
          data={[
            { value: '', label: t('gpSubscriptions.queue.all') },
            ...(funds.data?.items ?? []).map((p) => ({ value: p.productId, label: localized(p.name, lang) })),
          ]}
          maw={280}
        />
        <NativeSelect
          label={t('gpSubscriptions.queue.type')}
          value={filter.type ?? ''}
          onChange={(e) => setFilter('type', e.currentTarget.value)}
          data={[
            { value: '', label: t('gpSubscriptions.queue.all') },
            ...SUBSCRIPTION_TYPES.map((s) => ({ value: s, label: SUBSCRIPTION_TYPE_LABELS[s][lang] })),
          ]}
        />
      </Group>
      <FormAlert error={error} title={t('gpSubscriptions.case.actionFailed')} />
      {candidates.length > 0 && (
        <Group gap="md">
          <Checkbox
            label={t('gpSubscriptions.queue.selectAll')}
            checked={chosen.length === candidates.length}
            indeterminate={chosen.length > 0 && chosen.length < candidates.length}
            onChange={(e) =>
              setSelected(new Set(e.currentTarget.checked ? candidates.map((s) => s.subscriptionId) : []))
            }
          />
          <Button disabled={chosen.length === 0} loading={approving} onClick={() => void approveSelected()}>
            {t('gpSubscriptions.queue.approveSelected', { count: chosen.length })}
          </Button>
        </Group>
      )}
      <DataTable
        label={t('gpSubscriptions.queue.tableLabel')}
        columns={columns}
        rows={rows}
        rowKey={(s) => s.subscriptionId}
        minWidth={960}
        loading={queue.isLoading}
        error={queue.error}
        onRetry={() => void queue.mutate()}
        paging={cursorPaging(queue, t('gpSubscriptions.queue.loadMore'))}
        empty={
          <NoticePanel title={t('gpSubscriptions.queue.emptyTitle')}>
            {t('gpSubscriptions.queue.emptyBody')}
          </NoticePanel>
        }
      />
    </Stack>
  );
};
