import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../auth/roles.js';
import { thrownCode } from '../errors/thrown-code.js';
import { describeLifecycleProperties } from '../lifecycle/lifecycle-properties.js';
import { CORRECTION_LIFECYCLE, initialCorrectionState } from './correction-state.js';

describe('ledger correction lifecycle', () => {
  const L = CORRECTION_LIFECYCLE;

  it('needs a second person to approve, and only admins decide', () => {
    expect(L.next('PENDING', 'APPROVE', 'GP_ADMIN', { actorId: 'bob', preparedBy: 'alice' })).toBe('POSTED');
    expect(thrownCode(() => L.next('PENDING', 'APPROVE', 'GP_OWNER', { actorId: 'alice', preparedBy: 'alice' }))).toBe(
      'ledgerCorrectionFourEyes',
    );
    expect(thrownCode(() => L.next('PENDING', 'APPROVE', 'GP_MEMBER', { actorId: 'bob', preparedBy: 'alice' }))).toBe(
      'FORBIDDEN',
    );
    expect(L.next('PENDING', 'REJECT', 'GP_ADMIN', { actorId: 'alice', preparedBy: 'alice' })).toBe('REJECTED');
    expect(thrownCode(() => L.next('POSTED', 'REJECT', 'GP_ADMIN', { actorId: 'bob', preparedBy: 'alice' }))).toBe(
      'TRANSITION_NOT_ALLOWED',
    );
  });

  it('posts at once only an admin correction of an entry that moved no money', () => {
    expect(initialCorrectionState('COMMITMENT', 'GP_ADMIN')).toBe('POSTED');
    expect(initialCorrectionState('DISTRIBUTION_DECLARED', 'GP_OWNER')).toBe('POSTED');
    expect(initialCorrectionState('COMMITMENT', 'GP_MEMBER')).toBe('PENDING');
    for (const kind of ['PAYMENT', 'FEE', 'DISTRIBUTION_PAID', 'REDEMPTION_PAID'] as const) {
      expect(initialCorrectionState(kind, 'GP_OWNER')).toBe('PENDING');
    }
  });
});

describeLifecycleProperties(CORRECTION_LIFECYCLE, {
  actors: ROLES,
  contexts: fc.record({ actorId: fc.constantFrom('alice', 'bob'), preparedBy: fc.constantFrom('alice', 'bob') }),
});
