import type { Currency } from '../money.js';

/**
 * Bank holidays per fund currency (calendar.ts counts business days without them), as data: the
 * settlement markets' published closing days for 2026 and 2027. A currency not listed here has
 * weekends only, which errs towards a due date a day early, never towards too short a notice on a
 * listed market. Extending the table (more years, more markets) is data work, not code
 * (docs/money.md "What is left").
 */
const HOLIDAYS: Partial<Record<Currency, readonly string[]>> = {
  // Federal Reserve (Fedwire) holidays.
  USD: [
    '2026-01-01',
    '2026-01-19',
    '2026-02-16',
    '2026-05-25',
    '2026-06-19',
    '2026-07-03',
    '2026-09-07',
    '2026-10-12',
    '2026-11-11',
    '2026-11-26',
    '2026-12-25',
    '2027-01-01',
    '2027-01-18',
    '2027-02-15',
    '2027-05-31',
    '2027-06-18',
    '2027-07-05',
    '2027-09-06',
    '2027-10-11',
    '2027-11-11',
    '2027-11-25',
    '2027-12-24',
  ],
  // TARGET2 closing days.
  EUR: [
    '2026-01-01',
    '2026-04-03',
    '2026-04-06',
    '2026-05-01',
    '2026-12-25',
    '2026-12-26',
    '2027-01-01',
    '2027-03-26',
    '2027-03-29',
    '2027-12-25',
  ],
  // Hong Kong general holidays falling on weekdays.
  HKD: [
    '2026-01-01',
    '2026-02-17',
    '2026-02-18',
    '2026-02-19',
    '2026-04-03',
    '2026-04-06',
    '2026-04-07',
    '2026-05-01',
    '2026-05-25',
    '2026-06-19',
    '2026-07-01',
    '2026-09-26',
    '2026-10-01',
    '2026-10-19',
    '2026-12-25',
    '2027-01-01',
    '2027-02-08',
    '2027-02-09',
    '2027-03-26',
    '2027-03-29',
    '2027-04-05',
    '2027-05-13',
    '2027-06-09',
    '2027-07-01',
    '2027-10-01',
    '2027-12-27',
  ],
};

const cache = new Map<Currency, ReadonlySet<string>>();

/** The holidays of `currency`'s settlement calendar (empty: weekends only). */
export const holidaysOf = (currency: Currency): ReadonlySet<string> => {
  let set = cache.get(currency);
  if (!set) {
    set = new Set(HOLIDAYS[currency] ?? []);
    cache.set(currency, set);
  }
  return set;
};
