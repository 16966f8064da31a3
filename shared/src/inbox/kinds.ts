/**
 * The names the inbox is built from (docs/inbox.md). The catalogue of what each kind says and who may
 * act on it is catalogue.ts; these lists are apart so the API schemas (inbox.schema.ts) and the web
 * app can use them without loading every title and body.
 */

/** Spec §3 "Message categories": a task asks the user to act; a common message only tells. */
export const MESSAGE_CATEGORIES = ['TASK_MESSAGE', 'COMMON_MESSAGE'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];

/**
 * The message and task kinds of spec §3 ("about 32") and §4 "Lifecycle seen through notifications".
 * LP kinds go to investors; GP_ kinds go to the manager's team.
 */
export const INBOX_KINDS = [
  // ---- Subscriptions (investor)
  'RESERVATION_OPEN',
  'EXPRESSED_INTEREST_RECEIVED',
  'DOCUMENTS_FOR_SIGNING',
  'SIGNED_ORDER',
  'SUBSCRIPTION_CONFIRMED',
  'SUBSCRIPTION_APPROVED',
  'SUBSCRIPTION_REJECTED',
  'SUBSCRIPTION_CHANGES_REQUIRED',
  'ADDITIONAL_DOCUMENTS_REQUIRED',
  'MANDATORY_DOCUMENTS_REQUIRED',
  // Issue 13's journey notices (docs/subscriptions.md "Journeys that can no longer finish, reminders and notices").
  'SUBSCRIPTION_EXPIRING_SOON',
  'SUBSCRIPTION_STEP_REOPENED',
  // ---- Capital calls and money (investor)
  'CAPITAL_CALL_OPEN_ENDED',
  'CAPITAL_CALL_CLOSE_ENDED',
  'CAPITAL_CALL_IRA',
  'CAPITAL_CALL_DUE_SOON',
  'FUNDS_RECEIVED',
  // A correction took back a payment that had paid the call (docs/money.md "A correction that undoes a payment").
  'CAPITAL_CALL_PAYMENT_CORRECTED',
  'DISTRIBUTION_PAID',
  // A correction moved the investor's part, or their redemption's figures (docs/money.md "Corrections of distribution and redemption entries").
  'DISTRIBUTION_CORRECTED',
  'NAV_UPDATED',
  // ---- Redemptions (investor)
  'REDEMPTION_REQUESTED',
  'REDEMPTION_CONFIRMED',
  'REDEMPTION_CHANGES_REQUIRED',
  'REDEMPTION_ADDITIONAL_DOCUMENTS_REQUIRED',
  // Issue 14, dealing (docs/money.md "Dealing and distributions").
  'REDEMPTION_DEALT',
  'REDEMPTION_GATED',
  'REDEMPTION_PAID',
  'REDEMPTION_CORRECTED',
  'CONTRACT_NOTE_ISSUED',
  // ---- Profile and KYC (investor)
  'KYC_CONFIRMED',
  'ADDRESS_MATERIAL_REQUIRED',
  'BANK_MATERIAL_REQUIRED',
  'IDENTITY_MATERIAL_REQUIRED',
  'BANK_CHANGE_DECIDED',
  'ELIGIBILITY_RENEWAL',
  'KYC_DOCUMENTS_REQUIRED',
  // ---- Electronic signature (issue 12): a signer's own task, on either side of the portal
  'SIGNING_REQUESTED',
  'GP_SIGNING_REQUESTED',
  // ---- The manager's side (GP team)
  'GP_SUBSCRIPTION_REVIEW',
  'GP_COUNTERSIGN',
  'GP_FUNDS_CONFIRMATION',
  'GP_BANK_CHANGE_APPROVAL',
  'GP_REDEMPTION_REVIEW',
  'GP_KYC_CASE_REVIEW',
  'GP_INTEREST_EXPRESSED',
  // Issue 12: the notices of a signing project's sender
  'GP_SIGNING_LINK_LOCKED',
  'GP_SIGNING_DECLINED',
  'GP_SIGNING_COMPLETED',
  'GP_SIGNING_EXPIRED',
  // Issue 13: a scenario's inbox nodes, in the words the manager wrote (docs/subscriptions.md "Contacts, contract documents, inbox nodes")
  'SCENARIO_MESSAGE',
  'GP_SCENARIO_MESSAGE',
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/**
 * Spec §2 "Task action labels", plus the manager side's (the spec is silent there: ours). The key is
 * what the API sends; the label in each language is ACTION_LABELS (catalogue.ts).
 */
export const TASK_ACTIONS = [
  'VIEW_INVESTMENT',
  'INVEST',
  'VIEW_OPPORTUNITIES',
  'UPLOAD',
  'INSTRUCT',
  'AMEND_INVESTMENT',
  'AMEND_REDEMPTION',
  'REVIEW',
  'COUNTERSIGN',
  'APPROVE',
  'CONFIRM_FUNDS',
  'SIGN',
] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

/**
 * A task's lifecycle (task-lifecycle.ts). OPEN: given, nobody started; IN_PROGRESS: an assignee
 * started it; DONE: an assignee did it; CLOSED: it ended without this user doing it (someone else
 * did it, or the event that closes it came first).
 */
export const TASK_STATUSES = ['OPEN', 'IN_PROGRESS', 'DONE', 'CLOSED'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Spec §2 "Task list filters". IN_PROGRESS lists OPEN and IN_PROGRESS tasks: all that still wait. */
export const TASK_FILTERS = ['IN_PROGRESS', 'CLOSED', 'DONE', 'ALL'] as const;
export type TaskFilter = (typeof TASK_FILTERS)[number];

/** The filter a task's status (as one assignee sees it) falls under. */
export const filterOf = (status: TaskStatus): Exclude<TaskFilter, 'ALL'> =>
  status === 'OPEN' || status === 'IN_PROGRESS' ? 'IN_PROGRESS' : status;
