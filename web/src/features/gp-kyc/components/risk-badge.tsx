import { Badge } from '@mantine/core';
import type { ScreeningRating } from '@tranche/shared/profile/kyc-risk';
import { useTranslation } from 'react-i18next';
import { BADGE_CAUTION, BADGE_WARNING } from '@/components/badge-colors';
import classes from '@/components/cell-badge.module.css';

// Outline badges in the darkest shades keep at least 4.5:1 on white; the word says the rating, the
// colour only repeats it.
const COLORS: Record<ScreeningRating, string> = {
  NONE: 'teal.9',
  LOW: BADGE_CAUTION,
  MEDIUM: BADGE_WARNING,
  HIGH: 'red.9',
};

/** A screening risk rating: none, low, medium, high. */
export const RiskBadge = ({ rating }: { rating: ScreeningRating }) => {
  const { t } = useTranslation();
  return (
    <Badge
      color={COLORS[rating]}
      variant={rating === 'HIGH' ? 'filled' : 'outline'}
      radius="sm"
      className={classes.badge}
      data-rating={rating}
    >
      {t(`gpKyc.risk.${rating}`)}
    </Badge>
  );
};
