/**
 * The money vocabularies without the maths: the API schemas (money.schema.ts) and the route table
 * read these, so a handler that only lists or reads does not carry the decimal library
 * (ledger.ts, call-notice-state.ts and the rest re-export them from here).
 */

/** The spec's transaction types (section 3, "Fund and transaction values"). */
export const TRANSACTION_TYPES = [
  'TRANSFER_FUNDS',
  'SUBSCRIPTION_FEE',
  'DISTRIBUTION',
  'DISTRIBUTED',
  'REDEMPTION',
  'REDEMPTION_FINANCE_CONFIRMS_TRANSFER',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** The spec's transaction and capital-call statuses. */
export const TRANSACTION_STATUSES = ['PENDING', 'RECEIVED', 'DISTRIBUTED', 'PAID'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** What a ledger entry means for the balances (ledger.ts says what each one moves). */
export const LEDGER_KINDS = [
  'COMMITMENT',
  'CALL',
  'PAYMENT',
  'FEE',
  'DISTRIBUTION_DECLARED',
  'DISTRIBUTION_PAID',
  'REDEMPTION_DEALT',
  'REDEMPTION_PAID',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** How each kind reads in the spec's transaction list; a commitment is not a transaction. */
export const SPEC_TRANSACTION: Record<LedgerKind, { type: TransactionType; status: TransactionStatus } | undefined> = {
  COMMITMENT: undefined,
  CALL: { type: 'TRANSFER_FUNDS', status: 'PENDING' },
  PAYMENT: { type: 'TRANSFER_FUNDS', status: 'RECEIVED' },
  FEE: { type: 'SUBSCRIPTION_FEE', status: 'RECEIVED' },
  DISTRIBUTION_DECLARED: { type: 'DISTRIBUTION', status: 'PENDING' },
  DISTRIBUTION_PAID: { type: 'DISTRIBUTED', status: 'DISTRIBUTED' },
  REDEMPTION_DEALT: { type: 'REDEMPTION', status: 'PENDING' },
  REDEMPTION_PAID: { type: 'REDEMPTION_FINANCE_CONFIRMS_TRANSFER', status: 'PAID' },
};

/** One investor's notice of a capital call (call-notice-state.ts is its lifecycle). */
export const CALL_NOTICE_STATES = ['OUTSTANDING', 'FUNDS_RECEIVED', 'RECEIPT_CONFIRMED', 'INVESTED'] as const;
export type CallNoticeState = (typeof CALL_NOTICE_STATES)[number];
