import { describe, expect, it } from 'vitest';
import { nextRun, SCHEDULED } from './schedules.js';

describe('the local schedules', () => {
  it('runs a daily cron at its hour, today if still ahead, else tomorrow', () => {
    expect(nextRun('cron(0 7 * * ? *)', new Date('2026-11-23T06:59:00Z'))?.toISOString()).toBe(
      '2026-11-23T07:00:00.000Z',
    );
    expect(nextRun('cron(0 7 * * ? *)', new Date('2026-11-23T07:00:00Z'))?.toISOString()).toBe(
      '2026-11-24T07:00:00.000Z',
    );
    expect(nextRun('cron(30 * * * ? *)', new Date('2026-11-23T10:45:00Z'))?.toISOString()).toBe(
      '2026-11-23T11:30:00.000Z',
    );
  });

  it('runs a rate after its interval, and says when it cannot read an expression', () => {
    expect(nextRun('rate(5 minutes)', new Date('2026-11-23T10:00:00Z'))?.toISOString()).toBe(
      '2026-11-23T10:05:00.000Z',
    );
    expect(nextRun('cron(0 7 ? * MON *)', new Date())).toBeUndefined();
  });

  it('reads every scheduled worker of the worker table', () => {
    expect(SCHEDULED.map((w) => w.name)).toContain('inboxDaily');
    for (const w of SCHEDULED) expect(nextRun(w.trigger.expression, new Date()), w.name).toBeDefined();
  });
});
