import { describe, expect, it } from 'vitest';
import { ACCOUNT_INVITE_STATUSES } from '../enums.js';
import { DomainError } from '../errors/domain-error.js';
import { describeLifecycleProperties } from '../lifecycle/lifecycle-properties.js';
import {
  ACCOUNT_INVITE_LIFECYCLE,
  allowedInviteEvents,
  nextInviteStatus,
  unlockEventFor,
} from './account-invite-status.js';
import { ROLES } from './roles.js';

describe('account invite lifecycle', () => {
  it('goes NOT_INVITE -> INVITED -> REGISTERED, or straight to REGISTERED by self sign-up', () => {
    expect(nextInviteStatus('NOT_INVITE', 'INVITE', 'GP_MEMBER')).toBe('INVITED');
    expect(nextInviteStatus('INVITED', 'ACTIVATE', 'SELF')).toBe('REGISTERED');
    expect(nextInviteStatus('NOT_INVITE', 'SELF_REGISTER', 'SELF')).toBe('REGISTERED');
  });

  it('locks from every other status and unlocks back to where it was', () => {
    for (const from of ACCOUNT_INVITE_STATUSES.filter((s) => s !== 'LOCKED')) {
      expect(nextInviteStatus(from, 'LOCK', 'GP_ADMIN')).toBe('LOCKED');
    }
    expect(nextInviteStatus('LOCKED', unlockEventFor('INVITED'), 'GP_OWNER')).toBe('INVITED');
    expect(nextInviteStatus('LOCKED', unlockEventFor('REGISTERED'), 'GP_OWNER')).toBe('REGISTERED');
    expect(nextInviteStatus('LOCKED', unlockEventFor('NOT_INVITE'), 'GP_OWNER')).toBe('NOT_INVITE');
  });

  it('refuses activating an active account with the spec message code', () => {
    expect(() => nextInviteStatus('REGISTERED', 'ACTIVATE', 'SELF')).toThrow(
      expect.objectContaining({
        code: 'AccountAlreadyActivated',
        details: { lifecycle: 'accountInvite', state: 'REGISTERED', event: 'ACTIVATE' },
      }),
    );
    expect(() => nextInviteStatus('LOCKED', 'LOCK', 'GP_OWNER')).toThrow(
      expect.objectContaining({ code: 'VERSION_CONFLICT' }),
    );
  });

  it('lets only admins and owners lock, and nobody act for the account owner', () => {
    expect(() => nextInviteStatus('REGISTERED', 'LOCK', 'GP_MEMBER')).toThrow(DomainError);
    expect(() => nextInviteStatus('REGISTERED', 'LOCK', 'LP')).toThrow(DomainError);
    expect(() => nextInviteStatus('INVITED', 'ACTIVATE', 'GP_OWNER')).toThrow(DomainError);
    expect(allowedInviteEvents('REGISTERED', 'GP_MEMBER')).toEqual([]);
    expect(allowedInviteEvents('LOCKED', 'GP_ADMIN')).toEqual([
      'UNLOCK_TO_NOT_INVITE',
      'UNLOCK_TO_INVITED',
      'UNLOCK_TO_REGISTERED',
    ]);
  });
});

describeLifecycleProperties(ACCOUNT_INVITE_LIFECYCLE, { actors: [...ROLES, 'SELF'] });
