import { describe, expect, it } from 'vitest';
import { nextDueDate } from './dealing-schedule.js';

describe('the scheduled dealing run: which date a class deals next', () => {
  it('is the earliest date a waiting request is due at, when nothing at or after it was run', () => {
    expect(nextDueDate(['2026-10-31', '2026-09-30'], undefined, 'monthly')).toBe('2026-09-30');
    expect(nextDueDate(['2026-10-31'], '2026-09-30', 'monthly')).toBe('2026-10-31');
  });

  it('is the date after the latest run when that run is at or after the earliest due date, never a date again', () => {
    // Carried forward by a gate (moved to 31 October) or confirmed after its date was run.
    expect(nextDueDate(['2026-09-30'], '2026-09-30', 'monthly')).toBe('2026-10-31');
    expect(nextDueDate(['2026-08-31', '2026-10-31'], '2026-09-30', 'monthly')).toBe('2026-10-31');
    expect(nextDueDate(['2026-09-30'], '2026-09-30', 'quarterly')).toBe('2026-12-31');
  });

  it('is nothing when no request waits', () => {
    expect(nextDueDate([], '2026-09-30', 'monthly')).toBeUndefined();
  });
});
