import type { DomainEvent } from '@tranche/shared/events/catalogue';
import { describe, expect, it } from 'vitest';
import type { ProfileRecord } from '../profile/profile.repo.js';
import { journeyToStart } from './scenario-journeys.js';
import { partyContacts } from './scenario-links.js';

const ev = (name: string, payload: Record<string, unknown>) =>
  ({ name, payload, tenantId: 'T', subject: { kind: 'subscription', id: 'S' } }) as unknown as DomainEvent;

describe('which journey a subscription event starts', () => {
  it('starts the Invest journey when the subscription enters INVESTING by creation, investing or conversion', () => {
    expect(journeyToStart(ev('SUBSCRIPTION_CREATED', { type: 'INVEST_SUBSCRIPTION', status: 'INVESTING' }))).toBe(
      'INVEST_SUBSCRIPTION',
    );
    expect(
      journeyToStart(ev('SUBSCRIPTION_STATUS_CHANGED', { event: 'INVEST', from: 'RESERVED', to: 'INVESTING' })),
    ).toBe('INVEST_SUBSCRIPTION');
    expect(
      journeyToStart(
        ev('SUBSCRIPTION_STATUS_CHANGED', { event: 'CONVERT_TO_INVESTMENT', from: 'REVIEW', to: 'INVESTING' }),
      ),
    ).toBe('INVEST_SUBSCRIPTION');
  });
  it('starts the short journeys of an interest and a reservation request at creation', () => {
    expect(journeyToStart(ev('INTEREST_EXPRESSED', {}))).toBe('EXPRESSED_INTEREST_SUBSCRIPTION');
    expect(journeyToStart(ev('SUBSCRIPTION_CREATED', { type: 'RESERVE_SUBSCRIPTION', status: 'REVIEW' }))).toBe(
      'RESERVE_SUBSCRIPTION',
    );
  });
  it('starts nothing for a paper order, or for a return to INVESTING the journey already covers', () => {
    expect(
      journeyToStart(ev('SUBSCRIPTION_CREATED', { type: 'COMMON_SUBSCRIPTION', status: 'OFFLINE_SIGNING' })),
    ).toBeUndefined();
    for (const event of ['BACK', 'RESUME_FORMS', 'REQUEST_CHANGES']) {
      expect(journeyToStart(ev('SUBSCRIPTION_STATUS_CHANGED', { event, to: 'INVESTING' }))).toBeUndefined();
    }
    expect(journeyToStart(ev('SUBSCRIPTION_STATUS_CHANGED', { event: 'ALLOCATE', to: 'RESERVED' }))).toBeUndefined();
  });
});

describe('who gets a temp-token link', () => {
  const profile = {
    members: [
      { memberId: 'm1', personId: 'p1', coHolder: true },
      { memberId: 'm2', personId: 'p2', terms: { roles: ['EXTERNAL'], email: 'signer@example.com' } },
      { memberId: 'm3', personId: 'p3', terms: { roles: ['DIRECTOR'] } },
      { memberId: 'm4', personId: 'p4', coHolder: true },
    ],
    persons: {
      p1: { personId: 'p1', details: { firstName: 'Mei', lastName: 'Wong', email: 'mei@example.com' } },
      p2: { personId: 'p2', details: { firstName: 'Sam' } },
      p3: { personId: 'p3', details: { email: 'director@example.com' } },
      p4: { personId: 'p4', details: { firstName: 'No', lastName: 'Email' } },
    },
  } as unknown as ProfileRecord;

  it('a joint node reaches the co-holders with an email', () => {
    expect(partyContacts(profile, 'JOINT_HOLDER')).toEqual([
      { personId: 'p1', name: 'Mei Wong', email: 'mei@example.com' },
    ]);
  });
  it("a signatory node reaches the entity's authorised signatories (EXTERNAL), not its directors", () => {
    expect(partyContacts(profile, 'SIGNATORY')).toEqual([{ personId: 'p2', name: 'Sam', email: 'signer@example.com' }]);
  });
  it('an investor node reaches nobody by link', () => {
    expect(partyContacts(profile, 'INVESTOR')).toEqual([]);
  });
});
