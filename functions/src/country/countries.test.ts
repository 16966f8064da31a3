import { COUNTRY_CODES } from '@tranche/shared/country/iso-3166';
import isoCountries from 'i18n-iso-countries/index';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { allCountries, queryCountries } from './countries.js';
import { DIAL_CODES } from './dial-codes.js';

const codes = (items: { code: string }[]) => items.map((c) => c.code);

describe('the country data', () => {
  it("is ISO 3166-1 exactly: the shared code list equals the library's (without the user-assigned XK)", () => {
    const library = Object.keys(isoCountries.getAlpha2Codes())
      .filter((c) => c !== 'XK')
      .sort();
    expect([...COUNTRY_CODES]).toEqual(library);
  });

  it('gives every country an alpha-3 code, a numeric code and names in both languages', () => {
    for (const c of allCountries()) {
      expect(c.alpha3, c.code).toMatch(/^[A-Z]{3}$/);
      expect(c.numeric, c.code).toMatch(/^\d{3}$/);
      expect(c.name.en, c.code).not.toBe(c.code);
      expect(c.name['zh-CN'], c.code).not.toBe(c.code);
    }
  });

  it("has libphonenumber's calling code for every country it has a numbering plan for, and no other", () => {
    const library = Object.fromEntries(
      COUNTRY_CODES.filter((c) => isSupportedCountry(c)).map((c) => [c, getCountryCallingCode(c)]),
    );
    expect(DIAL_CODES).toEqual(library);
  });

  it('knows the dial codes, and has none where no numbering plan exists', () => {
    const byCode = new Map(allCountries().map((c) => [c.code, c]));
    expect(byCode.get('HK')).toMatchObject({
      alpha3: 'HKG',
      numeric: '344',
      dialCode: '+852',
      name: { 'zh-CN': '香港' },
    });
    expect(byCode.get('US')?.dialCode).toBe('+1');
    expect(byCode.get('CN')?.dialCode).toBe('+86');
    expect(byCode.get('GB')?.dialCode).toBe('+44');
    expect(byCode.get('AQ')?.dialCode).toBeNull();
  });
});

describe('querying countries', () => {
  const open = ['HK', 'SG'] as const;

  it('finds by alpha-2 or alpha-3 code, any case', () => {
    expect(codes(queryCountries({ code: 'hk' }, open, 'en'))).toEqual(['HK']);
    expect(codes(queryCountries({ code: 'SGP' }, open, 'en'))).toEqual(['SG']);
    expect(queryCountries({ code: 'ZZ' }, open, 'en')).toEqual([]);
  });

  it('finds by name in either language and by common alias', () => {
    expect(codes(queryCountries({ q: 'singapore' }, open, 'en'))).toEqual(['SG']);
    expect(codes(queryCountries({ q: '新加坡' }, open, 'zh-CN'))).toEqual(['SG']);
    expect(codes(queryCountries({ q: 'USA' }, open, 'en'))).toContain('US');
    expect(codes(queryCountries({ q: 'Czechia' }, open, 'en'))).toEqual(['CZ']);
  });

  it('finds by dial code', () => {
    expect(codes(queryCountries({ q: '+852' }, open, 'en'))).toEqual(['HK']);
    expect(codes(queryCountries({ q: '+44' }, open, 'en'))).toEqual(expect.arrayContaining(['GB', 'JE', 'GG', 'IM']));
  });

  it("marks and filters the tenant's open countries", () => {
    const all = queryCountries({}, open, 'en');
    expect(all).toHaveLength(249);
    expect(all.filter((c) => c.open).map((c) => c.code)).toEqual(['HK', 'SG']);
    expect(codes(queryCountries({ open: 'true' }, open, 'en'))).toEqual(['HK', 'SG']);
    expect(queryCountries({ open: 'false' }, open, 'en')).toHaveLength(247);
  });

  it("sorts by name in the caller's language", () => {
    const en = queryCountries({}, [], 'en').map((c) => c.name.en);
    expect(en).toEqual([...en].sort(new Intl.Collator('en').compare));
    const zh = queryCountries({}, [], 'zh-CN').map((c) => c.name['zh-CN']);
    expect(zh).toEqual([...zh].sort(new Intl.Collator('zh-CN').compare));
  });
});
