import type { Lang } from '@tranche/shared/i18n/langs';
import { SUBSCRIPTION_STATUS_LABELS } from '@tranche/shared/subscription/statuses';
import type { Subscription } from '@tranche/shared/subscription/subscription.schema';
import {
  SUBSCRIPTION_EVENTS,
  SUBSCRIPTION_LIFECYCLE,
  type SubscriptionEvent,
} from '@tranche/shared/subscription/subscription-lifecycle';
import type { TFunction } from 'i18next';
import type { AuditTrailEntry } from '@/components/audit-trail';

const isEvent = (action: string): action is SubscriptionEvent =>
  (SUBSCRIPTION_EVENTS as readonly string[]).includes(action);

/** The audit action's name: the domain event written (the inbox's names), else a lifecycle event's verb. */
const actionSentence = (action: string, lang: Lang, t: TFunction): string => {
  // A name this build has no words for falls through to the lifecycle's verb, then to the code.
  const named = t(`gpSubscriptions.case.action.${action}` as never, { defaultValue: '' }) as string;
  if (named) return named;
  if (isEvent(action)) return SUBSCRIPTION_LIFECYCLE.eventLabel(action, lang);
  return t('gpSubscriptions.case.historyOther', { action });
};

/**
 * A subscription's audit events as the shared AuditTrail draws them, newest first: the lifecycle's
 * name for the event (its verb), the status it moved from and to, and the reason given.
 */
export const historyEntries = (history: Subscription['history'], lang: Lang, t: TFunction): AuditTrailEntry[] =>
  [...history]
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
    .map((h) => {
      const details: string[] = [];
      if (h.from && h.to)
        details.push(
          t('gpSubscriptions.case.historyMove', {
            from: SUBSCRIPTION_STATUS_LABELS[h.from][lang],
            to: SUBSCRIPTION_STATUS_LABELS[h.to][lang],
          }),
        );
      else if (h.to) details.push(SUBSCRIPTION_STATUS_LABELS[h.to][lang]);
      if (h.reason) details.push(t('gpSubscriptions.case.historyReason', { reason: h.reason }));
      return {
        id: h.eventId,
        at: h.at,
        action: h.action,
        sentence: actionSentence(h.action, lang, t),
        details,
      };
    });
