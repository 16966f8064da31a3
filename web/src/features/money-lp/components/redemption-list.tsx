import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { Redemption } from '@tranche/shared/money/money.schema';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatUnits } from '@/features/money-lp/lib/figures';
import { redemptionPath } from '@/features/money-lp/paths';
import { useLang } from '@/i18n/use-lang';
import { formatDate, formatMoney } from '@/lib/format';
import { RedemptionStateBadge } from './state-badges';

/** An investment's redemptions as short cards: units, estimate, dealing date and state, each a link. */
export const RedemptionCards = ({ items }: { items: readonly Redemption[] }) => {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
      {items.map((r) => (
        <Paper component="li" key={r.redemptionId} withBorder radius="md" p="sm">
          <Group justify="space-between" align="flex-start" gap="xs">
            <Stack gap={2} miw={0}>
              <Anchor component={Link} to={redemptionPath(r.redemptionId)} fw={600}>
                {r.full
                  ? t('moneyLp.redemptions.full')
                  : `${formatUnits(r.units, lang)} ${t('moneyLp.redemptions.units')}`}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t('moneyLp.redemptions.dealingDate')} {formatDate(r.dealingDate, lang)}
                {r.estimatedValue
                  ? ` · ${t('moneyLp.redemptions.estimatedValue')} ${formatMoney(r.estimatedValue, r.currency, lang)}`
                  : ''}
              </Text>
            </Stack>
            <RedemptionStateBadge state={r.state} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
};
