import { Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { SUBSCRIPTION_TYPE_LABELS } from '@tranche/shared/subscription/statuses';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/error-state';
import { useRecentSubscriptions } from '@/features/subscriptions/api/subscriptions';
import { nextStepOf, opensRunner, TONE_COLOR } from '@/features/subscriptions/lib/status';
import { useSubscriptionsLocales } from '@/features/subscriptions/locales';
import { subscriptionPath } from '@/features/subscriptions/paths';
import { useLang } from '@/i18n/use-lang';
import { formatMoney } from '@/lib/format';
import { SubscriptionStatusBadge } from './status-badge';

/** Shown on the home page; the whole list is one click away. */
const SHOWN = 5;

/**
 * The investor's newest subscriptions for the home page: the fund, type and amount, the status, and
 * the next step asked of them (a link into the runner when the step is theirs). The caller gives the
 * heading and the empty state.
 */
export const RecentSubscriptions = ({ empty }: { empty: ReactNode }) => {
  useSubscriptionsLocales();
  const { t } = useTranslation();
  const lang = useLang();
  const { data, error, isLoading, mutate } = useRecentSubscriptions(SHOWN);
  if (isLoading)
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t('subscriptions.loading')}>
        {[0, 1].map((i) => (
          <Skeleton key={i} h={64} radius="md" />
        ))}
      </Stack>
    );
  if (error || !data) return <LoadError error={error} onRetry={() => void mutate()} />;
  if (data.items.length === 0) return empty;
  return (
    <Stack gap="xs">
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {data.items.map((s) => {
          const step = nextStepOf(s.status, s.type);
          return (
            <Paper component="li" key={s.subscriptionId} withBorder radius="md" p="sm">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <Stack gap={2} miw={0} style={{ flex: '1 1 14rem' }}>
                  <Anchor
                    component={Link}
                    to={subscriptionPath(s.subscriptionId)}
                    fw={600}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {s.fund}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {SUBSCRIPTION_TYPE_LABELS[s.type][lang]}
                    {s.amount ? ` · ${formatMoney(s.amount, s.currency, lang)}` : ''}
                  </Text>
                  <Text
                    size="sm"
                    fw={opensRunner(step) ? 600 : 400}
                    c={opensRunner(step) ? TONE_COLOR.investor : undefined}
                  >
                    {t(`subscriptions.next.${step}`)}
                  </Text>
                </Stack>
                <SubscriptionStatusBadge status={s.status} />
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <Anchor component={Link} to="/subscriptions" size="sm">
        {t('subscriptions.seeAll')}
      </Anchor>
    </Stack>
  );
};
