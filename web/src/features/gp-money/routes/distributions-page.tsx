import { Anchor, Badge, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { DISTRIBUTION_LIFECYCLE } from '@tranche/shared/money/distribution-state';
import type { Distribution } from '@tranche/shared/money/money.schema';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { NoticePanel } from '@/components/notice-panel';
import { AccessNotice, isAccessError } from '@/features/gp-console';
import { useDistributions } from '@/features/gp-money/api/dealing';
import { useMoneyFunds } from '@/features/gp-money/api/money';
import { DistributionStateBadge } from '@/features/gp-money/components/distribution-badge';
import { GP_NEW_DISTRIBUTION_PATH, gpDistributionPath } from '@/features/gp-money/paths';
import { useLang } from '@/i18n/use-lang';
import { formatDate, formatMoney } from '@/lib/format';
import { localized } from '@/lib/localized';

/** /gp/money/distributions: the tenant's distributions newest first, by fund (kept in the address). */
export const DistributionsPage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(t('gpMoney.distributions.title'));
  const [params, setParams] = useSearchParams();
  const productId = params.get('productId') ?? undefined;
  const list = useDistributions(productId);
  const funds = useMoneyFunds();
  if (isAccessError(list.error)) return <AccessNotice error={list.error} />;

  const columns: DataTableColumn<Distribution>[] = [
    {
      key: 'fund',
      header: t('gpMoney.common.fund'),
      rowHeader: true,
      sortValue: (d) => d.fund,
      render: (d) => (
        <Stack gap={0}>
          <Anchor component={Link} to={gpDistributionPath(d.distributionId)} fw={600}>
            {d.fund}
          </Anchor>
          {d.purpose && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {d.purpose}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'state',
      header: t('gpMoney.common.state'),
      sortValue: (d) => DISTRIBUTION_LIFECYCLE.stateLabel(d.state, lang),
      render: (d) => <DistributionStateBadge state={d.state} />,
    },
    {
      key: 'amount',
      header: t('gpMoney.distributions.amount'),
      align: 'end',
      noWrap: true,
      sortValue: (d) => Number(d.amount),
      render: (d) => formatMoney(d.amount, d.currency, lang),
    },
    {
      key: 'basis',
      header: t('gpMoney.distributions.basis'),
      render: (d) => (
        <Group gap={6} wrap="nowrap">
          {d.basis === 'UNITS' ? t('gpMoney.distributions.byUnits') : t('gpMoney.distributions.byCommitment')}
          {d.recallable && (
            <Badge variant="outline" color="gray.8" radius="sm">
              {t('gpMoney.distributions.recallable')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'date',
      header: t('gpMoney.distributions.paymentDate'),
      noWrap: true,
      sortValue: (d) => d.paymentDate,
      render: (d) => formatDate(d.paymentDate, lang),
    },
    { key: 'parts', header: t('gpMoney.distributions.parts'), align: 'end', render: (d) => d.parts.length },
  ];

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1}>{t('gpMoney.distributions.title')}</Title>
          <Text c="dimmed">{t('gpMoney.distributions.intro')}</Text>
        </div>
        <Button component={Link} to={GP_NEW_DISTRIBUTION_PATH}>
          {t('gpMoney.distributions.create')}
        </Button>
      </Group>
      <NativeSelect
        label={t('gpMoney.common.fund')}
        value={productId ?? ''}
        onChange={(e) => {
          const next = new URLSearchParams(params);
          if (e.currentTarget.value) next.set('productId', e.currentTarget.value);
          else next.delete('productId');
          setParams(next, { replace: true });
        }}
        data={[
          { value: '', label: t('gpMoney.common.all') },
          ...(funds.data?.items ?? []).map((p) => ({ value: p.productId, label: localized(p.name, lang) })),
        ]}
        maw={320}
      />
      <DataTable
        label={t('gpMoney.distributions.tableLabel')}
        columns={columns}
        rows={list.data?.items ?? []}
        rowKey={(d) => d.distributionId}
        minWidth={860}
        loading={list.isLoading}
        error={list.error}
        onRetry={() => void list.mutate()}
        empty={
          <NoticePanel title={t('gpMoney.distributions.emptyTitle')}>
            {t('gpMoney.distributions.emptyBody')}
          </NoticePanel>
        }
      />
    </Stack>
  );
};
