import { Badge } from '@mantine/core';
import type { InvestorCall, Redemption } from '@tranche/shared/money/money.schema';
import { REDEMPTION_LIFECYCLE } from '@tranche/shared/money/redemption-state';
import { useTranslation } from 'react-i18next';
import { BADGE_WARNING } from '@/components/badge-colors';
import classes from '@/components/cell-badge.module.css';
import { useLang } from '@/i18n/use-lang';

/** Orange while the investor owes money, green once it is in, blue while the manager confirms. */
const NOTICE_COLOR: Record<InvestorCall['state'], string> = {
  OUTSTANDING: BADGE_WARNING,
  FUNDS_RECEIVED: 'blue',
  RECEIPT_CONFIRMED: 'teal',
  INVESTED: 'green',
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
  REQUESTED: 'blue',
  NEEDS_CHANGES: BADGE_WARNING,
  CONFIRMED: 'teal',
  PARTLY_DEALT: 'teal',
  DEALT: 'green',
  PAID: 'green',
  REJECTED: 'red',
  WITHDRAWN: 'gray',
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
