import { timingSafeEqual } from 'node:crypto';
import { ROLES, type Role } from '@tranche/shared/auth/roles';
import { BatchGetCommand, DeleteCommand, TransactWriteCommand, UpdateCommand } from '#lib/db/commands';
import { clock } from './clock.js';
import { CSRF_COOKIE, clearCookie, refreshCookieName, serializeCookie, sessionCookieName } from './cookies.js';
import { db, isConditionFailure, tableName } from './db/client.js';
import { keys } from './db/keys.js';
import { DomainError } from './errors.js';
import { newOpaqueToken, sha256 } from './secrets.js';

/**
 * Server-side sessions. The browser holds an opaque random token in an HttpOnly cookie; the table
 * holds only its SHA-256, so a table read never yields a usable token. A token is
 * `<tenantId>.<userId>.<256 random bits>`: the tenant and user parts only say which records to read
 * (session and user, in one consistent BatchGet), the records decide. Each record has an audience:
 * `access` (15 minutes) or `refresh` (12 hours, absolute); a token is only accepted for its own
 * audience and its own tenant.
 *
 * Revocation: the user record holds `sessionsNotBefore` (epoch ms). Password change, password reset
 * and locking the user set it to now, and every session created before it is refused on its next
 * request, whichever container serves it (no eventually consistent index is involved). A locked
 * user's sessions are refused too, and the role is read from the user record on every request, so a
 * role change applies at once.
 */
export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 12 * 60 * 60;

export type Audience = 'access' | 'refresh';

export interface Session {
  tenantId: string;
  userId: string;
  role: Role;
  tokenHash: string;
  csrfHash: string;
  expiresAt: number;
  /** Created before the user enrolled MFA that the tenant requires: only enrolment routes answer. */
  mfaEnrolmentRequired: boolean;
  /** When the user last re-entered their password or MFA code in this session (epoch ms; recordStepUp). */
  stepUpAtMs?: number;
}

const TOKEN_SHAPE = /^([0-9A-HJKMNP-TV-Z]{26})\.([0-9A-HJKMNP-TV-Z]{26})\.([A-Za-z0-9_-]{43})$/;

interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  csrfToken: string;
  cookies: string[];
}

/** Starts a new session (a fresh token on every authentication) and returns the cookies to set. */
export const createSession = async (input: {
  tenantId: string;
  tenantPrefix: string;
  userId: string;
  role: Role;
  mfaEnrolmentRequired?: boolean;
  /** A refresh keeps the absolute end of the session it replaces. */
  refreshExpiresAt?: number;
  /** Sessions must post-date a revocation that happened in this same millisecond. */
  notBefore?: number;
}): Promise<IssuedSession> => {
  const prefix = `${input.tenantId}.${input.userId}`;
  const accessToken = `${prefix}.${newOpaqueToken()}`;
  const refreshToken = `${prefix}.${newOpaqueToken()}`;
  const csrfToken = newOpaqueToken();
  const createdAtMs = Math.max(clock.now().getTime(), (input.notBefore ?? 0) + 1);
  const now = Math.floor(createdAtMs / 1000);
  const createdAt = new Date(createdAtMs).toISOString();
  const refreshEnd = Math.min(input.refreshExpiresAt ?? now + REFRESH_TTL_SECONDS, now + REFRESH_TTL_SECONDS);
  const record = (token: string, audience: Audience, expiresAt: number) => ({
    ...keys.session(input.tenantId, sha256(token)),
    type: 'SESSION',
    audience,
    tenantId: input.tenantId,
    userId: input.userId,
    role: input.role,
    csrfHash: sha256(csrfToken),
    createdAt,
    createdAtMs,
    mfaEnrolmentRequired: input.mfaEnrolmentRequired === true,
    expiresAt,
    ttl: expiresAt,
  });
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: record(accessToken, 'access', Math.min(now + ACCESS_TTL_SECONDS, refreshEnd)),
          },
        },
        { Put: { TableName: tableName(), Item: record(refreshToken, 'refresh', refreshEnd) } },
      ],
    }),
  );
  return {
    accessToken,
    refreshToken,
    csrfToken,
    cookies: [
      serializeCookie(sessionCookieName(input.tenantPrefix), accessToken, {
        maxAgeSeconds: ACCESS_TTL_SECONDS,
        httpOnly: true,
      }),
      serializeCookie(refreshCookieName(input.tenantPrefix), refreshToken, {
        maxAgeSeconds: Math.max(refreshEnd - now, 0),
        httpOnly: true,
      }),
      serializeCookie(CSRF_COOKIE, csrfToken, { maxAgeSeconds: Math.max(refreshEnd - now, 0), httpOnly: false }),
    ],
  };
};

const unauthenticated = () => new DomainError('UNAUTHENTICATED');

/**
 * Verifies a token for one tenant and one audience. Every failure (malformed, unknown, expired,
 * other tenant, other audience) is the same 401 so the answer reveals nothing.
 */
export const verifyToken = async (
  token: string | undefined,
  tenantId: string,
  audience: Audience,
): Promise<Session> => {
  const match = token ? TOKEN_SHAPE.exec(token) : null;
  if (!token || !match || match[1] !== tenantId || !match[2]) throw unauthenticated();
  const userId = match[2];
  const tokenHash = sha256(token);
  const sessionKey = keys.session(tenantId, tokenHash);
  const userKey = keys.user(tenantId, userId);
  const table = tableName();
  const out = await db.send(
    new BatchGetCommand({ RequestItems: { [table]: { Keys: [sessionKey, userKey], ConsistentRead: true } } }),
  );
  // Two small items of one table: DynamoDB returns them in one go unless it is throttling.
  if (Object.keys(out.UnprocessedKeys ?? {}).length)
    throw Object.assign(new Error('throttled'), { name: 'ThrottlingException' });
  const items = out.Responses?.[table] ?? [];
  const item = items.find((i) => i.PK === sessionKey.PK);
  const user = items.find((i) => i.PK === userKey.PK && i.SK === userKey.SK);
  const notBefore = typeof user?.sessionsNotBefore === 'number' ? user.sessionsNotBefore : 0;
  if (
    !item ||
    !user ||
    item.audience !== audience ||
    item.tenantId !== tenantId ||
    item.userId !== userId ||
    typeof item.expiresAt !== 'number' ||
    item.expiresAt <= clock.nowEpochSeconds() ||
    typeof item.createdAtMs !== 'number' ||
    item.createdAtMs <= notBefore ||
    user.inviteStatus === 'LOCKED' ||
    !ROLES.includes(user.role)
  ) {
    throw unauthenticated();
  }
  return {
    tenantId,
    userId,
    role: user.role as Role,
    tokenHash,
    csrfHash: String(item.csrfHash),
    expiresAt: item.expiresAt,
    mfaEnrolmentRequired: item.mfaEnrolmentRequired === true,
    ...(typeof item.stepUpAtMs === 'number' ? { stepUpAtMs: item.stepUpAtMs } : {}),
  };
};

/**
 * Records a step-up (the password or an MFA code entered again) on this access session only: a stolen
 * refresh token or another browser does not inherit it, and it ends with the session (or sooner: the
 * reveal route honours it for STEP_UP_WINDOW_MS). A session that ended meanwhile is a 401.
 */
export const recordStepUp = async (session: Session, atMs: number): Promise<void> => {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.session(session.tenantId, session.tokenHash),
        UpdateExpression: 'SET stepUpAtMs = :at',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':at': atMs },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw unauthenticated();
    throw error;
  }
};

/** The cross-site-request token must match the one issued with this session. */
export const checkCsrf = (session: Session, headerValue: string | undefined): void => {
  const given = Buffer.from(sha256(headerValue ?? ''));
  const expected = Buffer.from(session.csrfHash);
  if (!headerValue || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new DomainError('CSRF_TOKEN_INVALID');
  }
};

/**
 * Ends a session at once: the access record and, when the refresh token of the same session is
 * presented, its refresh record are deleted, so both tokens answer 401 from now on.
 */
export const endSession = async (session: Session, refreshToken: string | undefined): Promise<void> => {
  const hashes = [session.tokenHash];
  const refresh = refreshToken ? TOKEN_SHAPE.exec(refreshToken) : null;
  if (refreshToken && refresh?.[1] === session.tenantId && refresh[2] === session.userId)
    hashes.push(sha256(refreshToken));
  await Promise.all(
    hashes.map((hash) =>
      db.send(new DeleteCommand({ TableName: tableName(), Key: keys.session(session.tenantId, hash) })),
    ),
  );
};

/**
 * Spends a refresh token (rotation): of two parallel refreshes with the same token, one wins and the
 * other is refused, so a stolen refresh token and its owner cannot both keep a session going.
 */
export const consumeRefreshToken = async (session: Session): Promise<void> => {
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.session(session.tenantId, session.tokenHash),
        ConditionExpression: 'attribute_exists(PK)',
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw unauthenticated();
    throw error;
  }
};

export const clearSessionCookies = (tenantPrefix: string): string[] => [
  clearCookie(sessionCookieName(tenantPrefix)),
  clearCookie(refreshCookieName(tenantPrefix)),
  clearCookie(CSRF_COOKIE, false),
];
