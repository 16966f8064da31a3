import { SUBSCRIPTION_TYPES, type SubscriptionType } from '../enums.js';
import type { LifecycleLabel } from '../lifecycle/lifecycle.js';

/**
 * The subscription statuses of spec section 4, in the spec's order and spelling (28 values). What
 * each one means, and how a subscription moves between them, is ours (the spec shows no
 * transitions): see subscription-lifecycle.ts and docs/subscriptions.md.
 */
export const SUBSCRIPTION_STATUSES = [
  'INVESTING',
  'ASSESS_RISK',
  'SUBMITTED',
  'REVIEW',
  'SIGN',
  'RESERVED',
  'SIGNING',
  'SIGNED',
  'COMMITTED',
  'ASSESSING_RISK',
  'RISK_ASSESSED',
  'OFFLINE_SIGNING',
  'CONFIRM_SUBSCRIPTION',
  'REVIEWING',
  'APPROVED',
  'AWAITING_ADDITIONAL_DOCUMENTS',
  'ADDITIONAL_DOCUMENTS_UPLOADED',
  'CAPITAL_CALL_OUTSTANDING',
  'FUND_RECEIVED',
  'RECEIPT_CONFIRMED',
  'INVESTED',
  'FULLY_INVESTED',
  'PARTIALLY_REDEEMED',
  'FULLY_REDEEMED',
  'REDEMPTION_PENDING',
  'REJECTED',
  'EXPIRED',
  'CLOSE',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Display labels, sentence case as the spec asks. The spec gives four (Investing, Assess risk, Funds
 * received, Redeemed Pending); those are kept verbatim, including the capital P of "Redeemed
 * Pending". Every other label, and every Chinese label, is ours (docs/subscriptions.md).
 */
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, LifecycleLabel> = {
  INVESTING: { en: 'Investing', 'zh-CN': '投资中' },
  ASSESS_RISK: { en: 'Assess risk', 'zh-CN': '待风险评估' },
  SUBMITTED: { en: 'Submitted', 'zh-CN': '已提交' },
  REVIEW: { en: 'Review', 'zh-CN': '待审核' },
  SIGN: { en: 'Sign', 'zh-CN': '待签署' },
  RESERVED: { en: 'Reserved', 'zh-CN': '已预约' },
  SIGNING: { en: 'Signing', 'zh-CN': '签署中' },
  SIGNED: { en: 'Signed', 'zh-CN': '已签署' },
  COMMITTED: { en: 'Committed', 'zh-CN': '已承诺' },
  ASSESSING_RISK: { en: 'Assessing risk', 'zh-CN': '风险评估中' },
  RISK_ASSESSED: { en: 'Risk assessed', 'zh-CN': '已完成风险评估' },
  OFFLINE_SIGNING: { en: 'Offline signing', 'zh-CN': '线下签署' },
  CONFIRM_SUBSCRIPTION: { en: 'Confirm subscription', 'zh-CN': '待确认认购' },
  REVIEWING: { en: 'Reviewing', 'zh-CN': '审核中' },
  APPROVED: { en: 'Approved', 'zh-CN': '已批准' },
  AWAITING_ADDITIONAL_DOCUMENTS: { en: 'Awaiting additional documents', 'zh-CN': '待补充文件' },
  ADDITIONAL_DOCUMENTS_UPLOADED: { en: 'Additional documents uploaded', 'zh-CN': '已上传补充文件' },
  CAPITAL_CALL_OUTSTANDING: { en: 'Capital call outstanding', 'zh-CN': '催缴待付款' },
  FUND_RECEIVED: { en: 'Funds received', 'zh-CN': '已收到资金' },
  RECEIPT_CONFIRMED: { en: 'Receipt confirmed', 'zh-CN': '已确认到账' },
  INVESTED: { en: 'Invested', 'zh-CN': '已投资' },
  FULLY_INVESTED: { en: 'Fully invested', 'zh-CN': '已全额投资' },
  PARTIALLY_REDEEMED: { en: 'Partially redeemed', 'zh-CN': '部分赎回' },
  FULLY_REDEEMED: { en: 'Fully redeemed', 'zh-CN': '全部赎回' },
  REDEMPTION_PENDING: { en: 'Redeemed Pending', 'zh-CN': '赎回处理中' },
  REJECTED: { en: 'Rejected', 'zh-CN': '已拒绝' },
  EXPIRED: { en: 'Expired', 'zh-CN': '已过期' },
  CLOSE: { en: 'Closed', 'zh-CN': '已关闭' },
};

/**
 * The four subscription types of spec section 3 with the spec's English labels; the Chinese ones are
 * ours and match the product page's (web/src/features/products/locales/page-zh-CN.ts).
 */
export const SUBSCRIPTION_TYPE_LABELS: Record<SubscriptionType, LifecycleLabel> = {
  EXPRESSED_INTEREST_SUBSCRIPTION: { en: 'Express interest', 'zh-CN': '表达意向' },
  RESERVE_SUBSCRIPTION: { en: 'Reserve', 'zh-CN': '预约' },
  COMMON_SUBSCRIPTION: { en: 'Add manually', 'zh-CN': '手动添加' },
  INVEST_SUBSCRIPTION: { en: 'Invest', 'zh-CN': '投资' },
};
export { SUBSCRIPTION_TYPES, type SubscriptionType };

/** The spec's workflow stages (section 3, "Signing and workflow"), in its order. */
export const WORKFLOW_STAGES = [
  'ONBOARDING',
  'IDENTITY',
  'FUND_DATA',
  'INVESTING',
  'SCREENING',
  'RESERVE',
  'COUNTERSIGN',
  'EXPRESS_INTEREST',
  'REDEMPTION',
  'REDEMPTION_CHANGE',
] as const;
export type WorkflowStage = (typeof WORKFLOW_STAGES)[number];

/**
 * The stage a subscription in a status is at (ours: the spec lists stages but not which status
 * belongs to which). An expression of interest and a reservation request share REVIEW, so the type
 * decides that one. ONBOARDING, IDENTITY, FUND_DATA and REDEMPTION_CHANGE are stages of the
 * scenario's nodes (profile, KYC, fund data forms; a redemption's change request), which no status
 * names on its own. Terminal statuses have no stage.
 */
export const workflowStage = (status: SubscriptionStatus, type: SubscriptionType): WorkflowStage | undefined => {
  switch (status) {
    case 'REVIEW':
      return type === 'EXPRESSED_INTEREST_SUBSCRIPTION' ? 'EXPRESS_INTEREST' : 'RESERVE';
    case 'RESERVED':
      return 'RESERVE';
    case 'ASSESS_RISK':
    case 'ASSESSING_RISK':
    case 'RISK_ASSESSED':
      return 'SCREENING';
    case 'APPROVED':
      return 'COUNTERSIGN';
    case 'REDEMPTION_PENDING':
    case 'PARTIALLY_REDEEMED':
    case 'FULLY_REDEEMED':
      return 'REDEMPTION';
    case 'REJECTED':
    case 'EXPIRED':
    case 'CLOSE':
      return undefined;
    default:
      return 'INVESTING';
  }
};

/** The status a new subscription of each type starts in (the lifecycle's initial states). */
export const INITIAL_STATUS: Record<SubscriptionType, SubscriptionStatus> = {
  // Non-binding soft circle: the manager sees it and may turn it into a reservation.
  EXPRESSED_INTEREST_SUBSCRIPTION: 'REVIEW',
  // A request for an allocation against the fund's capacity, waitlisted while the fund is full.
  RESERVE_SUBSCRIPTION: 'REVIEW',
  // The manager's offline entry: it waits for the signed order to be uploaded.
  COMMON_SUBSCRIPTION: 'OFFLINE_SIGNING',
  INVEST_SUBSCRIPTION: 'INVESTING',
};
