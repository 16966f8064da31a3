import { GP_ADMINS, GP_ROLES, type Role } from '../auth/roles.js';
import type { EventName } from '../events/catalogue.js';
import type { Lang } from '../i18n/langs.js';
import type { InvestAccountEmailPreferences } from '../user/user.schema.js';
import { INBOX_KINDS, type InboxKind, type MessageCategory, TASK_ACTIONS, type TaskAction } from './kinds.js';

/**
 * Every message and task kind (spec §3 "about 32", §4 "Lifecycle seen through notifications"), as one
 * table: what it is, who gets it, who may act, the domain events that open and close it, and what it
 * says in each language. The inbox consumers (functions/src/events/inbox.ts) read nothing else, so a
 * kind added here is created, closed, listed and emailed without further code. docs/inbox.md lists
 * where the spec is silent and what was decided.
 *
 * Placeholders are `{name}`; their values come from the opening event's payload field of the same
 * name (the events catalogue requires each one), plus `{taskId}` and `{messageId}`, which the consumer
 * fills. Titles and bodies never carry bank details: no placeholder may name an account, IBAN, SWIFT
 * code, routing number or wire instruction (catalogue.test.ts checks), and the emails redact anything
 * that looks like one (functions/src/inbox/email.ts).
 */

type Localised = Readonly<Record<Lang, string>>;
type Payload = Readonly<Record<string, unknown>>;

/**
 * Who receives a kind: the investors the event names, the manager's whole team, or the team members
 * the event names (GP_NAMED: a project's sender, a GP user who signs; issue 12).
 */
export type Audience = 'LP' | 'GP_TEAM' | 'GP_NAMED';

export interface InboxKindDef {
  readonly category: MessageCategory;
  readonly audience: Audience;
  /** The action button; a common message may have one too (it opens a page and closes nothing). */
  readonly action?: TaskAction;
  /** Account types (session roles) that may act on the task; everyone else gets NO_OPERATION_PERMISSION. */
  readonly actors: readonly Role[];
  /** Decided (approved or rejected) through /tasks/notice-task-approval rather than completed. */
  readonly approval?: boolean;
  /** Events that create it (for each recipient, or one task shared by all of them). */
  readonly opens: readonly EventName[];
  /** When one opening event may create one of several kinds: whether this payload creates this one. */
  readonly openWhen?: (payload: Payload) => boolean;
  /** Events that close an open task of this kind about the same record (`refId`). */
  readonly closes: readonly EventName[];
  /** Whether a closing event's payload concerns this task (beyond the same `refId`). */
  readonly closeWhen?: (payload: Payload, task: { readonly params: Readonly<Record<string, string>> }) => boolean;
  /** The investor's email preference that turns its email off (InvestAccountEmailPreferences); none: always sent. */
  readonly emailTopic?: keyof InvestAccountEmailPreferences;
  /** An open task due within this many days is urgent: an SMS besides the email. */
  readonly urgentWithinDays?: number;
  /** The page the action opens, below the portal's base, with placeholders. */
  readonly path: string;
  /**
   * Placeholders whose event value is a text per language (`{en, zh-CN}`: a scenario's own words), with
   * the most characters kept: each reader sees the one of their language (localisedParams, fill).
   */
  readonly localised?: Readonly<Record<string, number>>;
  readonly title: Localised;
  readonly body: Localised;
}

/** Spec §2 "Task action labels", word for word in English (capitalised as a button is); the rest ours. */
export const ACTION_LABELS: Readonly<Record<TaskAction, Localised>> = {
  VIEW_INVESTMENT: { en: 'View investment', 'zh-CN': '查看投资' },
  INVEST: { en: 'Invest', 'zh-CN': '投资' },
  VIEW_OPPORTUNITIES: { en: 'View opportunities', 'zh-CN': '查看投资机会' },
  UPLOAD: { en: 'Upload', 'zh-CN': '上传' },
  INSTRUCT: { en: 'Instruct', 'zh-CN': '发出指令' },
  AMEND_INVESTMENT: { en: 'Amend your investment', 'zh-CN': '修改您的投资' },
  AMEND_REDEMPTION: { en: 'Amend your redemption', 'zh-CN': '修改您的赎回' },
  REVIEW: { en: 'Review', 'zh-CN': '审核' },
  COUNTERSIGN: { en: 'Countersign', 'zh-CN': '会签' },
  APPROVE: { en: 'Approve', 'zh-CN': '批准' },
  CONFIRM_FUNDS: { en: 'Confirm funds', 'zh-CN': '确认到账' },
  SIGN: { en: 'Sign', 'zh-CN': '签署' },
};

const LP: readonly Role[] = ['LP'];
const GP_ANY: readonly Role[] = GP_ROLES;
const NOBODY: readonly Role[] = [];
const isMaterial = (material: string) => (p: Payload) => p.material === material;

const task = (d: Omit<InboxKindDef, 'category'>): InboxKindDef => ({ category: 'TASK_MESSAGE', ...d });
/** Units a gate carried forward ("36.875000"; none: "0.000000"). */
const isCarried = (value: unknown): boolean => typeof value === 'string' && /[1-9]/.test(value);

const message = (d: Omit<InboxKindDef, 'category' | 'actors' | 'closes'>): InboxKindDef => ({
  category: 'COMMON_MESSAGE',
  actors: NOBODY,
  closes: [],
  ...d,
});

export const INBOX_CATALOGUE = {
  // ---- Subscriptions
  RESERVATION_OPEN: task({
    audience: 'LP',
    action: 'INVEST',
    actors: LP,
    opens: ['RESERVATION_OPENED'],
    closes: [
      'SUBSCRIPTION_SUBMITTED',
      'SUBSCRIPTION_REJECTED',
      'SUBSCRIPTION_WITHDRAWN',
      'SUBSCRIPTION_CANCELLED',
      'SUBSCRIPTION_EXPIRED',
    ],
    emailTopic: 'subscriptionUpdates',
    path: '/products/{productId}/subscribe/invest',
    title: { en: 'Your reservation in {fund} is open', 'zh-CN': '您在{fund}的预约已开放' },
    body: {
      en: 'The reservation you made in {fund} is now open for subscription. Complete your investment by {dueDate}.',
      'zh-CN': '您在{fund}的预约现已开放认购。请在 {dueDate} 前完成投资。',
    },
  }),
  EXPRESSED_INTEREST_RECEIVED: message({
    audience: 'LP',
    action: 'VIEW_OPPORTUNITIES',
    opens: ['INTEREST_EXPRESSED'],
    emailTopic: 'subscriptionUpdates',
    path: '/',
    title: { en: 'We received your interest in {fund}', 'zh-CN': '我们已收到您对{fund}的意向' },
    body: {
      en: 'Thank you for your interest in {fund}. The manager will tell you when it opens for investment.',
      'zh-CN': '感谢您对{fund}的关注。产品开放投资时，管理人会通知您。',
    },
  }),
  DOCUMENTS_FOR_SIGNING: task({
    audience: 'LP',
    action: 'VIEW_INVESTMENT',
    actors: LP,
    opens: ['SIGNING_STARTED'],
    closes: [
      'SUBSCRIPTION_SIGNED',
      'SUBSCRIPTION_REJECTED',
      'SUBSCRIPTION_WITHDRAWN',
      'SUBSCRIPTION_CANCELLED',
      'SUBSCRIPTION_EXPIRED',
    ],
    emailTopic: 'documents',
    path: '/investments/{refId}',
    title: { en: 'Documents to sign for {fund}', 'zh-CN': '{fund}有待签署的文件' },
    body: {
      en: 'The subscription documents for your investment in {fund} are ready for your signature.',
      'zh-CN': '您投资{fund}的认购文件已准备好，请签署。',
    },
  }),
  SIGNED_ORDER: message({
    audience: 'LP',
    action: 'VIEW_INVESTMENT',
    opens: ['SUBSCRIPTION_SIGNED'],
    emailTopic: 'subscriptionUpdates',
    path: '/investments/{refId}',
    title: { en: 'Your order for {fund} is signed', 'zh-CN': '您的{fund}认购单已签署' },
    body: {
      en: 'Everyone has signed your subscription order for {fund}. The manager will now review it.',
      'zh-CN': '您的{fund}认购单已由各方签署，管理人将进行审核。',
    },
  }),
  SUBSCRIPTION_CONFIRMED: message({
    audience: 'LP',
    action: 'VIEW_INVESTMENT',
    opens: ['SUBSCRIPTION_CONFIRMED'],
    emailTopic: 'subscriptionUpdates',
    path: '/investments/{refId}',
    title: { en: 'Your subscription to {fund} is confirmed', 'zh-CN': '您对{fund}的认购已确认' },
    body: {
      en: 'Your subscription of {amount} to {fund} is confirmed.',
      'zh-CN': '您对{fund}的 {amount} 认购已确认。',
    },
  }),
  SUBSCRIPTION_APPROVED: message({
    audience: 'LP',
    action: 'VIEW_INVESTMENT',
    opens: ['SUBSCRIPTION_APPROVED'],
    emailTopic: 'subscriptionUpdates',
    path: '/investments/{refId}',
    title: { en: 'Your subscription to {fund} is approved', 'zh-CN': '您对{fund}的认购已获批准' },
    body: {
      en: 'The manager approved your subscription to {fund}.',
      'zh-CN': '管理人已批准您对{fund}的认购。',
    },
  }),
  SUBSCRIPTION_REJECTED: message({
    audience: 'LP',
    action: 'VIEW_OPPORTUNITIES',
    opens: ['SUBSCRIPTION_REJECTED'],
    emailTopic: 'subscriptionUpdates',
    path: '/',
    title: { en: 'Your subscription to {fund} was not accepted', 'zh-CN': '您对{fund}的认购未被接受' },
    body: {
      en: 'The manager did not accept your subscription to {fund}. Other opportunities remain open to you.',
      'zh-CN': '管理人未接受您对{fund}的认购。您仍可查看其他投资机会。',
    },
  }),
  SUBSCRIPTION_CHANGES_REQUIRED: task({
    audience: 'LP',
    action: 'AMEND_INVESTMENT',
    actors: LP,
    opens: ['SUBSCRIPTION_CHANGES_REQUESTED'],
    closes: [
      'SUBSCRIPTION_AMENDED',
      'SUBSCRIPTION_REJECTED',
      'SUBSCRIPTION_WITHDRAWN',
      'SUBSCRIPTION_CANCELLED',
      'SUBSCRIPTION_EXPIRED',
    ],
    emailTopic: 'subscriptionUpdates',
    path: '/subscriptions/{refId}/amend',
    title: { en: 'Changes needed to your subscription to {fund}', 'zh-CN': '您对{fund}的认购需要修改' },
    body: {
      en: 'The manager asks you to amend your subscription to {fund}: {comment}',
      'zh-CN': '管理人请您修改对{fund}的认购：{comment}',
    },
  }),
  // Issue 13: a reminder before a subscription lapses (REMINDER_DAYS before expiresAt), and the notice
  // of a manager's reset of a journey step (their reason as they wrote it).
  SUBSCRIPTION_EXPIRING_SOON: message({
    audience: 'LP',
    action: 'VIEW_INVESTMENT',
    opens: ['SUBSCRIPTION_EXPIRING'],
    emailTopic: 'subscriptionUpdates',
    path: '/subscriptions/{refId}',
    title: { en: 'Your subscription to {fund} lapses soon', 'zh-CN': '您对{fund}的认购即将失效' },
    body: {
      en: 'Your subscription to {fund} is unfinished and lapses on {dueDate}. Continue it before then to keep it.',
      'zh-CN': '您对{fund}的认购尚未完成，将于 {dueDate} 失效。请在此之前继续办理。',
    },
  }),
  SUBSCRIPTION_STEP_REOPENED: message({
    audience: 'LP',
    action: 'VIEW_INVESTMENT',
    opens: ['SUBSCRIPTION_STEP_RESET'],
    emailTopic: 'subscriptionUpdates',
    path: '/subscriptions/{refId}',
    title: { en: 'A step of your subscription to {fund} was reopened', 'zh-CN': '您对{fund}认购的一个步骤已重新打开' },
    body: {
      en: 'The manager reopened a step of your subscription to {fund}: {reason} Please check your answers and continue.',
      'zh-CN': '管理人重新打开了您对{fund}认购的一个步骤：{reason} 请检查您的答案并继续办理。',
    },
  }),
  ADDITIONAL_DOCUMENTS_REQUIRED: task({
    audience: 'LP',
    action: 'UPLOAD',
    actors: LP,
    opens: ['ADDITIONAL_DOCUMENTS_REQUESTED'],
    closes: [
      'ADDITIONAL_DOCUMENTS_UPLOADED',
      'SUBSCRIPTION_REJECTED',
      'SUBSCRIPTION_WITHDRAWN',
      'SUBSCRIPTION_CANCELLED',
      'SUBSCRIPTION_EXPIRED',
    ],
    emailTopic: 'documents',
    path: '/subscriptions/{refId}/documents',
    title: { en: 'More documents needed for {fund}', 'zh-CN': '{fund}需要补充文件' },
    body: {
      en: 'To proceed with your subscription to {fund}, please upload: {documents}.',
      'zh-CN': '为继续处理您对{fund}的认购，请上传：{documents}。',
    },
  }),
  MANDATORY_DOCUMENTS_REQUIRED: task({
    audience: 'LP',
    action: 'UPLOAD',
    actors: LP,
    opens: ['MANDATORY_DOCUMENTS_REQUESTED'],
    closes: [
      'MANDATORY_DOCUMENTS_UPLOADED',
      'SUBSCRIPTION_REJECTED',
      'SUBSCRIPTION_WITHDRAWN',
      'SUBSCRIPTION_CANCELLED',
      'SUBSCRIPTION_EXPIRED',
    ],
    emailTopic: 'documents',
    path: '/subscriptions/{refId}/documents',
    title: { en: 'Required documents for {fund}', 'zh-CN': '{fund}的必备文件' },
    body: {
      en: '{fund} requires these documents before your subscription can be reviewed: {documents}.',
      'zh-CN': '在审核您的认购之前，{fund}需要以下文件：{documents}。',
    },
  }),

  // ---- Capital calls and money
  CAPITAL_CALL_OPEN_ENDED: task({
    audience: 'LP',
    action: 'VIEW_INVESTMENT',
    actors: LP,
    // Issued, and again when a correction takes back a payment that had paid it in full.
    opens: ['CAPITAL_CALL_ISSUED', 'CAPITAL_CALL_PAYMENT_UNDONE'],
    openWhen: (p) => p.accountKind !== 'IRA' && p.fundType === 'OPEN_ENDED',
    closes: ['FUNDS_RECEIVED', 'CAPITAL_CALL_CANCELLED'],
    emailTopic: 'capitalCalls',
    urgentWithinDays: 2,
    path: '/investments/{refId}',
    title: { en: 'Capital call: {amount} for {fund}', 'zh-CN': '缴款通知：{fund} {amount}' },
    body: {
      en: 'Please transfer {amount} for your investment in {fund} by {dueDate}. The payment details are on the portal.',
      'zh-CN': '请在 {dueDate} 前为您在{fund}的投资转账 {amount}。付款信息请在门户中查看。',
    },
  }),
  CAPITAL_CALL_CLOSE_ENDED: task({
    audience: 'LP',
    action: 'VIEW_INVESTMENT',
    actors: LP,
    // Issued, and again when a correction takes back a payment that had paid it in full.
    opens: ['CAPITAL_CALL_ISSUED', 'CAPITAL_CALL_PAYMENT_UNDONE'],
    openWhen: (p) => p.accountKind !== 'IRA' && p.fundType === 'CLOSE_ENDED',
    closes: ['FUNDS_RECEIVED', 'CAPITAL_CALL_CANCELLED'],
    emailTopic: 'capitalCalls',
    urgentWithinDays: 2,
    path: '/investments/{refId}',
    title: { en: 'Capital call: {amount} for {fund}', 'zh-CN': '缴款通知：{fund} {amount}' },
    body: {
      en: '{fund} calls {amount} of your commitment, due by {dueDate}. The payment details are on the portal.',
      'zh-CN': '{fund}就您的认缴承诺发出 {amount} 的缴款通知，截止日期为 {dueDate}。付款信息请在门户中查看。',
    },
  }),
  CAPITAL_CALL_IRA: task({
    audience: 'LP',
    action: 'INSTRUCT',
    actors: LP,
    // Issued, and again when a correction takes back a payment that had paid it in full.
    opens: ['CAPITAL_CALL_ISSUED', 'CAPITAL_CALL_PAYMENT_UNDONE'],
    openWhen: (p) => p.accountKind === 'IRA',
    closes: ['FUNDS_RECEIVED', 'CAPITAL_CALL_CANCELLED'],
    emailTopic: 'capitalCalls',
    urgentWithinDays: 2,
    path: '/investments/{refId}/instruct',
    title: { en: 'Instruct your custodian: {amount} for {fund}', 'zh-CN': '请指示您的托管人：{fund} {amount}' },
    body: {
      en: '{fund} calls {amount}, due by {dueDate}. Instruct your IRA custodian to transfer it; transfers usually take 5 days to clear.',
      'zh-CN':
        '{fund}发出 {amount} 的缴款通知，截止日期为 {dueDate}。请指示您的 IRA 托管人转账；转账通常需要 5 天到账。',
    },
  }),
  CAPITAL_CALL_DUE_SOON: message({
    audience: 'LP',
    action: 'VIEW_INVESTMENT',
    opens: ['CAPITAL_CALL_DUE_SOON'],
    emailTopic: 'capitalCalls',
    urgentWithinDays: 2,
    path: '/investments/{refId}',
    title: { en: 'Due on {dueDate}: {amount} for {fund}', 'zh-CN': '{dueDate} 到期：{fund} {amount}' },
    body: {
      en: 'Your capital call of {amount} for {fund} is due on {dueDate} and has not been received yet.',
      'zh-CN': '您在{fund}的 {amount} 缴款将于 {dueDate} 到期，目前尚未到账。',
    },
  }),
  FUNDS_RECEIVED: message({
    audience: 'LP',
    action: 'VIEW_INVESTMENT',
    opens: ['FUNDS_RECEIVED'],
    emailTopic: 'capitalCalls',
    path: '/investments/{refId}',
    title: { en: 'Funds received for {fund}', 'zh-CN': '{fund}款项已到账' },
    body: {
      en: 'We received your payment of {amount} for {fund}.',
      'zh-CN': '我们已收到您为{fund}支付的 {amount}。',
    },
  }),
  // A correction took back (part of) a payment that had paid the call in full: money is owed again,
  // and the call's task opens again (CAPITAL_CALL_PAYMENT_UNDONE) beside this message.
  CAPITAL_CALL_PAYMENT_CORRECTED: message({
    audience: 'LP',
    action: 'VIEW_INVESTMENT',
    opens: ['CAPITAL_CALL_PAYMENT_CORRECTED'],
    emailTopic: 'capitalCalls',
    path: '/investments/{refId}',
    title: { en: 'Your payment for {fund} was corrected', 'zh-CN': '您为{fund}的付款记录已更正' },
    body: {
      en: 'The manager corrected the payment recorded for your capital call in {fund}. {amount} is due again by {dueDate}.',
      'zh-CN': '管理人更正了您在{fund}缴款的付款记录。请在 {dueDate} 前再支付 {amount}。',
    },
  }),
  DISTRIBUTION_PAID: message({
    audience: 'LP',
    action: 'VIEW_INVESTMENT',
    opens: ['DISTRIBUTION_PAID'],
    emailTopic: 'distributions',
    path: '/investments/{refId}',
    title: { en: 'Distribution from {fund}', 'zh-CN': '{fund}分配' },
    body: {
      en: '{fund} paid you a distribution of {amount}.',
      'zh-CN': '{fund}已向您支付 {amount} 的分配款。',
    },
  }),
  // A correction moved the investor's part (what it is, or what stands paid of it).
  DISTRIBUTION_CORRECTED: message({
    audience: 'LP',
    action: 'VIEW_INVESTMENT',
    opens: ['DISTRIBUTION_PART_CORRECTED'],
    emailTopic: 'distributions',
    path: '/investments/{refId}',
    title: { en: 'Your distribution from {fund} was corrected', 'zh-CN': '您在{fund}的分配已更正' },
    body: {
      en: 'The manager corrected your distribution from {fund}. Your part is now {amount}, of which {paid} has been paid to you.',
      'zh-CN': '管理人更正了您在{fund}的分配。您的分配额现为 {amount}，其中已向您支付 {paid}。',
    },
  }),
  NAV_UPDATED: message({
    audience: 'LP',
    action: 'VIEW_INVESTMENT',
    opens: ['NAV_UPDATED'],
    emailTopic: 'navUpdates',
    path: '/investments/{refId}',
    title: { en: 'New NAV for {fund}', 'zh-CN': '{fund}净值更新' },
    body: {
      en: 'The NAV of {fund} as of {navDate} is {nav}.',
      'zh-CN': '{fund}截至 {navDate} 的净值为 {nav}。',
    },
  }),

  // ---- Redemptions
  REDEMPTION_REQUESTED: message({
    audience: 'LP',
    action: 'VIEW_INVESTMENT',
    opens: ['REDEMPTION_REQUESTED'],
    emailTopic: 'subscriptionUpdates',
    path: '/redemptions/{refId}',
    title: { en: 'Redemption request received for {fund}', 'zh-CN': '已收到{fund}的赎回申请' },
    body: {
      en: 'We received your request to redeem {amount} from {fund}. The manager will review it.',
      'zh-CN': '我们已收到您从{fund}赎回 {amount} 的申请，管理人将进行审核。',
    },
  }),
  REDEMPTION_CONFIRMED: message({
    audience: 'LP',
    action: 'VIEW_INVESTMENT',
    opens: ['REDEMPTION_CONFIRMED'],
    emailTopic: 'subscriptionUpdates',
    path: '/redemptions/{refId}',
    title: { en: 'Redemption from {fund} confirmed', 'zh-CN': '{fund}赎回已确认' },
    body: {
      en: 'Your redemption of {amount} from {fund} is confirmed.',
      'zh-CN': '您从{fund}赎回 {amount} 已确认。',
    },
  }),
  REDEMPTION_CHANGES_REQUIRED: task({
    audience: 'LP',
    action: 'AMEND_REDEMPTION',
    actors: LP,
    opens: ['REDEMPTION_CHANGES_REQUESTED'],
    closes: ['REDEMPTION_AMENDED', 'REDEMPTION_CONFIRMED'],
    emailTopic: 'subscriptionUpdates',
    path: '/redemptions/{refId}/amend',
    title: { en: 'Changes needed to your redemption from {fund}', 'zh-CN': '您在{fund}的赎回需要修改' },
    body: {
      en: 'The manager asks you to amend your redemption from {fund}: {comment}',
      'zh-CN': '管理人请您修改在{fund}的赎回：{comment}',
    },
  }),
  // Issue 14, dealing: one REDEMPTION_DEALT event opens one of the two, by whether a gate carried units.
  REDEMPTION_DEALT: message({
    audience: 'LP',
    action: 'VIEW_INVESTMENT',
    opens: ['REDEMPTION_DEALT'],
    openWhen: (p) => !isCarried(p.carried),
    emailTopic: 'subscriptionUpdates',
    path: '/redemptions/{refId}',
    title: { en: 'Redemption from {fund} dealt', 'zh-CN': '{fund}赎回已成交' },
    body: {
      en: '{units} units of your redemption from {fund} were dealt on {dealingDate} for {amount}.',
      'zh-CN': '您从{fund}赎回的 {units} 份已于 {dealingDate} 成交，金额 {amount}。',
    },
  }),
  REDEMPTION_GATED: message({
    audience: 'LP',
    action: 'VIEW_INVESTMENT',
    opens: ['REDEMPTION_DEALT'],
    openWhen: (p) => isCarried(p.carried),
    emailTopic: 'subscriptionUpdates',
    path: '/redemptions/{refId}',
    title: { en: 'Redemption from {fund} partly dealt', 'zh-CN': '{fund}赎回部分成交' },
    body: {
      en: 'The fund’s redemption gate applied on {dealingDate}: {units} units of your redemption from {fund} were dealt for {amount}, and {carried} units are carried forward to the next dealing date.',
      'zh-CN':
        '{fund}于 {dealingDate} 启用赎回闸门：您的赎回中 {units} 份已成交，金额 {amount}；其余 {carried} 份顺延至下一交易日。',
    },
  }),
  REDEMPTION_PAID: message({
    audience: 'LP',
    action: 'VIEW_INVESTMENT',
    opens: ['REDEMPTION_PAID'],
    emailTopic: 'subscriptionUpdates',
    path: '/redemptions/{refId}',
    title: { en: 'Redemption proceeds from {fund} sent', 'zh-CN': '{fund}赎回款项已汇出' },
    body: {
      en: 'The proceeds of your redemption from {fund}, {amount}, have been transferred.',
      'zh-CN': '您从{fund}赎回的款项 {amount} 已转出。',
    },
  }),
  // A correction moved what was dealt or paid: what now stands.
  REDEMPTION_CORRECTED: message({
    audience: 'LP',
    action: 'VIEW_INVESTMENT',
    opens: ['REDEMPTION_FIGURES_CORRECTED'],
    emailTopic: 'subscriptionUpdates',
    path: '/redemptions/{refId}',
    title: { en: 'Your redemption from {fund} was corrected', 'zh-CN': '您在{fund}的赎回已更正' },
    body: {
      en: 'The manager corrected your redemption from {fund}. It now stands at {units} units dealt, for proceeds of {amount}.',
      'zh-CN': '管理人更正了您在{fund}的赎回。现已成交 {units} 份，赎回款项为 {amount}。',
    },
  }),
  CONTRACT_NOTE_ISSUED: message({
    audience: 'LP',
    action: 'VIEW_INVESTMENT',
    opens: ['CONTRACT_NOTE_ISSUED'],
    emailTopic: 'subscriptionUpdates',
    path: '/investments/{refId}',
    title: { en: 'Your order in {fund} was dealt', 'zh-CN': '您在{fund}的认购已成交' },
    body: {
      en: 'Your order of {amount} in {fund} was dealt at the NAV of {navDate}: {units} units were issued. The contract note is in your portfolio.',
      'zh-CN': '您在{fund}的 {amount} 认购已按 {navDate} 的净值成交，获发 {units} 份。成交单据见您的投资组合。',
    },
  }),
  REDEMPTION_ADDITIONAL_DOCUMENTS_REQUIRED: task({
    audience: 'LP',
    action: 'UPLOAD',
    actors: LP,
    opens: ['REDEMPTION_DOCUMENTS_REQUESTED'],
    closes: ['REDEMPTION_DOCUMENTS_UPLOADED', 'REDEMPTION_CONFIRMED'],
    emailTopic: 'documents',
    path: '/redemptions/{refId}/documents',
    title: { en: 'Documents needed for your redemption from {fund}', 'zh-CN': '您在{fund}的赎回需要补充文件' },
    body: {
      en: 'To process your redemption from {fund}, please upload: {documents}.',
      'zh-CN': '为处理您在{fund}的赎回，请上传：{documents}。',
    },
  }),

  // ---- Profile and KYC
  KYC_CONFIRMED: message({
    audience: 'LP',
    action: 'VIEW_OPPORTUNITIES',
    opens: ['KYC_CONFIRMED'],
    path: '/',
    title: { en: 'Your identity checks are complete', 'zh-CN': '您的身份核验已完成' },
    body: {
      en: 'The checks on {profile} are complete. You can now invest.',
      'zh-CN': '{profile}的核验已完成，您现在可以投资了。',
    },
  }),
  // The spec's three material tasks. No part emits MATERIAL_REQUESTED today, on purpose (issue 11,
  // docs/profiles.md "KYC review"): the manager's request for documents on a KYC case asks for any
  // mix of requirement kinds with a note in one task (KYC_DOCUMENTS_REQUIRED below), closed by an
  // upload or by the case's end, where three material tasks would each need their own closing rule and
  // would stay open after the case ended. They stay catalogued for a part that asks for one material
  // outside a KYC case (a bank document for a payout), with MATERIAL_PROVIDED closing it.
  ADDRESS_MATERIAL_REQUIRED: task({
    audience: 'LP',
    action: 'UPLOAD',
    actors: LP,
    opens: ['MATERIAL_REQUESTED'],
    openWhen: isMaterial('ADDRESS'),
    closes: ['MATERIAL_PROVIDED'],
    closeWhen: isMaterial('ADDRESS'),
    emailTopic: 'documents',
    path: '/profiles/{refId}/documents',
    title: { en: 'Proof of address needed for {profile}', 'zh-CN': '{profile}需要地址证明' },
    body: {
      en: 'Please upload a recent proof of address for {profile}.',
      'zh-CN': '请为{profile}上传近期的地址证明。',
    },
  }),
  BANK_MATERIAL_REQUIRED: task({
    audience: 'LP',
    action: 'UPLOAD',
    actors: LP,
    opens: ['MATERIAL_REQUESTED'],
    openWhen: isMaterial('BANK'),
    closes: ['MATERIAL_PROVIDED'],
    closeWhen: isMaterial('BANK'),
    emailTopic: 'documents',
    path: '/profiles/{refId}/documents',
    title: { en: 'Bank document needed for {profile}', 'zh-CN': '{profile}需要银行证明文件' },
    body: {
      en: 'Please upload a document from your bank that supports the bank account of {profile}. Enter the account itself on the portal only.',
      'zh-CN': '请上传银行出具的、可证明{profile}银行账户的文件。账户信息请仅在门户中填写。',
    },
  }),
  IDENTITY_MATERIAL_REQUIRED: task({
    audience: 'LP',
    action: 'UPLOAD',
    actors: LP,
    opens: ['MATERIAL_REQUESTED'],
    openWhen: isMaterial('IDENTITY'),
    closes: ['MATERIAL_PROVIDED'],
    closeWhen: isMaterial('IDENTITY'),
    emailTopic: 'documents',
    path: '/profiles/{refId}/documents',
    title: { en: 'Proof of identity needed for {profile}', 'zh-CN': '{profile}需要身份证明' },
    body: {
      en: 'Please upload a valid proof of identity (passport, driving licence or national ID card) for {profile}.',
      'zh-CN': '请为{profile}上传有效的身份证明（护照、驾驶证或身份证）。',
    },
  }),
  // The manager's request for documents on a KYC case (shared/src/events/kyc-events.ts): what was
  // asked for is in `documents`, in the investor's language; it closes when a document is added to the
  // profile, or when the case ends.
  KYC_DOCUMENTS_REQUIRED: task({
    audience: 'LP',
    action: 'UPLOAD',
    actors: LP,
    opens: ['KYC_DOCUMENTS_REQUESTED'],
    closes: ['KYC_DOCUMENTS_PROVIDED'],
    emailTopic: 'documents',
    path: '/profiles/{refId}/documents',
    title: { en: 'Documents needed to verify {profile}', 'zh-CN': '核验{profile}需要补充文件' },
    body: {
      en: 'To complete the checks on {profile}, please upload: {documents}.',
      'zh-CN': '为完成{profile}的核验，请上传：{documents}。',
    },
  }),
  // Eligibility evidence about to expire (issue 11, docs/profiles.md "Eligibility"): opened by the daily
  // job 30 days ahead, once per evidence; the investor uploads the renewed evidence on the profile.
  ELIGIBILITY_RENEWAL: task({
    audience: 'LP',
    action: 'UPLOAD',
    actors: LP,
    opens: ['ELIGIBILITY_RENEWAL_DUE'],
    closes: ['ELIGIBILITY_RENEWED'],
    closeWhen: (payload, task) => payload.classification === task.params.classification,
    emailTopic: 'documents',
    path: '/profiles/{refId}',
    title: { en: 'Renew the {classification} evidence of {profile}', 'zh-CN': '请更新{profile}的{classification}证明' },
    body: {
      en: 'The evidence of {profile} as {classification} expires on {dueDate}. Upload current evidence before then to keep subscribing to new funds.',
      'zh-CN': '{profile}作为{classification}的证明将于{dueDate}到期。请在此之前上传最新证明，以便继续认购新基金。',
    },
  }),
  BANK_CHANGE_DECIDED: message({
    audience: 'LP',
    action: 'VIEW_INVESTMENT',
    opens: ['BANK_CHANGE_DECIDED'],
    path: '/profiles/{refId}',
    // The outcome is not in the text: the portal shows it beside the account, which an email must not.
    title: { en: 'Bank account change reviewed for {profile}', 'zh-CN': '{profile}的银行账户变更已审核' },
    body: {
      en: 'The manager has reviewed the change of bank account for {profile}. See the outcome on the portal.',
      'zh-CN': '管理人已审核{profile}的银行账户变更，结果请在门户中查看。',
    },
  }),

  // ---- Electronic signature (issue 12, docs/signing.md "Signer side"): one task per signer (refId is
  // the signer), opened when their turn comes, closed when they sign or decline or the project ends
  // otherwise. Signers without an account get no task: they are emailed a link (signing consumer).
  SIGNING_REQUESTED: task({
    audience: 'LP',
    action: 'SIGN',
    actors: LP,
    opens: ['SIGNER_NOTIFIED'],
    openWhen: (p) => p.accountType === 'LP',
    closes: ['SIGNER_SIGNED', 'SIGNER_DECLINED', 'SIGNER_CANCELLED'],
    emailTopic: 'documents',
    path: '/signing/{projectId}/{refId}',
    title: { en: 'Documents out for signing: {project}', 'zh-CN': '待签署文件：{project}' },
    body: {
      en: '{project} is ready for your signature. You will confirm it is you with a code we email you, then review and sign.',
      'zh-CN': '{project}已准备好，请您签署。您将先通过我们发送到您邮箱的验证码确认身份，然后查阅并签署。',
    },
  }),
  GP_SIGNING_REQUESTED: task({
    audience: 'GP_NAMED',
    action: 'SIGN',
    actors: GP_ANY,
    opens: ['SIGNER_NOTIFIED'],
    openWhen: (p) => p.accountType === 'GP',
    closes: ['SIGNER_SIGNED', 'SIGNER_DECLINED', 'SIGNER_CANCELLED'],
    path: '/signing/{projectId}/{refId}',
    title: { en: 'Documents out for signing: {project}', 'zh-CN': '待签署文件：{project}' },
    body: {
      en: 'It is your turn to sign {project}. You will confirm it is you with an emailed code, then review and sign.',
      'zh-CN': '现在轮到您签署{project}。您将先通过邮件验证码确认身份，然后查阅并签署。',
    },
  }),

  // ---- The manager's side
  GP_SUBSCRIPTION_REVIEW: task({
    audience: 'GP_TEAM',
    action: 'REVIEW',
    actors: GP_ADMINS,
    approval: true,
    opens: ['SUBSCRIPTION_SUBMITTED'],
    closes: [
      'SUBSCRIPTION_APPROVED',
      'SUBSCRIPTION_REJECTED',
      'SUBSCRIPTION_WITHDRAWN',
      'SUBSCRIPTION_CANCELLED',
      'SUBSCRIPTION_EXPIRED',
      'SUBSCRIPTION_CHANGES_REQUESTED',
    ],
    path: '/gp/subscriptions/{refId}',
    title: { en: 'Review the subscription of {investor} to {fund}', 'zh-CN': '审核{investor}对{fund}的认购' },
    body: {
      en: '{investor} submitted a subscription of {amount} to {fund}. Approve or reject it.',
      'zh-CN': '{investor}提交了对{fund}的 {amount} 认购，请批准或拒绝。',
    },
  }),
  GP_COUNTERSIGN: task({
    audience: 'GP_TEAM',
    action: 'COUNTERSIGN',
    actors: GP_ADMINS,
    // Countersigning follows the manager's approval (the subscription lifecycle: APPROVED -> COMMITTED),
    // not the investor's last signature, so the task cannot be acted on before it is possible.
    opens: ['SUBSCRIPTION_APPROVED'],
    closes: [
      'SUBSCRIPTION_COUNTERSIGNED',
      'SUBSCRIPTION_REJECTED',
      'SUBSCRIPTION_WITHDRAWN',
      'SUBSCRIPTION_CANCELLED',
      'SUBSCRIPTION_EXPIRED',
    ],
    path: '/gp/subscriptions/{refId}',
    title: { en: 'Countersign the order of {investor} for {fund}', 'zh-CN': '会签{investor}的{fund}认购单' },
    body: {
      en: 'The subscription order of {investor} for {fund} is approved. It waits for your countersignature.',
      'zh-CN': '{investor}的{fund}认购单已获批准，等待您会签。',
    },
  }),
  GP_FUNDS_CONFIRMATION: task({
    audience: 'GP_TEAM',
    action: 'CONFIRM_FUNDS',
    actors: GP_ADMINS,
    approval: true,
    opens: ['CAPITAL_CALL_PAYMENT_REPORTED'],
    closes: ['FUNDS_RECEIVED', 'CAPITAL_CALL_CANCELLED'],
    path: '/gp/capital-calls/{refId}',
    title: { en: 'Confirm the funds of {investor} for {fund}', 'zh-CN': '确认{investor}为{fund}支付的款项' },
    body: {
      en: '{investor} reports having paid {amount} for {fund}. Confirm when the funds are in the account.',
      'zh-CN': '{investor}报告已为{fund}支付 {amount}，款项到账后请确认。',
    },
  }),
  GP_BANK_CHANGE_APPROVAL: task({
    audience: 'GP_TEAM',
    action: 'APPROVE',
    actors: GP_ADMINS,
    approval: true,
    opens: ['BANK_CHANGE_REQUESTED'],
    closes: ['BANK_CHANGE_DECIDED'],
    // One task per account (refId is the profile): a decision closes the task of its own account only.
    closeWhen: (payload, task) => payload.payeeId === undefined || payload.payeeId === task.params.payeeId,
    path: '/gp/profiles/{refId}/bank-accounts/{payeeId}',
    title: { en: 'Approve the bank change of {investor}', 'zh-CN': '审批{investor}的银行账户变更' },
    body: {
      en: '{investor} asks to change the bank account of {profile}. Check it on the console, then approve or reject it.',
      'zh-CN': '{investor}申请变更{profile}的银行账户。请在控制台核对后批准或拒绝。',
    },
  }),
  GP_REDEMPTION_REVIEW: task({
    audience: 'GP_TEAM',
    action: 'REVIEW',
    actors: GP_ADMINS,
    approval: true,
    opens: ['REDEMPTION_REQUESTED', 'REDEMPTION_AMENDED'],
    closes: ['REDEMPTION_CONFIRMED', 'REDEMPTION_CHANGES_REQUESTED'],
    path: '/gp/redemptions/{refId}',
    title: { en: 'Review the redemption of {investor} from {fund}', 'zh-CN': '审核{investor}在{fund}的赎回' },
    body: {
      en: '{investor} asks to redeem {amount} from {fund}. Approve it or ask for changes.',
      'zh-CN': '{investor}申请从{fund}赎回 {amount}，请批准或要求修改。',
    },
  }),
  // A KYC case waiting for the manager (issue 11, functions/src/kyc/): opened with the case, closed by
  // the decision that ends it (a request for documents keeps it open: the case comes back).
  GP_KYC_CASE_REVIEW: task({
    audience: 'GP_TEAM',
    action: 'REVIEW',
    actors: GP_ADMINS,
    opens: ['KYC_REVIEW_REQUESTED'],
    closes: ['KYC_CASE_DECIDED'],
    closeWhen: (p) => p.decision === 'APPROVE' || p.decision === 'REJECT',
    path: '/gp/kyc/{caseId}',
    title: { en: 'Review the KYC case of {profile}', 'zh-CN': '审核{profile}的 KYC 案例' },
    body: {
      en: '{profile} was screened and identity-checked and waits for your decision: approve, reject or ask for documents.',
      'zh-CN': '{profile}已完成筛查与身份核验，等待您的决定：批准、拒绝或要求补充文件。',
    },
  }),
  GP_INTEREST_EXPRESSED: message({
    audience: 'GP_TEAM',
    action: 'REVIEW',
    opens: ['INTEREST_EXPRESSED'],
    path: '/gp/products/{productId}',
    title: { en: '{investor} is interested in {fund}', 'zh-CN': '{investor}对{fund}有投资意向' },
    body: {
      en: '{investor} expressed interest in {fund} for {amount}.',
      'zh-CN': '{investor}表示有意向投资{fund}，金额为 {amount}。',
    },
  }),
  // Issue 12: the project's sender (GP_NAMED: the event names them). Five wrong codes spent a signer's
  // link: only the sender can send a new one (/project/resend), so it is a task that the resend closes.
  GP_SIGNING_LINK_LOCKED: task({
    audience: 'GP_NAMED',
    action: 'REVIEW',
    actors: GP_ADMINS,
    opens: ['SIGNER_LOCKED'],
    closes: ['SIGNER_RESENT', 'SIGNER_CANCELLED'],
    path: '/gp/signing/{projectId}',
    title: { en: 'Signing link locked: {signer}', 'zh-CN': '签署链接已锁定：{signer}' },
    body: {
      en: '{signer} entered a wrong code too many times, so their link to sign {project} is locked. Check with them, then resend the link.',
      'zh-CN': '{signer}多次输入错误的验证码，其签署{project}的链接已被锁定。请与其核实后重新发送链接。',
    },
  }),
  GP_SIGNING_DECLINED: message({
    audience: 'GP_NAMED',
    action: 'REVIEW',
    opens: ['SIGNING_PROJECT_DECLINED'],
    path: '/gp/signing/{projectId}',
    title: { en: '{signer} declined to sign {project}', 'zh-CN': '{signer}拒绝签署{project}' },
    body: {
      en: '{signer} declined to sign {project}, which has ended. Their reason: {reason}',
      'zh-CN': '{signer}拒绝签署{project}，该签署项目已结束。原因：{reason}',
    },
  }),
  GP_SIGNING_COMPLETED: message({
    audience: 'GP_NAMED',
    action: 'REVIEW',
    // The manager side's event once every document is sealed: the download exists when this is read.
    opens: ['SIGNING_PROJECT_SEALED'],
    path: '/gp/signing/{projectId}',
    title: { en: '{project} is signed', 'zh-CN': '{project}已签署完成' },
    body: {
      en: 'Everyone has signed {project}. The sealed PDF is ready to download.',
      'zh-CN': '{project}已由各方签署完成，已加盖电子印章的 PDF 可供下载。',
    },
  }),
  // Issue 13: an INBOX node of a scenario (SCENARIO_INBOX_REQUESTED, written by the journey's system
  // node): the node's own title and body, to the investor or to the fund's team as the node says.
  SCENARIO_MESSAGE: message({
    audience: 'LP',
    action: 'VIEW_INVESTMENT',
    opens: ['SCENARIO_INBOX_REQUESTED'],
    openWhen: (p) => p.to === 'INVESTOR',
    emailTopic: 'subscriptionUpdates',
    path: '/subscriptions/{refId}',
    localised: { title: 200, body: 2000 },
    title: { en: '{title}', 'zh-CN': '{title}' },
    body: { en: '{body}', 'zh-CN': '{body}' },
  }),
  GP_SCENARIO_MESSAGE: message({
    audience: 'GP_TEAM',
    action: 'REVIEW',
    opens: ['SCENARIO_INBOX_REQUESTED'],
    openWhen: (p) => p.to === 'GP_TEAM',
    path: '/gp/subscriptions/{refId}',
    localised: { title: 200, body: 2000 },
    title: { en: '{title}', 'zh-CN': '{title}' },
    body: { en: '{body}', 'zh-CN': '{body}' },
  }),
  GP_SIGNING_EXPIRED: message({
    audience: 'GP_NAMED',
    action: 'REVIEW',
    opens: ['SIGNING_PROJECT_EXPIRED'],
    path: '/gp/signing/{projectId}',
    title: { en: '{project} expired before everyone signed', 'zh-CN': '{project}在各方签署前已过期' },
    body: {
      en: '{project} reached its expiry date before every signer had signed, so it has ended. Send a new project if it is still needed.',
      'zh-CN': '{project}在所有签署人完成签署前已到期，签署项目已结束。如仍需要，请重新发起签署项目。',
    },
  }),
} as const satisfies Record<InboxKind, InboxKindDef>;

export const inboxKind = (kind: InboxKind): InboxKindDef => INBOX_CATALOGUE[kind];

/** The placeholders a text uses, in order of first use. */
export const placeholdersOf = (text: string): string[] => [
  ...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string)),
];

/** Placeholders the consumer fills itself rather than taking from the event. */
export const CONSUMER_PLACEHOLDERS = ['taskId', 'messageId'] as const;

/** Every placeholder a kind's texts and path use: what its opening events must carry. */
export const placeholdersOfKind = (kind: InboxKind): string[] => {
  const def = INBOX_CATALOGUE[kind];
  return [
    ...new Set([def.path, def.title.en, def.body.en, def.title['zh-CN'], def.body['zh-CN']].flatMap(placeholdersOf)),
  ].filter((p) => !(CONSUMER_PLACEHOLDERS as readonly string[]).includes(p));
};

/**
 * Fills `{name}` from `params` (with `lang`, `name@<lang>` first: a localised placeholder); an unknown
 * placeholder stays visible rather than vanish. One pass: braces inside a value are never filled.
 */
export const fill = (text: string, params: Readonly<Record<string, string>>, lang?: Lang): string =>
  text.replace(
    /\{(\w+)\}/g,
    (whole, name: string) => (lang ? params[`${name}@${lang}`] : undefined) ?? params[name] ?? whole,
  );

/** An author's text made safe to show: control characters (but line breaks) removed, trimmed, cut at `max`. */
export const cleanText = (text: string, max: number): string => {
  // Control and format characters (bidirectional overrides, zero-width ones) go; line breaks stay.
  const clean = text
    .replace(/\r\n?/g, '\n')
    .replace(/(?!\n)[\p{Cc}\p{Cf}]/gu, '')
    .trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
};

/**
 * The stored params of a kind's localised placeholders from an event's `{en, zh-CN}` values: `name`
 * holds English (the fallback, and what search and other languages read), `name@zh-CN` Chinese.
 */
export const localisedParams = (kind: InboxKind, payload: Payload): Record<string, string> => {
  const def: InboxKindDef = INBOX_CATALOGUE[kind];
  const params: Record<string, string> = {};
  for (const [name, max] of Object.entries(def.localised ?? {})) {
    const value = payload[name] as Partial<Record<Lang, unknown>> | undefined;
    if (!value || typeof value !== 'object') continue;
    const en = typeof value.en === 'string' ? cleanText(value.en, max) : '';
    const zh = typeof value['zh-CN'] === 'string' ? cleanText(value['zh-CN'], max) : '';
    if (en || zh) params[name] = en || zh;
    if (zh) params[`${name}@zh-CN`] = zh;
  }
  return params;
};

/** A kind's title and body in one language. */
export const renderKind = (
  kind: InboxKind,
  lang: Lang,
  params: Readonly<Record<string, string>>,
): { title: string; body: string } => {
  const def = INBOX_CATALOGUE[kind];
  return { title: fill(def.title[lang], params, lang), body: fill(def.body[lang], params, lang) };
};

/** Kinds an event opens (after each kind's `openWhen`) and kinds whose open tasks it closes. */
export const kindsOpenedBy = (name: string, payload: Payload): InboxKind[] =>
  INBOX_KINDS.filter((k) => {
    const def: InboxKindDef = INBOX_CATALOGUE[k];
    return def.opens.includes(name as EventName) && (def.openWhen?.(payload) ?? true);
  });
export const kindsClosedBy = (name: string): InboxKind[] =>
  INBOX_KINDS.filter((k) => (INBOX_CATALOGUE[k] as InboxKindDef).closes.includes(name as EventName));

/** Every event name the inbox listens to, opening or closing. */
export const INBOX_EVENT_NAMES: readonly EventName[] = [
  ...new Set(INBOX_KINDS.flatMap((k) => [...INBOX_CATALOGUE[k].opens, ...INBOX_CATALOGUE[k].closes])),
];

/** The action labels exist for every action key (the web and the emails show them). */
export const actionLabel = (action: TaskAction, lang: Lang): string => ACTION_LABELS[action][lang];
export { TASK_ACTIONS };
