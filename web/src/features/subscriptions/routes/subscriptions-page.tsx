import { Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { SUBSCRIPTION_TYPE_LABELS } from '@tranche/shared/subscription/statuses';
import type { SubscriptionSummary } from '@tranche/shared/subscription/subscription.schema';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cursorPaging, DataTable, type DataTableColumn } from '@/components/data-table';
import { NoticePanel } from '@/components/notice-panel';
import { SignedIn } from '@/features/session/signed-in';
import { useMySubscriptions } from '@/features/subscriptions/api/subscriptions';
import { SubscriptionStatusBadge } from '@/features/subscriptions/components/status-badge';
import { nextStepOf } from '@/features/subscriptions/lib/status';
import { subscriptionPath } from '@/features/subscriptions/paths';
import { useTenant } from '@/features/tenant';
import { useLang } from '@/i18n/use-lang';
import { formatDateTime, formatMoney } from '@/lib/format';

/** /subscriptions: every subscription of the investor, newest first, with its status and next step. */
export const SubscriptionsPage = () => {
  const { t } = useTranslation();
  const tenant = useTenant();
  useDocumentTitle(`${t('subscriptions.title')} · ${tenant.branding.displayName}`);
  return <SignedIn loadingLabel={t('subscriptions.loading')}>{() => <SubscriptionList />}</SignedIn>;
};

const SubscriptionList = () => {
  const { t } = useTranslation();
  const lang = useLang();
  const { items, error, isLoading, hasMore, isLoadingMore, size, setSize, mutate } = useMySubscriptions();
  const columns: DataTableColumn<SubscriptionSummary>[] = [
    {
      key: 'fund',
      header: t('subscriptions.fund'),
      rowHeader: true,
      sortValue: (s) => s.fund,
      render: (s) => (
        <Anchor component={Link} to={subscriptionPath(s.subscriptionId)} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {s.fund}
        </Anchor>
      ),
    },
    {
      key: 'type',
      header: t('subscriptions.type'),
      sortValue: (s) => SUBSCRIPTION_TYPE_LABELS[s.type][lang],
      render: (s) => SUBSCRIPTION_TYPE_LABELS[s.type][lang],
    },
    {
      key: 'amount',
      header: t('subscriptions.amount'),
      align: 'end',
      noWrap: true,
      sortValue: (s) => Number(s.amount ?? 0),
      render: (s) => (s.amount ? formatMoney(s.amount, s.currency, lang) : t('subscriptions.noAmount')),
    },
    {
      key: 'status',
      header: t('subscriptions.status'),
      render: (s) => <SubscriptionStatusBadge status={s.status} />,
    },
    {
      key: 'next',
      header: t('subscriptions.nextStep'),
      render: (s) => t(`subscriptions.next.${nextStepOf(s.status, s.type)}`),
    },
    {
      key: 'updated',
      header: t('subscriptions.updated'),
      noWrap: true,
      sortValue: (s) => s.updatedAt,
      render: (s) => formatDateTime(s.updatedAt, lang),
    },
  ];
  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('subscriptions.title')}</Title>
          <Text c="dimmed">{t('subscriptions.intro')}</Text>
        </div>
        <DataTable
          label={t('subscriptions.tableLabel')}
          columns={columns}
          rows={items}
          rowKey={(s) => s.subscriptionId}
          minWidth={860}
          loading={isLoading}
          error={error}
          onRetry={() => void mutate()}
          paging={cursorPaging({ hasMore, isLoadingMore, size, setSize }, t('subscriptions.loadMore'))}
          empty={
            <NoticePanel
              title={t('subscriptions.emptyTitle')}
              action={
                <Button component={Link} to="/" variant="light">
                  {t('subscriptions.browseFunds')}
                </Button>
              }
            >
              {t('subscriptions.emptyBody')}
            </NoticePanel>
          }
        />
      </Stack>
    </Container>
  );
};
