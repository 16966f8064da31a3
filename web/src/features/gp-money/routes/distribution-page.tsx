import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { can } from '@tranche/shared/auth/permissions';
import type { Distribution } from '@tranche/shared/money/money.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LoadError } from '@/components/error-state';
import { NoticePanel } from '@/components/notice-panel';
import { PageLoader } from '@/components/page-loader';
import { AccessNotice, isAccessError } from '@/features/gp-console';
import {
  decideDistribution,
  payDistribution,
  useDistribution,
  useStoreDistribution,
} from '@/features/gp-money/api/dealing';
import { useInvestorNames, useTeamNames } from '@/features/gp-money/api/money';
import { DistributionStateBadge } from '@/features/gp-money/components/distribution-badge';
import { Fact, Section } from '@/features/gp-money/components/section';
import { sumAmounts } from '@/features/gp-money/lib/call-form';
import { GP_DISTRIBUTIONS_PATH } from '@/features/gp-money/paths';
import { useCurrentUser } from '@/features/session';
import { FormAlert } from '@/features/session/screens';
import { useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { formatDate, formatMoney } from '@/lib/format';
import { notifications } from '@/lib/notifications';

type Part = Distribution['parts'][number];
type Action = 'APPROVE' | 'PAY' | 'CANCEL';

/**
 * /gp/money/distributions/:distributionId: the distribution, its split per investor with the exact
 * sum, and the decisions `allowedEvents` offers (approve: not to its preparer; pay; cancel).
 */
export const DistributionPage = () => {
  const { t } = useTranslation();
  const { distributionId } = useParams();
  const d = useDistribution(distributionId);
  useDocumentTitle(
    d.data ? t('gpMoney.distributions.pageTitle', { fund: d.data.fund }) : t('gpMoney.distributions.title'),
  );
  if (isAccessError(d.error)) return <AccessNotice error={d.error} />;
  if (isApiError(d.error) && d.error.code === 'distributionNotExists')
    return (
      <Stack gap="md" maw={720}>
        <BackLink to={GP_DISTRIBUTIONS_PATH}>{t('gpMoney.distributions.back')}</BackLink>
        <NoticePanel title={t('gpMoney.distributions.notFoundTitle')} headingOrder={1}>
          {t('gpMoney.distributions.notFoundBody')}
        </NoticePanel>
      </Stack>
    );
  if (d.error && !d.data) return <LoadError error={d.error} onRetry={() => void d.mutate()} />;
  if (!d.data) return <PageLoader label={t('gpMoney.distributions.loading')} />;
  return <DistributionView distribution={d.data} />;
};

const DistributionView = ({ distribution: d }: { distribution: Distribution }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useCurrentUser().data;
  const teamName = useTeamNames();
  const investorName = useInvestorNames();
  const store = useStoreDistribution();
  const [busy, setBusy] = useState<Action | null>(null);
  const [error, setError] = useState<unknown>();
  const person = (id: string) => (id === user?.userId ? t('gpMoney.call.you') : teamName(id));
  const money = (amount: string) => formatMoney(amount, d.currency, lang);
  const label: Record<Action, string> = {
    APPROVE: t('gpMoney.distributions.approve'),
    PAY: t('gpMoney.distributions.pay'),
    CANCEL: t('gpMoney.distributions.cancel'),
  };
  const actions = (['APPROVE', 'PAY', 'CANCEL'] as const).filter((a) => d.allowedEvents.includes(a));
  const heldByFourEyes =
    d.state === 'DRAFT' && d.preparedBy === user?.userId && user !== undefined && can(user.role, 'decideMoney');
  const sum = sumAmounts(
    d.parts.map((p) => p.amount),
    d.currency,
  );
  const posted = d.state === 'PAID' ? d.posted.paid : d.posted.declared;

  const act = async (action: Action) => {
    setBusy(action);
    setError(undefined);
    try {
      await store(
        action === 'PAY' ? await payDistribution(d.distributionId) : await decideDistribution(d.distributionId, action),
      );
      notifications.show({ color: 'green', message: t('gpMoney.distributions.done', { what: label[action] }) });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };

  const columns: DataTableColumn<Part>[] = [
    {
      key: 'investor',
      header: t('gpMoney.common.investor'),
      rowHeader: true,
      sortValue: (p) => investorName(p.investorId),
      render: (p) => investorName(p.investorId),
    },
    {
      key: 'basis',
      header: t('gpMoney.distributions.splitBasis'),
      align: 'end',
      noWrap: true,
      render: (p) =>
        d.basis === 'COMMITMENT'
          ? money(p.basis)
          : new Intl.NumberFormat(lang, { maximumFractionDigits: 6 }).format(p.basis as `${number}`),
    },
    {
      key: 'amount',
      header: t('gpMoney.distributions.amount'),
      align: 'end',
      noWrap: true,
      sortValue: (p) => Number(p.amount),
      render: (p) => money(p.amount),
    },
  ];

  return (
    <Stack gap="lg" maw={1200}>
      <BackLink to={GP_DISTRIBUTIONS_PATH}>{t('gpMoney.distributions.back')}</BackLink>
      <Group gap="sm" align="center">
        <Title order={1}>{t('gpMoney.distributions.pageTitle', { fund: d.fund })}</Title>
        <DistributionStateBadge state={d.state} />
      </Group>
      <Section title={t('gpMoney.distributions.facts')}>
        <SimpleGrid component="dl" cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="sm" m={0}>
          <Fact label={t('gpMoney.distributions.amount')}>{money(d.amount)}</Fact>
          <Fact label={t('gpMoney.distributions.basis')}>
            {d.basis === 'UNITS' ? t('gpMoney.distributions.byUnits') : t('gpMoney.distributions.byCommitment')}
          </Fact>
          <Fact label={t('gpMoney.distributions.recallable')}>
            {d.recallable ? t('gpMoney.common.yes') : t('gpMoney.common.no')}
          </Fact>
          <Fact label={t('gpMoney.distributions.paymentDate')}>{formatDate(d.paymentDate, lang)}</Fact>
          <Fact label={t('gpMoney.distributions.preparedBy')}>{person(d.preparedBy)}</Fact>
          {d.approvedBy && <Fact label={t('gpMoney.distributions.approvedBy')}>{person(d.approvedBy)}</Fact>}
          {d.paidBy && <Fact label={t('gpMoney.distributions.paidBy')}>{person(d.paidBy)}</Fact>}
          {d.purpose && <Fact label={t('gpMoney.distributions.purpose')}>{d.purpose}</Fact>}
        </SimpleGrid>
      </Section>
      <Section title={t('gpMoney.distributions.decisions')}>
        <FormAlert error={error} title={t('gpMoney.common.actionFailed')} />
        {heldByFourEyes && (
          <Alert color="blue" variant="light">
            {t('gpMoney.distributions.fourEyes')}
          </Alert>
        )}
        {actions.length === 0 ? (
          !heldByFourEyes && (
            <Text size="sm" c="dimmed">
              {t('gpMoney.distributions.none')}
            </Text>
          )
        ) : (
          <Group gap="sm">
            {actions.map((a) => (
              <Button
                key={a}
                color={a === 'CANCEL' ? 'red' : undefined}
                variant={a === 'CANCEL' ? 'light' : 'filled'}
                loading={busy === a}
                disabled={busy !== null && busy !== a}
                onClick={() => void act(a)}
              >
                {label[a]}
              </Button>
            ))}
          </Group>
        )}
      </Section>
      <Section title={t('gpMoney.distributions.split')}>
        {(d.state === 'APPROVED' || d.state === 'PAID') && (
          <Text size="sm" c="dimmed" role="status">
            {t('gpMoney.distributions.posting', { done: posted, count: d.parts.length })}
          </Text>
        )}
        <DataTable
          label={t('gpMoney.distributions.splitLabel')}
          columns={columns}
          rows={d.parts}
          rowKey={(p) => p.subscriptionId}
          minWidth={560}
          withTableBorder={false}
        />
        <Text size="sm">
          {t('gpMoney.distributions.sums', { sum: money(sum) })}{' '}
          {sum === sumAmounts([d.amount], d.currency)
            ? t('gpMoney.distributions.sumsEqual')
            : t('gpMoney.distributions.sumsDiffer', { total: money(d.amount) })}
        </Text>
      </Section>
    </Stack>
  );
};
