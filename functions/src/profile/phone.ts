import { PHONE_PLANS } from './phone-plans.js';

const compiled = new Map<string, RegExp>();
const whole = (pattern: string): RegExp => {
  let re = compiled.get(pattern);
  if (!re) {
    re = new RegExp(`^(?:${pattern})$`);
    compiled.set(pattern, re);
  }
  return re;
};

/**
 * Whether an E.164 number (`+85291234567`) can be a number of its calling code: its national number
 * has a length and matches a pattern of a country that dials that code. The same rule as
 * libphonenumber-js's `isValidPhoneNumber` with the min metadata, for the plans in PHONE_PLANS
 * (phone.test.ts holds the two together); it may accept a number the library refuses only where a
 * country's metadata also lists per-type ranges (unassigned NANPA area codes, say), never the reverse.
 * Calling codes are prefix-free (ITU-T E.164), so the first code that has plans is the number's.
 */
export const isValidPhone = (e164: string): boolean => {
  const digits = /^\+(\d{4,17})$/.exec(e164)?.[1];
  if (!digits) return false;
  for (let n = 1; n <= 3; n++) {
    const plans = PHONE_PLANS[digits.slice(0, n)];
    if (!plans) continue;
    const national = digits.slice(n);
    return plans.some(([pattern, lengths]) => lengths.includes(national.length) && whole(pattern).test(national));
  }
  return false;
};
