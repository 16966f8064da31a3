import { describe, expect, it } from 'vitest';
import { EVENT_CATALOGUE, EVENT_NAMES } from '../events/catalogue.js';
import { INBOX_EVENT_NAMES } from '../inbox/catalogue.js';
import {
  isSubscriptionEventName,
  SUBSCRIPTION_CREATION_EVENT,
  SUBSCRIPTION_EVENT_NAMES,
  SUBSCRIPTION_EVENTS_WRITTEN_OUTSIDE_THE_LIFECYCLE,
} from './subscription-events-map.js';
import { SUBSCRIPTION_EVENTS } from './subscription-lifecycle.js';

const written = new Set([...Object.values(SUBSCRIPTION_EVENT_NAMES), ...Object.values(SUBSCRIPTION_CREATION_EVENT)]);

describe('subscription domain events', () => {
  it('writes, for every status change and every creation, a catalogued event about the subscription', () => {
    expect(Object.keys(SUBSCRIPTION_EVENT_NAMES).sort()).toEqual([...SUBSCRIPTION_EVENTS].sort());
    for (const name of written) {
      expect(EVENT_CATALOGUE[name].subject, name).toBe('subscription');
      expect(isSubscriptionEventName(name)).toBe(true);
    }
    expect(isSubscriptionEventName('FUNDS_RECEIVED')).toBe(false);
    expect(isSubscriptionEventName('NOT_AN_EVENT')).toBe(false);
  });

  it('writes every subscription event the inbox waits for, except the ones the later paths write', () => {
    const inboxSubscriptionEvents = INBOX_EVENT_NAMES.filter((n) => EVENT_CATALOGUE[n].subject === 'subscription');
    const missing = inboxSubscriptionEvents.filter((n) => !written.has(n)).sort();
    expect(missing).toEqual([...SUBSCRIPTION_EVENTS_WRITTEN_OUTSIDE_THE_LIFECYCLE].sort());
  });

  it('uses the inbox name for the changes the inbox names (approved, rejected, reservation open...)', () => {
    expect(SUBSCRIPTION_EVENT_NAMES.APPROVE).toBe('SUBSCRIPTION_APPROVED');
    expect(SUBSCRIPTION_EVENT_NAMES.REJECT).toBe('SUBSCRIPTION_REJECTED');
    expect(SUBSCRIPTION_EVENT_NAMES.ALLOCATE).toBe('RESERVATION_OPENED');
    expect(SUBSCRIPTION_CREATION_EVENT.EXPRESSED_INTEREST_SUBSCRIPTION).toBe('INTEREST_EXPRESSED');
  });

  it('accepts a status-change payload naming the change, and refuses one without it', () => {
    const schema = EVENT_CATALOGUE.SUBSCRIPTION_WITHDRAWN.payload;
    expect(schema.safeParse({ refId: 's1', event: 'WITHDRAW', from: 'SIGN', to: 'CLOSE' }).success).toBe(true);
    expect(schema.safeParse({ refId: 's1', event: 'WITHDRAW', from: 'SIGN' }).success).toBe(false);
    expect(EVENT_NAMES).toContain('SUBSCRIPTION_STATUS_CHANGED');
  });
});
