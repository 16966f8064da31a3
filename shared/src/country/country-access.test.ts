import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors/domain-error.js';
import { assertCountryOpen, isCountryOpen } from './country-access.js';
import { COUNTRY_CODES, CountryCodeSchema } from './iso-3166.js';

const access = { openCountries: ['HK', 'SG', 'GB'] as const };

describe('open countries', () => {
  it('answers whether a country is open, whatever the case of the code', () => {
    expect(isCountryOpen(access, 'HK')).toBe(true);
    expect(isCountryOpen(access, 'sg')).toBe(true);
    expect(isCountryOpen(access, 'US')).toBe(false);
    expect(isCountryOpen({ openCountries: [] }, 'HK')).toBe(false);
  });

  it('refuses a closed country with countryIsNotOpen (422), naming the field', () => {
    let caught: unknown;
    try {
      assertCountryOpen(access, 'us', 'body.address.country');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DomainError);
    const error = caught as DomainError;
    expect(error.code).toBe('countryIsNotOpen');
    expect(error.status).toBe(422);
    expect(error.details).toEqual({
      country: 'US',
      fields: [{ field: 'body.address.country', rule: 'countryIsNotOpen', message: 'This country is not open.' }],
    });
  });

  it('lets an open country through', () => {
    expect(() => assertCountryOpen(access, 'GB')).not.toThrow();
  });
});

describe('ISO 3166-1 codes', () => {
  it('holds 249 sorted, unique alpha-2 codes', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect([...COUNTRY_CODES].sort()).toEqual([...COUNTRY_CODES]);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
  });

  it('accepts only upper-case ISO codes', () => {
    expect(CountryCodeSchema.safeParse('HK').success).toBe(true);
    expect(CountryCodeSchema.safeParse('hk').success).toBe(false);
    expect(CountryCodeSchema.safeParse('XK').success).toBe(false);
    expect(CountryCodeSchema.safeParse('UK').success).toBe(false);
  });
});
