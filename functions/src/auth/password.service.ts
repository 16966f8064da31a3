import { nextInviteStatus } from '@tranche/shared/auth/account-invite-status';
import type { Role } from '@tranche/shared/auth/roles';
import { assertHuman } from '#lib/captcha';
import { clock } from '#lib/clock';
import { DomainError } from '#lib/errors';
import { clearLockout, recordSuccess, reserveAttempt } from '#lib/lockout';
import { assertPasswordAllowed } from '#lib/password';
import { emailHash, matchesHash, newCode, sha256 } from '#lib/secrets';
import { hit, hitAuthIp, resetEmailRule } from '#lib/throttle';
import { getTenant } from '../tenant/tenant.repo.js';
import { findUser, findUserByEmail, getUserRecord, type UserRecord, updateUser } from '../user/user.repo.js';
import { consumeLink, countLinkTry, createLink, findLink, LINK_TTL_SECONDS, MAX_TRIES } from './auth.repo.js';
import { actorOf, type PortalCtx, startSession } from './context.js';
import { markEmailVerified, passwordMatches, setPassword } from './credentials.js';
import { failedAttempt } from './lock-alert.js';
import { lockoutPolicy } from './lockout-policy.js';
import { notify, portalLink } from './notifications.js';

/**
 * Forgot password: always the same answer, whether or not the email has an account (no account
 * enumeration). Limited per IP and per email (3 an hour, counted for unknown emails too); the
 * email holds a single-use link (30 minutes) and a code, both needed to reset.
 */
export const forgotPassword = async (ctx: PortalCtx, input: { email: string; captchaToken: string }) => {
  await hitAuthIp(ctx.tenantId, ctx.sourceIp);
  await assertHuman(input.captchaToken, ctx.sourceIp);
  const email = input.email.trim().toLowerCase();
  await hit(ctx.tenantId, resetEmailRule(), emailHash(email));
  const user = await findUserByEmail(ctx.tenantId, email);
  if (user && user.inviteStatus === 'REGISTERED' && user.accountState === 'normal') {
    const code = newCode();
    const { token } = await createLink(ctx.tenantId, { kind: 'reset', userId: user.userId, codeHash: sha256(code) });
    const tenant = await getTenant(ctx.tenantId);
    await notify(user.email, 'resetPassword', user.language, {
      code,
      link: await portalLink(ctx.prefix, '/reset-password', { token }),
      portal: tenant.branding.displayName,
      minutes: String(LINK_TTL_SECONDS.reset / 60),
    });
  }
  return { ok: true as const };
};

/** Revokes every session of the user after any password change; the event tells them. */
const afterPasswordChange = async (
  ctx: PortalCtx,
  user: UserRecord,
  action: 'PASSWORD_RESET' | 'PASSWORD_CHANGED',
): Promise<number> => {
  const notBefore = clock.now().getTime();
  await updateUser({
    tenantId: ctx.tenantId,
    userId: user.userId,
    set: { sessionsNotBefore: notBefore, passwordChangedAt: clock.nowIso() },
    // The passwordChangedNotice consumer tells the user (functions/src/events/security-notices.ts).
    audit: { actor: actorOf(ctx, user.userId), action },
  });
  return notBefore;
};

/**
 * Reset with the emailed link and code. The link works once and for 30 minutes ('The password reset
 * link has expired.' otherwise), the code allows five tries. The new password must differ from the
 * old one. A reset revokes every session and lifts a lockout, but signs nobody in: the user signs in
 * again, with MFA if they have it, so a reset never bypasses MFA.
 */
export const resetPassword = async (ctx: PortalCtx, input: { token: string; code: string; newPassword: string }) => {
  await hitAuthIp(ctx.tenantId, ctx.sourceIp);
  const link = await findLink(ctx.tenantId, input.token, 'reset');
  if (!link || link.usedAt || link.expiresAt <= clock.now().getTime() || link.tries >= MAX_TRIES) {
    throw new DomainError('PasswordResetLinkExpired');
  }
  await countLinkTry(ctx.tenantId, link.tokenHash, 'PasswordResetLinkExpired');
  if (!matchesHash(input.code, link.codeHash)) {
    throw new DomainError('codeInvalid', { remainingTries: Math.max(MAX_TRIES - link.tries - 1, 0) });
  }
  const user = await getUserRecord(ctx.tenantId, link.userId);
  assertPasswordAllowed(input.newPassword, 'body.newPassword', { email: user.email });
  if (await passwordMatches(ctx.tenantId, user.email, input.newPassword)) {
    throw new DomainError('newPasswordSameAsOldPassword');
  }
  await consumeLink(ctx.tenantId, link.tokenHash, 'PasswordResetLinkExpired');
  await setPassword(ctx.tenantId, user.email, input.newPassword);
  await afterPasswordChange(ctx, user, 'PASSWORD_RESET');
  await clearLockout(ctx.tenantId, emailHash(user.email));
  return { ok: true as const };
};

/**
 * Checks the current password of a signed-in user as a counted attempt of the same lockout as
 * sign-in: a stolen session cannot be used to guess the password.
 */
export const assertCurrentPassword = async (ctx: PortalCtx, user: UserRecord, password: string): Promise<void> => {
  const reservation = await reserveAttempt(ctx.tenantId, emailHash(user.email), await lockoutPolicy(ctx.tenantId));
  if (!(await passwordMatches(ctx.tenantId, user.email, password))) {
    const lockout = await failedAttempt(ctx, reservation, user);
    throw lockout.code === 'AccountOrPasswordError' ? new DomainError('CurrentPasswordIncorrect') : lockout;
  }
  await recordSuccess(ctx.tenantId, emailHash(user.email));
};

/**
 * Change password: the current one must be right ('the current password you entered is
 * incorrect.'), the new one must follow the policy and differ. Every session of the user is revoked,
 * and this browser gets a fresh one so the user stays signed in here.
 */
export const changePassword = async (
  ctx: PortalCtx,
  session: { userId: string; role: Role },
  input: { password: string; newPassword: string },
) => {
  const user = await getUserRecord(ctx.tenantId, session.userId);
  assertPasswordAllowed(input.newPassword, 'body.newPassword', { email: user.email });
  await assertCurrentPassword(ctx, user, input.password);
  if (input.newPassword === input.password) throw new DomainError('newPasswordSameAsOldPassword');
  await setPassword(ctx.tenantId, user.email, input.newPassword);
  const notBefore = await afterPasswordChange(ctx, user, 'PASSWORD_CHANGED');
  const issued = await startSession(ctx, user, { notBefore });
  return issued.cookies;
};

/** The activation link of an invited user, checked without spending it. */
const activationOf = async (ctx: PortalCtx, token: string) => {
  const link = await findLink(ctx.tenantId, token, 'activation');
  if (!link) throw new DomainError('ActiveLinkExpired');
  const user = await findUser(ctx.tenantId, link.userId);
  if (!user) throw new DomainError('ActiveLinkExpired');
  if (link.usedAt) throw new DomainError('LinkAlreadyActivated');
  if (user.inviteStatus !== 'INVITED') throw new DomainError('AccountAlreadyActivated');
  if (link.expiresAt <= clock.now().getTime()) throw new DomainError('ActiveLinkExpired');
  return { link, user };
};

export const activateAccount = async (ctx: PortalCtx, input: { token: string }) => {
  await hitAuthIp(ctx.tenantId, ctx.sourceIp);
  const { user } = await activationOf(ctx, input.token);
  return { email: user.email, displayName: user.displayName };
};

/**
 * Set password (/invest/account/set-password): an invited user chooses a password through the
 * activation link, which is spent; the account becomes REGISTERED and normal. No session is
 * issued: the user signs in, so a tenant's MFA rules apply from the first sign-in.
 */
export const setPasswordWithLink = async (ctx: PortalCtx, input: { token: string; password: string }) => {
  await hitAuthIp(ctx.tenantId, ctx.sourceIp);
  const { link, user } = await activationOf(ctx, input.token);
  assertPasswordAllowed(input.password, 'body.password', { email: user.email });
  await consumeLink(ctx.tenantId, link.tokenHash, 'LinkAlreadyActivated');
  await setPassword(ctx.tenantId, user.email, input.password);
  await updateUser({
    tenantId: ctx.tenantId,
    userId: user.userId,
    set: {
      inviteStatus: nextInviteStatus(user.inviteStatus, 'ACTIVATE', 'SELF'),
      accountState: 'normal',
      passwordChangedAt: clock.nowIso(),
    },
    condition: { expression: 'inviteStatus = :invited', values: { ':invited': 'INVITED' } },
    audit: { actor: actorOf(ctx, user.userId), action: 'INVITE_ACCEPTED' },
    conflict: 'AccountAlreadyActivated',
  });
  await markEmailVerified(ctx.tenantId, user.email);
  return { ok: true as const };
};
