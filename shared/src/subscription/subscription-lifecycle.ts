import { GP_ADMINS, GP_ROLES, type Role } from '../auth/roles.js';
import type { SubscriptionType } from '../enums.js';
import { defineLifecycle, type LifecycleLabel } from '../lifecycle/lifecycle.js';
import { SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_STATUSES, type SubscriptionStatus } from './statuses.js';

/**
 * What can happen to a subscription, in the order the buttons are offered. Who fires each is in
 * `actors` below: the investor (LP), the manager's team (GP roles), or the platform itself (SYSTEM:
 * the scenario's execution, the e-signature callbacks, capital-call bookkeeping, the expiry job).
 */
export const SUBSCRIPTION_EVENTS = [
  // Interest and reservation
  'ALLOCATE',
  'CONVERT_TO_INVESTMENT',
  'INVEST',
  // The investor's journey through the scenario
  'START_RISK_ASSESSMENT',
  'SUBMIT_QUESTIONNAIRE',
  'PASS_RISK_ASSESSMENT',
  'FAIL_RISK_ASSESSMENT',
  'RESUME_FORMS',
  'REQUEST_SIGNATURES',
  'SIGNER_SIGNED',
  'SIGNING_COMPLETED',
  'PREPARE_SUBMISSION',
  'BACK',
  'SUBMIT',
  'UPLOAD_SIGNED_ORDER',
  // The manager's review
  'START_REVIEW',
  'REQUEST_DOCUMENTS',
  'UPLOAD_DOCUMENTS',
  'REQUEST_CHANGES',
  // The investor amends a submitted package (the modification paths): back to the manager's review.
  'AMEND',
  'APPROVE',
  'REJECT',
  'COUNTERSIGN',
  // Funding
  'ISSUE_CAPITAL_CALL',
  'RECEIVE_FUNDS',
  'CONFIRM_RECEIPT',
  'MARK_INVESTED',
  'MARK_FULLY_INVESTED',
  // A ledger correction took money back from a call (docs/money.md "A correction that undoes a payment"):
  // nothing of the open call is paid any more, or part of it, so its receipt is no longer confirmed.
  'REVERSE_FUNDS',
  'REVERSE_RECEIPT',
  // Redemption
  'REQUEST_REDEMPTION',
  'CONFIRM_PARTIAL_REDEMPTION',
  'CONFIRM_FULL_REDEMPTION',
  // A ledger correction of a dealt redemption left fewer units dealt (docs/money.md "Corrections of
  // distribution and redemption entries"): fully redeemed goes back to partly redeemed (from there
  // REQUEST_REDEMPTION leads to pending, as for a new request).
  'REVERSE_REDEMPTION',
  'CLOSE_POSITION',
  // Ending early
  'WITHDRAW',
  'CANCEL',
  'EXPIRE',
] as const;
export type SubscriptionEvent = (typeof SUBSCRIPTION_EVENTS)[number];

/** The investor's session role (LP), a GP team role, or the platform acting on its own. */
export type SubscriptionActor = Role | 'SYSTEM';
export const SUBSCRIPTION_ACTORS: readonly SubscriptionActor[] = ['LP', ...GP_ROLES, 'SYSTEM'];

/** What the guards need besides the status: the subscription's type. */
export interface SubscriptionLifecycleContext {
  type: SubscriptionType;
}

const LP = ['LP'] as const;
const SYSTEM = ['SYSTEM'] as const;

/** The investor's own journey before the manager has it: they may walk away (WITHDRAW). */
const JOURNEY = {
  WITHDRAW: 'CLOSE',
  EXPIRE: 'EXPIRED',
} as const satisfies Partial<Record<SubscriptionEvent, SubscriptionStatus>>;

/** In the manager's hands, not yet decided: the investor may still withdraw, the manager decide. */
const UNDER_REVIEW = {
  REQUEST_DOCUMENTS: 'AWAITING_ADDITIONAL_DOCUMENTS',
  REQUEST_CHANGES: 'INVESTING',
  // The investor's amendment (modification/confirm) hands the changed package over again, unreviewed.
  AMEND: 'SUBMITTED',
  APPROVE: 'APPROVED',
  REJECT: 'REJECTED',
  WITHDRAW: 'CLOSE',
} as const satisfies Partial<Record<SubscriptionEvent, SubscriptionStatus>>;

/**
 * A correction of a call's payment (money's correction route, four eyes) took money back: with nothing
 * of the call paid the subscription is outstanding again; with part of it paid, its funds are received
 * but no longer confirmed. Only before a redemption: REDEMPTION_PENDING and later are left alone.
 */
const UNDO_FUNDS = { REVERSE_FUNDS: 'CAPITAL_CALL_OUTSTANDING' } as const satisfies Partial<
  Record<SubscriptionEvent, SubscriptionStatus>
>;
const UNDO_RECEIPT = { ...UNDO_FUNDS, REVERSE_RECEIPT: 'FUND_RECEIVED' } as const satisfies Partial<
  Record<SubscriptionEvent, SubscriptionStatus>
>;

/**
 * The subscription lifecycle: the 28 statuses of spec section 4, one table for all four types. The
 * spec shows no transitions; these follow ../shared/DOMAIN.md "Subscription lifecycle" (interest ->
 * reservation -> questionnaire and KYC -> investor signs -> manager review with the NIGO loop ->
 * approved -> countersigned -> capital called -> funds received -> invested, later redeemed). The
 * table, the meaning of each status and every decision where the spec is silent are written down in
 * docs/subscriptions.md; keep the two together.
 *
 * Terminal: REJECTED, EXPIRED, CLOSE. Once APPROVED the subscription is binding: the investor can no
 * longer withdraw, only the manager can reject it before countersigning.
 */
export const SUBSCRIPTION_LIFECYCLE = defineLifecycle<
  SubscriptionStatus,
  SubscriptionEvent,
  SubscriptionActor,
  SubscriptionLifecycleContext
>({
  name: 'subscription',
  states: SUBSCRIPTION_STATUSES,
  events: SUBSCRIPTION_EVENTS,
  initial: ['REVIEW', 'INVESTING', 'OFFLINE_SIGNING'],
  terminal: ['REJECTED', 'EXPIRED', 'CLOSE'],
  transitions: {
    // An expression of interest or a reservation request. The manager allocates (or declines); an
    // interest converts to an investment directly once the fund takes money.
    REVIEW: { ALLOCATE: 'RESERVED', CONVERT_TO_INVESTMENT: 'INVESTING', REJECT: 'REJECTED', ...JOURNEY },
    RESERVED: { INVEST: 'INVESTING', CANCEL: 'CLOSE', ...JOURNEY },
    INVESTING: {
      START_RISK_ASSESSMENT: 'ASSESS_RISK',
      REQUEST_SIGNATURES: 'SIGN',
      PREPARE_SUBMISSION: 'CONFIRM_SUBSCRIPTION',
      ...JOURNEY,
    },
    ASSESS_RISK: { SUBMIT_QUESTIONNAIRE: 'ASSESSING_RISK', BACK: 'INVESTING', ...JOURNEY },
    // Scoring and screening: the platform decides; SCENARIO_NOT_PASSED ends it.
    ASSESSING_RISK: { PASS_RISK_ASSESSMENT: 'RISK_ASSESSED', FAIL_RISK_ASSESSMENT: 'REJECTED', WITHDRAW: 'CLOSE' },
    RISK_ASSESSED: {
      RESUME_FORMS: 'INVESTING',
      REQUEST_SIGNATURES: 'SIGN',
      PREPARE_SUBMISSION: 'CONFIRM_SUBSCRIPTION',
      ...JOURNEY,
    },
    // Nobody has signed yet: going back is still free.
    SIGN: { SIGNER_SIGNED: 'SIGNING', SIGNING_COMPLETED: 'SIGNED', BACK: 'INVESTING', ...JOURNEY },
    SIGNING: { SIGNING_COMPLETED: 'SIGNED', ...JOURNEY },
    SIGNED: { PREPARE_SUBMISSION: 'CONFIRM_SUBSCRIPTION', ...JOURNEY },
    // Step one of the two-step submission passed the NIGO check; step two (SUBMIT) hands it over.
    CONFIRM_SUBSCRIPTION: { SUBMIT: 'SUBMITTED', BACK: 'INVESTING', ...JOURNEY },
    // Add manually: the manager uploads the signed paper order, then it is reviewed like any other.
    OFFLINE_SIGNING: { UPLOAD_SIGNED_ORDER: 'SUBMITTED', CANCEL: 'CLOSE' },
    SUBMITTED: { START_REVIEW: 'REVIEWING', ...UNDER_REVIEW },
    REVIEWING: UNDER_REVIEW,
    AWAITING_ADDITIONAL_DOCUMENTS: {
      UPLOAD_DOCUMENTS: 'ADDITIONAL_DOCUMENTS_UPLOADED',
      REJECT: 'REJECTED',
      ...JOURNEY,
    },
    ADDITIONAL_DOCUMENTS_UPLOADED: { START_REVIEW: 'REVIEWING', ...UNDER_REVIEW },
    APPROVED: { COUNTERSIGN: 'COMMITTED', REJECT: 'REJECTED' },
    // Accepted at a close: money is drawn by capital calls (an open-ended fund calls it all at once).
    COMMITTED: { ISSUE_CAPITAL_CALL: 'CAPITAL_CALL_OUTSTANDING' },
    CAPITAL_CALL_OUTSTANDING: { RECEIVE_FUNDS: 'FUND_RECEIVED' },
    FUND_RECEIVED: { CONFIRM_RECEIPT: 'RECEIPT_CONFIRMED', ...UNDO_FUNDS },
    RECEIPT_CONFIRMED: { MARK_INVESTED: 'INVESTED', MARK_FULLY_INVESTED: 'FULLY_INVESTED', ...UNDO_RECEIPT },
    // Part of the commitment is still undrawn: the next call, or a redemption of what is invested.
    INVESTED: {
      ISSUE_CAPITAL_CALL: 'CAPITAL_CALL_OUTSTANDING',
      REQUEST_REDEMPTION: 'REDEMPTION_PENDING',
      ...UNDO_RECEIPT,
    },
    FULLY_INVESTED: { REQUEST_REDEMPTION: 'REDEMPTION_PENDING', ...UNDO_RECEIPT },
    REDEMPTION_PENDING: {
      CONFIRM_PARTIAL_REDEMPTION: 'PARTIALLY_REDEEMED',
      CONFIRM_FULL_REDEMPTION: 'FULLY_REDEEMED',
    },
    // A gated full redemption deals part first (partially redeemed), then the rest at a later dealing date.
    PARTIALLY_REDEEMED: { REQUEST_REDEMPTION: 'REDEMPTION_PENDING', CONFIRM_FULL_REDEMPTION: 'FULLY_REDEEMED' },
    FULLY_REDEEMED: { CLOSE_POSITION: 'CLOSE', REVERSE_REDEMPTION: 'PARTIALLY_REDEEMED' },
    REJECTED: {},
    EXPIRED: {},
    CLOSE: {},
  },
  actors: {
    ALLOCATE: GP_ADMINS,
    CONVERT_TO_INVESTMENT: LP,
    INVEST: LP,
    START_RISK_ASSESSMENT: SYSTEM,
    SUBMIT_QUESTIONNAIRE: LP,
    PASS_RISK_ASSESSMENT: SYSTEM,
    FAIL_RISK_ASSESSMENT: SYSTEM,
    RESUME_FORMS: SYSTEM,
    REQUEST_SIGNATURES: SYSTEM,
    SIGNER_SIGNED: SYSTEM,
    SIGNING_COMPLETED: SYSTEM,
    PREPARE_SUBMISSION: LP,
    BACK: LP,
    SUBMIT: LP,
    // Any team member may record a paper order; approving it is then an admin's (four eyes).
    UPLOAD_SIGNED_ORDER: GP_ROLES,
    START_REVIEW: GP_ROLES,
    REQUEST_DOCUMENTS: GP_ROLES,
    UPLOAD_DOCUMENTS: LP,
    REQUEST_CHANGES: GP_ADMINS,
    AMEND: LP,
    APPROVE: GP_ADMINS,
    REJECT: GP_ADMINS,
    COUNTERSIGN: GP_ADMINS,
    // Open-ended funds: the platform asks for the whole amount at countersigning.
    ISSUE_CAPITAL_CALL: [...GP_ADMINS, 'SYSTEM'],
    // The capital call's FUNDS_RECEIVED moves the subscription (the manager confirms the payment there).
    RECEIVE_FUNDS: SYSTEM,
    // An admin confirms the receipt on the call notice (money's confirmCallReceipt route, GP admins only);
    // the subscription follows that decision as the platform (functions/src/events/money.ts).
    CONFIRM_RECEIPT: [...GP_ADMINS, 'SYSTEM'],
    // Whether the commitment is fully drawn is arithmetic, not a decision.
    MARK_INVESTED: SYSTEM,
    MARK_FULLY_INVESTED: SYSTEM,
    // The subscription follows the corrected notices as the platform; the correction itself is the
    // manager's (and a second person's when money moved), recorded on the ledger.
    REVERSE_FUNDS: SYSTEM,
    REVERSE_RECEIPT: SYSTEM,
    // The redemption request is the investor's (money's /redemptions route); the subscription follows
    // it as the platform once the manager confirms it, and follows the dealing run's fills
    // (functions/src/events/money-dealing.ts), so these also admit SYSTEM.
    REQUEST_REDEMPTION: [...LP, 'SYSTEM'],
    CONFIRM_PARTIAL_REDEMPTION: [...GP_ADMINS, 'SYSTEM'],
    CONFIRM_FULL_REDEMPTION: [...GP_ADMINS, 'SYSTEM'],
    // Follows a corrected redemption as the platform (the correction is the manager's, on the ledger).
    REVERSE_REDEMPTION: SYSTEM,
    CLOSE_POSITION: SYSTEM,
    WITHDRAW: LP,
    CANCEL: GP_ADMINS,
    EXPIRE: SYSTEM,
  },
  guards: {
    // Only a non-binding interest converts straight to an investment; a reservation request must
    // first be allocated (RESERVED, then INVEST).
    CONVERT_TO_INVESTMENT: (ctx) =>
      ctx.type === 'EXPRESSED_INTEREST_SUBSCRIPTION' ? undefined : 'TRANSITION_NOT_ALLOWED',
  },
  labels: {
    states: SUBSCRIPTION_STATUS_LABELS,
    events: {
      ALLOCATE: { en: 'Allocate', 'zh-CN': '分配额度' },
      CONVERT_TO_INVESTMENT: { en: 'Invest', 'zh-CN': '投资' },
      INVEST: { en: 'Invest', 'zh-CN': '投资' },
      START_RISK_ASSESSMENT: { en: 'Start risk assessment', 'zh-CN': '开始风险评估' },
      SUBMIT_QUESTIONNAIRE: { en: 'Submit questionnaire', 'zh-CN': '提交问卷' },
      PASS_RISK_ASSESSMENT: { en: 'Pass risk assessment', 'zh-CN': '通过风险评估' },
      FAIL_RISK_ASSESSMENT: { en: 'Fail risk assessment', 'zh-CN': '未通过风险评估' },
      RESUME_FORMS: { en: 'Continue', 'zh-CN': '继续' },
      REQUEST_SIGNATURES: { en: 'Send for signing', 'zh-CN': '发送签署' },
      SIGNER_SIGNED: { en: 'Sign', 'zh-CN': '签署' },
      SIGNING_COMPLETED: { en: 'Complete signing', 'zh-CN': '完成签署' },
      PREPARE_SUBMISSION: { en: 'Review and submit', 'zh-CN': '检查并提交' },
      BACK: { en: 'Back', 'zh-CN': '返回' },
      SUBMIT: { en: 'Submit', 'zh-CN': '提交' },
      UPLOAD_SIGNED_ORDER: { en: 'Upload signed order', 'zh-CN': '上传已签署认购单' },
      START_REVIEW: { en: 'Start review', 'zh-CN': '开始审核' },
      REQUEST_DOCUMENTS: { en: 'Request documents', 'zh-CN': '要求补充文件' },
      UPLOAD_DOCUMENTS: { en: 'Upload documents', 'zh-CN': '上传文件' },
      REQUEST_CHANGES: { en: 'Request changes', 'zh-CN': '要求修改' },
      AMEND: { en: 'Amend', 'zh-CN': '修改' },
      APPROVE: { en: 'Approve', 'zh-CN': '批准' },
      REJECT: { en: 'Reject', 'zh-CN': '拒绝' },
      COUNTERSIGN: { en: 'Countersign', 'zh-CN': '会签' },
      ISSUE_CAPITAL_CALL: { en: 'Issue capital call', 'zh-CN': '发出催缴' },
      RECEIVE_FUNDS: { en: 'Record funds received', 'zh-CN': '记录收款' },
      CONFIRM_RECEIPT: { en: 'Confirm receipt', 'zh-CN': '确认到账' },
      MARK_INVESTED: { en: 'Mark invested', 'zh-CN': '标记为已投资' },
      MARK_FULLY_INVESTED: { en: 'Mark fully invested', 'zh-CN': '标记为已全额投资' },
      REVERSE_FUNDS: { en: 'Reverse funds received', 'zh-CN': '冲销已收款项' },
      REVERSE_RECEIPT: { en: 'Undo receipt confirmation', 'zh-CN': '撤销到账确认' },
      REQUEST_REDEMPTION: { en: 'Request redemption', 'zh-CN': '申请赎回' },
      CONFIRM_PARTIAL_REDEMPTION: { en: 'Confirm partial redemption', 'zh-CN': '确认部分赎回' },
      CONFIRM_FULL_REDEMPTION: { en: 'Confirm full redemption', 'zh-CN': '确认全部赎回' },
      REVERSE_REDEMPTION: { en: 'Reverse dealt redemption', 'zh-CN': '冲销已成交赎回' },
      CLOSE_POSITION: { en: 'Close position', 'zh-CN': '关闭持仓' },
      WITHDRAW: { en: 'Withdraw', 'zh-CN': '撤回' },
      CANCEL: { en: 'Cancel', 'zh-CN': '取消' },
      EXPIRE: { en: 'Expire', 'zh-CN': '过期' },
    } satisfies Record<SubscriptionEvent, LifecycleLabel>,
  },
});

/** The status after `event`: 403 FORBIDDEN (actor), then 409 TRANSITION_NOT_ALLOWED naming status and event. */
export const nextSubscriptionStatus = (
  from: SubscriptionStatus,
  event: SubscriptionEvent,
  actor: SubscriptionActor,
  ctx: SubscriptionLifecycleContext,
): SubscriptionStatus => SUBSCRIPTION_LIFECYCLE.next(from, event, actor, ctx);

/** Every status a SUBMIT leads to, directly or later, except the endings an investor cannot resubmit from. */
const SUBMITTED_OR_LATER: ReadonlySet<SubscriptionStatus> = new Set<SubscriptionStatus>([
  'SUBMITTED',
  'REVIEWING',
  'AWAITING_ADDITIONAL_DOCUMENTS',
  'ADDITIONAL_DOCUMENTS_UPLOADED',
  'APPROVED',
  'COMMITTED',
  'CAPITAL_CALL_OUTSTANDING',
  'FUND_RECEIVED',
  'RECEIPT_CONFIRMED',
  'INVESTED',
  'FULLY_INVESTED',
  'REDEMPTION_PENDING',
  'PARTIALLY_REDEEMED',
  'FULLY_REDEEMED',
]);

/**
 * The answer to the second step of the two-step submission (spec: SUCCESS, REPEATED_SUBMIT): a
 * subscription already handed over (by this call's twin, a double click, a retry) is REPEATED_SUBMIT,
 * not an error; undefined means SUBMIT applies (or is refused) as the lifecycle says.
 */
export const repeatedSubmit = (status: SubscriptionStatus): 'REPEATED_SUBMIT' | undefined =>
  SUBMITTED_OR_LATER.has(status) ? 'REPEATED_SUBMIT' : undefined;
