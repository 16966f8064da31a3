import type { TeamMember } from '@tranche/shared/user/user.schema';
import { describe, expect, it } from 'vitest';
import { assignableRoles, rowActionsFor } from './team-rules';

const member = (over: Partial<TeamMember>): TeamMember => ({
  userId: '01J00000000000000000000001',
  email: 'm@alpine.example',
  displayName: 'M',
  role: 'GP_MEMBER',
  inviteStatus: 'REGISTERED',
  accountState: 'normal',
  mfaMethods: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  ...over,
});
const ME = '01J00000000000000000000009';

describe('what the team page offers', () => {
  it('lets an owner invite every team role, an admin members and admins, a member none', () => {
    expect(assignableRoles('GP_OWNER')).toEqual(['GP_MEMBER', 'GP_ADMIN', 'GP_OWNER']);
    expect(assignableRoles('GP_ADMIN')).toEqual(['GP_MEMBER', 'GP_ADMIN']);
    expect(assignableRoles('GP_MEMBER')).toEqual([]);
  });

  it('offers only other roles on a change, and never OWNER to an admin', () => {
    expect(assignableRoles('GP_ADMIN', 'GP_MEMBER')).toEqual(['GP_ADMIN']);
    expect(assignableRoles('GP_ADMIN', 'GP_OWNER')).toEqual([]);
    expect(assignableRoles('GP_OWNER', 'GP_OWNER')).toEqual(['GP_MEMBER', 'GP_ADMIN']);
  });

  it('gives an admin role and lock on a member, nothing on an owner', () => {
    expect(rowActionsFor('GP_ADMIN', ME, member({}))).toEqual({ changeRole: true, lock: true, resend: false });
    expect(rowActionsFor('GP_ADMIN', ME, member({ role: 'GP_OWNER' }))).toEqual({
      changeRole: false,
      lock: false,
      resend: false,
    });
  });

  it('offers resend on invited members the actor may invite', () => {
    expect(rowActionsFor('GP_ADMIN', ME, member({ inviteStatus: 'INVITED' })).resend).toBe(true);
    expect(rowActionsFor('GP_ADMIN', ME, member({ inviteStatus: 'INVITED', role: 'GP_OWNER' })).resend).toBe(false);
    expect(rowActionsFor('GP_MEMBER', ME, member({ inviteStatus: 'INVITED' })).resend).toBe(false);
  });

  it("offers nothing on the actor's own row", () => {
    expect(rowActionsFor('GP_OWNER', ME, member({ userId: ME, role: 'GP_OWNER' }))).toEqual({
      changeRole: false,
      lock: false,
      resend: false,
    });
  });
});
