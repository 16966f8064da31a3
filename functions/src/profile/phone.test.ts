import examples from 'libphonenumber-js/examples.mobile.json' with { type: 'json' };
import metadata from 'libphonenumber-js/metadata.min.json' with { type: 'json' };
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { isValidPhone } from './phone.js';
import { PHONE_PLANS } from './phone-plans.js';

type Country = [string, string, string, number[], ...unknown[]];
const countries = (metadata as unknown as { countries: Record<string, Country> }).countries;
const callingCodes = (metadata as unknown as { country_calling_codes: Record<string, string[]> }).country_calling_codes;

/** PHONE_PLANS as the library's metadata gives it; to regenerate, write this out as phone-plans.ts. */
const derived = () =>
  Object.fromEntries(
    Object.entries(callingCodes).map(([code, list]) => {
      const plans = new Map<string, [string, number[]]>();
      for (const cc of list) {
        const c = countries[cc]!;
        plans.set(`${c[2]}|${c[3].join(',')}`, [c[2], c[3]]);
      }
      return [code, [...plans.values()]];
    }),
  );

const e164 = (country: string, national: string) => `+${countries[country]![0]}${national}`;

describe('phone numbers (spec §5 `phone`)', () => {
  it("holds every calling code's plans exactly as libphonenumber-js's min metadata has them", () => {
    expect(PHONE_PLANS).toEqual(derived());
  });

  it("accepts every country's example mobile number, as the library does", () => {
    const refused = Object.entries(examples as Record<string, string>)
      .filter(([country]) => countries[country])
      .map(([country, national]) => e164(country, national))
      .filter((n) => isValidPhoneNumber(n) && !isValidPhone(n));
    expect(refused).toEqual([]);
  });

  it('refuses what the library refuses for a wrong length: each example one digit short or long', () => {
    const disagree: string[] = [];
    for (const [country, national] of Object.entries(examples as Record<string, string>)) {
      if (!countries[country]) continue;
      for (const n of [e164(country, national.slice(0, -1)), e164(country, `${national}0`)]) {
        if (!isValidPhoneNumber(n) && isValidPhone(n)) {
          // Ours may only be wider where the library judges a country of that calling code by
          // per-type ranges (see isValidPhone): +39 is Italy's (typed) and the Vatican's.
          const code = countries[country]![0];
          if (!callingCodes[code]!.some((cc) => countries[cc]![11])) disagree.push(n);
        }
      }
    }
    expect(disagree).toEqual([]);
  });

  it('refuses what is not a phone number at all', () => {
    for (const n of ['+85200000', '+0123456789', '85291234567', '+852 9123 4567', '+999123456789', '+1']) {
      expect(isValidPhone(n), n).toBe(false);
    }
    expect(isValidPhone('+85291234567')).toBe(true);
    expect(isValidPhone('+447911123456')).toBe(true);
  });
});
