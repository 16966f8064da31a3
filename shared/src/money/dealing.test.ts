import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyGate, dealingDateFor, navPerUnit, redemptionProceeds, runGate, subscriptionUnits } from './dealing.js';

describe('NAV per unit', () => {
  it('is (assets - liabilities) / units outstanding: DOMAIN.md’s (100M - 10M) / 5M = 18.00', () => {
    expect(navPerUnit('100000000', '10000000', '5000000')).toBe('18.000000');
  });
  it('has no value without units outstanding', () => {
    expect(navPerUnit('100', '0', '0')).toBeUndefined();
  });
});

describe('subscription units and redemption proceeds', () => {
  it('issues (gross - fee) / NAV units with a PERCENTAGE fee, rounded down', () => {
    expect(subscriptionUnits('100000.00', '18.00', { type: 'PERCENTAGE', percent: '2' }, 'USD')).toEqual({
      fee: '2000.00',
      net: '98000.00',
      units: '5444.444444',
    });
  });
  it('with a FIXED fee, and never charges more than the gross', () => {
    expect(subscriptionUnits('1000.00', '18', { type: 'FIXED', amount: '100' }, 'USD').units).toBe('50.000000');
    expect(subscriptionUnits('50.00', '18', { type: 'FIXED', amount: '100' }, 'USD')).toEqual({
      fee: '50.00',
      net: '0.00',
      units: '0.000000',
    });
  });
  it('pays units x NAV at the dealing date less the redemption fee', () => {
    expect(redemptionProceeds('1000', '18.123456', { type: 'PERCENTAGE', percent: '1' }, 'USD')).toEqual({
      gross: '18123.46',
      fee: '181.23',
      net: '17942.23',
    });
  });
});

describe('dealing date (forward pricing)', () => {
  it('deals at the next period end whose cut-off has not passed', () => {
    expect(dealingDateFor('2026-03-01', 'monthly', 5)).toBe('2026-03-31');
    expect(dealingDateFor('2026-03-26', 'monthly', 5)).toBe('2026-03-31'); // on the cut-off day: in time
    expect(dealingDateFor('2026-03-27', 'monthly', 5)).toBe('2026-04-30'); // a day late: next month
    expect(dealingDateFor('2026-02-10', 'quarterly', 30)).toBe('2026-03-31');
    expect(dealingDateFor('2026-03-05', 'quarterly', 30)).toBe('2026-06-30');
    expect(dealingDateFor('2026-12-31', 'yearly', 0)).toBe('2026-12-31');
    expect(dealingDateFor('2026-12-31', 'monthly', 90)).toBe('2027-03-31');
    expect(dealingDateFor('2024-02-01', 'monthly', 0)).toBe('2024-02-29');
  });

  it('refuses a date that is not an ISO date', () => {
    expect(() => dealingDateFor('2026-13-01x', 'monthly', 0)).toThrow(TypeError);
  });

  it('never deals before the order arrived plus the notice period', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        fc.constantFrom('monthly' as const, 'quarterly' as const, 'yearly' as const),
        fc.integer({ min: 0, max: 120 }),
        (date, frequency, notice) => {
          const received = date.toISOString().slice(0, 10);
          const dealing = dealingDateFor(received, frequency, notice);
          const gapDays = (Date.parse(dealing) - Date.parse(received)) / 86_400_000;
          expect(gapDays).toBeGreaterThanOrEqual(notice);
          // And it is the first such period end: the gap is less than notice + one period (+ a month's slack).
          expect(gapDays).toBeLessThan(notice + { monthly: 31, quarterly: 92, yearly: 366 }[frequency] + 1);
        },
      ),
    );
  });
});

describe('redemption gate', () => {
  it('deals every request in full when they fit under the gate', () => {
    expect(
      applyGate(
        [
          { id: 'a', units: '100' },
          { id: 'b', units: '50' },
        ],
        '1000',
        '25',
      ),
    ).toEqual([
      { id: 'a', dealt: '100.000000', carried: '0.000000' },
      { id: 'b', dealt: '50.000000', carried: '0.000000' },
    ]);
  });

  it('refuses a gate outside 0-100 percent', () => {
    expect(() => applyGate([{ id: 'a', units: '1' }], '10', '101')).toThrow(RangeError);
  });

  it('prorates a gated date and carries the rest forward, where it deals next time', () => {
    // Gate 25% of 1,000 units = 250; requests 300 and 100 -> 187.5 and 62.5, carrying 112.5 and 37.5.
    const [first, second] = runGate(
      [
        {
          date: '2026-03-31',
          unitsOutstanding: '1000',
          newRequests: [
            { id: 'a', units: '300' },
            { id: 'b', units: '100' },
          ],
        },
        { date: '2026-04-30', unitsOutstanding: '750', newRequests: [{ id: 'c', units: '10' }] },
      ],
      '25',
    );
    expect(first?.fills).toEqual([
      { id: 'a', dealt: '187.500000', carried: '112.500000' },
      { id: 'b', dealt: '62.500000', carried: '37.500000' },
    ]);
    // 112.5 + 37.5 + 10 = 160 <= 187.5: everything deals.
    expect(second?.fills).toEqual([
      { id: 'a', dealt: '112.500000', carried: '0.000000' },
      { id: 'b', dealt: '37.500000', carried: '0.000000' },
      { id: 'c', dealt: '10.000000', carried: '0.000000' },
    ]);
  });

  it('always deals exactly the gate when gated, nobody more than asked, and carries the exact rest', () => {
    const micro = (s: string) => BigInt(s.replace('.', ''));
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 100 }),
        (asks, outstanding, percent) => {
          const requests = asks.map((u, i) => ({ id: `r${i}`, units: (u / 1000).toFixed(3) }));
          const fills = applyGate(requests, String(outstanding), String(percent));
          const gate = BigInt(outstanding) * BigInt(percent) * 10_000n; // units x % / 100 in micro-units
          const asked = requests.reduce((a, r) => a + micro(Number(r.units).toFixed(6)), 0n);
          const dealt = fills.reduce((a, f) => a + micro(f.dealt), 0n);
          expect(dealt).toBe(asked <= gate ? asked : gate);
          fills.forEach((f, i) => {
            const ask = micro(Number(requests[i]?.units).toFixed(6));
            expect(micro(f.dealt) >= 0n && micro(f.dealt) <= ask).toBe(true);
            expect(micro(f.dealt) + micro(f.carried)).toBe(ask);
          });
        },
      ),
    );
  });
});
