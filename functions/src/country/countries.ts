import type { Country, CountryQuery } from '@tranche/shared/country/country.schema';
import { COUNTRY_CODES, type CountryCode } from '@tranche/shared/country/iso-3166';
import type { Lang } from '@tranche/shared/i18n/langs';
// The library's core without its 80 bundled locales: only English and Chinese are registered.
import isoCountries from 'i18n-iso-countries/index';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import zh from 'i18n-iso-countries/langs/zh.json' with { type: 'json' };
import { DIAL_CODES } from './dial-codes.js';

isoCountries.registerLocale(en);
isoCountries.registerLocale(zh);

/** A country with everything it is searched by. */
interface CountryEntry extends Omit<Country, 'open'> {
  /** Lower-case names, aliases and codes: what free text is matched against. */
  haystack: string;
}

const namesOf = (code: string, lang: 'en' | 'zh') => isoCountries.getName(code, lang, { select: 'all' }) ?? [];

/** Built once per container: 249 entries from ISO 3166-1, names in both languages, dial codes. */
const ENTRIES: readonly CountryEntry[] = COUNTRY_CODES.map((code) => {
  const enNames = namesOf(code, 'en');
  const zhNames = namesOf(code, 'zh');
  const alpha3 = isoCountries.alpha2ToAlpha3(code) ?? '';
  const numeric = isoCountries.alpha2ToNumeric(code) ?? '';
  // No numbering plan for a few territories (Antarctica, Bouvet Island…).
  const dial = DIAL_CODES[code];
  const dialCode = dial ? `+${dial}` : null;
  return {
    code,
    alpha3,
    numeric,
    name: { en: enNames[0] ?? code, 'zh-CN': zhNames[0] ?? enNames[0] ?? code },
    dialCode,
    haystack: [...enNames, ...zhNames, code, alpha3, dialCode ?? ''].join('\n').toLowerCase(),
  };
});

/** Every country, for tests and the data check. */
export const allCountries = (): readonly CountryEntry[] => ENTRIES;

const collators: Partial<Record<Lang, Intl.Collator>> = {};
const collator = (lang: Lang) => {
  collators[lang] ??= new Intl.Collator(lang);
  return collators[lang];
};

/**
 * GET /meta-country/query: countries by exact code (alpha-2 or alpha-3), by free text, and by
 * whether the tenant has opened them, sorted by name in the caller's language.
 */
export const queryCountries = (query: CountryQuery, openCountries: readonly CountryCode[], lang: Lang): Country[] => {
  const open = new Set<string>(openCountries);
  const code = query.code?.toUpperCase();
  const text = query.q?.normalize('NFKC').toLowerCase();
  const digits = text?.replace(/^\+/, '');
  return ENTRIES.filter((c) => {
    if (code && c.code !== code && c.alpha3 !== code) return false;
    if (query.open && open.has(c.code) !== (query.open === 'true')) return false;
    if (!text) return true;
    // "+8" or "85" finds dial codes that start so; names match anywhere.
    if (digits && /^\d+$/.test(digits)) return c.dialCode?.startsWith(`+${digits}`) ?? false;
    return c.haystack.includes(text);
  })
    .map(({ haystack: _h, ...c }) => ({ ...c, open: open.has(c.code) }))
    .sort((a, b) => collator(lang).compare(a.name[lang], b.name[lang]));
};
