import { Badge } from '@mantine/core';
import type { InvestorCall, Redemption } from '@tranche/shared/money/money.schema';
import { REDEMPTION_LIFECYCLE } from '@tranche/shared/money/redemption-state';
import { useTranslation } from 'react-i18next';
import { BADGE_WARNING } from '@/components/badge-colors';
import classes from '@/components/cell-badge.module.css';
import { useLang } from '@/i18n/use-lang';

/** Mantine's darkest green (#2b8a3e) is 4.36:1 on white, under AA for the 11 px badge text: this is 6.2:1. */
const BADGE_DONE = '#1f6e31';

/**
 * Orange while the investor owes money, green once it is in, blue while the manager confirms; the
 * darkest shades, which keep small bold badge text at WCAG AA on white (axe).
 */
const NOTICE_COLOR: Record<InvestorCall['state'], string> = {
  OUTSTANDING: BADGE_WARNING,
  FUNDS_RECEIVED: 'blue.9',
  RECEIPT_CONFIRMED: 'teal.9',
  INVESTED: BADGE_DONE,
};

export const NoticeStateBadge = ({ state }: { state: InvestorCall['state'] }) => {
  const { t } = useTranslation();
  return (
    <Badge color={NOTICE_COLOR[state]} variant="outline" radius="sm" className={classes.badge}>
      {t(`moneyLp.notice.state.${state}`)}
    </Badge>
  );
};

/** Orange when the investor has to act (amend), gray once over without money (rejected, withdrawn). */
const REDEMPTION_COLOR: Record<Redemption['state'], string> = {
  REQUESTED: 'blue.9',
  NEEDS_CHANGES: BADGE_WARNING,
  CONFIRMED: 'teal.9',
  PARTLY_DEALT: 'teal.9',
  DEALT: BADGE_DONE,
  PAID: BADGE_DONE,
  REJECTED: 'red.9',
  WITHDRAWN: 'gray.8',
};

/** A redemption's state by the lifecycle's own labels (shared/src/money/redemption-state.ts). */
export const RedemptionStateBadge = ({ state }: { state: Redemption['state'] }) => {
  const lang = useLang();
  return (
    <Badge color={REDEMPTION_COLOR[state]} variant="outline" radius="sm" className={classes.badge}>
      {REDEMPTION_LIFECYCLE.stateLabel(state, lang)}
    </Badge>
  );
};
