import { Anchor, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { InvestmentStatistics, Statistics } from '@tranche/shared/money/money.schema';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BADGE_WARNING } from '@/components/badge-colors';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LoadError } from '@/components/error-state';
import { NoticePanel } from '@/components/notice-panel';
import { useInProgress, useStatistics } from '@/features/money-lp/api/money';
import { InvestorOnly } from '@/features/money-lp/components/investor-only';
import { NavSection } from '@/features/money-lp/components/nav-section';
import { PageHead } from '@/features/money-lp/components/page-head';
import { SummaryTiles, TilesSkeleton } from '@/features/money-lp/components/tiles';
import { formatRateValue, isPositive, type MeasureTile, measureValue } from '@/features/money-lp/lib/figures';
import { investmentPath } from '@/features/money-lp/paths';
import { useTenant } from '@/features/tenant';
import { useLang } from '@/i18n/use-lang';
import { formatDate, formatList, formatMoney } from '@/lib/format';

/**
 * /portfolio: the investor's dashboard (spec section 2). Per currency the summary tiles and the
 * performance measures, the NAV graph, the money still moving (calls outstanding, undrawn
 * commitments) and every investment with its own figures. All computed by the server from the
 * ledger; totals are per currency, never added across currencies.
 */
const PortfolioPage = () => {
  const { t } = useTranslation();
  const tenant = useTenant();
  useDocumentTitle(`${t('moneyLp.portfolio.title')} · ${tenant.branding.displayName}`);
  return <InvestorOnly>{() => <Portfolio />}</InvestorOnly>;
};
export default PortfolioPage;

const Portfolio = () => {
  const { t } = useTranslation();
  const lang = useLang();
  const { data, error, isLoading, mutate } = useStatistics();
  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <PageHead
          title={t('moneyLp.portfolio.title')}
          intro={data ? t('moneyLp.portfolio.intro', { date: formatDate(data.asOf, lang) }) : undefined}
        />
        {isLoading ? (
          <Stack gap="sm" role="status" aria-busy="true" aria-label={t('moneyLp.loading')}>
            <Skeleton h={28} w={220} />
            <TilesSkeleton />
          </Stack>
        ) : error || !data ? (
          <LoadError error={error} onRetry={() => void mutate()} />
        ) : data.investments.length === 0 ? (
          <NoticePanel
            title={t('moneyLp.portfolio.emptyTitle')}
            action={
              <Button component={Link} to="/" variant="light">
                {t('moneyLp.portfolio.browseFunds')}
              </Button>
            }
          >
            {t('moneyLp.portfolio.emptyBody')}
          </NoticePanel>
        ) : (
          <>
            <DisplayTotals statistics={data} />
            {data.totals.map((totals) => (
              <CurrencySummary key={totals.currency} currency={totals.currency}>
                <SummaryTiles figures={totals} />
              </CurrencySummary>
            ))}
            <NavSection />
            <InProgress />
            <InvestmentsTable investments={data.investments} />
          </>
        )}
      </Stack>
    </Container>
  );
};

const CurrencySummary = ({ currency, children }: { currency: string; children: ReactNode }) => {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Stack component="section" aria-labelledby={id} gap="sm">
      <Title order={2} size="h4" id={id}>
        {t('moneyLp.portfolio.summary', { currency })}
      </Title>
      {children}
    </Stack>
  );
};

/**
 * The portfolio in the display currency the investor chose (the header's switch): each currency's
 * totals converted by the server at the tenant's display rates, with those rates, when the figures
 * are in another currency or in several. Indicative only: the native tiles below are the figures.
 */
const DisplayTotals = ({ statistics }: { statistics: Statistics }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useId();
  const { display, totals } = statistics;
  const needed = totals.length > 1 || totals.some((x) => x.currency !== display.currency);
  if (!needed) return null;
  if (!display.converted)
    return display.missingRates.length > 0 ? (
      <Text size="sm" c="dimmed">
        {t('moneyLp.portfolio.missingRates', {
          currencies: formatList(display.missingRates, lang),
          currency: display.currency,
        })}
      </Text>
    ) : null;
  return (
    <Stack component="section" aria-labelledby={id} gap="sm">
      <Title order={2} size="h4" id={id}>
        {t('moneyLp.portfolio.displayHeading', { currency: display.currency })}
      </Title>
      <Text size="sm" c="dimmed" maw={760}>
        {t('moneyLp.portfolio.displayNote')}
      </Text>
      <SummaryTiles
        figures={{ ...display.converted, currency: display.currency, ...NO_MEASURES }}
        measures={[]}
        cols={{ base: 2, sm: 3, lg: 6 }}
      />
      <Stack component="ul" gap={2} m={0} pl="md">
        {display.rates.map((r) => (
          <Text component="li" size="sm" key={`${r.from}-${r.to}`}>
            {r.asOf
              ? t('moneyLp.portfolio.rateAsOf', {
                  from: r.from,
                  to: r.to,
                  rate: formatRateValue(r.rate, lang),
                  date: formatDate(r.asOf, lang),
                })
              : t('moneyLp.portfolio.rate', { from: r.from, to: r.to, rate: formatRateValue(r.rate, lang) })}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
};

/** Converted totals have no measures of their own: the tiles show amounts only. */
const NO_MEASURES = {
  dpi: { available: false, reason: 'noPaidIn' },
  rvpi: { available: false, reason: 'noPaidIn' },
  tvpi: { available: false, reason: 'noPaidIn' },
  xirr: { available: false, reason: 'noPaidIn' },
} as const;

/** Investments with money still moving: an open call (with its due date) or commitment left to draw. */
const InProgress = () => {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useId();
  const { data, error, isLoading, mutate } = useInProgress();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {t('moneyLp.portfolio.progressHeading')}
        </Title>
        {isLoading ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label={t('moneyLp.loading')}>
            <Skeleton h={56} radius="md" />
          </Stack>
        ) : error || !data ? (
          <LoadError error={error} onRetry={() => void mutate()} />
        ) : data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('moneyLp.portfolio.progressEmpty')}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {data.items.map((item) => {
              const money = (a: string) => formatMoney(a, item.currency, lang);
              const owing = isPositive(item.outstanding);
              return (
                <Paper component="li" key={item.subscriptionId} withBorder radius="md" p="sm">
                  <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
                    <Stack gap={2} miw={0} style={{ flex: '1 1 14rem' }}>
                      <Anchor
                        component={Link}
                        to={investmentPath(item.subscriptionId)}
                        fw={600}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {item.fund}
                      </Anchor>
                      <Text size="sm" c="dimmed">
                        {t('moneyLp.tile.committed')} {money(item.committed)} · {t('moneyLp.portfolio.paidIn')}{' '}
                        {money(item.paidIn)}
                      </Text>
                    </Stack>
                    <Stack gap={2} align="flex-end">
                      {owing && (
                        <Text size="sm" fw={700} c={BADGE_WARNING}>
                          {t('moneyLp.portfolio.outstanding')} {money(item.outstanding)}
                          {item.dueDate
                            ? ` · ${t('moneyLp.portfolio.due', { date: formatDate(item.dueDate, lang) })}`
                            : ''}
                        </Text>
                      )}
                      <Text size="sm">
                        {t('moneyLp.portfolio.undrawn')} {money(item.undrawn)}
                      </Text>
                    </Stack>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
};

const InvestmentsTable = ({ investments }: { investments: InvestmentStatistics[] }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const amount = (key: 'committed' | 'invested' | 'undrawn' | 'distributed' | 'redeemed', header: string) =>
    ({
      key,
      header,
      align: 'end',
      noWrap: true,
      sortValue: (i: InvestmentStatistics) => Number(i[key]),
      render: (i: InvestmentStatistics) => formatMoney(i[key], i.currency, lang),
    }) satisfies DataTableColumn<InvestmentStatistics>;
  const measure = (key: MeasureTile) =>
    ({
      key,
      header: t(`moneyLp.tile.${key}`),
      align: 'end',
      noWrap: true,
      render: (i: InvestmentStatistics) => {
        const value = measureValue(key, i, lang);
        if (value === undefined)
          return (
            <Text span size="sm" c="dimmed">
              {t('moneyLp.notAvailable')}
            </Text>
          );
        return key === 'xirr' ? value : t('moneyLp.multiple', { value });
      },
    }) satisfies DataTableColumn<InvestmentStatistics>;
  const columns: DataTableColumn<InvestmentStatistics>[] = [
    {
      key: 'fund',
      header: t('moneyLp.portfolio.fund'),
      rowHeader: true,
      sortValue: (i) => i.fund,
      render: (i) => (
        <Anchor component={Link} to={investmentPath(i.subscriptionId)} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {i.fund}
        </Anchor>
      ),
    },
    amount('committed', t('moneyLp.tile.committed')),
    amount('invested', t('moneyLp.tile.invested')),
    amount('undrawn', t('moneyLp.tile.undrawn')),
    {
      key: 'nav',
      header: t('moneyLp.tile.nav'),
      align: 'end',
      noWrap: true,
      sortValue: (i) => Number(i.nav ?? 0),
      render: (i) =>
        i.nav === undefined ? (
          <Text span size="sm" c="dimmed">
            {t('moneyLp.notAvailable')}
          </Text>
        ) : (
          formatMoney(i.nav, i.currency, lang)
        ),
    },
    amount('distributed', t('moneyLp.tile.distributed')),
    amount('redeemed', t('moneyLp.tile.redeemed')),
    measure('tvpi'),
    measure('dpi'),
    measure('rvpi'),
    measure('xirr'),
  ];
  return (
    <DataTable
      label={t('moneyLp.portfolio.tableLabel')}
      columns={columns}
      rows={investments}
      rowKey={(i) => i.subscriptionId}
      minWidth={1100}
    />
  );
};
