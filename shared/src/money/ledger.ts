import { DomainError } from '../errors/domain-error.js';
import * as z from '../lazy-zod.js';
import { AmountSchema, type Currency, CurrencySchema } from '../money.js';
import { Dec, dec, toAmount } from './decimal.js';
import { LEDGER_KINDS, type LedgerKind, SPEC_TRANSACTION } from './money-enums.js';

export {
  LEDGER_KINDS,
  type LedgerKind,
  SPEC_TRANSACTION,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
} from './money-enums.js';

const ISO_DATE = z.iso.date();
const UNITS = z.string().regex(/^(0|[1-9]\d{0,17})(\.\d{1,6})?$/, 'Must be a non-negative number of units');

/**
 * One movement, never edited or deleted. Amounts are non-negative decimal strings in the position's
 * ISO currency; the kind says which balance moves and which way. A correction is a new entry with
 * `reverses` naming the entry it cancels (same kind, amount, currency and units), after which the
 * right entry, if any, is posted afresh: the history shows both the mistake and its correction.
 */
export const LedgerEntrySchema = z
  .strictObject({
    id: z.string().min(1),
    /** Append order within the tenant's ledger; strictly increasing. */
    seq: z.number().int().nonnegative(),
    kind: z.enum(LEDGER_KINDS),
    investorId: z.string().min(1),
    /** The subscription (investment) the movement belongs to. */
    subscriptionId: z.string().min(1),
    productId: z.string().min(1),
    shareClassId: z.string().min(1),
    amount: AmountSchema,
    currency: CurrencySchema,
    /** Units issued (PAYMENT) or redeemed (REDEMPTION_DEALT), open-ended funds only. */
    units: UNITS.optional(),
    /** The economic date (value date, dealing date), which XIRR discounts from. */
    effectiveDate: ISO_DATE,
    /** A distribution that may be called again restores unfunded commitment (DOMAIN.md). */
    recallable: z.boolean().optional(),
    /** The capital call a CALL or PAYMENT belongs to. */
    callId: z.string().min(1).optional(),
    /**
     * The distribution a DISTRIBUTION_DECLARED or _PAID entry belongs to, and the redemption request a
     * REDEMPTION_DEALT or _PAID entry belongs to, so a correction of the entry moves that record too
     * (correction.service.ts). Entries written before these existed have none: their corrections move
     * the ledger only (docs/money.md "Corrections of distribution and redemption entries").
     */
    distributionId: z.string().min(1).optional(),
    redemptionId: z.string().min(1).optional(),
    reverses: z.string().min(1).optional(),
  })
  .superRefine((entry, ctx) => {
    const reason = recordRefMismatch(entry);
    if (reason) ctx.addIssue({ code: 'custom', message: reason, path: [reason.split(' ')[0] as string] });
  });
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

const DISTRIBUTION_KINDS: ReadonlySet<LedgerKind> = new Set(['DISTRIBUTION_DECLARED', 'DISTRIBUTION_PAID']);
const REDEMPTION_KINDS: ReadonlySet<LedgerKind> = new Set(['REDEMPTION_DEALT', 'REDEMPTION_PAID']);

/**
 * Why an entry's record reference does not fit its kind (a distributionId only on a distribution's
 * entries, a redemptionId only on a redemption's), or undefined when it fits. The schema and
 * appendEntry both refuse a misfit: a reference on the wrong kind would move the wrong record.
 */
export const recordRefMismatch = (
  entry: Pick<LedgerEntry, 'kind' | 'distributionId' | 'redemptionId'>,
): string | undefined => {
  if (entry.distributionId !== undefined && !DISTRIBUTION_KINDS.has(entry.kind)) {
    return `distributionId is only on distribution entries, not ${entry.kind}`;
  }
  if (entry.redemptionId !== undefined && !REDEMPTION_KINDS.has(entry.kind)) {
    return `redemptionId is only on redemption entries, not ${entry.kind}`;
  }
  return undefined;
};

/** A ledger listing's spec view of an entry (reversals list with their original's type, as negative). */
export const specTransaction = (entry: LedgerEntry) => SPEC_TRANSACTION[entry.kind];

/**
 * Checks that `entry` may follow `ledger` and returns the longer ledger (a new array; the old is
 * untouched). Refuses, with catalogued codes naming the field: an entry out of sequence or with a
 * duplicate id (programming errors: TypeError), a currency other than the position's
 * (moneyCurrencyMismatch), a reversal of nothing, of a reversal, of an entry already reversed or that
 * does not mirror its original (ledgerReversalInvalid).
 */
export const appendEntry = (ledger: readonly LedgerEntry[], entry: LedgerEntry): LedgerEntry[] => {
  const last = ledger.at(-1);
  if (last && entry.seq <= last.seq) throw new TypeError(`Ledger entry ${entry.id} is out of sequence`);
  if (ledger.some((e) => e.id === entry.id)) throw new TypeError(`Ledger entry ${entry.id} already exists`);
  const sameSubscription = ledger.find((e) => e.subscriptionId === entry.subscriptionId);
  if (sameSubscription && sameSubscription.currency !== entry.currency) {
    throw new DomainError('moneyCurrencyMismatch', { field: 'currency', expected: sameSubscription.currency });
  }
  const misfit = recordRefMismatch(entry);
  if (misfit) throw new TypeError(`Ledger entry ${entry.id}: ${misfit}`);
  if (entry.reverses !== undefined) {
    const original = ledger.find((e) => e.id === entry.reverses);
    const mirrors =
      original !== undefined &&
      original.reverses === undefined &&
      original.kind === entry.kind &&
      // A reversal names the same record as its original, so the record and the ledger move together.
      original.distributionId === entry.distributionId &&
      original.redemptionId === entry.redemptionId &&
      original.subscriptionId === entry.subscriptionId &&
      original.currency === entry.currency &&
      dec(original.amount).eq(dec(entry.amount)) &&
      dec(original.units ?? '0').eq(dec(entry.units ?? '0'));
    const alreadyReversed = ledger.some((e) => e.reverses === entry.reverses);
    if (!mirrors || alreadyReversed) throw new DomainError('ledgerReversalInvalid', { entryId: entry.reverses });
  }
  return [...ledger, entry];
};

/** The balances of one position (or a sum of positions in one currency), all derived from entries. */
export interface Balances {
  currency: Currency;
  /** Binding commitments (or orders). */
  committed: string;
  /** Called so far: "contributions drawn" of DOMAIN.md. */
  called: string;
  /** Money received from the investor, including fees: paid-in capital (PIC). */
  paidIn: string;
  /** Of which subscription fees. */
  fees: string;
  /** Paid in, less fees: the "invested" tile. */
  invested: string;
  /** Called and not yet paid (a payment above its call counts as paid, not as negative outstanding). */
  outstanding: string;
  /** Unfunded commitment = committed - called + recallable distributions (DOMAIN.md). */
  undrawn: string;
  /** Distributions paid out. */
  distributed: string;
  recallableDistributed: string;
  /** Redemption proceeds paid. */
  redeemed: string;
  /** Units held: issued less redeemed. */
  units: string;
}

const ZERO_SUMS = (): Record<LedgerKind | 'recallable' | 'unitsIssued' | 'unitsRedeemed', Dec> => ({
  COMMITMENT: new Dec(0),
  CALL: new Dec(0),
  PAYMENT: new Dec(0),
  FEE: new Dec(0),
  DISTRIBUTION_DECLARED: new Dec(0),
  DISTRIBUTION_PAID: new Dec(0),
  REDEMPTION_DEALT: new Dec(0),
  REDEMPTION_PAID: new Dec(0),
  recallable: new Dec(0),
  unitsIssued: new Dec(0),
  unitsRedeemed: new Dec(0),
});

/**
 * The balances of `entries`, which must share one currency (a portfolio in several currencies is
 * converted for display elsewhere, never summed raw). A reversal subtracts exactly what its original
 * added, so a corrected mistake leaves no trace in any balance.
 */
export const balancesOf = (entries: readonly LedgerEntry[], currency: Currency): Balances => {
  const sums = ZERO_SUMS();
  for (const entry of entries) {
    if (entry.currency !== currency) {
      throw new DomainError('moneyCurrencyMismatch', { field: 'currency', expected: currency });
    }
    const sign = entry.reverses === undefined ? 1 : -1;
    const amount = dec(entry.amount).mul(sign);
    sums[entry.kind] = sums[entry.kind].add(amount);
    if (entry.kind === 'DISTRIBUTION_PAID' && entry.recallable) sums.recallable = sums.recallable.add(amount);
    const units = dec(entry.units ?? '0').mul(sign);
    if (entry.kind === 'PAYMENT') sums.unitsIssued = sums.unitsIssued.add(units);
    if (entry.kind === 'REDEMPTION_DEALT') sums.unitsRedeemed = sums.unitsRedeemed.add(units);
  }
  const money = (value: Dec) => toAmount(value, currency);
  const outstanding = Dec.max(0, sums.CALL.sub(sums.PAYMENT));
  return {
    currency,
    committed: money(sums.COMMITMENT),
    called: money(sums.CALL),
    paidIn: money(sums.PAYMENT),
    fees: money(sums.FEE),
    invested: money(sums.PAYMENT.sub(sums.FEE)),
    outstanding: money(outstanding),
    undrawn: money(sums.COMMITMENT.sub(sums.CALL).add(sums.recallable)),
    distributed: money(sums.DISTRIBUTION_PAID),
    recallableDistributed: money(sums.recallable),
    redeemed: money(sums.REDEMPTION_PAID),
    units: sums.unitsIssued.sub(sums.unitsRedeemed).toFixed(),
  };
};

/** Balances per group (investor, share class, subscription...), each group in its own currency. */
export const balancesBy = (
  entries: readonly LedgerEntry[],
  key: (entry: LedgerEntry) => string,
): Map<string, Balances> => {
  const groups = new Map<string, LedgerEntry[]>();
  for (const entry of entries) {
    const k = key(entry);
    const group = groups.get(k);
    if (group) group.push(entry);
    else groups.set(k, [entry]);
  }
  return new Map([...groups].map(([k, group]) => [k, balancesOf(group, (group[0] as LedgerEntry).currency)] as const));
};

/**
 * The mirror entry that cancels `original`; the caller gives it its id and seq. It keeps the original's
 * effective date, so cash-flow measures (XIRR) cancel the flow where it was, not on the day of the fix.
 */
export const reversalOf = (original: LedgerEntry, next: { id: string; seq: number }): LedgerEntry => {
  const { reverses: _ignored, ...rest } = original;
  return { ...rest, ...next, reverses: original.id };
};

/**
 * The entries of one kind naming one distribution or redemption, net of reversals: their amounts, or
 * their units. What a correction and a repeated payment read a record's figures from.
 */
export const netOfRecord = (
  entries: readonly LedgerEntry[],
  kind: LedgerKind,
  ref: { distributionId: string } | { redemptionId: string },
  measure: 'amount' | 'units' = 'amount',
): Dec => {
  const names = (e: LedgerEntry) =>
    'distributionId' in ref ? e.distributionId === ref.distributionId : e.redemptionId === ref.redemptionId;
  return entries
    .filter((e) => e.kind === kind && names(e))
    .reduce((a, e) => a.add(dec(e[measure] ?? '0').mul(e.reverses === undefined ? 1 : -1)), new Dec(0));
};

/** What a position can still pay out: units held, declared distributions unpaid, dealt redemptions unpaid. */
export interface Payable {
  units: string;
  distributionUnpaid: string;
  redemptionUnpaid: string;
}

/** From the entries (reversals subtract), in the position's currency; never negative in a sound ledger. */
export const payableOf = (entries: readonly LedgerEntry[], currency: Currency): Payable => {
  const sum = (kind: LedgerKind, field: 'amount' | 'units') =>
    entries
      .filter((e) => e.kind === kind)
      .reduce((a, e) => a.add(dec(e[field] ?? '0').mul(e.reverses === undefined ? 1 : -1)), new Dec(0));
  return {
    units: sum('PAYMENT', 'units').sub(sum('REDEMPTION_DEALT', 'units')).toFixed(),
    distributionUnpaid: toAmount(
      sum('DISTRIBUTION_DECLARED', 'amount').sub(sum('DISTRIBUTION_PAID', 'amount')),
      currency,
    ),
    redemptionUnpaid: toAmount(sum('REDEMPTION_DEALT', 'amount').sub(sum('REDEMPTION_PAID', 'amount')), currency),
  };
};

/**
 * A payout never exceeds what the position holds (spec code INSUFFICIENT_BALANCE, 422): a redemption
 * deals no more units than are held, pays no more than was dealt and not yet paid, and a distribution
 * pays no more than was declared to this investor and not yet paid. `field` and `held` say which figure
 * fell short. Reversals are judged by appendEntry (they mirror an original), not here.
 */
export const assertCovered = (
  entries: readonly LedgerEntry[],
  drafts: readonly Pick<LedgerEntry, 'kind' | 'amount' | 'units' | 'reverses'>[],
  currency: Currency,
): void => {
  const left = payableOf(entries, currency);
  let units = dec(left.units);
  let distribution = dec(left.distributionUnpaid);
  let redemption = dec(left.redemptionUnpaid);
  const short = (field: string, held: Dec) => new DomainError('INSUFFICIENT_BALANCE', { field, held: held.toFixed() });
  for (const d of drafts) {
    if (d.reverses !== undefined) continue;
    if (d.kind === 'REDEMPTION_DEALT') {
      if (dec(d.units ?? '0').gt(units)) throw short('units', units);
      units = units.sub(dec(d.units ?? '0'));
      redemption = redemption.add(dec(d.amount));
    } else if (d.kind === 'REDEMPTION_PAID') {
      if (dec(d.amount).gt(redemption)) throw short('amount', redemption);
      redemption = redemption.sub(dec(d.amount));
    } else if (d.kind === 'DISTRIBUTION_DECLARED') {
      distribution = distribution.add(dec(d.amount));
    } else if (d.kind === 'DISTRIBUTION_PAID') {
      if (dec(d.amount).gt(distribution)) throw short('amount', distribution);
      distribution = distribution.sub(dec(d.amount));
    } else if (d.kind === 'PAYMENT') {
      units = units.add(dec(d.units ?? '0'));
    }
  }
};
