import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../auth/roles.js';
import { thrownCode as codeOf } from '../errors/thrown-code.js';
import { describeLifecycleProperties } from '../lifecycle/lifecycle-properties.js';
import { CAPITAL_CALL_LIFECYCLE, CAPITAL_CALL_SPEC_STATUS, type CapitalCallContext } from './capital-call-state.js';

const by = (actorId: string, preparedBy = 'alice', paidInFull = false): CapitalCallContext => ({
  actorId,
  preparedBy,
  paidInFull,
});

describe('capital call lifecycle', () => {
  const L = CAPITAL_CALL_LIFECYCLE;

  it('goes draft, approved by a second person, issued, partly paid, paid', () => {
    expect(L.next('DRAFT', 'APPROVE', 'GP_ADMIN', by('bob'))).toBe('APPROVED');
    expect(L.next('APPROVED', 'ISSUE', 'GP_OWNER', by('bob'))).toBe('ISSUED');
    expect(L.next('ISSUED', 'RECORD_PART_PAYMENT', 'GP_MEMBER', by('carol'))).toBe('PARTLY_PAID');
    expect(L.next('PARTLY_PAID', 'RECORD_PART_PAYMENT', 'GP_MEMBER', by('carol'))).toBe('PARTLY_PAID');
    expect(L.next('PARTLY_PAID', 'RECORD_FINAL_PAYMENT', 'GP_MEMBER', by('carol', 'alice', true))).toBe('PAID');
    expect(L.next('ISSUED', 'RECORD_FINAL_PAYMENT', 'GP_ADMIN', by('carol', 'alice', true))).toBe('PAID');
  });

  it('four eyes: the preparer cannot approve, whatever their role', () => {
    for (const role of ['GP_ADMIN', 'GP_OWNER'] as const) {
      expect(codeOf(() => L.next('DRAFT', 'APPROVE', role, by('alice', 'alice')))).toBe('capitalCallFourEyes');
      expect(L.allowedEvents('DRAFT', role, by('alice', 'alice'))).not.toContain('APPROVE');
    }
  });

  it('lets no member approve, and no investor do anything', () => {
    expect(codeOf(() => L.next('DRAFT', 'APPROVE', 'GP_MEMBER', by('bob')))).toBe('FORBIDDEN');
    for (const event of L.events) {
      expect(codeOf(() => L.next('ISSUED', event, 'LP', by('bob', 'alice', true)))).toBe('FORBIDDEN');
    }
  });

  it('picks the payment event by what is left outstanding', () => {
    expect(codeOf(() => L.next('ISSUED', 'RECORD_FINAL_PAYMENT', 'GP_MEMBER', by('c', 'a', false)))).toBe(
      'capitalCallOutstanding',
    );
    expect(codeOf(() => L.next('ISSUED', 'RECORD_PART_PAYMENT', 'GP_MEMBER', by('c', 'a', true)))).toBe(
      'capitalCallPaidInFull',
    );
  });

  it('cancels before issue only; an issued call is corrected by reversing entries', () => {
    expect(L.next('DRAFT', 'CANCEL', 'GP_ADMIN', by('alice'))).toBe('CANCELLED');
    expect(L.next('APPROVED', 'CANCEL', 'GP_ADMIN', by('alice'))).toBe('CANCELLED');
    for (const state of ['ISSUED', 'PARTLY_PAID', 'PAID'] as const) {
      expect(codeOf(() => L.next(state, 'CANCEL', 'GP_OWNER', by('bob')))).toBe('TRANSITION_NOT_ALLOWED');
    }
  });

  it('maps to the spec’s capital-call statuses once issued', () => {
    expect(CAPITAL_CALL_SPEC_STATUS.ISSUED).toBe('PENDING');
    expect(CAPITAL_CALL_SPEC_STATUS.PARTLY_PAID).toBe('RECEIVED');
    expect(CAPITAL_CALL_SPEC_STATUS.PAID).toBe('PAID');
    expect(CAPITAL_CALL_SPEC_STATUS.DRAFT).toBeUndefined();
  });

  it('names states and events in Chinese too', () => {
    expect(L.stateLabel('PARTLY_PAID', 'zh-CN')).toBe('部分已付');
    expect(L.eventLabel('APPROVE', 'en')).toBe('Approve');
  });
});

describeLifecycleProperties(CAPITAL_CALL_LIFECYCLE, {
  actors: ROLES,
  contexts: fc.record({
    actorId: fc.constantFrom('alice', 'bob'),
    preparedBy: fc.constantFrom('alice', 'bob'),
    paidInFull: fc.boolean(),
  }),
});
