import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { WatchlistItem } from '@tranche/shared/watchlist/watchlist.schema';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/error-state';
import { OpennessBadge } from '@/features/products';
import { useWatchlist, WatchToggle } from '@/features/watchlist';
import { useLang } from '@/i18n/use-lang';
import { formatDate, formatMoney } from '@/lib/format';
import { localized } from '@/lib/localized';
import { EmptyState, HomeSection } from './home-section';

/** The investor's watchlist: each saved fund with what they compare, and the bookmark to let it go. */
export const SavedFunds = () => {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useWatchlist();
  const count = data?.items.length ?? 0;

  let content: ReactNode;
  if (isLoading)
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2 }} aria-hidden>
        <Skeleton h={112} radius="md" />
        <Skeleton h={112} radius="md" />
      </SimpleGrid>
    );
  else if (error) content = <LoadError error={error} onRetry={() => void mutate()} />;
  else if (count === 0)
    content = (
      <EmptyState
        title={t('investorHome.watchlistEmptyTitle')}
        action={
          <Button component={Link} to="/" variant="light" size="xs">
            {t('investorHome.browseFunds')}
          </Button>
        }
      >
        {t('investorHome.watchlistEmptyBody')}
      </EmptyState>
    );
  else
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {data?.items.map((fund) => (
          <li key={fund.productId}>
            <SavedFund fund={fund} />
          </li>
        ))}
      </SimpleGrid>
    );

  return (
    <HomeSection
      title={t('investorHome.watchlistHeading')}
      aside={
        count > 0 && (
          <Text size="sm" c="dimmed">
            {t('investorHome.watchlistCount', { count })}
          </Text>
        )
      }
    >
      <div aria-busy={isLoading || undefined}>{content}</div>
    </HomeSection>
  );
};

const SavedFund = ({ fund }: { fund: WatchlistItem }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const name = localized(fund.name, lang);
  return (
    <Paper withBorder radius="md" p="sm" h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} miw={0}>
          <Group gap={6}>
            <OpennessBadge openness={fund.state === 'CLOSED' ? 'CLOSED' : fund.openness} />
          </Group>
          <Anchor component={Link} to={`/products/${fund.productId}`} fw={600} underline="always">
            {name}
          </Anchor>
          <Text size="sm">
            {t('investorHome.minimum', { amount: formatMoney(fund.minInvestment, fund.currency, lang) })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('investorHome.savedOn', { date: formatDate(fund.savedAt, lang) })}
          </Text>
        </Stack>
        <WatchToggle productId={fund.productId} name={name} />
      </Group>
    </Paper>
  );
};
