import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useMatch, useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { LoadError } from '@/components/error-state';
import { useContractNotes, useInvestorCalls, useRedemptions, useStatistics } from '@/features/money-lp/api/money';
import { CallNotice } from '@/features/money-lp/components/call-notice';
import { ContractNotesTable } from '@/features/money-lp/components/contract-notes';
import { InvestorOnly } from '@/features/money-lp/components/investor-only';
import { MoneyNav } from '@/features/money-lp/components/money-nav';
import { NavSection } from '@/features/money-lp/components/nav-section';
import { RedemptionCards } from '@/features/money-lp/components/redemption-list';
import { SummaryTiles, Tile, TilesSkeleton } from '@/features/money-lp/components/tiles';
import { formatUnits, isPositive } from '@/features/money-lp/lib/figures';
import { newRedemptionPath, PORTFOLIO_PATH } from '@/features/money-lp/paths';
import { subscriptionPath } from '@/features/subscriptions/paths';
import { useTenant } from '@/features/tenant';
import { useLang } from '@/i18n/use-lang';

/**
 * /investments/:subscriptionId — where the inbox's money tasks and messages land (capital calls,
 * NAV updates, redemptions: refId is the subscription). The investment's tiles and measures, its NAV
 * line, its call notices and its redemptions. /investments/:id/instruct (the IRA call's task) is
 * the same page with the custodian instruction first. A subscription that is not an investment yet
 * (the signing tasks share the path) opens the subscription's own page.
 */
const InvestmentPage = () => {
  const { t } = useTranslation();
  return <InvestorOnly loadingLabel={t('moneyLp.investment.loadingOne')}>{() => <Investment />}</InvestorOnly>;
};
export default InvestmentPage;

const Investment = () => {
  const { t } = useTranslation();
  const lang = useLang();
  const tenant = useTenant();
  const { subscriptionId = '' } = useParams();
  const instruct = useMatch('/investments/:subscriptionId/instruct') !== null;
  const stats = useStatistics();
  const calls = useInvestorCalls();
  const redemptions = useRedemptions();
  const contractNotes = useContractNotes();
  const investment = stats.data?.investments.find((i) => i.subscriptionId === subscriptionId);
  const myCalls = calls.data?.items.filter((c) => c.subscriptionId === subscriptionId) ?? [];
  useDocumentTitle(`${investment?.fund ?? t('moneyLp.nav.portfolio')} · ${tenant.branding.displayName}`);

  if (stats.isLoading || calls.isLoading)
    return (
      <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="md" role="status" aria-busy="true" aria-label={t('moneyLp.investment.loadingOne')}>
          <Skeleton h={36} w={320} />
          <TilesSkeleton />
          <Skeleton h={240} radius="md" />
        </Stack>
      </Container>
    );
  const failed = stats.error ?? calls.error;
  if (failed || !stats.data || !calls.data)
    return (
      <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
        <LoadError
          error={failed}
          onRetry={() => {
            void stats.mutate();
            void calls.mutate();
          }}
        />
      </Container>
    );
  // Not an investment (yet): the signing and review tasks of issues 12-13 share this path.
  if (!investment && myCalls.length === 0) return <Navigate to={subscriptionPath(subscriptionId)} replace />;

  const fund = investment?.fund ?? myCalls[0]?.fund ?? '';
  const mine = redemptions.data?.items.filter((r) => r.subscriptionId === subscriptionId) ?? [];
  // Open-ended orders only: a closed-ended investment has none, and the section is left out.
  const notes = contractNotes.data?.items.filter((n) => n.subscriptionId === subscriptionId) ?? [];
  const holds = investment !== undefined && isPositive(investment.units);
  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap="sm">
          <MoneyNav />
          <BackLink to={PORTFOLIO_PATH}>{t('moneyLp.investment.back')}</BackLink>
          <Group justify="space-between" align="flex-end" gap="sm">
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {fund}
            </Title>
            <Anchor component={Link} to={subscriptionPath(subscriptionId)} size="sm">
              {t('moneyLp.investment.seeSubscription')}
            </Anchor>
          </Group>
        </Stack>
        {instruct && (
          <Alert
            color="blue"
            variant="light"
            title={
              <Title order={2} size="h5">
                {t('moneyLp.investment.instructTitle')}
              </Title>
            }
          >
            {t('moneyLp.investment.instructBody')}
          </Alert>
        )}
        {investment && (
          <Block title={t('moneyLp.investment.thisInvestment')} framed={false}>
            <SummaryTiles figures={investment} />
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
              <Tile
                label={t('moneyLp.investment.units')}
                value={t('moneyLp.investment.unitsValue', { units: formatUnits(investment.units, lang) })}
              />
            </SimpleGrid>
          </Block>
        )}
        {investment && <NavSection only={subscriptionId} />}
        <Block title={t('moneyLp.investment.calls')}>
          {myCalls.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('moneyLp.investment.callsEmpty')}
            </Text>
          ) : (
            myCalls.map((call) => <CallNotice key={call.callId} call={call} headingOrder={3} />)
          )}
        </Block>
        {(notes.length > 0 || contractNotes.error) && (
          <Block title={t('moneyLp.contractNotes.title')}>
            {contractNotes.error ? (
              <LoadError error={contractNotes.error} onRetry={() => void contractNotes.mutate()} />
            ) : (
              <ContractNotesTable notes={notes} />
            )}
          </Block>
        )}
        <Block
          title={t('moneyLp.investment.redemptions')}
          aside={
            holds ? (
              <Button component={Link} to={newRedemptionPath(subscriptionId)} variant="light" size="compact-md">
                {t('moneyLp.investment.requestRedemption')}
              </Button>
            ) : undefined
          }
        >
          {redemptions.isLoading ? (
            <Skeleton h={56} radius="md" />
          ) : redemptions.error ? (
            <LoadError error={redemptions.error} onRetry={() => void redemptions.mutate()} />
          ) : mine.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('moneyLp.investment.redemptionsEmpty')}
            </Text>
          ) : (
            <RedemptionCards items={mine} />
          )}
        </Block>
      </Stack>
    </Container>
  );
};

/** A titled part of the page (h2), framed unless it holds framed tiles already. */
const Block = ({
  title,
  aside,
  framed = true,
  children,
}: {
  title: string;
  aside?: ReactNode;
  framed?: boolean;
  children: ReactNode;
}) => {
  const id = useId();
  const body = (
    <Stack gap="sm">
      <Group justify="space-between" align="center" gap="xs">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Stack>
  );
  return framed ? (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      {body}
    </Paper>
  ) : (
    <section aria-labelledby={id}>{body}</section>
  );
};
