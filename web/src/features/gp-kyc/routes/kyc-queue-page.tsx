import { Anchor, Badge, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { DEFAULT_QUEUE_STATUS, type KycCaseSummary } from '@tranche/shared/profile/kyc.schema';
import { KYC_CASE_LIFECYCLE, KYC_CASE_STATUSES, type KycCaseStatus } from '@tranche/shared/profile/kyc-case-lifecycle';
import { PROFILE_TYPE_LABELS } from '@tranche/shared/profile/profile-enums';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { cursorPaging, DataTable, type DataTableColumn } from '@/components/data-table';
import { NoticePanel } from '@/components/notice-panel';
import { AccessNotice, isAccessError } from '@/features/gp-console';
import { useKycQueue } from '@/features/gp-kyc/api/kyc-queue';
import { IdentityBadge } from '@/features/gp-kyc/components/identity-badge';
import { RiskBadge } from '@/features/gp-kyc/components/risk-badge';
import { useLang } from '@/i18n/use-lang';
import { formatDateTime } from '@/lib/format';

const isStatus = (v: string | null): v is KycCaseStatus => (KYC_CASE_STATUSES as readonly unknown[]).includes(v);

/**
 * The KYC queue: one tab per case status with its count, the cases of the chosen status newest first,
 * page after page. The tab is in the address (?status=...), so going back from a case returns to it.
 */
export const KycQueuePage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(t('gpKyc.queue.title'));
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status: KycCaseStatus = isStatus(asked) ? asked : DEFAULT_QUEUE_STATUS;
  const { cases, counts, error, isLoading, hasMore, isLoadingMore, size, setSize, mutate } = useKycQueue(status);

  if (isAccessError(error)) return <AccessNotice error={error} />;

  const statusLabel = (s: KycCaseStatus) => KYC_CASE_LIFECYCLE.stateLabel(s, lang);
  const columns: DataTableColumn<KycCaseSummary>[] = [
    {
      key: 'investor',
      header: t('gpKyc.queue.investor'),
      rowHeader: true,
      sortValue: (c) => c.profileName,
      render: (c) => (
        <Stack gap={2} align="flex-start">
          <Anchor component={Link} to={`/gp/kyc/${c.caseId}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {c.profileName}
          </Anchor>
          {c.trigger === 'RESCREEN' && (
            <Badge size="xs" variant="outline" color="violet.9" radius="sm">
              {t('gpKyc.trigger.RESCREEN')}
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      key: 'type',
      header: t('gpKyc.queue.profileType'),
      sortValue: (c) => PROFILE_TYPE_LABELS[c.profileType][lang],
      render: (c) => PROFILE_TYPE_LABELS[c.profileType][lang],
    },
    {
      key: 'risk',
      header: t('gpKyc.queue.risk'),
      sortValue: (c) => ['LOW', 'MEDIUM', 'HIGH'].indexOf(c.riskRating),
      render: (c) => <RiskBadge rating={c.riskRating} />,
    },
    {
      key: 'matches',
      header: t('gpKyc.queue.matches'),
      align: 'end',
      sortValue: (c) => c.matchCount,
      render: (c) => c.matchCount,
    },
    {
      key: 'identity',
      header: t('gpKyc.queue.identity'),
      render: (c) => <IdentityBadge outcome={c.identityOutcome} />,
    },
    {
      key: 'opened',
      header: t('gpKyc.queue.opened'),
      noWrap: true,
      sortValue: (c) => c.openedAt,
      render: (c) => formatDateTime(c.openedAt, lang),
    },
  ];

  const choose = (next: string | null) => {
    if (!isStatus(next)) return;
    setParams(next === DEFAULT_QUEUE_STATUS ? {} : { status: next }, { replace: true });
  };

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>{t('gpKyc.queue.title')}</Title>
        <Text c="dimmed">{t('gpKyc.queue.intro')}</Text>
      </div>
      <Tabs value={status} onChange={choose} keepMounted={false}>
        <Tabs.List aria-label={t('gpKyc.queue.statusFilter')} style={{ flexWrap: 'wrap' }}>
          {KYC_CASE_STATUSES.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {counts ? t('gpKyc.queue.tab', { status: statusLabel(s), count: counts[s] ?? 0 }) : statusLabel(s)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {KYC_CASE_STATUSES.map((s) => (
          <Tabs.Panel key={s} value={s} pt="md">
            <DataTable
              label={t('gpKyc.queue.tableLabel', { status: statusLabel(s) })}
              columns={columns}
              rows={cases}
              rowKey={(c) => c.caseId}
              minWidth={820}
              loading={isLoading}
              error={error}
              onRetry={() => void mutate()}
              defaultSort={{ column: 'opened', direction: 'desc' }}
              paging={cursorPaging({ hasMore, isLoadingMore, size, setSize }, t('gpKyc.queue.loadMore'))}
              empty={
                <NoticePanel title={t('gpKyc.queue.emptyTitle')}>
                  {t('gpKyc.queue.emptyBody', { status: statusLabel(s) })}
                </NoticePanel>
              }
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
};
