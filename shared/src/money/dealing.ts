import type { Currency } from '../money.js';
import { largestRemainder } from './allocation.js';
import { Dec, dec, scaled, toAmount, unscaled } from './decimal.js';

/** Digits of a unit price and of units held: six, as AmountSchema allows (unit prices carry more than cash). */
export const UNIT_DIGITS = 6;

/**
 * NAV per unit = (assets - liabilities of the class) / units outstanding of the class (DOMAIN.md:
 * (100M - 10M) / 5M = 18.00), to UNIT_DIGITS places half to even. No units outstanding: no price.
 */
export const navPerUnit = (assets: string, liabilities: string, unitsOutstanding: string): string | undefined => {
  const units = dec(unitsOutstanding);
  if (units.lte(0)) return undefined;
  return dec(assets).sub(dec(liabilities)).div(units).toFixed(UNIT_DIGITS);
};

export type Fee = { type: 'FIXED'; amount: string } | { type: 'PERCENTAGE'; percent: string };

/** The fee on `gross`, in the currency's minor units (half to even); never more than the gross. */
export const feeOn = (gross: string, fee: Fee | undefined, currency: Currency): string => {
  if (!fee) return toAmount(new Dec(0), currency);
  const value = fee.type === 'FIXED' ? dec(fee.amount) : dec(gross).mul(dec(fee.percent)).div(100);
  return toAmount(Dec.min(value, dec(gross)), currency);
};

/**
 * An open-ended subscription dealt at `nav` (DOMAIN.md: units = (gross - subscription fee) / NAV per
 * unit; fee FIXED or PERCENTAGE). Units are rounded down to UNIT_DIGITS, so the fund never issues a
 * fraction of a unit nobody paid for.
 */
export const subscriptionUnits = (gross: string, nav: string, fee: Fee | undefined, currency: Currency) => {
  const price = dec(nav);
  if (price.lte(0)) throw new RangeError('A NAV per unit is positive');
  const charged = feeOn(gross, fee, currency);
  const net = dec(gross).sub(dec(charged));
  return {
    fee: charged,
    net: toAmount(net, currency),
    units: net.div(price).toDecimalPlaces(UNIT_DIGITS, Dec.ROUND_DOWN).toFixed(UNIT_DIGITS),
  };
};

/**
 * Redemption proceeds = units x NAV at the dealing date - redemption fee (DOMAIN.md), in minor units
 * half to even; the fee never takes the proceeds below zero.
 */
export const redemptionProceeds = (units: string, nav: string, fee: Fee | undefined, currency: Currency) => {
  const gross = toAmount(dec(units).mul(dec(nav)), currency);
  const charged = feeOn(gross, fee, currency);
  return { gross, fee: charged, net: toAmount(dec(gross).sub(dec(charged)), currency) };
};

/** Dealing frequencies the spec's product enumeration allows for an open-ended fund. */
export const DEALING_FREQUENCIES = ['monthly', 'quarterly', 'yearly'] as const;
export type DealingFrequency = (typeof DEALING_FREQUENCIES)[number];

const MONTHS_PER_PERIOD: Record<DealingFrequency, number> = { monthly: 1, quarterly: 3, yearly: 12 };

/** Last calendar day of the month `monthIndex` (0-based, may exceed 11) of `year`, as ISO. */
const monthEnd = (year: number, monthIndex: number): string =>
  new Date(Date.UTC(year, monthIndex + 1, 0)).toISOString().slice(0, 10);

const addDays = (iso: string, days: number): string =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Forward pricing (DOMAIN.md: "at the next NAV after the cut-off"). Tranche's rule, since DOMAIN.md
 * gives none finer: dealing dates are the last calendar day of each period (month, calendar quarter,
 * year); an order or redemption request deals at the first dealing date whose cut-off, `noticeDays`
 * calendar days before it, is on or after the day the order arrived. An order on the cut-off day itself
 * is in time; one a day later waits for the next period. Dates are UTC calendar days.
 */
export const dealingDateFor = (received: string, frequency: DealingFrequency, noticeDays: number): string => {
  if (!Number.isInteger(noticeDays) || noticeDays < 0) throw new RangeError('noticeDays is a whole number >= 0');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(received) || Number.isNaN(Date.parse(`${received}T00:00:00Z`))) {
    throw new TypeError(`Not an ISO date: ${received}`);
  }
  const [y, m] = received.split('-').map(Number) as [number, number];
  const step = MONTHS_PER_PERIOD[frequency];
  // The period containing `received`: months are grouped from January (quarters end Mar/Jun/Sep/Dec).
  let monthIndex = Math.floor((m - 1) / step) * step + step - 1;
  for (;;) {
    const dealing = monthEnd(y, monthIndex);
    if (addDays(dealing, -noticeDays) >= received) return dealing;
    monthIndex += step;
  }
};

/** One redemption request waiting to be dealt, in units. */
export interface GateRequest {
  id: string;
  units: string;
}

export interface GateFill {
  id: string;
  /** Units dealt at this date. */
  dealt: string;
  /** Units carried to the next dealing date. */
  carried: string;
}

/**
 * A redemption gate at one dealing date (DOMAIN.md: gates, e.g. 25% of NAV, prorate requests and carry
 * the rest forward). The gate in units is `gatePercent` of the units outstanding (a percentage of NAV at
 * one price is the same percentage of units). When the requests fit, every one deals in full; when
 * they do not, the gate is shared pro rata to the requests by largest remainder in 10^-6 units, so the
 * dealt units add up exactly to the gate and no request deals more than it asked. Carried-forward
 * requests rank equally with new ones (pari passu): pass them in again at the next date.
 */
export const applyGate = (
  requests: readonly GateRequest[],
  unitsOutstanding: string,
  gatePercent: string,
): GateFill[] => {
  const percent = dec(gatePercent);
  if (percent.isNegative() || percent.gt(100)) throw new RangeError('A gate lies between 0 and 100 percent');
  const asked = requests.map((r) => scaled(r.units, UNIT_DIGITS));
  const total = asked.reduce((a, u) => a + u, 0n);
  const gate = scaled(
    dec(unitsOutstanding).mul(percent).div(100).toDecimalPlaces(UNIT_DIGITS, Dec.ROUND_DOWN).toFixed(),
    UNIT_DIGITS,
  );
  const dealt = total <= gate || total === 0n ? asked : largestRemainder(gate, asked);
  return requests.map((r, i) => ({
    id: r.id,
    dealt: unscaled(dealt[i] as bigint, UNIT_DIGITS),
    carried: unscaled((asked[i] as bigint) - (dealt[i] as bigint), UNIT_DIGITS),
  }));
};

/**
 * Successive dealing dates under a gate: each date deals the requests carried from before plus the new
 * ones, and carries what the gate holds back. Units outstanding fall by what each date dealt (plus any
 * other change the caller folds into the next date's `unitsOutstanding`).
 */
export const runGate = (
  dates: readonly { date: string; unitsOutstanding: string; newRequests: readonly GateRequest[] }[],
  gatePercent: string,
): { date: string; fills: GateFill[] }[] => {
  let carried: GateRequest[] = [];
  return dates.map(({ date, unitsOutstanding, newRequests }) => {
    const queue = [...carried];
    for (const r of newRequests) {
      const waiting = queue.find((q) => q.id === r.id);
      if (waiting) waiting.units = dec(waiting.units).add(dec(r.units)).toFixed();
      else queue.push({ ...r });
    }
    const fills = applyGate(queue, unitsOutstanding, gatePercent);
    carried = fills.filter((f) => dec(f.carried).gt(0)).map((f) => ({ id: f.id, units: f.carried }));
    return { date, fills };
  });
};

/** A confirmed redemption request due at a dealing date: what is left of it to deal, in units. */
export interface DueRequest {
  id: string;
  /** Units asked and not dealt yet (the whole request, or what a gate carried forward). */
  remaining: string;
}

export interface DealtFill {
  id: string;
  /** Units asked at this date (what was remaining). */
  asked: string;
  dealt: string;
  carried: string;
  /** Money, in the currency's minor digits: dealt units x NAV, the redemption fee on it, and the rest. */
  gross: string;
  fee: string;
  net: string;
}

/**
 * One dealing date of a share class (DOMAIN.md: "redemption proceeds = units x NAV at the dealing date -
 * redemption fee"; "gates (e.g. 25% of NAV) prorate requests and carry the rest forward"): the gate of
 * `applyGate` over the due requests (no gate: `gatePercent` undefined, everything deals), then each
 * fill priced at `nav` with the class's redemption fee. A FIXED fee is charged once per request on the
 * date it deals its last units (a gated request is not charged twice for being carried); a PERCENTAGE
 * fee applies to each part's gross.
 */
export const dealRedemptions = (
  due: readonly DueRequest[],
  unitsOutstanding: string,
  gatePercent: string | undefined,
  nav: string,
  fee: Fee | undefined,
  currency: Currency,
): { gateUnits?: string; gated: boolean; fills: DealtFill[] } => {
  const requests = due.map((d) => ({ id: d.id, units: d.remaining }));
  const fills = applyGate(requests, unitsOutstanding, gatePercent ?? '100');
  const gated = fills.some((f) => dec(f.carried).gt(0));
  const gateUnits =
    gatePercent === undefined
      ? undefined
      : dec(unitsOutstanding)
          .mul(dec(gatePercent))
          .div(100)
          .toDecimalPlaces(UNIT_DIGITS, Dec.ROUND_DOWN)
          .toFixed(UNIT_DIGITS);
  return {
    ...(gateUnits === undefined ? {} : { gateUnits }),
    gated,
    fills: fills.map((f, i) => {
      const carriedSome = dec(f.carried).gt(0);
      const charged = fee?.type === 'FIXED' && carriedSome ? undefined : fee;
      const money = redemptionProceeds(f.dealt, nav, charged, currency);
      return {
        id: f.id,
        asked: dec((due[i] as DueRequest).remaining).toFixed(UNIT_DIGITS),
        dealt: dec(f.dealt).toFixed(UNIT_DIGITS),
        carried: dec(f.carried).toFixed(UNIT_DIGITS),
        ...money,
      };
    }),
  };
};

/** The dealing date after `date` (the next period end): where a gate carries what it held back. */
export const nextDealingDate = (date: string, frequency: DealingFrequency): string =>
  dealingDateFor(addDays(date, 1), frequency, 0);

/**
 * The fee a share class charges automatically, from its published fee (product.schema.ts FeeShape): a
 * FLAT fee is a fixed amount (FIXED) or a percentage of the gross (PERCENTAGE); a RANGE or OTHER fee is
 * negotiated per investor, so no fee is deducted without a person deciding it.
 */
export const chargedFee = (fee: { type: string; display: string; value?: string } | undefined): Fee | undefined => {
  if (fee?.display !== 'FLAT' || fee.value === undefined || dec(fee.value).lte(0)) return undefined;
  return fee.type === 'FIXED' ? { type: 'FIXED', amount: fee.value } : { type: 'PERCENTAGE', percent: fee.value };
};
