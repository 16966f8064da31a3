import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from './ledger.js';
import { investmentSummary, latestNav, navLine, unitsHeldOn } from './summary.js';

const base = { investorId: 'i', subscriptionId: 's', productId: 'p', shareClassId: 'c', currency: 'USD' as const };
const entries: LedgerEntry[] = [
  { ...base, id: '1', seq: 1, kind: 'COMMITMENT', amount: '10000.00', effectiveDate: '2008-01-01' },
  { ...base, id: '2', seq: 2, kind: 'CALL', amount: '10000.00', effectiveDate: '2008-01-01' },
  { ...base, id: '3', seq: 3, kind: 'PAYMENT', amount: '10000.00', units: '1000', effectiveDate: '2008-01-01' },
  { ...base, id: '4', seq: 4, kind: 'DISTRIBUTION_PAID', amount: '2750.00', effectiveDate: '2008-03-01' },
  { ...base, id: '5', seq: 5, kind: 'DISTRIBUTION_PAID', amount: '4250.00', effectiveDate: '2008-10-30' },
  { ...base, id: '6', seq: 6, kind: 'REDEMPTION_DEALT', amount: '3250.00', units: '500', effectiveDate: '2009-02-15' },
  { ...base, id: '7', seq: 7, kind: 'REDEMPTION_PAID', amount: '3250.00', effectiveDate: '2009-02-15' },
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
