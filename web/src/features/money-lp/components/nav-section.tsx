import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/error-state';
import { useNavLine } from '@/features/money-lp/api/money';
import { displayNavChart, navCharts, navEnds } from '@/features/money-lp/lib/figures';
import { useLang } from '@/i18n/use-lang';
import { formatDate, formatMoney } from '@/lib/format';
import { lazyStyled } from '@/lib/later-styles';

const NavChart = lazyStyled(() => import('./nav-chart'));

/**
 * "NAV over time": the value of each holding at every price date, one chart per currency, and the
 * same story in words (first and last point of each line) for those who do not see the chart.
 * `only` narrows it to one investment (its own page).
 */
export const NavSection = ({ only }: { only?: string }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const headingId = useId();
  const { data, error, isLoading, mutate } = useNavLine();
  const line = data && only ? { ...data, series: data.series.filter((s) => s.subscriptionId === only) } : data;
  const charts = line ? navCharts(line) : [];
  // The portfolio page only: one line for everything, in the currency chosen in the header.
  const whole = line && !only ? displayNavChart(line, t('moneyLp.portfolio.navWhole')) : undefined;
  const wholeEnds = whole && line?.display.converted ? navEnds(line.display.converted) : undefined;
  const skeleton = <Skeleton h={260} radius="md" />;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('moneyLp.portfolio.navHeading')}
        </Title>
        {isLoading ? (
          <div role="status" aria-busy="true" aria-label={t('moneyLp.loading')}>
            {skeleton}
          </div>
        ) : error || !line ? (
          <LoadError error={error} onRetry={() => void mutate()} />
        ) : charts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('moneyLp.portfolio.navEmpty')}
          </Text>
        ) : (
          <>
            {whole && wholeEnds && (
              <Stack gap={6}>
                <Title order={3} size="h6">
                  {t('moneyLp.portfolio.navDisplay', { currency: whole.currency })}
                </Title>
                <Suspense fallback={skeleton}>
                  <NavChart chart={whole} />
                </Suspense>
                <Text size="sm">
                  {t('moneyLp.portfolio.navSummary', {
                    fund: t('moneyLp.portfolio.navWhole'),
                    first: formatMoney(wholeEnds.first.nav, whole.currency, lang),
                    firstDate: formatDate(wholeEnds.first.date, lang),
                    last: formatMoney(wholeEnds.last.nav, whole.currency, lang),
                    lastDate: formatDate(wholeEnds.last.date, lang),
                  })}
                </Text>
              </Stack>
            )}
            {charts.map((chart) => (
              <Stack key={chart.currency} gap={6}>
                {(charts.length > 1 || whole) && (
                  <Title order={3} size="h6">
                    {t('moneyLp.portfolio.navChartIn', { currency: chart.currency })}
                  </Title>
                )}
                <Suspense fallback={skeleton}>
                  <NavChart chart={chart} />
                </Suspense>
                <Stack component="ul" gap={2} m={0} pl="md">
                  {line.series
                    .filter((s) => s.currency === chart.currency)
                    .map((s) => {
                      const ends = navEnds(s.points);
                      if (!ends) return null;
                      return (
                        <Text component="li" size="sm" key={s.subscriptionId}>
                          {t('moneyLp.portfolio.navSummary', {
                            fund: s.fund,
                            first: formatMoney(ends.first.nav, s.currency, lang),
                            firstDate: formatDate(ends.first.date, lang),
                            last: formatMoney(ends.last.nav, s.currency, lang),
                            lastDate: formatDate(ends.last.date, lang),
                          })}
                        </Text>
                      );
                    })}
                </Stack>
              </Stack>
            ))}
          </>
        )}
      </Stack>
    </Paper>
  );
};
