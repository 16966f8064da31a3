import { isGp } from '@tranche/shared/auth/roles';
import type { MfaMethod } from '@tranche/shared/enums';
import { clock } from '#lib/clock';
import { tableName } from '#lib/db/client';
import { commit, event } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { type Reservation, recordSuccess, reserveAttempt } from '#lib/lockout';
import { emailHash, matchesHash, newCode, newOpaqueToken, sha256 } from '#lib/secrets';
import { consumeRefreshToken, type Session, verifyToken } from '#lib/session';
import { hitAuthIp } from '#lib/throttle';
import { verifyTotp } from '#lib/totp';
import { getGpSettings, getTenant } from '../tenant/tenant.repo.js';
import { findUserByEmail, getUserRecord, toCurrentUser, type UserRecord, updateUser } from '../user/user.repo.js';
import {
  CODE_TTL_SECONDS,
  consumeTicket,
  countTicketTry,
  createTicket,
  liveTicket,
  MAX_TRIES,
  storeTicketCode,
  type TicketRecord,
} from './auth.repo.js';
import { actorOf, maskEmail, maskPhone, type PortalCtx, startSession } from './context.js';
import { passwordMatches } from './credentials.js';
import { failedAttempt } from './lock-alert.js';
import { lockoutPolicy } from './lockout-policy.js';
import { notify, portalLink, text } from './notifications.js';
import { openTotpSecret } from './totp-secret.js';

export interface SignInResult {
  body: { user: ReturnType<typeof toCurrentUser>; mfaEnrolmentRequired: boolean };
  cookies: string[];
}

/** Whether the tenant requires MFA of this user and the user has none yet. */
const mustEnrolMfa = async (user: UserRecord): Promise<boolean> =>
  isGp(user.role) && user.mfaMethods.length === 0 && (await getGpSettings(user.tenantId)).settings.requireMfaForGp;

/** The end of every successful sign-in: the run of failures is over, a new session starts, audited. */
export const completeSignIn = async (ctx: PortalCtx, user: UserRecord, how: string): Promise<SignInResult> => {
  await recordSuccess(ctx.tenantId, emailHash(user.email));
  const mfaEnrolmentRequired = await mustEnrolMfa(user);
  const issued = await startSession(ctx, user, { mfaEnrolmentRequired });
  await commit(actorOf(ctx, user.userId), {
    // The time is kept on the user for the team page. No version bump: it changes nothing a decision
    // rests on, so it must not make a concurrent role change or lock lose its race.
    steps: [
      {
        item: {
          Update: {
            TableName: tableName(),
            Key: keys.user(ctx.tenantId, user.userId),
            UpdateExpression: 'SET lastSignInAt = :at',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':at': clock.now().toISOString() },
          },
        },
      },
    ],
    events: [event('SIGNED_IN', user.userId, { how, sourceIp: ctx.sourceIp })],
    result: undefined,
  });
  return { body: { user: toCurrentUser(user), mfaEnrolmentRequired }, cookies: issued.cookies };
};

/**
 * Password sign-in with the spec's lockout. The attempt is counted before the password is checked
 * (functions/src/_lib/lockout.ts); a user with MFA gets a ticket for the second step instead of a
 * session, and the count is only reset when that step succeeds.
 */
export const signIn = async (ctx: PortalCtx, input: { email: string; password: string }): Promise<SignInResult> => {
  await hitAuthIp(ctx.tenantId, ctx.sourceIp);
  const email = input.email.trim().toLowerCase();
  const reservation = await reserveAttempt(ctx.tenantId, emailHash(email), await lockoutPolicy(ctx.tenantId));
  const matches = await passwordMatches(ctx.tenantId, email, input.password);
  const user = matches ? await findUserByEmail(ctx.tenantId, email) : undefined;
  if (!matches || !user) throw await failedAttempt(ctx, reservation, user ?? email);
  // From here on the caller knows the password: telling them the account's state reveals nothing new.
  if (user.inviteStatus === 'LOCKED') {
    await recordSuccess(ctx.tenantId, emailHash(email));
    throw new DomainError('PrincipalIsLocked');
  }
  if (user.accountState !== 'normal') throw new DomainError('AccountNotActivated');
  if (user.mfaMethods.length > 0) {
    const { ticket, expiresAt } = await createTicket(ctx.tenantId, {
      userId: user.userId,
      emailHash: emailHash(email),
      methods: user.mfaMethods,
    });
    throw new DomainError('mfaIsRequired', {
      ticket,
      methods: user.mfaMethods,
      expiresInSeconds: Math.round((expiresAt - clock.now().getTime()) / 1000),
    });
  }
  return completeSignIn(ctx, user, 'password');
};

/**
 * The second step. Every check of a code is also a counted sign-in attempt (the same lockout as
 * passwords), and the ticket allows at most five checks in its five minutes: the second factor
 * cannot be guessed faster than a password.
 */
const secondFactor = async (
  ctx: PortalCtx,
  ticket: string,
  method: MfaMethod,
  check: (record: TicketRecord, user: UserRecord, reservation: Reservation) => Promise<boolean>,
): Promise<SignInResult> => {
  await hitAuthIp(ctx.tenantId, ctx.sourceIp);
  const record = await liveTicket(ctx.tenantId, ticket);
  if (!record.methods.includes(method)) throw new DomainError('MfaMethodNotAvailable');
  const reservation = await reserveAttempt(ctx.tenantId, record.emailHash, await lockoutPolicy(ctx.tenantId));
  const counted = await countTicketTry(ctx.tenantId, record.ticketHash);
  const user = await getUserRecord(ctx.tenantId, record.userId);
  if (!(await check(counted, user, reservation))) {
    const lockout = await failedAttempt(ctx, reservation, user);
    if (lockout.code !== 'AccountOrPasswordError') throw lockout;
    throw new DomainError('mfaAuthFailed', { remainingTries: Math.max(MAX_TRIES - counted.tries, 0) });
  }
  await consumeTicket(ctx.tenantId, record.ticketHash);
  return completeSignIn(ctx, user, `mfa:${method}`);
};

const codeMatches = (record: TicketRecord, channel: 'email' | 'sms', code: string): boolean => {
  const expiresAt = channel === 'email' ? record.emailCodeExpiresAt : record.smsCodeExpiresAt;
  const hash = channel === 'email' ? record.emailCodeHash : record.smsCodeHash;
  return typeof expiresAt === 'number' && expiresAt > clock.now().getTime() && matchesHash(code, hash);
};

/** Accepts an authenticator code once: the matched time step is written conditionally, so a replay loses. */
export const totpMatches = async (ctx: PortalCtx, user: UserRecord, code: string): Promise<boolean> => {
  const secret = await openTotpSecret(ctx.tenantId, user.userId, user.totpSecret);
  if (!secret) return false;
  const step = verifyTotp(secret, code, clock.now().getTime(), user.totpLastStep ?? -1);
  if (step === undefined) return false;
  try {
    await updateUser({
      tenantId: ctx.tenantId,
      userId: user.userId,
      set: { totpLastStep: step },
      condition: {
        expression: 'attribute_not_exists(totpLastStep) OR totpLastStep < :step',
        values: { ':step': step },
      },
      conflict: 'mfaAuthFailed',
    });
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'mfaAuthFailed') return false;
    throw error;
  }
};

export const verifyMfa = (ctx: PortalCtx, input: { ticket: string; method: MfaMethod; code: string }) =>
  secondFactor(ctx, input.ticket, input.method, async (record, user) =>
    input.method === 'authenticator'
      ? totpMatches(ctx, user, input.code)
      : codeMatches(record, input.method, input.code),
  );

/** The emailed MFA login link: usable instead of the email code, in the browser that holds the ticket. */
export const verifyMfaLink = (ctx: PortalCtx, input: { ticket: string; token: string }) =>
  secondFactor(
    ctx,
    input.ticket,
    'email',
    async (record) =>
      typeof record.emailCodeExpiresAt === 'number' &&
      record.emailCodeExpiresAt > clock.now().getTime() &&
      matchesHash(input.token, record.linkHash),
  );

/** Sends a fresh email or SMS code (and, by email, the login link) for a ticket; at most 3 per ticket. */
export const sendMfaCode = async (ctx: PortalCtx, input: { ticket: string; method: 'email' | 'sms' }) => {
  await hitAuthIp(ctx.tenantId, ctx.sourceIp);
  const record = await liveTicket(ctx.tenantId, input.ticket);
  if (!record.methods.includes(input.method)) throw new DomainError('MfaMethodNotAvailable');
  const user = await getUserRecord(ctx.tenantId, record.userId);
  if (input.method === 'sms' && !user.phone) throw new DomainError('MfaMethodNotAvailable');
  const code = newCode();
  const linkToken = newOpaqueToken();
  await storeTicketCode(
    ctx.tenantId,
    record.ticketHash,
    input.method,
    sha256(code),
    input.method === 'email' ? sha256(linkToken) : undefined,
  );
  const tenant = await getTenant(ctx.tenantId);
  const values = { code, portal: tenant.branding.displayName, minutes: String(CODE_TTL_SECONDS / 60) };
  if (input.method === 'email') {
    await notify(user.email, 'mfaCode', user.language, {
      ...values,
      link: await portalLink(ctx.prefix, '/mfa-link', { token: linkToken }),
    });
    return { sentTo: maskEmail(user.email), codeExpiresInSeconds: CODE_TTL_SECONDS };
  }
  await text(user.phone ?? '', 'mfaSms', user.language, values);
  return { sentTo: maskPhone(user.phone ?? ''), codeExpiresInSeconds: CODE_TTL_SECONDS };
};

/**
 * A new access session from the refresh cookie. The refresh token is single use (rotated); the new
 * pair keeps the absolute end of the old refresh session, and revocation applies to both.
 */
export const refreshSession = async (ctx: PortalCtx, refreshToken: string | undefined) => {
  const session: Session = await verifyToken(refreshToken, ctx.tenantId, 'refresh');
  await consumeRefreshToken(session);
  const user = await getUserRecord(ctx.tenantId, session.userId);
  // Re-evaluated on every refresh: a tenant that starts requiring MFA reaches existing sessions within 15 minutes.
  const mfaEnrolmentRequired = await mustEnrolMfa(user);
  const issued = await startSession(ctx, user, { mfaEnrolmentRequired, refreshExpiresAt: session.expiresAt });
  return { body: { user: toCurrentUser(user), mfaEnrolmentRequired }, cookies: issued.cookies };
};
