import { DomainError } from '../errors/domain-error.js';
import type { Currency } from '../money.js';
import { dec, fromMinorUnits, scaled, toAmount, toMinorUnits } from './decimal.js';

/** One investor's share of a call: the weight is the commitment (or any non-negative decimal). */
export interface AllocationInput {
  id: string;
  /** Commitment, decimal string; at most 6 fraction digits. */
  commitment: string;
  /** Excluded from this call by the manager: allocated zero, and left out of the pro-rata base. */
  excused?: boolean;
}

export interface AllocationPart {
  id: string;
  /** Exactly the currency's minor digits. */
  amount: string;
}

/** Commitments are scaled to integers with this many digits, so the whole allocation is exact integer maths. */
const WEIGHT_DIGITS = 6;

/**
 * Splits `total` minor units over integer `weights` by the largest-remainder method: each part is its
 * exact pro-rata share rounded down, and the units left over go one each to the largest remainders
 * (ties: larger weight first, then input order, so the result never depends on anything but the input).
 * Exact BigInt arithmetic: no remainder is ever misjudged by a rounding error. Weights of zero get zero.
 */
export const largestRemainder = (total: bigint, weights: readonly bigint[]): bigint[] => {
  if (total < 0n) throw new RangeError('Cannot allocate a negative total');
  const sum = weights.reduce((a, w) => {
    if (w < 0n) throw new RangeError('Weights cannot be negative');
    return a + w;
  }, 0n);
  if (sum === 0n) throw new RangeError('Weights sum to zero');
  const parts = weights.map((w) => (total * w) / sum);
  const remainders = weights.map((w, i) => ({ i, w, r: (total * w) % sum }));
  let left = total - parts.reduce((a, p) => a + p, 0n);
  remainders.sort((a, b) => (a.r !== b.r ? (b.r > a.r ? 1 : -1) : a.w !== b.w ? (b.w > a.w ? 1 : -1) : a.i - b.i));
  // left < number of non-zero remainders, since each remainder is < 1 unit and they sum to `left` units.
  for (const { i } of remainders) {
    if (left === 0n) break;
    parts[i] = (parts[i] as bigint) + 1n;
    left -= 1n;
  }
  return parts;
};

/**
 * A capital call of `amount` split pro rata to commitment over the investors not excused (DOMAIN.md:
 * call_i = call x C_i / sum(C_eligible)), in the currency's minor units, the parts summing exactly to
 * the call. Refuses with capitalCallNothingToAllocate when no commitment is left to carry it.
 */
export const allocateCallByAmount = (
  amount: string,
  currency: Currency,
  investors: readonly AllocationInput[],
): AllocationPart[] => {
  const total = toMinorUnits(amount, currency);
  const weights = investors.map((inv) => (inv.excused ? 0n : scaled(inv.commitment, WEIGHT_DIGITS)));
  if (weights.every((w) => w === 0n)) throw new DomainError('capitalCallNothingToAllocate');
  const parts = largestRemainder(total, weights);
  return investors.map((inv, i) => ({ id: inv.id, amount: fromMinorUnits(parts[i] as bigint, currency) }));
};

/**
 * The call's total when it is a percentage of the eligible commitments ("call 10%"): the percentage of
 * their sum, rounded half to even to a minor unit, which `allocateCallByAmount` then splits. Rounding the
 * total once, rather than each investor's percentage, is what keeps the parts summing to the call.
 */
export const callAmountForPercentage = (
  percent: string,
  currency: Currency,
  investors: readonly AllocationInput[],
): string => {
  const p = dec(percent);
  if (p.isNegative() || p.gt(100)) throw new RangeError('A call percentage lies between 0 and 100');
  const eligible = investors.filter((inv) => !inv.excused).reduce((a, inv) => a.add(dec(inv.commitment)), dec('0'));
  return toAmount(eligible.mul(p).div(100), currency);
};

/** A call by percentage of commitment: the total, then its exact split. */
export const allocateCallByPercentage = (
  percent: string,
  currency: Currency,
  investors: readonly AllocationInput[],
): { amount: string; parts: AllocationPart[] } => {
  const amount = callAmountForPercentage(percent, currency, investors);
  return { amount, parts: allocateCallByAmount(amount, currency, investors) };
};

/**
 * The first investor whose part exceeds their undrawn commitment, as capitalCallOverdraws naming them;
 * nothing when every part fits. `undrawn` maps investor id to the balance's `undrawn`.
 */
export const assertWithinUndrawn = (parts: readonly AllocationPart[], undrawn: ReadonlyMap<string, string>): void => {
  for (const part of parts) {
    if (dec(part.amount).gt(dec(undrawn.get(part.id) ?? '0'))) {
      throw new DomainError('capitalCallOverdraws', { field: 'amount', investorId: part.id });
    }
  }
};

/** The items of an ILPA-shaped call notice: what the money is for. */
export const CALL_COMPONENTS = ['investment', 'managementFee', 'expenses'] as const;
export type CallComponent = (typeof CALL_COMPONENTS)[number];

export interface ItemisedPart {
  id: string;
  /** Each item of the investor's notice, with exactly the currency's minor digits. */
  items: Record<CallComponent, string>;
  /** The sum of the items: what the investor pays. */
  amount: string;
}

/**
 * A call itemised as the notice shows it (investment, management fee, expenses): each item split on
 * its own by largest remainder, so every item's column sums to that item of the call, and each
 * investor's total is the sum of their items (so the totals sum to the whole call too).
 */
export const allocateItemisedCall = (
  items: Record<CallComponent, string>,
  currency: Currency,
  investors: readonly AllocationInput[],
): ItemisedPart[] => {
  const split = Object.fromEntries(
    CALL_COMPONENTS.map((c) => [c, allocateCallByAmount(items[c], currency, investors)] as const),
  ) as Record<CallComponent, AllocationPart[]>;
  return investors.map((inv, i) => {
    const own = Object.fromEntries(
      CALL_COMPONENTS.map((c) => [c, (split[c][i] as AllocationPart).amount] as const),
    ) as Record<CallComponent, string>;
    const total = CALL_COMPONENTS.reduce((a, c) => a + toMinorUnits(own[c], currency), 0n);
    return { id: inv.id, items: own, amount: fromMinorUnits(total, currency) };
  });
};

/** Who shares a distribution, and by what: commitment (closed-ended) or units held (open-ended). */
export interface DistributionHolder {
  id: string;
  /** Commitment or units, decimal string with at most 6 fraction digits. */
  basis: string;
}

/**
 * A distribution split pro rata to commitment or units by largest remainder (the parts sum exactly
 * to the distribution). Nobody holding anything: capitalCallNothingToAllocate's sibling case, refused
 * the same way since there is no one to pay.
 */
export const allocateDistribution = (
  amount: string,
  currency: Currency,
  holders: readonly DistributionHolder[],
): AllocationPart[] =>
  allocateCallByAmount(
    amount,
    currency,
    holders.map((h) => ({ id: h.id, commitment: h.basis })),
  );
