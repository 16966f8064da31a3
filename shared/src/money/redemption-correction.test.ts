import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMinorUnits, unscaled } from './decimal.js';
import {
  correctDealt,
  correctPaid,
  type RedemptionFigures,
  redemptionStateFor,
  unpaidProceeds,
} from './redemption-correction.js';
import { REDEMPTION_LIFECYCLE, type RedemptionState } from './redemption-state.js';

/**
 * Corrections of a redemption's entries (docs/money.md "Corrections of distribution and redemption
 * entries"): the request's figures and state after a correction are those the dealing and payment
 * path reaches with the fills and payment that stand.
 */
const USD = 'USD' as const;
const units = (n: bigint) => unscaled(n, 6);
const cents = (n: bigint) => fromMinorUnits(n, USD);

interface Fill {
  units: bigint;
  net: bigint;
}

/** The dealing path replayed: each fill deals part (DEAL_PART) or the last units (DEAL_REST), then PAY. */
const replay = (asked: bigint, fills: readonly Fill[], paidInFull: boolean): RedemptionState => {
  let state: RedemptionState = 'CONFIRMED';
  let dealt = 0n;
  for (const f of fills) {
    if (f.units <= 0n) continue;
    dealt += f.units;
    state = REDEMPTION_LIFECYCLE.next(state, dealt < asked ? 'DEAL_PART' : 'DEAL_REST', 'GP_ADMIN');
  }
  if (paidInFull && state === 'DEALT') state = REDEMPTION_LIFECYCLE.next(state, 'PAY', 'GP_ADMIN');
  return state;
};

const figuresOf = (asked: bigint, fills: readonly Fill[], paid: bigint): RedemptionFigures => ({
  units: units(asked),
  dealtUnits: units(fills.reduce((a, f) => a + f.units, 0n)),
  proceeds: cents(fills.reduce((a, f) => a + f.net, 0n)),
  paid: cents(paid),
});

/** A request of `asked` units dealt in fills that sum to it (a gate's parts), each with its net proceeds. */
const dealtRequests = fc
  .tuple(
    fc.bigInt({ min: 1n, max: 10_000_000_000n }),
    fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 4 }),
  )
  .chain(([asked, shares]) => {
    const whole = shares.reduce((a, s) => a + s, 0);
    let left = asked;
    const parts = shares.map((s, i) => {
      const part = i === shares.length - 1 ? left : (asked * BigInt(s)) / BigInt(whole);
      left -= part;
      return part;
    });
    return fc.record({
      asked: fc.constant(asked),
      fills: fc.tuple(
        ...parts.map((p) => fc.bigInt({ min: 1n, max: 1_000_000_000n }).map((net) => ({ units: p, net }))),
      ),
    });
  });

describe('a dealt redemption, corrected', () => {
  it('reaches the state of replaying the fills that stand, with their units and proceeds', () => {
    fc.assert(
      fc.property(
        dealtRequests,
        fc.nat(),
        fc.option(
          fc.record({ share: fc.integer({ min: 1, max: 100 }), net: fc.bigInt({ min: 1n, max: 1_000_000_000n }) }),
        ),
        ({ asked, fills }, pick, corrected) => {
          const i = pick % fills.length;
          const original = fills[i] as Fill;
          const others = fills.filter((_, j) => j !== i);
          // The corrected fill deals a share of what the others leave of the request (never more).
          const room = asked - others.reduce((a, f) => a + f.units, 0n);
          const fill = corrected ? { units: (room * BigInt(corrected.share)) / 100n, net: corrected.net } : undefined;
          const result = correctDealt(
            figuresOf(asked, fills, 0n),
            {
              original: { units: units(original.units), amount: cents(original.net) },
              ...(fill ? { corrected: { units: units(fill.units), amount: cents(fill.net) } } : {}),
            },
            USD,
          );
          const standing = fill ? [...others, fill] : others;
          expect(result).toEqual({ figures: figuresOf(asked, standing, 0n), state: replay(asked, standing, false) });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses while proceeds are paid, and more units than asked', () => {
    const f = { units: '100.000000', dealtUnits: '100.000000', proceeds: '1000.00', paid: '1000.00' };
    expect(correctDealt(f, { original: { units: '100', amount: '1000.00' } }, USD)).toEqual({ hasPayment: true });
    const unpaid = { ...f, paid: '0.00' };
    expect(
      correctDealt(
        unpaid,
        { original: { units: '60', amount: '600.00' }, corrected: { units: '61', amount: '610.00' } },
        USD,
      ),
    ).toEqual({ overAsked: '60.000000' });
    expect(correctDealt(unpaid, { original: { units: '60', amount: '600.00' } }, USD)).toEqual({
      figures: { ...unpaid, dealtUnits: '40.000000', proceeds: '400.00' },
      state: 'PARTLY_DEALT',
    });
  });
});

describe('a redemption payment, corrected', () => {
  it('takes a paid request back to DEALT when reversed, and keeps PAID only while paid in full', () => {
    const f = { units: '10', dealtUnits: '10.000000', proceeds: '3189.03', paid: '3189.03' };
    expect(correctPaid(f, { original: '3189.03' }, USD)).toEqual({ figures: { ...f, paid: '0.00' }, state: 'DEALT' });
    expect(correctPaid(f, { original: '3189.03', corrected: '3000.00' }, USD)).toEqual({
      figures: { ...f, paid: '3000.00' },
      state: 'DEALT',
    });
    expect(unpaidProceeds({ proceeds: f.proceeds, paid: '3000.00' }, USD)).toBe('189.03');
    expect(correctPaid(f, { original: '3189.03', corrected: '3189.03' }, USD)).toEqual({ figures: f, state: 'PAID' });
    expect(correctPaid(f, { original: '3189.03', corrected: '3189.04' }, USD)).toEqual({ exceeds: '3189.03' });
  });

  it('agrees with the lifecycle for any paid figure', () => {
    fc.assert(
      fc.property(dealtRequests, fc.bigInt({ min: 0n, max: 2_000_000_000n }), ({ asked, fills }, paidRaw) => {
        const proceeds = fills.reduce((a, f) => a + f.net, 0n);
        const paid = paidRaw % (proceeds + 1n);
        const f = figuresOf(asked, fills, proceeds);
        const result = correctPaid(
          f,
          { original: cents(proceeds), ...(paid > 0n ? { corrected: cents(paid) } : {}) },
          USD,
        );
        expect(result).toEqual({
          figures: { ...f, paid: cents(paid) },
          state: replay(asked, fills, paid > 0n && paid >= proceeds),
        });
        expect(redemptionStateFor(figuresOf(asked, [], 0n), USD)).toBe('CONFIRMED');
      }),
      { numRuns: 200 },
    );
  });
});
