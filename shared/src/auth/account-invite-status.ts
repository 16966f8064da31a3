import type { AccountInviteStatus } from '../enums.js';
import type { ErrorCode } from '../errors/catalogue.js';
import { DomainError } from '../errors/domain-error.js';
import { GP_ADMINS, GP_ROLES, type Role } from './roles.js';

/**
 * The account invite lifecycle (spec §3: NOT_INVITE, INVITED, REGISTERED, LOCKED) as a table.
 * `SELF` is the account's own person (confirming a sign-up code, setting a password by the
 * activation link); the other actors are session roles. Unlocking returns to the status the account
 * had before the lock, so there is one unlock event per status a lock can come from.
 */
export type InviteEvent =
  | 'INVITE'
  | 'SELF_REGISTER'
  | 'ACTIVATE'
  | 'LOCK'
  | 'UNLOCK_TO_NOT_INVITE'
  | 'UNLOCK_TO_INVITED'
  | 'UNLOCK_TO_REGISTERED';
export type InviteActor = Role | 'SELF';

const TRANSITIONS: Record<AccountInviteStatus, Partial<Record<InviteEvent, AccountInviteStatus>>> = {
  NOT_INVITE: { INVITE: 'INVITED', SELF_REGISTER: 'REGISTERED', LOCK: 'LOCKED' },
  INVITED: { ACTIVATE: 'REGISTERED', LOCK: 'LOCKED' },
  REGISTERED: { LOCK: 'LOCKED' },
  LOCKED: { UNLOCK_TO_NOT_INVITE: 'NOT_INVITE', UNLOCK_TO_INVITED: 'INVITED', UNLOCK_TO_REGISTERED: 'REGISTERED' },
};

const ACTORS: Record<InviteEvent, readonly InviteActor[]> = {
  INVITE: GP_ROLES,
  SELF_REGISTER: ['SELF'],
  ACTIVATE: ['SELF'],
  LOCK: GP_ADMINS,
  UNLOCK_TO_NOT_INVITE: GP_ADMINS,
  UNLOCK_TO_INVITED: GP_ADMINS,
  UNLOCK_TO_REGISTERED: GP_ADMINS,
};

/** What the caller hears when the event does not apply to the status (the spec's messages where it has one). */
const REFUSAL: Record<InviteEvent, ErrorCode> = {
  INVITE: 'emailTaken',
  SELF_REGISTER: 'AccountAlreadyActivated',
  ACTIVATE: 'AccountAlreadyActivated',
  LOCK: 'VERSION_CONFLICT',
  UNLOCK_TO_NOT_INVITE: 'VERSION_CONFLICT',
  UNLOCK_TO_INVITED: 'VERSION_CONFLICT',
  UNLOCK_TO_REGISTERED: 'VERSION_CONFLICT',
};

export const nextInviteStatus = (
  from: AccountInviteStatus,
  event: InviteEvent,
  actor: InviteActor,
): AccountInviteStatus => {
  if (!ACTORS[event].includes(actor)) throw new DomainError('FORBIDDEN');
  const to = TRANSITIONS[from][event];
  if (!to) throw new DomainError(REFUSAL[event]);
  return to;
};

export const allowedInviteEvents = (from: AccountInviteStatus, actor: InviteActor): InviteEvent[] =>
  (Object.keys(TRANSITIONS[from]) as InviteEvent[]).filter((e) => ACTORS[e].includes(actor));

/** The unlock event that returns a locked account to the status it had. */
export const unlockEventFor = (before: AccountInviteStatus | undefined): InviteEvent =>
  before === 'INVITED'
    ? 'UNLOCK_TO_INVITED'
    : before === 'NOT_INVITE'
      ? 'UNLOCK_TO_NOT_INVITE'
      : 'UNLOCK_TO_REGISTERED';
