import type { Actor } from '#lib/audit';
import { commit, event } from '#lib/db/commit';
import { DomainError } from '#lib/errors';
import { failureError, lockAlertClaim, MAX_FAILURES, type Reservation } from '#lib/lockout';
import { logger } from '#lib/logger';
import { findUserByEmail, type UserRecord } from '../user/user.repo.js';
import { actorOf, type PortalCtx } from './context.js';

/**
 * The lock alert: when the sign-in lockout locks an account, its owner is told by email, in their
 * language, that it is locked, until when, and how to proceed. Once per lock: the one attempt that
 * wrote the lock commits ACCOUNT_LOCKED together with a claim on the lockout record (a retried request
 * finds it claimed), and the lockAlert consumer (functions/src/events/security-notices.ts) sends the
 * email. A GP admin's lock is announced by its USER_LOCKED event, which the same consumer handles.
 *
 * The alert is a notice, not part of the answer: if it cannot be announced, the failure is logged and
 * the request still answers as the lockout rules say (a locked account must not look unlocked
 * because something else was down).
 */
const ANNOUNCED = { lockAlert: 'alreadyAnnounced' };

const announceLock = async (actor: Actor, reservation: Reservation, user: UserRecord): Promise<void> => {
  const attempts = reservation.policy.frequencyLimit ?? MAX_FAILURES;
  // Decided as a function, so a transaction cancelled by a concurrent one is tried again; a failed
  // claim is the refusal below: this lock was announced already.
  await commit(actor, async () => ({
    steps: [{ item: lockAlertClaim(reservation), refusal: () => new DomainError('VERSION_CONFLICT', ANNOUNCED) }],
    events: [
      event('ACCOUNT_LOCKED', user.userId, {
        attempts,
        ...(reservation.lockedUntil !== undefined ? { until: new Date(reservation.lockedUntil).toISOString() } : {}),
      }),
    ],
    result: undefined,
  })).catch((error: unknown) => {
    if ((error as DomainError).details !== ANNOUNCED) throw error;
  });
};

/**
 * The answer to a failed, counted attempt (lib/lockout.ts `failureError`); when this attempt locked
 * the account, the lock is announced first. `who` is the user, or the email the attempt named (an
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
    if (user?.accountState === 'normal' && user.inviteStatus === 'REGISTERED') {
      await announceLock(actorOf(ctx, user.userId), reservation, user);
    }
  } catch (alertError) {
    logger.error('lock alert failed', { error: alertError as Error });
  }
  return error;
};
