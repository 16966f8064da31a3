import { IdSchema, IsoDateSchema, IsoDateTimeSchema, PageQuerySchema, pageOf, safeText } from '../common.schema.js';
import * as z from '../lazy-zod.js';
import { AmountSchema, CurrencySchema } from '../money.js';
import { CAPITAL_CALL_EVENTS, CAPITAL_CALL_STATES } from './capital-call-state.js';
import { DISTRIBUTION_EVENTS, DISTRIBUTION_STATES } from './distribution-state.js';
import { CALL_NOTICE_STATES, LEDGER_KINDS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from './money-enums.js';
import { REDEMPTION_EVENTS, REDEMPTION_STATES } from './redemption-state.js';

/**
 * The money API (issue 14; routes in shared/src/http/routes/money.routes.ts, handlers in
 * functions/src/money/, docs/money.md "Storage and routes"). Amounts are decimal strings with their
 * ISO currency beside them, never floats. Cross-field rules (a call by percentage needs `percent`)
 * are the service's, answered with 422 codes naming the field, so every body the schema accepts is
 * judged by the rules, never half-parsed.
 */

// ---- Shared pieces

/** A measure without a value says why (performance.ts): screens show "not available", never 0. */
const measure = <T extends z.ZodType>(value: T) =>
  z.union([
    z.object({ available: z.literal(true), value }),
    z.object({ available: z.literal(false), reason: z.enum(['noFlows', 'noSignChange', 'noRoot', 'noPaidIn']) }),
  ]);

export const CALL_BASES = ['AMOUNT', 'PERCENTAGE'] as const;
export type CallBasis = (typeof CALL_BASES)[number];

/** A percentage with at most 4 decimals, 0 to 100. */
export const PercentSchema = z
  .string()
  .regex(/^(100(\.0{1,4})?|[1-9]?\d(\.\d{1,4})?)$/, 'Must be a percentage from 0 to 100, such as 12.5');

/** What a notice itemises (ILPA): the investment, the management fee and fund expenses. */
export const CallItemsSchema = z.object({
  investment: AmountSchema,
  managementFee: AmountSchema,
  expenses: AmountSchema,
});

// ---- Capital calls (manager)

export const CallIdParamsSchema = z.strictObject({ callId: IdSchema });

export const CreateCapitalCallBodySchema = z.strictObject({
  productId: IdSchema,
  /** The currency of the investments called; investments in other currencies are not part of the call. */
  currency: CurrencySchema,
  basis: z.enum(CALL_BASES),
  /** AMOUNT: the investment part of the call, split pro rata to commitment. */
  investment: AmountSchema.optional(),
  /** PERCENTAGE: the investment part as a percentage of the eligible commitments. */
  percent: PercentSchema.optional(),
  managementFee: AmountSchema.optional(),
  expenses: AmountSchema.optional(),
  /** Subscriptions the manager excuses from this call: they pay nothing and leave the pro-rata base. */
  excused: z.array(IdSchema).max(1000).optional(),
  /** At least 10 business days after issue; the default when the call is issued without one. */
  dueDate: IsoDateSchema.optional(),
  purpose: safeText({ max: 500 }).optional(),
});
export type CreateCapitalCallBody = z.infer<typeof CreateCapitalCallBodySchema>;

export const IssueCapitalCallBodySchema = z.strictObject({
  /** Overrides the draft's due date; at least 10 business days after today in the fund currency's calendar. */
  dueDate: IsoDateSchema.optional(),
});

export const CAPITAL_CALL_DECISIONS = ['APPROVE', 'RETURN_TO_DRAFT', 'CANCEL'] as const;
export const DecideCapitalCallBodySchema = z.strictObject({ event: z.enum(CAPITAL_CALL_DECISIONS) });

export const RecordPaymentBodySchema = z.strictObject({
  subscriptionId: IdSchema,
  amount: AmountSchema,
  /** Must be the call's currency: moneyCurrencyMismatch naming `currency` otherwise. */
  currency: CurrencySchema,
  /** The value date of the money received (the ledger's effective date; XIRR discounts from it). */
  receivedOn: IsoDateSchema,
});
export type RecordPaymentBody = z.infer<typeof RecordPaymentBodySchema>;

export const ConfirmReceiptBodySchema = z.strictObject({ subscriptionId: IdSchema });

export const NOTICE_STATES = ['DRAFT', ...CALL_NOTICE_STATES] as const;

export const CallNoticeSchema = z.object({
  subscriptionId: IdSchema,
  investorId: z.string(),
  investorName: z.string().optional(),
  /** DRAFT until the call is issued, then the notice lifecycle's state. */
  state: z.enum(NOTICE_STATES),
  items: CallItemsSchema,
  amount: AmountSchema,
  paid: AmountSchema,
  outstanding: AmountSchema,
  commitment: AmountSchema,
});
export type CallNotice = z.infer<typeof CallNoticeSchema>;

export const CapitalCallSummarySchema = z.object({
  callId: IdSchema,
  productId: IdSchema,
  fund: z.string(),
  currency: CurrencySchema,
  state: z.enum(CAPITAL_CALL_STATES),
  /** The spec's capital-call status (PENDING, RECEIVED, PAID) once issued. */
  specStatus: z.enum(['PENDING', 'RECEIVED', 'PAID']).optional(),
  basis: z.enum(CALL_BASES),
  percent: z.string().optional(),
  totals: CallItemsSchema.extend({ amount: AmountSchema }),
  paid: AmountSchema,
  dueDate: IsoDateSchema.optional(),
  purpose: z.string().optional(),
  preparedBy: z.string(),
  approvedBy: z.string().optional(),
  issuedAt: IsoDateTimeSchema.optional(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  version: z.number().int(),
  parts: z.number().int(),
});
export type CapitalCallSummary = z.infer<typeof CapitalCallSummarySchema>;

export const CapitalCallSchema = CapitalCallSummarySchema.extend({
  notices: z.array(CallNoticeSchema),
  /**
   * True when a write's answer leaves the notices out (empty `notices`): creating a call or recording
   * a payment on one of more than 500 parts answers the call without them, since the answer is kept
   * with its Idempotency-Key in one item (400 KB) and 5,000 notices are ~1.3 MB. GET has them all.
   */
  noticesOmitted: z.boolean().optional(),
  /** What this user may do now (the lifecycle's allowed events, four eyes included). */
  allowedEvents: z.array(z.enum(CAPITAL_CALL_EVENTS)),
});
export type CapitalCall = z.infer<typeof CapitalCallSchema>;

export const CapitalCallListQuerySchema = PageQuerySchema.extend({
  productId: IdSchema.optional(),
  state: z.enum(CAPITAL_CALL_STATES).optional(),
});
export const CapitalCallPageSchema = pageOf(CapitalCallSummarySchema);

/** A file answered inside JSON (the API speaks JSON only): the web saves `content` under `fileName`. */
export const FileExportSchema = z.object({
  fileName: z.string(),
  contentType: z.enum(['text/csv']),
  content: z.string(),
});
export type FileExport = z.infer<typeof FileExportSchema>;

// ---- NAV (manager)

export const NavProductParamsSchema = z.strictObject({ productId: IdSchema });
export const ShareClassNavParamsSchema = z.strictObject({ productId: IdSchema, shareClassId: IdSchema });

export const PostNavBodySchema = z.strictObject({
  navDate: IsoDateSchema,
  /** NAV per unit: up to 6 decimals, in the share class's currency. */
  navPerUnit: AmountSchema,
  /** Replaces or precedes the last posted NAV; without it a date on or before the last is refused. */
  correction: z.boolean().optional(),
});
export type PostNavBody = z.infer<typeof PostNavBodySchema>;

/** `shareClassId,navDate,navPerUnit[,correction]` lines, a header line allowed; at most 500 lines. */
export const UploadNavBodySchema = z.strictObject({
  csv: z.string().min(1).max(100_000),
});

export const NavDraftSchema = z.object({
  productId: IdSchema,
  shareClassId: IdSchema,
  navDate: IsoDateSchema,
  navPerUnit: AmountSchema,
  correction: z.boolean(),
  preparedBy: z.string(),
  createdAt: IsoDateTimeSchema,
});
export type NavDraft = z.infer<typeof NavDraftSchema>;

export const NavPriceSchema = z.object({
  navDate: IsoDateSchema,
  navPerUnit: AmountSchema,
  approvedBy: z.string(),
  preparedBy: z.string(),
  postedAt: IsoDateTimeSchema,
  correction: z.boolean(),
});
export type NavPrice = z.infer<typeof NavPriceSchema>;

export const ShareClassNavSchema = z.object({
  productId: IdSchema,
  shareClassId: IdSchema,
  currency: CurrencySchema,
  lastDate: IsoDateSchema.optional(),
  /** Oldest first: the fund-level NAV line. */
  prices: z.array(NavPriceSchema),
  /** Entered or uploaded, waiting for approval (which posts them oldest first). */
  drafts: z.array(NavDraftSchema),
  /** Whether this user may approve the drafts: an admin who prepared none of them (four eyes). */
  canApprove: z.boolean(),
});
export type ShareClassNav = z.infer<typeof ShareClassNavSchema>;

export const NavUploadResultSchema = z.object({ drafts: z.array(NavDraftSchema) });

// ---- The investor's side (spec paths)

export const InvestorCallSchema = z.object({
  callId: IdSchema,
  subscriptionId: IdSchema,
  productId: IdSchema,
  fund: z.string(),
  currency: CurrencySchema,
  state: z.enum(CALL_NOTICE_STATES),
  specStatus: z.enum(['PENDING', 'RECEIVED', 'PAID']),
  items: CallItemsSchema,
  amount: AmountSchema,
  paid: AmountSchema,
  outstanding: AmountSchema,
  dueDate: IsoDateSchema,
  issuedAt: IsoDateTimeSchema,
  purpose: z.string().optional(),
});
export type InvestorCall = z.infer<typeof InvestorCallSchema>;
export const InvestorCallsSchema = z.object({ items: z.array(InvestorCallSchema) });

/**
 * A date range and optionally one fund (`productId`: only that fund's entries; a fund the investor
 * holds nothing in answers none). The spec names no parameter for it; `productId` is what every other
 * money route calls a fund.
 */
export const TransactionsQuerySchema = z.strictObject({
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
  productId: IdSchema.optional(),
});
/**
 * A page of /transactions (docs/money.md "Transactions paging" and "Transactions by fund"): the range,
 * the fund, the order by effective date (oldest first unless `desc`), and the shared page query (limit
 * up to 100, 100 by default; the cursor of the previous answer, which only opens the same fund's list).
 */
export const TransactionsPageQuerySchema = PageQuerySchema.extend({
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
  productId: IdSchema.optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type TransactionsPageQuery = z.infer<typeof TransactionsPageQuerySchema>;

export const TransactionSchema = z.object({
  entryId: z.string(),
  seq: z.number().int(),
  subscriptionId: IdSchema,
  productId: IdSchema,
  fund: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** The spec's type and status; a commitment is not a transaction and has neither. */
  type: z.enum(TRANSACTION_TYPES).optional(),
  status: z.enum(TRANSACTION_STATUSES).optional(),
  /** Signed: a reversing entry lists negative. */
  amount: z.string(),
  currency: CurrencySchema,
  units: z.string().optional(),
  effectiveDate: IsoDateSchema,
  callId: z.string().optional(),
  reverses: z.string().optional(),
});
export type Transaction = z.infer<typeof TransactionSchema>;
export const TransactionsSchema = z.object({
  items: z.array(TransactionSchema),
  /** The next page's cursor (list only; absent on the last page). */
  nextCursor: z.string().optional(),
});

export const DashboardQuerySchema = z.strictObject({
  /** The valuation date; today when absent. */
  asOf: IsoDateSchema.optional(),
  /** The display currency (one the tenant offers); the investor's account currency when absent. */
  currency: CurrencySchema.optional(),
});

/** A display rate: units of `to` per one `from`, 8 decimals, as of the oldest tenant rate it used. */
export const DisplayRateViewSchema = z.object({
  from: CurrencySchema,
  to: CurrencySchema,
  rate: z.string(),
  asOf: IsoDateSchema.optional(),
});

/**
 * The dashboard in the investor's display currency (docs/money.md "Notices, currency, reversals"):
 * indicative figures beside the native ones, converted with the tenant's display rates, never
 * inside the ledger. `missingRates` names the native currencies without a rate; converted figures
 * are given only when it is empty.
 */
const displayOf = <T extends z.ZodType>(figures: T) =>
  z.object({
    currency: CurrencySchema,
    rates: z.array(DisplayRateViewSchema),
    missingRates: z.array(CurrencySchema),
    converted: figures.optional(),
  });

export const InvestmentStatisticsSchema = z.object({
  subscriptionId: IdSchema,
  productId: IdSchema,
  shareClassId: IdSchema,
  fund: z.string(),
  currency: CurrencySchema,
  committed: AmountSchema,
  called: AmountSchema,
  paidIn: AmountSchema,
  fees: AmountSchema,
  invested: AmountSchema,
  outstanding: AmountSchema,
  undrawn: AmountSchema,
  distributed: AmountSchema,
  redeemed: AmountSchema,
  units: z.string(),
  nav: AmountSchema.optional(),
  navDate: IsoDateSchema.optional(),
  dpi: measure(z.string()),
  rvpi: measure(z.string()),
  tvpi: measure(z.string()),
  xirr: measure(z.number()),
});
export type InvestmentStatistics = z.infer<typeof InvestmentStatisticsSchema>;

/** One currency's totals across the investor's investments (never summed across currencies). */
export const CurrencyTotalsSchema = z.object({
  currency: CurrencySchema,
  committed: AmountSchema,
  invested: AmountSchema,
  undrawn: AmountSchema,
  distributed: AmountSchema,
  redeemed: AmountSchema,
  nav: AmountSchema,
  dpi: measure(z.string()),
  rvpi: measure(z.string()),
  tvpi: measure(z.string()),
  xirr: measure(z.number()),
});

export const StatisticsSchema = z.object({
  asOf: IsoDateSchema,
  investments: z.array(InvestmentStatisticsSchema),
  totals: z.array(CurrencyTotalsSchema),
  /** Each native currency's totals converted once (minor units, half to even), then added up. */
  display: displayOf(
    z.object({
      committed: AmountSchema,
      invested: AmountSchema,
      undrawn: AmountSchema,
      distributed: AmountSchema,
      redeemed: AmountSchema,
      nav: AmountSchema,
    }),
  ),
});
export type Statistics = z.infer<typeof StatisticsSchema>;

export const NavLineSchema = z.object({
  asOf: IsoDateSchema,
  series: z.array(
    z.object({
      subscriptionId: IdSchema,
      fund: z.string(),
      currency: CurrencySchema,
      points: z.array(z.object({ date: IsoDateSchema, nav: AmountSchema })),
    }),
  ),
  /** The portfolio's NAV line in the display currency: each series carried forward to every date. */
  display: displayOf(z.array(z.object({ date: IsoDateSchema, nav: AmountSchema }))),
});
export type NavLine = z.infer<typeof NavLineSchema>;

/** Investments whose money is still moving: committed and not fully invested, or a call outstanding. */
export const InProgressSchema = z.object({
  items: z.array(
    z.object({
      subscriptionId: IdSchema,
      productId: IdSchema,
      fund: z.string(),
      currency: CurrencySchema,
      committed: AmountSchema,
      called: AmountSchema,
      paidIn: AmountSchema,
      outstanding: AmountSchema,
      undrawn: AmountSchema,
      /** The open call's notice, if one is outstanding. */
      callId: IdSchema.optional(),
      noticeState: z.enum(CALL_NOTICE_STATES).optional(),
      dueDate: IsoDateSchema.optional(),
    }),
  ),
});
export type InProgress = z.infer<typeof InProgressSchema>;

// ---- Redemptions

/** Units with up to 6 decimals. */
export const UnitsSchema = z
  .string()
  .regex(/^(0|[1-9]\d{0,17})(\.\d{1,6})?$/, 'Must be a number of units such as 1500.25');

export const RedemptionIdParamsSchema = z.strictObject({ redemptionId: IdSchema });

/**
 * A request: the whole holding (`full`), a number of units, or an amount (converted to units at the
 * class's latest NAV, rounded down). Exactly one of the three; the service names the field otherwise.
 */
export const RequestRedemptionBodySchema = z.strictObject({
  subscriptionId: IdSchema,
  full: z.boolean().optional(),
  units: UnitsSchema.optional(),
  amount: AmountSchema.optional(),
});
export type RequestRedemptionBody = z.infer<typeof RequestRedemptionBodySchema>;

export const ChangeRedemptionBodySchema = z.strictObject({
  event: z.enum(['AMEND', 'WITHDRAW']),
  full: z.boolean().optional(),
  units: UnitsSchema.optional(),
  amount: AmountSchema.optional(),
});

export const DecideRedemptionBodySchema = z.strictObject({
  event: z.enum(['CONFIRM', 'REQUEST_CHANGES', 'REJECT']),
  comment: safeText({ max: 1000, multiline: true }).optional(),
});

export const RedemptionSchema = z.object({
  redemptionId: IdSchema,
  subscriptionId: IdSchema,
  investorId: z.string(),
  productId: IdSchema,
  shareClassId: IdSchema,
  fund: z.string(),
  currency: CurrencySchema,
  state: z.enum(REDEMPTION_STATES),
  /** The units asked for (an amount is converted at the NAV below). */
  units: z.string(),
  full: z.boolean(),
  amount: AmountSchema.optional(),
  /** Units x the latest NAV per unit when requested: an estimate, dealing is at the dealing date's NAV. */
  estimatedValue: AmountSchema.optional(),
  navDate: IsoDateSchema.optional(),
  /** The first dealing date whose notice period the request meets (forward pricing). */
  dealingDate: IsoDateSchema,
  noticeDays: z.number().int(),
  comment: z.string().optional(),
  /** Units dealt so far (a gate may deal part at one date and the rest later). */
  dealtUnits: z.string().optional(),
  /** Net proceeds dealt so far (units x NAV - redemption fee at each dealing date). */
  proceeds: AmountSchema.optional(),
  /** Each dealing date that dealt part of it (docs/money.md "Dealing and distributions"). */
  dealings: z
    .array(
      z.object({
        runId: IdSchema,
        dealingDate: IsoDateSchema,
        units: z.string(),
        navPerUnit: z.string(),
        gross: AmountSchema,
        fee: AmountSchema,
        net: AmountSchema,
      }),
    )
    .optional(),
  /** When finance confirmed the transfer (PAID). */
  paidOn: IsoDateSchema.optional(),
  requestedAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  version: z.number().int(),
  allowedEvents: z.array(z.enum(REDEMPTION_EVENTS)),
});
export type Redemption = z.infer<typeof RedemptionSchema>;
export const RedemptionListSchema = z.object({ items: z.array(RedemptionSchema) });

export const PayRedemptionBodySchema = z.strictObject({
  /** The day the transfer left the fund (default today); never in the future. */
  paidOn: IsoDateSchema.optional(),
});

// ---- Distributions (manager; docs/money.md "Dealing and distributions")

export const DISTRIBUTION_BASES = ['COMMITMENT', 'UNITS'] as const;
export const DistributionIdParamsSchema = z.strictObject({ distributionId: IdSchema });

export const CreateDistributionBodySchema = z.strictObject({
  productId: IdSchema,
  /** Only this class's holders; every class of the product in `currency` without it. */
  shareClassId: IdSchema.optional(),
  currency: CurrencySchema,
  amount: AmountSchema,
  /** COMMITMENT (closed-ended: pro rata to commitments) or UNITS (open-ended: pro rata to units held). */
  basis: z.enum(DISTRIBUTION_BASES),
  /** A recallable distribution may be called again: it restores unfunded commitment (DOMAIN.md). */
  recallable: z.boolean().optional(),
  /** The value date of the payment (default: the day it is prepared). */
  paymentDate: IsoDateSchema.optional(),
  purpose: safeText({ max: 500 }).optional(),
});
export type CreateDistributionBody = z.infer<typeof CreateDistributionBodySchema>;

export const DistributionListQuerySchema = z.strictObject({ productId: IdSchema.optional() });
export const DecideDistributionBodySchema = z.strictObject({ event: z.enum(['APPROVE', 'CANCEL']) });
export const PayDistributionBodySchema = z.strictObject({});

export const DistributionSchema = z.object({
  distributionId: IdSchema,
  productId: IdSchema,
  shareClassId: IdSchema.optional(),
  fund: z.string(),
  currency: CurrencySchema,
  amount: AmountSchema,
  basis: z.enum(DISTRIBUTION_BASES),
  recallable: z.boolean(),
  paymentDate: IsoDateSchema,
  purpose: z.string().optional(),
  state: z.enum(DISTRIBUTION_STATES),
  preparedBy: z.string(),
  approvedBy: z.string().optional(),
  paidBy: z.string().optional(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  version: z.number().int(),
  /** The split by largest remainder: the amounts sum exactly to `amount`. */
  parts: z.array(
    z.object({
      subscriptionId: IdSchema,
      investorId: z.string(),
      /** The commitment or units it was split by. */
      basis: z.string(),
      /** Declared to the holder (a correction of the declaration moves it). */
      amount: AmountSchema,
      /** Paid to the holder, net of corrections; absent while no payment stands (or written before it existed). */
      paid: AmountSchema.optional(),
    }),
  ),
  /** How many parts' ledger entries are written (the consumer posts them one investor at a time). */
  posted: z.object({ declared: z.number().int(), paid: z.number().int() }),
  allowedEvents: z.array(z.enum(DISTRIBUTION_EVENTS)),
});
export type Distribution = z.infer<typeof DistributionSchema>;
export const DistributionListSchema = z.object({ items: z.array(DistributionSchema) });

// ---- Dealing runs (manager) and contract notes

export const RunDealingBodySchema = z.strictObject({ dealingDate: IsoDateSchema });

export const DealingFillSchema = z.object({
  redemptionId: IdSchema,
  subscriptionId: IdSchema,
  investorId: z.string(),
  /** Units due at this date, dealt now, and carried to `nextDealingDate` by the gate. */
  asked: z.string(),
  dealt: z.string(),
  carried: z.string(),
  gross: AmountSchema,
  fee: AmountSchema,
  net: AmountSchema,
  nextDealingDate: IsoDateSchema.optional(),
});

export const DealingRunSchema = z.object({
  runId: IdSchema,
  productId: IdSchema,
  shareClassId: IdSchema,
  fund: z.string(),
  currency: CurrencySchema,
  dealingDate: IsoDateSchema,
  navPerUnit: z.string(),
  /** The product's gate (percent of NAV); absent: no gate. */
  gatePercent: z.string().optional(),
  unitsOutstanding: z.string(),
  gateUnits: z.string().optional(),
  gated: z.boolean(),
  fills: z.array(DealingFillSchema),
  totals: z.object({ asked: z.string(), dealt: z.string(), carried: z.string(), net: AmountSchema }),
  /** Fills already written to the ledger (a consumer posts them one request at a time). */
  posted: z.number().int(),
  createdBy: z.string(),
  createdAt: IsoDateTimeSchema,
});
export type DealingRun = z.infer<typeof DealingRunSchema>;
export const DealingRunListSchema = z.object({ items: z.array(DealingRunSchema) });

export const ContractNoteSchema = z.object({
  contractNoteId: IdSchema,
  subscriptionId: IdSchema,
  investorId: z.string(),
  productId: IdSchema,
  shareClassId: IdSchema,
  fund: z.string(),
  currency: CurrencySchema,
  /** The day the order was accepted, its dealing date (forward pricing) and the NAV it dealt at. */
  orderDate: IsoDateSchema,
  dealingDate: IsoDateSchema,
  navDate: IsoDateSchema,
  navPerUnit: z.string(),
  gross: AmountSchema,
  fee: AmountSchema,
  feeType: z.enum(['FIXED', 'PERCENTAGE']).optional(),
  /** The percentage (PERCENTAGE) or the fixed amount (FIXED) the fee was charged at. */
  feeRate: z.string().optional(),
  net: AmountSchema,
  units: z.string(),
  createdAt: IsoDateTimeSchema,
});
export type ContractNote = z.infer<typeof ContractNoteSchema>;
export const ContractNoteListSchema = z.object({ items: z.array(ContractNoteSchema) });

// ---- Ledger corrections and notice PDFs (manager; docs/money.md "Notices, currency, reversals")

export const InvestmentIdParamsSchema = z.strictObject({ subscriptionId: IdSchema });
export const CorrectionIdParamsSchema = z.strictObject({ correctionId: IdSchema });

/** One investment's position and every entry, for the manager choosing what to correct. */
export const InvestmentLedgerSchema = z.object({
  investment: z.object({
    subscriptionId: IdSchema,
    investorId: IdSchema,
    productId: IdSchema,
    shareClassId: IdSchema,
    fund: z.string(),
    currency: CurrencySchema,
    accountKind: z.enum(['BANK', 'IRA']),
    balances: z.record(z.string(), z.string()),
  }),
  entries: z.array(
    z.object({
      entryId: z.string(),
      seq: z.number().int(),
      kind: z.enum(LEDGER_KINDS),
      amount: AmountSchema,
      currency: CurrencySchema,
      units: z.string().optional(),
      effectiveDate: IsoDateSchema,
      callId: IdSchema.optional(),
      /** The distribution or redemption request the entry belongs to (entries written before have none). */
      distributionId: IdSchema.optional(),
      redemptionId: IdSchema.optional(),
      /** The entry this one reverses. */
      reverses: z.string().optional(),
      /** Whether a later entry reverses this one. */
      reversed: z.boolean(),
    }),
  ),
});
export type InvestmentLedger = z.infer<typeof InvestmentLedgerSchema>;

const CorrectedEntrySchema = z.strictObject({
  amount: AmountSchema,
  /** The corrected entry's economic date; the original's when absent. */
  effectiveDate: IsoDateSchema.optional(),
  /** Units (open-ended PAYMENT / REDEMPTION_DEALT), 6 decimals at most. */
  units: z
    .string()
    .regex(/^(0|[1-9]\d{0,17})(\.\d{1,6})?$/, 'Must be a non-negative number of units')
    .optional(),
});

export const CreateCorrectionBodySchema = z.strictObject({
  /** The entry to reverse (its `seq` in the investment's ledger). */
  seq: z.number().int().positive(),
  reason: safeText({ max: 500 }),
  /** The entry as it should have been, appended after the reversal (same kind). */
  corrected: CorrectedEntrySchema.optional(),
});
export type CreateCorrectionBody = z.infer<typeof CreateCorrectionBodySchema>;

export const DecideCorrectionBodySchema = z.strictObject({
  event: z.enum(['APPROVE', 'REJECT']),
  comment: safeText({ max: 500 }).optional(),
});

export const CorrectionListQuerySchema = z.strictObject({
  state: z.enum(['PENDING', 'POSTED', 'REJECTED']).optional(),
});

export const LedgerCorrectionSchema = z.object({
  correctionId: IdSchema,
  subscriptionId: IdSchema,
  investorId: IdSchema,
  fund: z.string(),
  currency: CurrencySchema,
  seq: z.number().int(),
  entry: z.object({
    kind: z.enum(LEDGER_KINDS),
    amount: AmountSchema,
    effectiveDate: IsoDateSchema,
    units: z.string().optional(),
  }),
  /** The capital call the entry belongs to: correcting it moves that call's notice and the call too. */
  callId: IdSchema.optional(),
  /**
   * The distribution or redemption request the entry belongs to: correcting it moves that record too.
   * A distribution's or redemption's entry without one (written before entries named their record)
   * moves the ledger only (docs/money.md "Corrections of distribution and redemption entries").
   */
  distributionId: IdSchema.optional(),
  redemptionId: IdSchema.optional(),
  corrected: z.object({ amount: AmountSchema, effectiveDate: IsoDateSchema, units: z.string().optional() }).optional(),
  reason: z.string(),
  /** Whether the entry recorded money that moved: then a second person approves. */
  movesMoney: z.boolean(),
  state: z.enum(['PENDING', 'POSTED', 'REJECTED']),
  preparedBy: IdSchema,
  decidedBy: IdSchema.optional(),
  comment: z.string().optional(),
  /** The `seq` of the reversal (and of the corrected entry) once posted. */
  postedSeqs: z.array(z.number().int()).optional(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  version: z.number().int(),
  /** This user may approve or reject it now. */
  canDecide: z.boolean(),
});
export type LedgerCorrection = z.infer<typeof LedgerCorrectionSchema>;
export const LedgerCorrectionListSchema = z.object({ items: z.array(LedgerCorrectionSchema) });

/** A short-lived link to one investor's capital call notice (PDF, rendered by the notice worker). */
export const NoticePdfLinkSchema = z.object({
  url: z.string(),
  expiresAt: IsoDateTimeSchema,
  fileName: z.string(),
});
export const CallNoticePdfParamsSchema = z.strictObject({ callId: IdSchema, subscriptionId: IdSchema });
export const ContractNotePdfParamsSchema = z.strictObject({ subscriptionId: IdSchema, contractNoteId: IdSchema });
