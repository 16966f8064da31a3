/**
 * Business days for due dates (DOMAIN.md: ILPA asks for at least 10 business days between a capital
 * call notice and its due date). A business day is Monday to Friday and not a holiday of the fund
 * currency's calendar; the holidays are data the fund carries (ISO dates), not code, because they
 * change every year and per market.
 */
export const DEFAULT_NOTICE_BUSINESS_DAYS = 10;

const DAY_MS = 86_400_000;
const parse = (iso: string): number => {
  const t = Date.parse(`${iso}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || Number.isNaN(t)) throw new TypeError(`Not an ISO date: ${iso}`);
  return t;
};
const iso = (t: number): string => new Date(t).toISOString().slice(0, 10);

export const isBusinessDay = (date: string, holidays: ReadonlySet<string>): boolean => {
  const weekday = new Date(parse(date)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(date);
};

/** The date `days` business days after `from` (`from` itself does not count). */
export const addBusinessDays = (from: string, days: number, holidays: ReadonlySet<string>): string => {
  if (!Number.isInteger(days) || days < 0) throw new RangeError('days is a whole number >= 0');
  let t = parse(from);
  for (let left = days; left > 0; ) {
    t += DAY_MS;
    if (isBusinessDay(iso(t), holidays)) left -= 1;
  }
  return iso(t);
};

/** Business days strictly after `from` up to and including `to` (0 when `to` is not after `from`). */
export const businessDaysBetween = (from: string, to: string, holidays: ReadonlySet<string>): number => {
  let count = 0;
  for (let t = parse(from) + DAY_MS, end = parse(to); t <= end; t += DAY_MS) {
    if (isBusinessDay(iso(t), holidays)) count += 1;
  }
  return count;
};

/**
 * The default due date of a call issued on `issued`, and whether a proposed due date gives enough notice.
 * A manager may choose a later date, never an earlier one than the fund's minimum.
 */
export const defaultDueDate = (
  issued: string,
  holidays: ReadonlySet<string>,
  minimum = DEFAULT_NOTICE_BUSINESS_DAYS,
): string => addBusinessDays(issued, minimum, holidays);

export const givesEnoughNotice = (
  issued: string,
  due: string,
  holidays: ReadonlySet<string>,
  minimum = DEFAULT_NOTICE_BUSINESS_DAYS,
): boolean => businessDaysBetween(issued, due, holidays) >= minimum;
