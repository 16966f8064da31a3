import { Badge } from '@mantine/core';
import { CALL_NOTICE_LIFECYCLE } from '@tranche/shared/money/call-notice-state';
import { CAPITAL_CALL_LIFECYCLE, type CapitalCallState } from '@tranche/shared/money/capital-call-state';
import type { CallNotice } from '@tranche/shared/money/money.schema';
import { REDEMPTION_LIFECYCLE, type RedemptionState } from '@tranche/shared/money/redemption-state';
import classes from '@/components/cell-badge.module.css';
import { useLang } from '@/i18n/use-lang';

// Outline badges in the darkest shades (at least 4.5:1 on white); the word, not the colour, says the state.
const CALL_COLORS: Record<CapitalCallState, string> = {
  DRAFT: 'gray.8',
  APPROVED: 'blue.9',
  ISSUED: 'violet.9',
  PARTLY_PAID: 'indigo.9',
  PAID: 'teal.9',
  CANCELLED: 'red.9',
};

const NOTICE_COLORS: Record<CallNotice['state'], string> = {
  DRAFT: 'gray.8',
  OUTSTANDING: 'violet.9',
  FUNDS_RECEIVED: 'indigo.9',
  RECEIPT_CONFIRMED: 'blue.9',
  INVESTED: 'teal.9',
};

const REDEMPTION_COLORS: Record<RedemptionState, string> = {
  REQUESTED: 'violet.9',
  NEEDS_CHANGES: 'indigo.9',
  CONFIRMED: 'blue.9',
  PARTLY_DEALT: 'blue.9',
  DEALT: 'teal.9',
  PAID: 'teal.9',
  REJECTED: 'red.9',
  WITHDRAWN: 'gray.8',
};

export const StateBadge = ({ color, label }: { color: string; label: string }) => (
  <Badge color={color} variant="outline" radius="sm" className={classes.badge}>
    {label}
  </Badge>
);

export const CallStateBadge = ({ state }: { state: CapitalCallState }) => {
  const lang = useLang();
  return <StateBadge color={CALL_COLORS[state]} label={CAPITAL_CALL_LIFECYCLE.stateLabel(state, lang)} />;
};

/** A notice is DRAFT (the call's word) until the call is issued, then follows its own lifecycle. */
export const NoticeStateBadge = ({ state }: { state: CallNotice['state'] }) => {
  const lang = useLang();
  const label =
    state === 'DRAFT'
      ? CAPITAL_CALL_LIFECYCLE.stateLabel('DRAFT', lang)
      : CALL_NOTICE_LIFECYCLE.stateLabel(state, lang);
  return <StateBadge color={NOTICE_COLORS[state]} label={label} />;
};

export const RedemptionStateBadge = ({ state }: { state: RedemptionState }) => {
  const lang = useLang();
  return <StateBadge color={REDEMPTION_COLORS[state]} label={REDEMPTION_LIFECYCLE.stateLabel(state, lang)} />;
};
