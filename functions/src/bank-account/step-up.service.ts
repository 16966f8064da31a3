import { STEP_UP_WINDOW_MS, stepUpIsFresh } from '@tranche/shared/profile/bank-account';
import type { StepUpBody } from '@tranche/shared/profile/bank-approval.schema';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { commit, event } from '#lib/db/commit';
import { DomainError } from '#lib/errors';
import { recordSuccess, reserveAttempt } from '#lib/lockout';
import { emailHash } from '#lib/secrets';
import { recordStepUp, type Session } from '#lib/session';
import type { PortalCtx } from '../auth/context.js';
import { passwordMatches } from '../auth/credentials.js';
import { failedAttempt } from '../auth/lock-alert.js';
import { lockoutPolicy } from '../auth/lockout-policy.js';
import { totpMatches } from '../auth/sign-in.service.js';
import { getUserRecord } from '../user/user.repo.js';
import { readBankItem, readProfileMeta } from './bank-account.service.js';
import { numbersOf } from './bank-number.js';

/**
 * Re-authentication ("step-up") and the reveal of a full account number (issue 11, Deliver 8). A
 * signed-in session alone never shows a full number: someone at an unlocked computer, or holding a
 * stolen session cookie, must also know the password or hold the authenticator. Each try is a counted
 * attempt of the sign-in lockout, so a session cannot be used to guess the password or a 6-digit code.
 * Codes sent by email or SMS are not offered here: a step-up must prove something the session's
 * holder would not have by default, and a mailbox open on the same computer is not that.
 */
export const stepUp = async (ctx: PortalCtx, session: Session, body: StepUpBody): Promise<{ stepUpUntil: string }> => {
  const user = await getUserRecord(ctx.tenantId, session.userId);
  const reservation = await reserveAttempt(ctx.tenantId, emailHash(user.email), await lockoutPolicy(ctx.tenantId));
  const proven =
    body.password !== undefined
      ? await passwordMatches(ctx.tenantId, user.email, body.password)
      : body.mfaCode !== undefined &&
        user.mfaMethods.includes('authenticator') &&
        (await totpMatches(ctx, user, body.mfaCode));
  if (!proven) {
    const lockout = await failedAttempt(ctx, reservation, user);
    // Below the limit one uniform answer for either factor; at the limit the lockout's own code.
    throw lockout.code === 'AccountOrPasswordError' ? new DomainError('STEP_UP_FAILED') : lockout;
  }
  await recordSuccess(ctx.tenantId, emailHash(user.email));
  const at = clock.now().getTime();
  await recordStepUp(session, at);
  const actor = {
    tenantId: ctx.tenantId,
    userId: user.userId,
    requestId: ctx.requestId,
    at: new Date(at).toISOString(),
  };
  await commit(actor, {
    steps: [],
    events: [
      event('STEP_UP_COMPLETED', user.userId, { how: body.password !== undefined ? 'PASSWORD' : 'AUTHENTICATOR' }),
    ],
    result: undefined,
  });
  return { stepUpUntil: new Date(at + STEP_UP_WINDOW_MS).toISOString() };
};

/**
 * The full number of one of the investor's own accounts, only within STEP_UP_WINDOW_MS of a step-up on
 * this session; otherwise 403 STEP_UP_REQUIRED. Another investor's profile or account is a 404.
 */
export const revealBankAccount = async (actor: Actor, session: Session, profileId: string, bankId: string) => {
  // Another investor's or tenant's profile is 404 whatever the session (the isolation rule); the
  // step-up window is checked next, before the account itself is read.
  const meta = await readProfileMeta(session.tenantId, profileId);
  if (!meta || meta.ownerUserId !== session.userId) throw new DomainError('SUBSCRIPTION_PROFILE_EXISTS');
  if (!stepUpIsFresh(session.stepUpAtMs, clock.now().getTime())) throw new DomainError('STEP_UP_REQUIRED');
  const bank = await readBankItem(session.tenantId, profileId, bankId);
  if (!bank) throw new DomainError('bankAccountNotExist');
  await commit(actor, {
    steps: [],
    events: [event('BANK_ACCOUNT_REVEALED', profileId, { profileId, bankId })],
    result: undefined,
  });
  // Opened only here, after the step-up check, and only into the answer.
  const numbers = await numbersOf(session.tenantId, profileId, bank);
  return {
    bankId,
    accountNumber: numbers.accountNumber,
    ...(numbers.custodianAccountNumber !== undefined ? { custodianAccountNumber: numbers.custodianAccountNumber } : {}),
    visibleUntil: new Date((session.stepUpAtMs as number) + STEP_UP_WINDOW_MS).toISOString(),
  };
};
