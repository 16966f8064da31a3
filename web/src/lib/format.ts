import type { Lang } from '@tranche/shared/i18n/langs';

/**
 * Intl formatting in the UI language. Amounts stay decimal strings end to end: Intl.NumberFormat
 * formats a numeric string exactly, so 0.1-style float errors never reach the screen.
 */
type Numeric = `${number}`;

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat>();
const cached = <T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat>(key: string, make: () => T): T => {
  let f = cache.get(key);
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f as T;
};

export const formatMoney = (amount: string, currency: string, lang: Lang): string =>
  cached(
    `money:${lang}:${currency}`,
    () => new Intl.NumberFormat(lang, { style: 'currency', currency, trailingZeroDisplay: 'stripIfInteger' }),
  ).format(amount as Numeric);

/** `1.5` -> `1.5%` (the value is already a percentage, not a fraction). */
export const formatPercent = (value: string, lang: Lang): string =>
  cached(
    `pct:${lang}`,
    () => new Intl.NumberFormat(lang, { style: 'unit', unit: 'percent', maximumFractionDigits: 4 }),
  ).format(value as Numeric);

/** A calendar date (`YYYY-MM-DD`), shown as that same day everywhere. */
export const formatDate = (isoDate: string, lang: Lang): string =>
  cached(`date:${lang}`, () => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' })).format(
    new Date(`${isoDate.slice(0, 10)}T00:00:00Z`),
  );

export const formatList = (items: readonly string[], lang: Lang): string =>
  cached(`list:${lang}`, () => new Intl.ListFormat(lang, { style: 'narrow', type: 'conjunction' })).format(items);

/**
 * An instant (ISO timestamp) as date and time in the viewer's time zone. `timeStyle` picks the time's
 * precision: `short` (hours and minutes) or `medium` (with seconds, for event logs).
 */
export const formatDateTime = (iso: string, lang: Lang, timeStyle: 'short' | 'medium' = 'short'): string =>
  cached(
    `datetime:${lang}:${timeStyle}`,
    () => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle }),
  ).format(new Date(iso));

/** A file size: kilobytes (at least 0.1 kB) below a megabyte, megabytes from there; one decimal at most. */
export const formatBytes = (bytes: number, lang: Lang): string => {
  const [value, unit] =
    bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'megabyte'] : [Math.max(bytes / 1024, 0.1), 'kilobyte'];
  return cached(
    `bytes:${lang}:${unit}`,
    () => new Intl.NumberFormat(lang, { style: 'unit', unit, maximumFractionDigits: 1 }),
  ).format(value);
};
