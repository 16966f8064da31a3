import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/error-state';
import { useStatistics } from '@/features/money-lp/api/money';
import { useMoneyLpLocales } from '@/features/money-lp/locales';
import { PORTFOLIO_PATH } from '@/features/money-lp/paths';
import { SummaryTiles } from './tiles';

/** The home page shows the few figures that say where the money stands; the portfolio has the rest. */
const HOME_TILES = ['nav', 'committed', 'invested', 'undrawn'] as const;

/**
 * The investor's investments on the home page: per currency the NAV, committed, invested and
 * undrawn tiles, and the way to the whole portfolio. The caller gives the heading and what to say
 * when there is no investment yet.
 */
export const InvestmentsOverview = ({ empty }: { empty: ReactNode }) => {
  useMoneyLpLocales();
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useStatistics();
  if (isLoading)
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t('moneyLp.loading')}>
        <Skeleton h={72} radius="md" />
        <Skeleton h={72} radius="md" />
      </Stack>
    );
  if (error || !data) return <LoadError error={error} onRetry={() => void mutate()} />;
  if (data.investments.length === 0) return empty;
  const several = data.totals.length > 1;
  return (
    <Stack gap="sm">
      {data.totals.map((totals) => (
        <Stack key={totals.currency} gap={6}>
          {several && (
            <Text size="sm" fw={600}>
              {t('moneyLp.portfolio.summary', { currency: totals.currency })}
            </Text>
          )}
          <SummaryTiles figures={totals} amounts={HOME_TILES} measures={[]} cols={{ base: 2 }} />
        </Stack>
      ))}
      <Anchor component={Link} to={PORTFOLIO_PATH} size="sm">
        {t('moneyLp.home.openPortfolio')}
      </Anchor>
    </Stack>
  );
};
