import * as z from '../lazy-zod.js';

/**
 * The money events of issue 14 (docs/money.md "Storage and routes"), spread into EVENT_CATALOGUE.
 * The ones the inbox listens to live with the inbox's (inbox-events.ts: CAPITAL_CALL_ISSUED,
 * FUNDS_RECEIVED, NAV_UPDATED, ...); these are the changes no inbox kind waits for, and the ones
 * that start a fan-out in a consumer (CAPITAL_CALL_RELEASED, NAV_POSTED), since one transaction
 * cannot carry a notice for every investor of a fund.
 *
 * Amounts are decimal strings with their currency beside them; none carries a bank detail.
 */
const Id = z.string().min(1).max(64);
const Amount = z.string().min(1).max(40);
const Currency = z.string().length(3);
const IsoDate = z.iso.date();

export const MONEY_EVENTS_CATALOGUE = {
  /** A commitment (closed-ended) or an accepted order (open-ended) opened the investment's ledger. */
  INVESTMENT_OPENED: {
    subject: 'investment',
    version: 1,
    payload: z.looseObject({
      subscriptionId: Id,
      investorId: Id,
      productId: Id,
      shareClassId: Id,
      amount: Amount,
      currency: Currency,
    }),
  },
  /** A manager prepared a call (DRAFT), with its split across the investors. */
  CAPITAL_CALL_CREATED: {
    subject: 'capitalCall',
    version: 1,
    payload: z.looseObject({ callId: Id, productId: Id, amount: Amount, currency: Currency, parts: z.number().int() }),
  },
  /** Someone other than the preparer approved it (four eyes). */
  CAPITAL_CALL_APPROVED: { subject: 'capitalCall', version: 1, payload: z.looseObject({ callId: Id }) },
  /** Approved, then sent back to draft. */
  CAPITAL_CALL_RETURNED: { subject: 'capitalCall', version: 1, payload: z.looseObject({ callId: Id }) },
  /** Cancelled before issue (after issue a call is corrected by reversing entries). */
  CAPITAL_CALL_WITHDRAWN: { subject: 'capitalCall', version: 1, payload: z.looseObject({ callId: Id }) },
  /**
   * The call was issued: the notices consumer (functions/src/events/money.ts) writes each investor's
   * notice, CALL entry and CAPITAL_CALL_ISSUED, one commit per investor.
   */
  CAPITAL_CALL_RELEASED: {
    subject: 'capitalCall',
    version: 1,
    payload: z.looseObject({ callId: Id, dueDate: IsoDate, parts: z.number().int() }),
  },
  /**
   * The notices consumer wrote one page of an issued call's notices and hands itself the next page
   * (`from` = the first row of it), so each delivery does a bounded amount of work and a call of any
   * size is written whole, page after page, even when a delivery dies and is retried.
   */
  CAPITAL_CALL_NOTICES_PAGED: {
    subject: 'capitalCall',
    version: 1,
    payload: z.looseObject({ callId: Id, from: z.number().int().min(1) }),
  },
  /**
   * The operator's backfill (functions/src/money/backfills.ts) found an issued notice without its PDF
   * (written before the notice worker existed): the notice worker renders it (`refId` is the
   * investment, as on CAPITAL_CALL_ISSUED). A render request only, so no task or email goes out again.
   */
  CALL_NOTICE_PDF_REQUESTED: {
    subject: 'capitalCall',
    version: 1,
    payload: z.looseObject({ callId: Id, refId: Id }),
  },
  /**
   * A correction of one of the call's ledger entries (CALL, PAYMENT or FEE) moved a notice: its called
   * amount, paid figure and state as they now stand (functions/src/money/correction.service.ts).
   */
  CAPITAL_CALL_NOTICE_CORRECTED: {
    subject: 'capitalCall',
    version: 1,
    payload: z.looseObject({
      callId: Id,
      subscriptionId: Id,
      kind: z.enum(['CALL', 'PAYMENT', 'FEE']),
      amount: Amount,
      paid: Amount,
      state: z.string().max(32),
      currency: Currency,
    }),
  },
  /** Funds recorded against one notice that leave part of it outstanding (the whole: FUNDS_RECEIVED). */
  CAPITAL_CALL_PAYMENT_RECORDED: {
    subject: 'capitalCall',
    version: 1,
    payload: z.looseObject({ callId: Id, subscriptionId: Id, amount: Amount, outstanding: Amount, currency: Currency }),
  },
  /** An admin confirmed a notice's receipt; its money is invested. */
  CAPITAL_CALL_RECEIPT_CONFIRMED: {
    subject: 'capitalCall',
    version: 1,
    payload: z.looseObject({ callId: Id, subscriptionId: Id, investorId: Id, amount: Amount }),
  },
  /** A NAV per unit was entered (or uploaded) and waits for a second person's approval. */
  NAV_DRAFTED: {
    subject: 'product',
    version: 1,
    payload: z.looseObject({ shareClassId: Id, navDate: IsoDate, navPerUnit: Amount, correction: z.boolean() }),
  },
  /** The NAV was approved and is the class's price for that date; holders get NAV_UPDATED (a consumer). */
  NAV_POSTED: {
    subject: 'product',
    version: 1,
    payload: z.looseObject({
      productId: Id,
      shareClassId: Id,
      navDate: IsoDate,
      navPerUnit: Amount,
      correction: z.boolean(),
    }),
  },
  /** A pending NAV was discarded by its preparer or an admin. */
  NAV_DISCARDED: { subject: 'product', version: 1, payload: z.looseObject({ shareClassId: Id, navDate: IsoDate }) },
  /** The manager turned a redemption request down (the inbox's events cover confirm and ask-for-changes). */
  REDEMPTION_REJECTED: {
    subject: 'redemption',
    version: 1,
    payload: z.looseObject({ refId: Id, comment: z.string().max(1000).optional() }),
  },
  /** The investor withdrew a request before it was confirmed. */
  REDEMPTION_WITHDRAWN: { subject: 'redemption', version: 1, payload: z.looseObject({ refId: Id }) },
  /**
   * A ledger correction was prepared (docs/money.md "Notices, currency, reversals"): a reversal of one
   * entry and, optionally, the corrected entry, waiting for a second person when it moves money.
   */
  LEDGER_CORRECTION_PREPARED: {
    subject: 'investment',
    version: 1,
    payload: z.looseObject({
      correctionId: Id,
      subscriptionId: Id,
      seq: z.number().int(),
      reason: z.string().max(500),
    }),
  },
  /** The correction's entries were appended: the reversal (and the corrected entry). */
  LEDGER_CORRECTION_POSTED: {
    subject: 'investment',
    version: 1,
    payload: z.looseObject({ correctionId: Id, subscriptionId: Id, seqs: z.array(z.number().int()) }),
  },
  /** An admin turned the correction down; the ledger is as it was. */
  LEDGER_CORRECTION_REJECTED: {
    subject: 'investment',
    version: 1,
    payload: z.looseObject({ correctionId: Id, subscriptionId: Id }),
  },

  // ---- Dealing and distributions (docs/money.md "Dealing and distributions")
  /** A manager prepared a distribution (DRAFT) with its split across the holders. */
  DISTRIBUTION_CREATED: {
    subject: 'distribution',
    version: 1,
    payload: z.looseObject({
      distributionId: Id,
      productId: Id,
      amount: Amount,
      currency: Currency,
      parts: z.number().int(),
    }),
  },
  /**
   * Someone other than the preparer approved it: the consumer (functions/src/events/money-dealing.ts)
   * posts each holder's DISTRIBUTION_DECLARED entry, one commit per holder.
   */
  DISTRIBUTION_DECLARED: {
    subject: 'distribution',
    version: 1,
    payload: z.looseObject({ distributionId: Id, parts: z.number().int() }),
  },
  DISTRIBUTION_CANCELLED: { subject: 'distribution', version: 1, payload: z.looseObject({ distributionId: Id }) },
  /** An admin recorded the payment: the consumer posts DISTRIBUTION_PAID per holder (and the inbox message). */
  DISTRIBUTION_PAYMENT_RECORDED: {
    subject: 'distribution',
    version: 1,
    payload: z.looseObject({ distributionId: Id, parts: z.number().int() }),
  },
  /**
   * A correction of a redemption's REDEMPTION_DEALT or REDEMPTION_PAID entry moved the request's figures
   * and state (functions/src/money/correction.service.ts); the subscription's redemption status follows
   * its state (functions/src/events/money-dealing.ts). `refId` is the redemption, as on the others.
   */
  REDEMPTION_CORRECTED: {
    subject: 'redemption',
    version: 1,
    payload: z.looseObject({
      refId: Id,
      subscriptionId: Id,
      kind: z.enum(['REDEMPTION_DEALT', 'REDEMPTION_PAID']),
      state: z.string().max(32),
      dealtUnits: z.string().max(40),
      proceeds: Amount,
      currency: Currency,
    }),
  },
  /**
   * A correction of a distribution's DISTRIBUTION_DECLARED or DISTRIBUTION_PAID entry moved one part
   * (its amount or paid figure) and the distribution's totals and state (correction.service.ts).
   */
  DISTRIBUTION_CORRECTED: {
    subject: 'distribution',
    version: 1,
    payload: z.looseObject({
      distributionId: Id,
      subscriptionId: Id,
      kind: z.enum(['DISTRIBUTION_DECLARED', 'DISTRIBUTION_PAID']),
      amount: Amount,
      paid: Amount.optional(),
      state: z.string().max(32),
      currency: Currency,
    }),
  },
  /**
   * A dealing date was run for a share class (the gate decided): the consumer posts each fill's
   * REDEMPTION_DEALT entry and moves its request, one commit per request.
   */
  DEALING_RUN: {
    subject: 'product',
    version: 1,
    payload: z.looseObject({
      runId: Id,
      productId: Id,
      shareClassId: Id,
      dealingDate: IsoDate,
      fills: z.number().int(),
    }),
  },
  /**
   * An admin set the fund's bank details (docs/money.md "Fund bank details"): the product's audit trail
   * says which currencies' accounts changed and which of their fields, never the details themselves.
   */
  FUND_BANK_DETAILS_UPDATED: {
    subject: 'product',
    version: 1,
    payload: z.looseObject({
      productId: Id,
      version: z.number().int(),
      currencies: z.array(Currency),
      changed: z.record(z.string(), z.array(z.string())),
    }),
  },
  /**
   * The notice worker handed a document it cannot draw with the standard fonts (a zh-CN investor's, or
   * one with a name outside WinAnsi) to the CJK worker (docs/money.md "Notice and contract note PDFs
   * in Chinese"): a call notice (`callId`) or a contract note (`contractNoteId`) of the investment.
   */
  MONEY_PDF_CJK_REQUESTED: {
    subject: 'investment',
    version: 1,
    payload: z.looseObject({
      document: z.enum(['CALL_NOTICE', 'CONTRACT_NOTE']),
      subscriptionId: Id,
      callId: Id.optional(),
      contractNoteId: Id.optional(),
    }),
  },
} as const;
