import type { SubscriptionStatus } from './statuses.js';

/**
 * When an unfinished subscription lapses (issue 13; the lifecycle's EXPIRE, docs/subscriptions.md
 * "Expiry"). Neither the spec nor DOMAIN.md gives a deadline: **the rule is ours.**
 *
 * - An allocated reservation (RESERVED) holds capacity others wait for: it lapses 14 days after the
 *   allocation, the due date of the investor's RESERVATION_OPEN task.
 * - A journey the investor left unfinished (INVESTING through CONFIRM_SUBSCRIPTION) and a request of
 *   additional documents left unanswered (AWAITING_ADDITIONAL_DOCUMENTS) lapse 30 days after the
 *   subscription entered that status: every step of the journey that moves the status starts the
 *   clock again, so only a journey nobody touches for a month lapses.
 * - Nothing waiting on the manager lapses (REVIEW: an interest or a reservation request waits for an
 *   allocation; ASSESSING_RISK: the platform scores). Nothing submitted, binding or ended lapses.
 */
export const RESERVATION_DAYS = 14;
export const UNFINISHED_DAYS = 30;

const DAYS: Partial<Record<SubscriptionStatus, number>> = {
  RESERVED: RESERVATION_DAYS,
  INVESTING: UNFINISHED_DAYS,
  ASSESS_RISK: UNFINISHED_DAYS,
  RISK_ASSESSED: UNFINISHED_DAYS,
  SIGN: UNFINISHED_DAYS,
  SIGNING: UNFINISHED_DAYS,
  SIGNED: UNFINISHED_DAYS,
  CONFIRM_SUBSCRIPTION: UNFINISHED_DAYS,
  AWAITING_ADDITIONAL_DOCUMENTS: UNFINISHED_DAYS,
};

/** The instant a subscription that entered `status` at `enteredAt` lapses, or undefined if it never does. */
export const subscriptionDeadline = (status: SubscriptionStatus, enteredAt: string): string | undefined => {
  const days = DAYS[status];
  return days === undefined ? undefined : new Date(Date.parse(enteredAt) + days * 86_400_000).toISOString();
};

/** Whether a deadline has passed at `now` (ISO instants compare as strings). */
export const isPastDeadline = (deadline: string | undefined, now: string): boolean =>
  deadline !== undefined && deadline <= now;

/**
 * How many days before a subscription lapses the investor is reminded (ours): three days leave a
 * weekend's margin and still come after the investor's own inbox task (a reservation's 14 days, a
 * journey's 30) has been there long enough not to read as a nag. One reminder per deadline.
 */
export const REMINDER_DAYS = 3;

/**
 * Whether the daily job reminds a subscription now: its deadline is within REMINDER_DAYS and not yet
 * past (the job expires it then), and this deadline was not reminded already (`remindedFor`: the
 * deadline the last reminder was about; a new status starts a new deadline and a new reminder).
 */
export const isReminderDue = (deadline: string | undefined, now: string, remindedFor?: string): boolean =>
  deadline !== undefined &&
  !isPastDeadline(deadline, now) &&
  Date.parse(deadline) - Date.parse(now) <= REMINDER_DAYS * 86_400_000 &&
  remindedFor !== deadline;

/** The statuses that can lapse (the expiry job reads only these). */
export const EXPIRING_STATUSES = Object.keys(DAYS) as SubscriptionStatus[];
