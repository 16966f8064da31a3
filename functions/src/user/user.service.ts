import { nextInviteStatus, unlockEventFor } from '@tranche/shared/auth/account-invite-status';
import { canAssignRole, canLockRole } from '@tranche/shared/auth/permissions';
import type { Role } from '@tranche/shared/auth/roles';
import type { Lang } from '@tranche/shared/i18n/langs';
import type { Currency } from '@tranche/shared/money';
import {
  DEFAULT_EMAIL_PREFERENCES,
  DEFAULT_INVEST_ACCOUNT_EMAIL_PREFERENCES,
  type EmailPreferences,
  type InvestAccountEmailPreferences,
} from '@tranche/shared/user/user.schema';
import { clock } from '#lib/clock';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { clearLockout } from '#lib/lockout';
import type { Session } from '#lib/session';
import { hit } from '#lib/throttle';
import { CODE_TTL_SECONDS, createLink, LINK_TTL_SECONDS, MAX_TRIES } from '../auth/auth.repo.js';
import { actorOf, maskPhone, type PortalCtx } from '../auth/context.js';
import { createLogin } from '../auth/credentials.js';
import { alertLockedByAdmin } from '../auth/lock-alert.js';
import { notify, portalLink, text } from '../auth/notifications.js';
import { emailHash, matchesHash, newCode, newOpaqueToken, sha256 } from '../auth/secrets.js';
import { getTenant } from '../tenant/tenant.repo.js';
import { createUser, getPrefs, getUserRecord, putPrefs, toCurrentUser, updateUser } from './user.repo.js';

/** A well-formed value the tenant does not offer: a business refusal (422) naming the field. */
/** Sends a code to the profile's phone number; at most 3 an hour. */
export const sendPhoneCode = async (ctx: PortalCtx, session: Session) => {
  const user = await getUserRecord(ctx.tenantId, session.userId);
  if (!user.phone) throw new DomainError('MfaMethodNotAvailable');
  await hit(ctx.tenantId, { scope: 'phone-code', limit: 3, windowSeconds: 3600 }, user.userId);
  const code = newCode();
  await updateUser({
    tenantId: ctx.tenantId,
    userId: user.userId,
    set: {
      phoneCodeHash: sha256(code),
      phoneCodeExpiresAt: clock.now().getTime() + CODE_TTL_SECONDS * 1000,
      phoneCodeTries: 0,
    },
    condition: { expression: 'phone = :phone', values: { ':phone': user.phone } },
  });
  const tenant = await getTenant(ctx.tenantId);
  await text(user.phone, 'phoneCode', user.language, {
    code,
    portal: tenant.branding.displayName,
    minutes: String(CODE_TTL_SECONDS / 60),
  });
  return { sentTo: maskPhone(user.phone), codeExpiresInSeconds: CODE_TTL_SECONDS };
};

/** Confirms the phone number with the texted code (5 minutes, five tries). */
export const confirmPhone = async (ctx: PortalCtx, session: Session, input: { code: string }) => {
  const user = await getUserRecord(ctx.tenantId, session.userId);
  if (!user.phone || !user.phoneCodeHash) throw new DomainError('codeInvalid');
  const tries = user.phoneCodeTries ?? 0;
  await updateUser({
    tenantId: ctx.tenantId,
    userId: user.userId,
    set: { phoneCodeTries: tries + 1 },
    condition: {
      expression: 'phoneCodeTries = :seen AND phoneCodeTries < :max',
      values: { ':seen': tries, ':max': MAX_TRIES },
    },
    conflict: 'codeInvalid',
  });
  if ((user.phoneCodeExpiresAt ?? 0) <= clock.now().getTime() || !matchesHash(input.code, user.phoneCodeHash)) {
    throw new DomainError('codeInvalid', { remainingTries: Math.max(MAX_TRIES - tries - 1, 0) });
  }
  await updateUser({
    tenantId: ctx.tenantId,
    userId: user.userId,
    set: { phoneVerified: true },
    remove: ['phoneCodeHash', 'phoneCodeExpiresAt', 'phoneCodeTries'],
    condition: {
      expression: 'phone = :phone AND phoneCodeHash = :hash',
      values: { ':phone': user.phone, ':hash': user.phoneCodeHash },
    },
    audit: { actor: actorOf(ctx, user.userId), action: 'PHONE_VERIFIED' },
    conflict: 'codeInvalid',
  });
  return toCurrentUser({ ...user, phoneVerified: true });
};

const fieldError = (field: string, message: string) =>
  new DomainError('NotOfferedByTenant', { fields: [{ field, rule: 'tenant', message }] });

/** /user-center/update: name, language and currency (among the tenant's), phone. */
export const updateCurrentUser = async (
  ctx: PortalCtx,
  session: Session,
  input: {
    displayName?: string | undefined;
    language?: Lang | undefined;
    currency?: Currency | undefined;
    phone?: string | null | undefined;
  },
) => {
  const user = await getUserRecord(ctx.tenantId, session.userId);
  const tenant = await getTenant(ctx.tenantId);
  if (input.language && !tenant.languages.includes(input.language)) {
    throw fieldError('body.language', 'Not a language of this portal');
  }
  if (input.currency && !tenant.currencies.includes(input.currency)) {
    throw fieldError('body.currency', 'Not a currency of this portal');
  }
  const phoneChanges = input.phone !== undefined && input.phone !== user.phone;
  // The SMS factor is tied to a confirmed number: turn SMS off before changing or removing it.
  if (phoneChanges && user.mfaMethods.includes('sms')) throw new DomainError('MfaMethodNotAvailable');
  const set: Record<string, unknown> = {};
  for (const k of ['displayName', 'language', 'currency'] as const) if (input[k] !== undefined) set[k] = input[k];
  if (typeof input.phone === 'string' && phoneChanges) {
    set.phone = input.phone;
    set.phoneVerified = false;
  }
  await updateUser({
    tenantId: ctx.tenantId,
    userId: user.userId,
    set,
    remove:
      input.phone === null ? ['phone', 'phoneVerified', 'phoneCodeHash', 'phoneCodeExpiresAt', 'phoneCodeTries'] : [],
    audit: { actor: actorOf(ctx, user.userId), action: 'PROFILE_UPDATED', data: { fields: Object.keys(input) } },
  });
  const updated = { ...user, ...set };
  if (input.phone === null) {
    delete updated.phone;
    delete updated.phoneVerified;
  }
  return toCurrentUser(updated);
};

export const getEmailPreferences = (tenantId: string, userId: string) =>
  getPrefs<EmailPreferences>(keys.userEmailPrefs(tenantId, userId), DEFAULT_EMAIL_PREFERENCES);
export const putEmailPreferences = (tenantId: string, userId: string, prefs: EmailPreferences) =>
  putPrefs(keys.userEmailPrefs(tenantId, userId), prefs, clock.nowIso());
export const getInvestAccountEmailPreferences = (tenantId: string, userId: string) =>
  getPrefs<InvestAccountEmailPreferences>(
    keys.userInvestPrefs(tenantId, userId),
    DEFAULT_INVEST_ACCOUNT_EMAIL_PREFERENCES,
  );
export const putInvestAccountEmailPreferences = (
  tenantId: string,
  userId: string,
  prefs: InvestAccountEmailPreferences,
) => putPrefs(keys.userInvestPrefs(tenantId, userId), prefs, clock.nowIso());

/**
 * Invites an investor or a team member: the account is INVITED and cannot sign in until its owner
 * sets a password through the emailed activation link (72 hours). Who may give which role is the
 * table in shared/src/auth/permissions.ts.
 */
export const inviteUser = async (
  ctx: PortalCtx,
  session: Session,
  input: { email: string; displayName: string; role: Role; language?: Lang | undefined },
) => {
  if (!canAssignRole(session.role, input.role)) throw new DomainError('FORBIDDEN');
  const tenant = await getTenant(ctx.tenantId);
  const inviter = await getUserRecord(ctx.tenantId, session.userId);
  const language =
    input.language && tenant.languages.includes(input.language) ? input.language : tenant.defaultLanguage;
  const userId = newId();
  const token = newOpaqueToken();
  const user = await createUser(
    {
      userId,
      tenantId: ctx.tenantId,
      email: input.email,
      displayName: input.displayName,
      role: input.role,
      inviteStatus: nextInviteStatus('NOT_INVITE', 'INVITE', session.role),
      accountState: 'noValidation',
      language,
      currency: tenant.defaultCurrency,
      // The link the user may activate with; a resend replaces it (team.service.ts).
      extra: { invitedBy: session.userId, activationLinkHash: sha256(token) },
    },
    actorOf(ctx, session.userId),
    'emailTaken',
  );
  await createLogin({ tenantId: ctx.tenantId, email: user.email, role: input.role });
  await createLink(ctx.tenantId, { kind: 'activation', userId }, token);
  await notify(user.email, 'invitation', language, {
    portal: tenant.branding.displayName,
    inviter: inviter.displayName,
    link: await portalLink(ctx.prefix, '/activate', { token }),
    hours: String(LINK_TTL_SECONDS.activation / 3600),
  });
  return { userId, email: user.email, inviteStatus: user.inviteStatus };
};

/**
 * Locks (disables) a user: LOCKED, and every session of theirs is refused from the next request on.
 * Admins may lock anyone but owners and themselves; owners anyone but themselves. The request that
 * makes the user LOCKED (a conditional write: once per lock) emails them the lock alert.
 */
export const lockUser = async (ctx: PortalCtx, session: Session, userId: string) => {
  const target = await getUserRecord(ctx.tenantId, userId);
  if (target.userId === session.userId || !canLockRole(session.role, target.role)) throw new DomainError('FORBIDDEN');
  if (target.inviteStatus !== 'LOCKED') {
    await updateUser({
      tenantId: ctx.tenantId,
      userId,
      set: {
        inviteStatus: nextInviteStatus(target.inviteStatus, 'LOCK', session.role),
        statusBeforeLock: target.inviteStatus,
        sessionsNotBefore: clock.now().getTime(),
      },
      condition: { expression: 'inviteStatus = :seen', values: { ':seen': target.inviteStatus } },
      audit: { actor: actorOf(ctx, session.userId), action: 'USER_LOCKED', data: { from: target.inviteStatus } },
      bumpVersion: true,
    });
    await alertLockedByAdmin(ctx, target);
  }
  return toCurrentUser({ ...target, inviteStatus: 'LOCKED' });
};

/** Unlocks a user: the status before the lock comes back, and a sign-in lockout (either kind) is lifted. */
export const unlockUser = async (ctx: PortalCtx, session: Session, userId: string) => {
  const target = await getUserRecord(ctx.tenantId, userId);
  if (target.userId === session.userId || !canLockRole(session.role, target.role)) throw new DomainError('FORBIDDEN');
  const status =
    target.inviteStatus === 'LOCKED'
      ? nextInviteStatus('LOCKED', unlockEventFor(target.statusBeforeLock), session.role)
      : target.inviteStatus;
  if (target.inviteStatus === 'LOCKED') {
    await updateUser({
      tenantId: ctx.tenantId,
      userId,
      set: { inviteStatus: status },
      remove: ['statusBeforeLock'],
      condition: { expression: 'inviteStatus = :locked', values: { ':locked': 'LOCKED' } },
      audit: { actor: actorOf(ctx, session.userId), action: 'USER_UNLOCKED', data: { to: status } },
      bumpVersion: true,
    });
  }
  await clearLockout(ctx.tenantId, emailHash(target.email));
  return toCurrentUser({ ...target, inviteStatus: status });
};
