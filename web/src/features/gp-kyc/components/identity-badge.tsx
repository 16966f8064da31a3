import { Badge } from '@mantine/core';
import type { IdentityOutcome } from '@tranche/shared/profile/kyc-risk';
import { useTranslation } from 'react-i18next';
import { BADGE_WARNING } from '@/components/badge-colors';
import classes from '@/components/cell-badge.module.css';

const COLORS: Record<IdentityOutcome, string> = { PASS: 'teal.9', REVIEW: BADGE_WARNING, FAIL: 'red.9' };

/** The identity check's outcome: passed, needs review, failed (the word, not the colour, says which). */
export const IdentityBadge = ({ outcome }: { outcome: IdentityOutcome }) => {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[outcome]} variant="outline" radius="sm" className={classes.badge}>
      {t(`gpKyc.identity.${outcome}`)}
    </Badge>
  );
};
