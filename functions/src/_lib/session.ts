import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ROLES, type Role } from '@tranche/shared/auth/roles';
import { clock } from './clock.js';
import { CSRF_COOKIE, clearCookie, refreshCookieName, serializeCookie, sessionCookieName } from './cookies.js';
import { db, tableName } from './db/client.js';
import { keys } from './db/keys.js';
import { DomainError } from './errors.js';

/**
 * Server-side sessions. The browser holds an opaque random token in an HttpOnly cookie; the table
 * holds only its SHA-256, so a table read never yields a usable token. A token is
 * `<tenantId>.<256 random bits>`: the tenant part only says which partition to look in, the record
 * decides. Each record has an audience: `access` (15 minutes) or `refresh` (12 hours, absolute);
 * a token is only accepted for its own audience and its own tenant.
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
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const randomToken = () => randomBytes(32).toString('base64url');

const TOKEN_SHAPE = /^([0-9A-HJKMNP-TV-Z]{26})\.([A-Za-z0-9_-]{43})$/;

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
}): Promise<IssuedSession> => {
  const accessToken = `${input.tenantId}.${randomToken()}`;
  const refreshToken = `${input.tenantId}.${randomToken()}`;
  const csrfToken = randomToken();
  const now = clock.nowEpochSeconds();
  const createdAt = clock.nowIso();
  const record = (token: string, audience: Audience, ttl: number) => ({
    ...keys.session(input.tenantId, sha256(token)),
    GSI1PK: keys.userSessionsPk(input.tenantId, input.userId),
    GSI1SK: `${createdAt}#${audience}`,
    type: 'SESSION',
    audience,
    tenantId: input.tenantId,
    userId: input.userId,
    role: input.role,
    csrfHash: sha256(csrfToken),
    createdAt,
    expiresAt: now + ttl,
    ttl: now + ttl,
  });
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: record(accessToken, 'access', ACCESS_TTL_SECONDS) } },
        { Put: { TableName: tableName(), Item: record(refreshToken, 'refresh', REFRESH_TTL_SECONDS) } },
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
        maxAgeSeconds: REFRESH_TTL_SECONDS,
        httpOnly: true,
      }),
      serializeCookie(CSRF_COOKIE, csrfToken, { maxAgeSeconds: REFRESH_TTL_SECONDS, httpOnly: false }),
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
  if (!token || !match || match[1] !== tenantId) throw unauthenticated();
  const tokenHash = sha256(token);
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.session(tenantId, tokenHash), ConsistentRead: true }),
  );
  if (
    !Item ||
    Item.audience !== audience ||
    Item.tenantId !== tenantId ||
    typeof Item.expiresAt !== 'number' ||
    Item.expiresAt <= clock.nowEpochSeconds() ||
    !ROLES.includes(Item.role)
  ) {
    throw unauthenticated();
  }
  return {
    tenantId,
    userId: String(Item.userId),
    role: Item.role as Role,
    tokenHash,
    csrfHash: String(Item.csrfHash),
    expiresAt: Item.expiresAt,
  };
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
  if (refreshToken && TOKEN_SHAPE.exec(refreshToken)?.[1] === session.tenantId) hashes.push(sha256(refreshToken));
  await Promise.all(
    hashes.map((hash) =>
      db.send(new DeleteCommand({ TableName: tableName(), Key: keys.session(session.tenantId, hash) })),
    ),
  );
};

export const clearSessionCookies = (tenantPrefix: string): string[] => [
  clearCookie(sessionCookieName(tenantPrefix)),
  clearCookie(refreshCookieName(tenantPrefix)),
  clearCookie(CSRF_COOKIE, false),
];
