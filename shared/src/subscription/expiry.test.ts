import { describe, expect, it } from 'vitest';
import {
  EXPIRING_STATUSES,
  isPastDeadline,
  isReminderDue,
  REMINDER_DAYS,
  RESERVATION_DAYS,
  subscriptionDeadline,
  UNFINISHED_DAYS,
} from './expiry.js';
import { SUBSCRIPTION_LIFECYCLE } from './subscription-lifecycle.js';

describe('subscription expiry rule', () => {
  const at = '2026-11-01T10:00:00.000Z';

  it('gives an allocated reservation 14 days and an unfinished journey 30', () => {
    expect(subscriptionDeadline('RESERVED', at)).toBe('2026-11-15T10:00:00.000Z');
    expect(subscriptionDeadline('INVESTING', at)).toBe('2026-12-01T10:00:00.000Z');
    expect(subscriptionDeadline('AWAITING_ADDITIONAL_DOCUMENTS', at)).toBe('2026-12-01T10:00:00.000Z');
    expect(RESERVATION_DAYS).toBeLessThan(UNFINISHED_DAYS);
  });

  it('never lapses what waits on the manager or the platform, nor anything submitted or later', () => {
    for (const status of [
      'REVIEW',
      'ASSESSING_RISK',
      'SUBMITTED',
      'REVIEWING',
      'APPROVED',
      'COMMITTED',
      'EXPIRED',
    ] as const) {
      expect(subscriptionDeadline(status, at), status).toBeUndefined();
    }
  });

  it('only names statuses from which the lifecycle lets the platform EXPIRE', () => {
    for (const status of EXPIRING_STATUSES) {
      expect(SUBSCRIPTION_LIFECYCLE.next(status, 'EXPIRE', 'SYSTEM', { type: 'INVEST_SUBSCRIPTION' }), status).toBe(
        'EXPIRED',
      );
    }
  });

  it('is past at and after the deadline, not before, and never without one', () => {
    const deadline = subscriptionDeadline('RESERVED', at);
    expect(isPastDeadline(deadline, '2026-11-15T09:59:59.999Z')).toBe(false);
    expect(isPastDeadline(deadline, '2026-11-15T10:00:00.000Z')).toBe(true);
    expect(isPastDeadline(undefined, '2099-01-01T00:00:00.000Z')).toBe(false);
  });

  it('reminds once, within REMINDER_DAYS before the deadline and not after it', () => {
    const deadline = '2026-12-01T10:00:00.000Z';
    const before = (days: number, ms = 0) => new Date(Date.parse(deadline) - days * 86_400_000 - ms).toISOString();
    expect(REMINDER_DAYS).toBe(3);
    expect(isReminderDue(deadline, before(3, 1))).toBe(false);
    expect(isReminderDue(deadline, before(3))).toBe(true);
    expect(isReminderDue(deadline, before(0, 1))).toBe(true);
    // Past it, the job expires the subscription instead.
    expect(isReminderDue(deadline, deadline)).toBe(false);
    // Reminded for this deadline already; a later deadline (the status moved) is reminded again.
    expect(isReminderDue(deadline, before(1), deadline)).toBe(false);
    expect(isReminderDue(deadline, before(1), '2026-11-15T10:00:00.000Z')).toBe(true);
    expect(isReminderDue(undefined, before(1))).toBe(false);
  });
});
