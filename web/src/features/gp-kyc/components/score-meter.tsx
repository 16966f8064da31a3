import { Group, Progress, Text } from '@mantine/core';
import type { ScreeningRating } from '@tranche/shared/profile/kyc-risk';
import { useTranslation } from 'react-i18next';
import { scorePercent } from '@/features/gp-kyc/lib/compare';

const COLORS: Record<ScreeningRating, string> = { NONE: 'gray.6', LOW: 'yellow.7', MEDIUM: 'orange.7', HIGH: 'red.8' };

/**
 * A match score (0-1) as a bar and a percentage. It is a `meter`, not a progress bar: nothing is
 * loading, it is a measurement; the percentage is printed so the bar's colour is never the only cue.
 */
export const ScoreMeter = ({ score, rating }: { score: number; rating: ScreeningRating }) => {
  const { t } = useTranslation();
  const percent = scorePercent(score);
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      role="meter"
      aria-label={t('gpKyc.match.score')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={t('gpKyc.match.scoreValue', { percent })}
    >
      <Progress value={percent} color={COLORS[rating]} size="lg" radius="sm" w={120} aria-hidden />
      <Text size="sm" fw={600} aria-hidden>
        {t('gpKyc.match.scoreValue', { percent })}
      </Text>
    </Group>
  );
};
