import { isGp } from '@tranche/shared/auth/roles';
import { MFA_METHODS, type MfaMethod } from '@tranche/shared/enums';
import { clock } from '#lib/clock';
import { DomainError } from '#lib/errors';
import { endSession, type Session } from '#lib/session';
import { verifyTotp } from '#lib/totp';
import { getGpSettings, getLpSettings } from '../tenant/tenant.repo.js';
import { getUserRecord, toCurrentUser, type UserRecord, updateUser } from '../user/user.repo.js';
import { actorOf, type PortalCtx, startSession } from './context.js';
import { assertCurrentPassword } from './password.service.js';
import { openTotpSecret } from './totp-secret.js';

/** A session that was limited to MFA enrolment becomes a full one once a factor is enrolled. */
const upgradeSession = async (ctx: PortalCtx, session: Session, user: UserRecord): Promise<string[]> => {
  if (!session.mfaEnrolmentRequired) return [];
  await endSession(session, undefined);
  const issued = await startSession(ctx, user);
  return issued.cookies;
};

/** Methods this user may turn on: the tenant's LP methods for investors, all three for the GP team. */
export const allowedMethods = async (user: UserRecord): Promise<readonly MfaMethod[]> =>
  isGp(user.role) ? MFA_METHODS : (await getLpSettings(user.tenantId)).settings.mfaMethods;

/** Confirms enrolment with a current code; the authenticator becomes one of the user's methods. */
export const confirmTotp = async (ctx: PortalCtx, session: Session, input: { code: string }) => {
  const user = await getUserRecord(ctx.tenantId, session.userId);
  const pending = user.totpPendingSecret;
  const secret = await openTotpSecret(ctx.tenantId, user.userId, pending);
  const step = secret ? verifyTotp(secret, input.code, clock.now().getTime()) : undefined;
  if (!pending || step === undefined) throw new DomainError('codeInvalid');
  const methods = [...new Set<MfaMethod>([...user.mfaMethods, 'authenticator'])];
  await updateUser({
    tenantId: ctx.tenantId,
    userId: user.userId,
    set: { totpSecret: pending, totpLastStep: step, mfaMethods: methods },
    remove: ['totpPendingSecret'],
    // The envelope that was checked is the one that becomes active (its ciphertext is unique).
    condition: { expression: 'totpPendingSecret.ct = :pending', values: { ':pending': pending.ct } },
    audit: { actor: actorOf(ctx, user.userId), action: 'MFA_ENROLLED', data: { method: 'authenticator' } },
    conflict: 'codeInvalid',
  });
  const updated = { ...user, mfaMethods: methods };
  return { user: toCurrentUser(updated), cookies: await upgradeSession(ctx, session, updated) };
};

/**
 * Chooses the user's MFA methods, with the current password. The authenticator must have been
 * enrolled; SMS needs a confirmed phone number and is never the only factor (SECURITY.md); a GP user of a
 * tenant that requires MFA cannot turn it off.
 */
export const setMfaMethods = async (
  ctx: PortalCtx,
  session: Session,
  input: { methods: MfaMethod[]; password: string },
) => {
  const user = await getUserRecord(ctx.tenantId, session.userId);
  await assertCurrentPassword(ctx, user, input.password);
  const methods = [...new Set(input.methods)];
  const allowed = await allowedMethods(user);
  for (const m of methods) {
    if (!allowed.includes(m) && !user.mfaMethods.includes(m)) throw new DomainError('MfaMethodNotAvailable');
  }
  if (methods.includes('authenticator') && !user.totpSecret) throw new DomainError('MfaMethodNotAvailable');
  if (methods.includes('sms') && (!user.phone || !user.phoneVerified || methods.length < 2)) {
    throw new DomainError('MfaMethodNotAvailable');
  }
  if (methods.length === 0 && isGp(user.role) && (await getGpSettings(ctx.tenantId)).settings.requireMfaForGp) {
    throw new DomainError('mfaEnrolmentRequired');
  }
  const dropsTotp = !methods.includes('authenticator');
  await updateUser({
    tenantId: ctx.tenantId,
    userId: user.userId,
    set: { mfaMethods: methods },
    remove: dropsTotp ? ['totpSecret', 'totpLastStep', 'totpPendingSecret'] : [],
    audit: {
      actor: actorOf(ctx, user.userId),
      action: 'MFA_METHODS_CHANGED',
      data: { from: user.mfaMethods, to: methods },
    },
  });
  const updated = { ...user, mfaMethods: methods };
  const cookies = methods.length ? await upgradeSession(ctx, session, updated) : [];
  return { user: toCurrentUser(updated), cookies };
};
