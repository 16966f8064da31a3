import { clock } from '#lib/clock';
import type { DomainError } from '#lib/errors';
import { claimLockAlert, failureError, MAX_FAILURES, type Reservation } from '#lib/lockout';
import { logger } from '#lib/logger';
import { getTenant } from '../tenant/tenant.repo.js';
import { findUserByEmail, type UserRecord } from '../user/user.repo.js';
import type { PortalCtx } from './context.js';
import { notify, portalLink, type Template } from './notifications.js';

/**
 * The lock alert: when an account locks, its owner is told by email, in their language, that it is
 * locked, until when, and how to proceed. Once per lock: the sign-in lockout alerts from the one
 * attempt that wrote the lock, and claims it on the lockout record first (a retried request does
 * not send it again); a GP lock alerts from the one request that moved the user to LOCKED.
 *
 * The alert is a notice, not part of the answer: if it cannot be sent, the failure is logged and
 * the request still answers as the lockout rules say (a locked account must not look unlocked
 * because a mail server was down).
 */
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

const send = async (ctx: PortalCtx, user: UserRecord, template: Template, values: Record<string, string>) => {
  try {
    const tenant = await getTenant(ctx.tenantId);
    await notify(user.email, template, user.language, {
      portal: tenant.branding.displayName,
      at: utc(clock.now().getTime()),
      ...values,
    });
  } catch (error) {
    logger.error('lock alert not sent', { error: error as Error, userId: user.userId });
  }
};

/**
 * The answer to a failed, counted attempt (lib/lockout.ts `failureError`); when this attempt locked
 * the account, its owner is alerted first. `who` is the user, or the email the attempt named (an
 * email without an active account gets no mail: there is nobody to tell, and nothing to reveal).
 */
export const failedAttempt = async (
  ctx: PortalCtx,
  reservation: Reservation,
  who: UserRecord | string,
): Promise<DomainError> => {
  const error = failureError(reservation);
  if (!reservation.locks) return error;
  try {
    const user = typeof who === 'string' ? await findUserByEmail(ctx.tenantId, who) : who;
    if (user?.accountState === 'normal' && user.inviteStatus === 'REGISTERED' && (await claimLockAlert(reservation))) {
      const link = await portalLink(ctx.prefix, '/forgot-password', {});
      const attempts = String(reservation.policy.frequencyLimit ?? MAX_FAILURES);
      if (reservation.lockedUntil !== undefined) {
        await send(ctx, user, 'accountLocked', { until: utc(reservation.lockedUntil), attempts, link });
      } else {
        await send(ctx, user, 'accountFrozen', { attempts, link });
      }
    }
  } catch (alertError) {
    logger.error('lock alert failed', { error: alertError as Error });
  }
  return error;
};

/** A GP admin or owner locked the user (called once, by the request that made the user LOCKED). */
export const alertLockedByAdmin = (ctx: PortalCtx, user: UserRecord): Promise<void> =>
  send(ctx, user, 'accountLockedByAdmin', {});
