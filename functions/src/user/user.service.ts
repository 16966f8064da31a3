import { nextInviteStatus, unlockEventFor } from '@tranche/shared/auth/account-invite-status';
import { PLATFORM_OPERATOR } from '@tranche/shared/auth/operator';
import { canAssignRole, canLockRole } from '@tranche/shared/auth/permissions';
import type { Role } from '@tranche/shared/auth/roles';
import type { Lang } from '@tranche/shared/i18n/langs';
import { clock } from '#lib/clock';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { clearLockout } from '#lib/lockout';
import { emailHash } from '#lib/secrets';
import type { Session } from '#lib/session';
import { actorOf, type PortalCtx } from '../auth/context.js';
import { createLogin } from '../auth/credentials.js';
import { getTenant } from '../tenant/tenant.repo.js';
import { createUser, getUserRecord, toCurrentUser, updateUser } from './user.repo.js';

/** GP user administration: invite a user, lock and unlock one (the team screen's other use-cases: team.service.ts). */

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
  return invite(ctx, { userId: session.userId, role: session.role }, input);
};

/**
 * Invites the first GP owner of a tenant the platform operator has just created (functions/src/platform),
 * through the same path as every invitation; the email names no inviter, since nobody of the tenant
 * invited them.
 */
export const inviteFirstOwner = (ctx: PortalCtx, input: { email: string; displayName: string }) =>
  // The invite lifecycle lets GP roles invite; the operator invites on behalf of the owner-to-be.
  invite(ctx, { userId: PLATFORM_OPERATOR, role: 'GP_OWNER' }, { ...input, role: 'GP_OWNER' });

/** Who sends an invitation: a team member (named in the email), or the operator (no name). */
interface Inviter {
  userId: string;
  role: Role;
}

const invite = async (
  ctx: PortalCtx,
  inviter: Inviter,
  input: { email: string; displayName: string; role: Role; language?: Lang | undefined },
) => {
  const tenant = await getTenant(ctx.tenantId);
  const language =
    input.language && tenant.languages.includes(input.language) ? input.language : tenant.defaultLanguage;
  const userId = newId();
  const user = await createUser(
    {
      userId,
      tenantId: ctx.tenantId,
      email: input.email,
      displayName: input.displayName,
      role: input.role,
      inviteStatus: nextInviteStatus('NOT_INVITE', 'INVITE', inviter.role),
      accountState: 'noValidation',
      language,
      currency: tenant.defaultCurrency,
      extra: { invitedBy: inviter.userId },
    },
    actorOf(ctx, inviter.userId),
    'emailTaken',
  );
  await createLogin({ tenantId: ctx.tenantId, email: user.email, role: input.role });
  // The invitations consumer issues the activation link and emails it (functions/src/events/invitations.ts).
  return { userId, email: user.email, inviteStatus: user.inviteStatus };
};

/**
 * Locks (disables) a user: LOCKED, and every session of theirs is refused from the next request on.
 * Admins may lock anyone but owners and themselves; owners anyone but themselves. The request that
 * makes the user LOCKED (a conditional write: once per lock) commits USER_LOCKED, and the lockAlert
 * consumer emails them.
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
