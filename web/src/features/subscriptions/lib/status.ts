import type { SubscriptionStatus } from '@tranche/shared/subscription/statuses';

/** How a status reads at a glance: whose move it is, or that it is over. */
export type StatusTone = 'investor' | 'manager' | 'binding' | 'redemption' | 'ended';

/**
 * Each status's tone (ours): "investor" while the next move is the investor's, "manager" while
 * the team or the platform has it, "binding" from approval on, "redemption", and "ended". The
 * meaning of each status is docs/subscriptions.md's table.
 */
export const STATUS_TONE: Record<SubscriptionStatus, StatusTone> = {
  INVESTING: 'investor',
  ASSESS_RISK: 'investor',
  SUBMITTED: 'manager',
  REVIEW: 'manager',
  SIGN: 'investor',
  RESERVED: 'investor',
  SIGNING: 'investor',
  SIGNED: 'investor',
  COMMITTED: 'binding',
  ASSESSING_RISK: 'manager',
  RISK_ASSESSED: 'investor',
  OFFLINE_SIGNING: 'manager',
  CONFIRM_SUBSCRIPTION: 'investor',
  REVIEWING: 'manager',
  APPROVED: 'binding',
  AWAITING_ADDITIONAL_DOCUMENTS: 'investor',
  ADDITIONAL_DOCUMENTS_UPLOADED: 'manager',
  CAPITAL_CALL_OUTSTANDING: 'investor',
  FUND_RECEIVED: 'binding',
  RECEIPT_CONFIRMED: 'binding',
  INVESTED: 'binding',
  FULLY_INVESTED: 'binding',
  PARTIALLY_REDEEMED: 'redemption',
  FULLY_REDEEMED: 'redemption',
  REDEMPTION_PENDING: 'redemption',
  REJECTED: 'ended',
  EXPIRED: 'ended',
  CLOSE: 'ended',
};

// Dark shades on white (at least 4.5:1 for outline text); the label itself says the status. Mantine's
// darkest orange (orange.9, #d9480f) is 4.29:1 on white, so the investor's tone is a darker orange (6.4:1).
export const TONE_COLOR: Record<StatusTone, string> = {
  investor: '#a63d00',
  manager: 'blue.9',
  binding: 'teal.9',
  redemption: 'violet.9',
  ended: 'gray.8',
};

/** What the investor is asked to do next, as a key of `subscriptions.next.*`. */
export type NextStep =
  | 'continue'
  | 'answerQuestionnaire'
  | 'sign'
  | 'confirm'
  | 'uploadDocuments'
  | 'invest'
  | 'payCall'
  | 'waitManager'
  | 'waitAllocation'
  | 'waitInterest'
  | 'none';

/**
 * The one thing a subscription asks of its investor now. The steps that happen in the scenario
 * runner (forms, questionnaire, signing, the final confirmation) all open it; the rest are waits,
 * said as such so the investor knows nothing is missing on their side.
 */
export const nextStepOf = (status: SubscriptionStatus, type: string): NextStep => {
  switch (status) {
    case 'INVESTING':
    case 'RISK_ASSESSED':
    case 'SIGNED':
      return 'continue';
    case 'ASSESS_RISK':
      return 'answerQuestionnaire';
    case 'SIGN':
    case 'SIGNING':
      return 'sign';
    case 'CONFIRM_SUBSCRIPTION':
      return 'confirm';
    case 'AWAITING_ADDITIONAL_DOCUMENTS':
      return 'uploadDocuments';
    case 'RESERVED':
      return 'invest';
    case 'CAPITAL_CALL_OUTSTANDING':
      return 'payCall';
    case 'REVIEW':
      return type === 'EXPRESSED_INTEREST_SUBSCRIPTION' ? 'waitInterest' : 'waitAllocation';
    case 'SUBMITTED':
    case 'REVIEWING':
    case 'ADDITIONAL_DOCUMENTS_UPLOADED':
    case 'ASSESSING_RISK':
    case 'OFFLINE_SIGNING':
      return 'waitManager';
    default:
      return 'none';
  }
};

/** Whether the next step is done in the scenario runner (the subscription's own page opens it). */
export const opensRunner = (step: NextStep): boolean =>
  step === 'continue' || step === 'answerQuestionnaire' || step === 'sign' || step === 'confirm';

/**
 * The statuses in which the subscription's page is the scenario runner: the investor's journey from
 * the first form to the final confirmation (the platform's own moments in between, such as scoring
 * the questionnaire, show as a short wait inside it).
 */
export const inRunner = (status: SubscriptionStatus): boolean =>
  status === 'INVESTING' ||
  status === 'ASSESS_RISK' ||
  status === 'ASSESSING_RISK' ||
  status === 'RISK_ASSESSED' ||
  status === 'SIGN' ||
  status === 'SIGNING' ||
  status === 'SIGNED' ||
  status === 'CONFIRM_SUBSCRIPTION';
