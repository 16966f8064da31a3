import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balancesOf, type LedgerEntry } from './ledger.js';
import { dayOf, ledgerEntry, ledgerStepArb, randomLedger } from './ledger-fixtures.js';
import { cashFlowsOf } from './performance.js';
import { investmentSummary, latestNav, navLine, unitsHeldOn } from './summary.js';
import {
  decodeSummary,
  encodeSummary,
  lineFromCache,
  MAX_LINE_POINTS,
  navVersionOf,
  summaryAfterAppend,
  summaryCacheOf,
  summaryFromCache,
} from './summary-cache.js';

/** DOMAIN.md's first XIRR vector as a ledger: 10,000 paid in 2008, 10,250 back, 500 units left. */
const entries: LedgerEntry[] = [
  ledgerEntry(1, 'COMMITMENT', '10000.00', { effectiveDate: '2008-01-01' }),
  ledgerEntry(2, 'CALL', '10000.00', { effectiveDate: '2008-01-01' }),
  ledgerEntry(3, 'PAYMENT', '10000.00', { units: '1000', effectiveDate: '2008-01-01' }),
  ledgerEntry(4, 'DISTRIBUTION_PAID', '2750.00', { effectiveDate: '2008-03-01' }),
  ledgerEntry(5, 'DISTRIBUTION_PAID', '4250.00', { effectiveDate: '2008-10-30' }),
  ledgerEntry(6, 'REDEMPTION_DEALT', '3250.00', { units: '500', effectiveDate: '2009-02-15' }),
  ledgerEntry(7, 'REDEMPTION_PAID', '3250.00', { effectiveDate: '2009-02-15' }),
];
const prices = [
  { date: '2009-04-01', navPerUnit: '5.50' },
  { date: '2008-06-30', navPerUnit: '9.00' },
];

describe('investment summary', () => {
  it('counts units held on a date', () => {
    expect(unitsHeldOn(entries, '2008-12-31').toFixed()).toBe('1000');
    expect(unitsHeldOn(entries, '2009-04-01').toFixed()).toBe('500');
    expect(unitsHeldOn(entries, '2007-12-31').toFixed()).toBe('0');
  });

  it('draws the NAV line in date order from units held and the prices', () => {
    expect(navLine(entries, prices, 'USD')).toEqual([
      { date: '2008-06-30', nav: '9000.00' },
      { date: '2009-04-01', nav: '2750.00' },
    ]);
    expect(latestNav(prices, '2009-01-01')).toEqual({ date: '2008-06-30', navPerUnit: '9.00' });
  });

  it('derives the tiles and measures from the ledger: DOMAIN.md’s first XIRR vector as a real investment', () => {
    const s = investmentSummary(entries, 'USD', prices, '2009-04-01');
    expect(s).toMatchObject({
      committed: '10000.00',
      invested: '10000.00',
      undrawn: '0.00',
      distributed: '7000.00',
      redeemed: '3250.00',
      units: '500',
      nav: '2750.00',
      navDate: '2009-04-01',
    });
    // Returned 10,250 + NAV 2,750 on 10,000 paid in.
    expect(s.multiples).toEqual({
      dpi: { available: true, value: '1.0250' },
      rvpi: { available: true, value: '0.2750' },
      tvpi: { available: true, value: '1.3000' },
    });
    // The flows are -10000, 2750, 4250, 3250, 2750 on DOMAIN.md's dates.
    expect(s.xirr.available && s.xirr.value).toBeCloseTo(0.373362535, 8);
  });

  it('shows only what happened by the as-of date, and no NAV before the first price', () => {
    const s = investmentSummary(entries, 'USD', prices, '2008-02-01');
    expect(s).toMatchObject({ distributed: '0.00', nav: undefined, navDate: undefined });
    expect(s.xirr).toEqual({ available: false, reason: 'noSignChange' });
  });
});

describe('dashboard tiles equal their definitions', () => {
  it('after any random sequence of calls, payments, distributions, NAVs, redemptions and reversals', () => {
    fc.assert(
      fc.property(fc.array(ledgerStepArb(100_000), { maxLength: 40 }), (steps) => {
        const { entries, live, post } = randomLedger();
        const prices: { date: string; navPerUnit: string }[] = [];
        for (const [i, s] of steps.entries()) {
          // Whole units at a price in cents: the NAV is exact in cents, so the oracle needs no rounding.
          if (s.kind === 'NAV') prices.push({ date: dayOf(s.day), navPerUnit: (s.cents / 100).toFixed(2) });
          else post(s, i, String(s.units));
        }
        const asOf = dayOf(1800);
        const summary = investmentSummary(entries, 'USD', prices, asOf);
        const cents = (kind: LedgerEntry['kind']) =>
          live.filter((e) => e.kind === kind).reduce((a, e) => a + Math.round(Number(e.amount) * 100), 0);
        const units = live.reduce(
          (a, e) => a + (e.kind === 'PAYMENT' ? 1 : e.kind === 'REDEMPTION_DEALT' ? -1 : 0) * Number(e.units ?? 0),
          0,
        );
        expect(summary.paidIn).toBe((cents('PAYMENT') / 100).toFixed(2));
        expect(summary.distributed).toBe((cents('DISTRIBUTION_PAID') / 100).toFixed(2));
        expect(summary.redeemed).toBe((cents('REDEMPTION_PAID') / 100).toFixed(2));
        expect(Number(summary.units)).toBe(units);
        const latest = [...prices].sort((a, b) => (a.date < b.date ? -1 : 1)).at(-1);
        // Several prices on one day: any of them may be latest; compare with the one the summary chose.
        if (!latest) expect(summary.nav).toBeUndefined();
        else {
          const chosen = prices.find((p) => p.date === summary.navDate && p.date === latest.date);
          expect(chosen).toBeDefined();
          const navCents = Math.round(units * Number(latestNav(prices, asOf)?.navPerUnit) * 100);
          expect(summary.nav).toBe((navCents / 100).toFixed(2));
        }
        const pic = cents('PAYMENT');
        if (pic <= 0) expect(summary.multiples.tvpi.available).toBe(false);
        else {
          const returned = cents('DISTRIBUTION_PAID') + cents('REDEMPTION_PAID');
          const nav = summary.nav === undefined ? 0 : Math.round(Number(summary.nav) * 100);
          const tvpi = (returned + nav) / pic;
          expect(summary.multiples.tvpi.available && Number(summary.multiples.tvpi.value)).toBeCloseTo(tvpi, 3);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('the dashboard summary kept on the investment', () => {
  /**
   * The cache is kept as the server keeps it: each ledger append recomputes it with the prices it holds
   * (`summaryAfterAppend`, investment.repo.ts appendSteps), and a NAV post reprices it from the class's
   * prices (`summaryCacheOf`, the navSummaries consumer), which may run late: the oracle is
   * `investmentSummary` / `navLine` over the entries and the prices the cache last saw.
   */
  it('equals the summary and NAV line recomputed from the entries after any random sequence', () => {
    fc.assert(
      fc.property(
        fc.array(ledgerStepArb(100_000_000), { maxLength: 40 }),
        fc.array(fc.integer({ min: -30, max: 1830 }), { minLength: 1, maxLength: 4 }),
        (steps, asOfDays) => {
          const { entries, post } = randomLedger();
          // The class's prices, one per date (a second NAV on a date is a correction replacing it).
          const posted = new Map<string, string>();
          const pricesNow = () => [...posted].map(([d, navPerUnit]) => ({ date: d, navPerUnit }));
          let cache = summaryCacheOf(entries, 'USD', []);
          let seen = pricesNow();
          let pending = false;
          for (const [i, s] of steps.entries()) {
            if (s.kind === 'NAV') {
              posted.set(dayOf(s.day), (s.cents / 10_000).toFixed(6));
              if (s.late) pending = true;
              else {
                seen = pricesNow();
                cache = summaryCacheOf(entries, 'USD', seen);
                pending = false;
              }
              continue;
            }
            if (!post(s, i, (s.units / 1_000_000).toFixed(6))) continue;
            // Stored and read back between writes, as the server does.
            cache = decodeSummary(encodeSummary(summaryAfterAppend(cache, entries, 'USD')));
          }
          if (pending && asOfDays[0]! % 2 === 0) {
            // The consumer catches up.
            seen = pricesNow();
            cache = summaryCacheOf(entries, 'USD', seen);
          }
          const balances = balancesOf(entries, 'USD');
          const through = entries
            .map((e) => e.effectiveDate)
            .sort()
            .at(-1) as string;
          for (const day of asOfDays) {
            const asOf = dayOf(day);
            const cached = summaryFromCache(balances, cache, 'USD', asOf);
            const upToDate = entries.filter((e) => e.effectiveDate <= asOf);
            expect(lineFromCache(cache, asOf)).toEqual(
              navLine(
                upToDate,
                seen.filter((p) => p.date <= asOf),
                'USD',
              ),
            );
            if (asOf < through) {
              expect(cached).toBeUndefined();
              continue;
            }
            expect(cached?.summary).toEqual(investmentSummary(entries, 'USD', seen, asOf));
            expect(cached?.flows).toEqual(cashFlowsOf(upToDate, 'USD'));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('is stored compactly and read back unchanged, an empty line and no flows included', () => {
    const full = summaryCacheOf(entries, 'USD', prices);
    expect(decodeSummary(encodeSummary(full))).toEqual(full);
    const empty = summaryCacheOf([], 'USD', []);
    expect(empty).toEqual({ flows: [], line: [] });
    expect(decodeSummary(encodeSummary(empty))).toEqual(empty);
    expect(encodeSummary(full).flows).toBe('2008-01-01 -10000;2008-03-01 2750;2008-10-30 4250;2009-02-15 3250');
  });

  it('versions a class’s prices by last date, then the newest posting (a correction counts)', () => {
    expect(navVersionOf([])).toBeUndefined();
    const first = navVersionOf([{ navDate: '2026-03-31', navPerUnit: '1.1', postedAt: '2026-04-02T10:00:00.000Z' }]);
    const corrected = navVersionOf([
      { navDate: '2026-02-27', navPerUnit: '1.05', postedAt: '2026-04-03T09:00:00.000Z' },
      { navDate: '2026-03-31', navPerUnit: '1.1', postedAt: '2026-04-02T10:00:00.000Z' },
    ]);
    const later = navVersionOf([
      { navDate: '2026-04-30', navPerUnit: '1.2', postedAt: '2026-04-01T00:00:00.000Z' },
      { navDate: '2026-03-31', navPerUnit: '1.1', postedAt: '2026-04-02T10:00:00.000Z' },
    ]);
    expect(first).toBe('2026-03-31#2026-04-02T10:00:00.000Z');
    expect([first! < corrected!, corrected! < later!]).toEqual([true, true]);
  });

  it('keeps no line longer than MAX_LINE_POINTS, and then answers only from the latest NAV on', () => {
    const prices = Array.from({ length: MAX_LINE_POINTS + 1 }, (_, i) => ({
      date: new Date(Date.UTC(2009, 2, 1) + i * 86_400_000).toISOString().slice(0, 10),
      navPerUnit: '2.000000',
    }));
    const cache = summaryAfterAppend(summaryCacheOf(entries, 'USD', prices), entries, 'USD');
    expect(cache.line).toBeUndefined();
    expect(lineFromCache(cache, '2099-01-01')).toBeUndefined();
    const last = prices.at(-1)!.date;
    expect(summaryFromCache(balancesOf(entries, 'USD'), cache, 'USD', last)?.summary).toEqual(
      investmentSummary(entries, 'USD', prices, last),
    );
    // After the last entry but before the latest NAV: the price then is only in the omitted line.
    expect(summaryFromCache(balancesOf(entries, 'USD'), cache, 'USD', '2010-06-30')).toBeUndefined();
  });
});
