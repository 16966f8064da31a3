import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addBusinessDays, businessDaysBetween, defaultDueDate, givesEnoughNotice, isBusinessDay } from './calendar.js';

const NONE = new Set<string>();

describe('business days for due dates', () => {
  it('skips weekends: 10 business days after Monday 2026-11-23 is Monday 2026-12-07', () => {
    expect(defaultDueDate('2026-11-23', NONE)).toBe('2026-12-07');
  });

  it('skips the currency calendar’s holidays', () => {
    const usd = new Set(['2026-11-26', '2026-12-25']);
    expect(defaultDueDate('2026-11-23', usd)).toBe('2026-12-08');
    expect(isBusinessDay('2026-12-25', usd)).toBe(false);
    expect(isBusinessDay('2026-12-26', NONE)).toBe(false); // a Saturday
  });

  it('checks a manager’s due date against the minimum notice', () => {
    expect(givesEnoughNotice('2026-11-23', '2026-12-07', NONE)).toBe(true);
    expect(givesEnoughNotice('2026-11-23', '2026-12-04', NONE)).toBe(false);
    expect(givesEnoughNotice('2026-11-23', '2026-12-01', NONE, 5)).toBe(true);
  });

  it('counts back what it added, for any start, length and holiday set', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 40 }),
        fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 10 }),
        (start, days, offsets) => {
          const from = start.toISOString().slice(0, 10);
          const holidays = new Set(
            offsets.map((o) => new Date(start.getTime() + o * 86_400_000).toISOString().slice(0, 10)),
          );
          const due = addBusinessDays(from, days, holidays);
          expect(businessDaysBetween(from, due, holidays)).toBe(days);
          if (days > 0) expect(isBusinessDay(due, holidays)).toBe(true);
        },
      ),
    );
  });
});
