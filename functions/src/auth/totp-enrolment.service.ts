import { DomainError } from '#lib/errors';
import type { Session } from '#lib/session';
import { newTotpSecret } from '#lib/totp';
import { totpEnrolment } from '#lib/totp-enrolment';
import { getTenant } from '../tenant/tenant.repo.js';
import { getUserRecord, updateUser } from '../user/user.repo.js';
import type { PortalCtx } from './context.js';
import { allowedMethods } from './mfa.service.js';
import { sealTotpSecret } from './totp-secret.js';

// Apart from mfa.service.ts so that only the enrolment route bundles the QR-code renderer.
/** Starts authenticator enrolment: a new secret, pending until a code from the app confirms it. */
export const enrolTotp = async (ctx: PortalCtx, session: Session) => {
  const user = await getUserRecord(ctx.tenantId, session.userId);
  if (!(await allowedMethods(user)).includes('authenticator')) throw new DomainError('MfaMethodNotAvailable');
  const secret = newTotpSecret();
  // Only the sealed envelope is stored; the seed itself leaves the server once, in this answer.
  const sealed = await sealTotpSecret(ctx.tenantId, user.userId, secret);
  await updateUser({ tenantId: ctx.tenantId, userId: user.userId, set: { totpPendingSecret: sealed } });
  const tenant = await getTenant(ctx.tenantId);
  return totpEnrolment(secret, tenant.branding.displayName, user.email);
};
