import { Anchor, Group, Input, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import type { InvestorOrder, InvestorSummary } from '@tranche/shared/console/console.schema';
import type { AccountInviteStatus } from '@tranche/shared/enums';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cursorPaging, DataTable, type DataTableColumn, type SortState } from '@/components/data-table';
import { NoticePanel } from '@/components/notice-panel';
import { useInvestors } from '@/features/gp-console/api/list-investors';
import { AccessNotice, isAccessError } from '@/features/gp-console/components/access-notice';
import { AccountStatusBadge } from '@/features/gp-console/components/status-badge';
import { gpInvestorPath } from '@/features/gp-console/paths';
import { useLang } from '@/i18n/use-lang';
import { formatDateTime } from '@/lib/format';

type StatusFilter = AccountInviteStatus | 'ALL';
const STATUS_FILTERS: StatusFilter[] = ['ALL', 'REGISTERED', 'INVITED', 'LOCKED'];

/**
 * The tenant's investors: searchable by name or email, filtered by status, sorted by registration
 * date on the server (the index's order, so paging stays exact), page after page.
 */
export const InvestorsPage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(t('gpConsole.investors.title'));
  const [status, setStatus] = useState<StatusFilter>('ALL');
  const [order, setOrder] = useState<InvestorOrder>('newest');
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const statusLabelId = useId();
  const { investors, error, isLoading, hasMore, isLoadingMore, size, setSize, mutate } = useInvestors({
    order,
    status: status === 'ALL' ? undefined : status,
    q: q || undefined,
  });

  if (isAccessError(error)) return <AccessNotice error={error} />;

  const columns: DataTableColumn<InvestorSummary>[] = [
    {
      key: 'name',
      header: t('gpConsole.investors.name'),
      rowHeader: true,
      // The investor's page: profiles, subscriptions and recent activity. An unnamed account by its email.
      render: (i) => (
        <Anchor component={Link} to={gpInvestorPath(i.userId)} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {i.displayName || i.email}
        </Anchor>
      ),
    },
    { key: 'email', header: t('gpConsole.investors.email'), render: (i) => i.email },
    {
      key: 'status',
      header: t('gpConsole.investors.statusColumn'),
      render: (i) => <AccountStatusBadge status={i.inviteStatus} />,
    },
    {
      key: 'mfa',
      header: t('gpConsole.investors.mfa'),
      render: (i) => (i.mfaMethods.length > 0 ? t('gpConsole.investors.mfaOn') : t('gpConsole.investors.mfaOff')),
    },
    {
      key: 'registered',
      header: t('gpConsole.investors.registered'),
      noWrap: true,
      // Sorted by the server: present only to make the column's header a sort button.
      sortValue: (i) => i.createdAt,
      render: (i) => formatDateTime(i.createdAt, lang),
    },
  ];
  const sort: SortState = { column: 'registered', direction: order === 'oldest' ? 'asc' : 'desc' };
  const filtered = status !== 'ALL' || q !== '';

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>{t('gpConsole.investors.title')}</Title>
        <Text c="dimmed">{t('gpConsole.investors.intro')}</Text>
      </div>
      <Group align="flex-end" gap="md" wrap="wrap">
        <div>
          <Input.Label labelElement="div" id={statusLabelId} mb={4} display="block">
            {t('gpConsole.investors.statusFilter')}
          </Input.Label>
          <SegmentedControl
            aria-labelledby={statusLabelId}
            value={status}
            onChange={(v) => setStatus(v as StatusFilter)}
            data={STATUS_FILTERS.map((s) => ({
              value: s,
              label: s === 'ALL' ? t('gpConsole.investors.allStatuses') : t(`gpConsole.status.${s}`),
            }))}
          />
        </div>
        <TextInput
          type="search"
          label={t('gpConsole.investors.search')}
          placeholder={t('gpConsole.investors.searchPlaceholder')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
        />
      </Group>
      <DataTable
        label={t('gpConsole.investors.tableLabel')}
        columns={columns}
        rows={investors}
        rowKey={(i) => i.userId}
        minWidth={760}
        loading={isLoading}
        error={error}
        onRetry={() => void mutate()}
        sort={sort}
        onSortChange={(next) => setOrder(next.direction === 'asc' ? 'oldest' : 'newest')}
        paging={cursorPaging({ hasMore, isLoadingMore, size, setSize }, t('gpConsole.investors.loadMore'))}
        empty={
          filtered ? (
            <NoticePanel title={t('gpConsole.investors.noMatchesTitle')}>
              {t('gpConsole.investors.noMatchesBody')}
            </NoticePanel>
          ) : (
            <NoticePanel title={t('gpConsole.investors.emptyTitle')}>{t('gpConsole.investors.emptyBody')}</NoticePanel>
          )
        }
      />
    </Stack>
  );
};
