import { describe, expect, it } from 'vitest';
import { canAssignRole, canChangeRole, canLockRole } from './permissions.js';
import { ROLES } from './roles.js';

describe('who may give which role', () => {
  it('lets only an owner make another owner', () => {
    expect(ROLES.filter((r) => canAssignRole(r, 'GP_OWNER'))).toEqual(['GP_OWNER']);
  });
  it('lets every GP role invite investors and no investor invite anyone', () => {
    expect(ROLES.filter((r) => canAssignRole(r, 'LP'))).toEqual(['GP_MEMBER', 'GP_ADMIN', 'GP_OWNER']);
    expect(ROLES.some((t) => canAssignRole('LP', t))).toBe(false);
  });
  it('keeps members from promoting anyone into the team', () => {
    expect(canAssignRole('GP_MEMBER', 'GP_MEMBER')).toBe(false);
    expect(canAssignRole('GP_MEMBER', 'GP_ADMIN')).toBe(false);
  });
});

describe('who may lock whom', () => {
  it('lets admins lock investors and team members but not owners', () => {
    expect(canLockRole('GP_ADMIN', 'LP')).toBe(true);
    expect(canLockRole('GP_ADMIN', 'GP_ADMIN')).toBe(true);
    expect(canLockRole('GP_ADMIN', 'GP_OWNER')).toBe(false);
    expect(canLockRole('GP_OWNER', 'GP_OWNER')).toBe(true);
  });
  it('never lets members or investors lock anyone', () => {
    for (const target of ROLES) {
      expect(canLockRole('GP_MEMBER', target)).toBe(false);
      expect(canLockRole('LP', target)).toBe(false);
    }
  });
});

describe('who may change a team role', () => {
  it('lets admins move members between MEMBER and ADMIN, and nothing else', () => {
    expect(canChangeRole('GP_ADMIN', 'GP_MEMBER', 'GP_ADMIN')).toBe(true);
    expect(canChangeRole('GP_ADMIN', 'GP_ADMIN', 'GP_MEMBER')).toBe(true);
    expect(canChangeRole('GP_ADMIN', 'GP_ADMIN', 'GP_OWNER')).toBe(false);
    expect(canChangeRole('GP_ADMIN', 'GP_OWNER', 'GP_ADMIN')).toBe(false);
  });
  it('lets only an owner grant or revoke OWNER', () => {
    expect(ROLES.filter((a) => canChangeRole(a, 'GP_MEMBER', 'GP_OWNER'))).toEqual(['GP_OWNER']);
    expect(ROLES.filter((a) => canChangeRole(a, 'GP_OWNER', 'GP_MEMBER'))).toEqual(['GP_OWNER']);
  });
  it('never turns an investor into a team member or back, and never lets members or investors act', () => {
    for (const actor of ROLES) {
      expect(canChangeRole(actor, 'LP', 'GP_MEMBER')).toBe(false);
      expect(canChangeRole(actor, 'GP_MEMBER', 'LP')).toBe(false);
    }
    for (const [from, to] of [
      ['GP_MEMBER', 'GP_ADMIN'],
      ['GP_ADMIN', 'GP_MEMBER'],
    ] as const) {
      expect(canChangeRole('GP_MEMBER', from, to)).toBe(false);
      expect(canChangeRole('LP', from, to)).toBe(false);
    }
  });
});
