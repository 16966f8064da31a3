import fc from 'fast-check';
import { type LedgerEntry, reversalOf } from './ledger.js';

/**
 * For tests: the ledger fixtures the money unit tests share (the ledger, the summary and its cache,
 * performance, dealing, the notice worker), so each builds entries, random ledgers and prices the
 * same way. Nothing here is imported by product code.
 */

/** The one position fixture entries belong to unless they name another. */
const POSITION = {
  investorId: 'i',
  subscriptionId: 's',
  productId: 'p',
  shareClassId: 'c',
  currency: 'USD' as const,
};

/** Entry `seq` (id `e<seq>`) of the fixture position, dated 2026-01-02 unless `more` says otherwise. */
export const ledgerEntry = (
  seq: number,
  kind: LedgerEntry['kind'],
  amount: string,
  more: Partial<LedgerEntry> = {},
): LedgerEntry => ({ ...POSITION, id: `e${seq}`, seq, kind, amount, effectiveDate: '2026-01-02', ...more });

/**
 * A maker of entries numbered 1, 2, 3... in the order they are made, with `defaults` (a date, another
 * position) under each entry's own fields. `ref()` takes the next number for an entry made elsewhere
 * (a reversal: `reversalOf(entry, make.ref())`).
 */
export const ledgerSequence = (defaults: Partial<LedgerEntry> = {}) => {
  let seq = 0;
  const ref = () => {
    seq += 1;
    return { id: `e${seq}`, seq };
  };
  const make = (kind: LedgerEntry['kind'], amount: string, more: Partial<LedgerEntry> = {}): LedgerEntry =>
    ledgerEntry(ref().seq, kind, amount, { ...defaults, ...more });
  return Object.assign(make, { ref });
};

/** Day `day` counted from 2020-01-01 (the random ledgers' first day), as a date. */
export const dayOf = (day: number) => new Date(Date.UTC(2020, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);

/**
 * One step of a random ledger's life over five years: an entry of `kind` for `cents` (with `units`
 * when it moves units), a NAV price of `cents` (`late`: its consumer has not run when the next entry
 * comes), or the reversal of the live entry `pick` designates.
 */
export const ledgerStepArb = (maxUnits: number) =>
  fc.record({
    kind: fc.constantFrom(
      'CALL' as const,
      'PAYMENT' as const,
      'FEE' as const,
      'DISTRIBUTION_PAID' as const,
      'REDEMPTION_DEALT' as const,
      'REDEMPTION_PAID' as const,
      'NAV' as const,
      'REVERSE' as const,
    ),
    day: fc.integer({ min: 0, max: 1800 }),
    cents: fc.integer({ min: 1, max: 5_000_000 }),
    units: fc.integer({ min: 0, max: maxUnits }),
    pick: fc.nat(),
    late: fc.boolean(),
  });

type LedgerStep = ReturnType<typeof ledgerStepArb> extends fc.Arbitrary<infer S> ? S : never;

/**
 * A random ledger as the steps build it: `entries` everything posted (reversals included), `live`
 * what no reversal has undone, the oracle's view. It starts with a commitment of 1,000,000.00.
 */
export const randomLedger = () => {
  const entries: LedgerEntry[] = [
    { ...POSITION, id: 'c', seq: 0, kind: 'COMMITMENT', amount: '1000000.00', effectiveDate: '2020-01-01' },
  ];
  const live: LedgerEntry[] = [...entries];
  /**
   * Posts step `i` (not a NAV: prices are the caller's), `units` the text of the units it moves.
   * A reversal picks among the live entries other than the commitment; with none, nothing is posted
   * (answers false).
   */
  const post = (s: LedgerStep, i: number, units: string): boolean => {
    if (s.kind === 'REVERSE') {
      const candidates = live.filter((e) => e.kind !== 'COMMITMENT');
      const victim = candidates[s.pick % Math.max(1, candidates.length)];
      if (!victim) return false;
      entries.push(reversalOf(victim, { id: `r${i}`, seq: i + 1 }));
      live.splice(live.indexOf(victim), 1);
      return true;
    }
    if (s.kind === 'NAV') throw new Error('A NAV is a price, not an entry');
    const withUnits = s.kind === 'PAYMENT' || s.kind === 'REDEMPTION_DEALT';
    const e: LedgerEntry = {
      ...POSITION,
      id: `e${i}`,
      seq: i + 1,
      kind: s.kind,
      amount: (s.cents / 100).toFixed(2),
      effectiveDate: dayOf(s.day),
      ...(withUnits ? { units } : {}),
    };
    entries.push(e);
    live.push(e);
    return true;
  };
  return { entries, live, post };
};
