import { ACCOUNT_INVITE_STATUSES, type AccountInviteStatus } from '../enums.js';
import { defineLifecycle } from '../lifecycle/lifecycle.js';
import { GP_ADMINS, GP_ROLES, type Role } from './roles.js';

/**
 * The account invite lifecycle (spec §3: NOT_INVITE, INVITED, REGISTERED, LOCKED).
 * `SELF` is the account's own person (confirming a sign-up code, setting a password by the
 * activation link); the other actors are session roles. Unlocking returns to the status the account
 * had before the lock, so there is one unlock event per status a lock can come from.
 */
export const INVITE_EVENTS = [
  'INVITE',
  'SELF_REGISTER',
  'ACTIVATE',
  'LOCK',
  'UNLOCK_TO_NOT_INVITE',
  'UNLOCK_TO_INVITED',
  'UNLOCK_TO_REGISTERED',
] as const;
export type InviteEvent = (typeof INVITE_EVENTS)[number];
export type InviteActor = Role | 'SELF';

export const ACCOUNT_INVITE_LIFECYCLE = defineLifecycle<AccountInviteStatus, InviteEvent, InviteActor>({
  name: 'accountInvite',
  states: ACCOUNT_INVITE_STATUSES,
  events: INVITE_EVENTS,
  // Sign-up creates the account NOT_INVITE until its code is confirmed; a team invite creates it INVITED.
  initial: ['NOT_INVITE', 'INVITED'],
  transitions: {
    NOT_INVITE: { INVITE: 'INVITED', SELF_REGISTER: 'REGISTERED', LOCK: 'LOCKED' },
    INVITED: { ACTIVATE: 'REGISTERED', LOCK: 'LOCKED' },
    REGISTERED: { LOCK: 'LOCKED' },
    LOCKED: { UNLOCK_TO_NOT_INVITE: 'NOT_INVITE', UNLOCK_TO_INVITED: 'INVITED', UNLOCK_TO_REGISTERED: 'REGISTERED' },
  },
  actors: {
    INVITE: GP_ROLES,
    SELF_REGISTER: ['SELF'],
    ACTIVATE: ['SELF'],
    LOCK: GP_ADMINS,
    UNLOCK_TO_NOT_INVITE: GP_ADMINS,
    UNLOCK_TO_INVITED: GP_ADMINS,
    UNLOCK_TO_REGISTERED: GP_ADMINS,
  },
  // What the caller hears when the event does not apply to the status: the spec's messages where it
  // has one; a lock or unlock that raced another answers as any lost race does.
  refusals: {
    INVITE: 'emailTaken',
    SELF_REGISTER: 'AccountAlreadyActivated',
    ACTIVATE: 'AccountAlreadyActivated',
    LOCK: 'VERSION_CONFLICT',
    UNLOCK_TO_NOT_INVITE: 'VERSION_CONFLICT',
    UNLOCK_TO_INVITED: 'VERSION_CONFLICT',
    UNLOCK_TO_REGISTERED: 'VERSION_CONFLICT',
  },
});

export const nextInviteStatus = (
  from: AccountInviteStatus,
  event: InviteEvent,
  actor: InviteActor,
): AccountInviteStatus => ACCOUNT_INVITE_LIFECYCLE.next(from, event, actor);

export const allowedInviteEvents = (from: AccountInviteStatus, actor: InviteActor): InviteEvent[] =>
  ACCOUNT_INVITE_LIFECYCLE.allowedEvents(from, actor);

/** The unlock event that returns a locked account to the status it had. */
export const unlockEventFor = (before: AccountInviteStatus | undefined): InviteEvent =>
  before === 'INVITED'
    ? 'UNLOCK_TO_INVITED'
    : before === 'NOT_INVITE'
      ? 'UNLOCK_TO_NOT_INVITE'
      : 'UNLOCK_TO_REGISTERED';
