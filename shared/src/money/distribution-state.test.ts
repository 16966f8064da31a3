import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../auth/roles.js';
import { thrownCode as codeOf } from '../errors/thrown-code.js';
import { describeLifecycleProperties } from '../lifecycle/lifecycle-properties.js';
import { DISTRIBUTION_LIFECYCLE as L } from './distribution-state.js';

const by = (actorId: string, preparedBy = 'alice') => ({ actorId, preparedBy });

describe('distribution lifecycle', () => {
  it('goes draft, approved by a second person, paid', () => {
    expect(L.next('DRAFT', 'APPROVE', 'GP_ADMIN', by('bob'))).toBe('APPROVED');
    expect(L.next('APPROVED', 'PAY', 'GP_OWNER', by('alice'))).toBe('PAID');
  });

  it('four eyes: the preparer cannot approve, whatever their role', () => {
    for (const role of ['GP_ADMIN', 'GP_OWNER'] as const) {
      expect(codeOf(() => L.next('DRAFT', 'APPROVE', role, by('alice')))).toBe('distributionFourEyes');
      expect(L.allowedEvents('DRAFT', role, by('alice'))).toEqual(['CANCEL']);
    }
  });

  it('lets no member decide and cancels only a draft', () => {
    expect(codeOf(() => L.next('DRAFT', 'APPROVE', 'GP_MEMBER', by('bob')))).toBe('FORBIDDEN');
    expect(codeOf(() => L.next('APPROVED', 'CANCEL', 'GP_OWNER', by('bob')))).toBe('TRANSITION_NOT_ALLOWED');
    expect(L.stateLabel('APPROVED', 'zh-CN')).toBe('已宣布');
  });
});

describeLifecycleProperties(L, {
  actors: ROLES,
  contexts: fc.record({ actorId: fc.constantFrom('alice', 'bob'), preparedBy: fc.constantFrom('alice', 'bob') }),
});
