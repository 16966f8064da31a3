import type { Lang } from '@tranche/shared/i18n/langs';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

const formats = new Map<Lang, Intl.RelativeTimeFormat>();

/**
 * How long ago `iso` was, seen from `now` (epoch ms), in the largest whole unit: "3 minutes ago",
 * "yesterday", "3分钟前". Under a minute reads "now"; a time slightly ahead (clock skew) reads the same.
 */
export const relativeTime = (iso: string, now: number, lang: Lang): string => {
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
    formats.set(lang, format);
  }
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (Math.abs(seconds) < 60) return format.format(0, 'second');
  const [unit, size] = UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
  return format.format(Math.trunc(seconds / size), unit);
};
