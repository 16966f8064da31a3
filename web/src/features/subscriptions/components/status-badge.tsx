import { Badge } from '@mantine/core';
import { SUBSCRIPTION_STATUS_LABELS, type SubscriptionStatus } from '@tranche/shared/subscription/statuses';
import classes from '@/components/cell-badge.module.css';
import { STATUS_TONE, TONE_COLOR } from '@/features/subscriptions/lib/status';
import { useLang } from '@/i18n/use-lang';

/** A subscription's status by the shared labels (spec section 4), coloured by whose move it is. */
export const SubscriptionStatusBadge = ({ status }: { status: SubscriptionStatus }) => {
  const lang = useLang();
  return (
    <Badge color={TONE_COLOR[STATUS_TONE[status]]} variant="outline" radius="sm" className={classes.badge}>
      {SUBSCRIPTION_STATUS_LABELS[status][lang]}
    </Badge>
  );
};
