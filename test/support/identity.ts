import { randomBytes } from 'node:crypto';
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { LOCAL_CAPTCHA_PASS_TOKEN } from '../../functions/src/_lib/captcha.js';
import { type Caller, type CallResult, call, callerFromCookies, stack, type Tenant } from './api.js';

/** The captcha token the local (test) verifier accepts. */
export const CAPTCHA_OK = LOCAL_CAPTCHA_PASS_TOKEN;

export interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms';
  to: string[];
  subject: string;
  text: string;
  time: string;
}

export const outbox = async (): Promise<OutboxMessage[]> =>
  (await (await fetch(`${stack.url}/_local/outbox`)).json()) as OutboxMessage[];

/**
 * The newest message to an address (or phone), waiting for it: notices go out from the event
 * dispatcher, a moment after the request that caused them answered.
 */
export const lastMessageTo = async (
  to: string,
  match: RegExp = /./,
  { waitMs = 30_000 }: { waitMs?: number } = {},
): Promise<OutboxMessage> => {
  // Up to 30 s by default: a notice that takes the dispatcher (or a queue-fed worker) a few seconds on
  // a loaded machine is late, not missing; a missing one still fails well within the test's 60 s.
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    const found = (await outbox()).find((m) => m.to.includes(to) && match.test(`${m.subject}\n${m.text}`));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  // What the dispatcher had done by then, for the next reader of a failure (local/events.ts stats).
  const dispatcher = await fetch(`${stack.url}/_local/events`).then(
    (r) => r.text(),
    (e: Error) => e.message,
  );
  throw new Error(`No message to ${to} matching ${match} within ${waitMs} ms; dispatcher: ${dispatcher}`);
};

export const codeIn = (message: OutboxMessage): string => {
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`No code in: ${message.text}`);
  return code;
};

export const linkTokenIn = (message: OutboxMessage): { url: URL; token: string } => {
  const raw = /https?:\/\/\S+/.exec(message.text)?.[0];
  if (!raw) throw new Error(`No link in: ${message.text}`);
  const url = new URL(raw);
  return { url, token: url.searchParams.get('token') ?? '' };
};

const db = async () => import('../../functions/src/_lib/db/client.js');

/**
 * Every test here comes from the loopback address, so the per-IP throttle of the auth routes would trip
 * across tests: each test starts with that counter at zero in every tenant (the throttle itself is
 * tested on its own). The counters are deleted by key (tenants from the platform's index, the windows
 * around now), not found by a scan: a scan reads the whole shared table, which the integration run fills
 * with tens of thousands of items, and cost each test ~3 s by the end of a full run.
 * Other throttles (reset emails, codes, invite resends) count per email or user, which tests make fresh.
 */
export const clearThrottles = async (): Promise<void> => {
  const { db: doc, tableName } = await db();
  const [{ allTenantIds }, { keys }, { authIpRule, ipSubject }] = await Promise.all([
    import('../../functions/src/_lib/db/tenant-ids.js'),
    import('../../functions/src/_lib/db/keys.js'),
    import('../../functions/src/_lib/throttle.js'),
  ]);
  const { scope, windowSeconds } = authIpRule();
  const now = Math.floor(Date.now() / 1000 / windowSeconds);
  const subjects = [ipSubject('127.0.0.1'), ipSubject('::1')];
  const doomed = (await allTenantIds()).flatMap((tenantId) =>
    subjects.flatMap((subject) => [now - 1, now, now + 1].map((w) => keys.throttle(tenantId, scope, subject, w))),
  );
  const batches = Array.from({ length: Math.ceil(doomed.length / 25) }, (_, i) => doomed.slice(i * 25, i * 25 + 25));
  await Promise.all(
    batches.map(async (batch) => {
      let pending: Record<string, unknown>[] | undefined = batch.map((Key) => ({ DeleteRequest: { Key } }));
      while (pending?.length) {
        const out = await doc.send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending as never } }));
        pending = out.UnprocessedItems?.[tableName()] as Record<string, unknown>[] | undefined;
      }
    }),
  );
};

/** Sets attributes of a stored item directly (to age a link or a lock without waiting). */
export const patchItem = async (key: { PK: string; SK: string }, values: Record<string, unknown>): Promise<void> => {
  const { db: doc, tableName } = await db();
  const names = Object.fromEntries(Object.keys(values).map((k, i) => [`#k${i}`, k]));
  const vals = Object.fromEntries(Object.values(values).map((v, i) => [`:v${i}`, v]));
  await doc.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET ${Object.keys(values)
        .map((_, i) => `#k${i} = :v${i}`)
        .join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: vals,
    }),
  );
};

/**
 * The throttles count in fixed windows (per minute, per hour): a test that fills one waits, if need
 * be, until the current window has `needSeconds` left, so it never straddles two windows.
 */
export const awaitRoomInWindow = async (windowSeconds: number, needSeconds = 10): Promise<void> => {
  const into = (Date.now() / 1000) % windowSeconds;
  if (windowSeconds - into < needSeconds) await new Promise((r) => setTimeout(r, (windowSeconds - into + 0.5) * 1000));
};

export const freshEmail = (tag: string) => `${tag}-${randomBytes(5).toString('hex')}@investor.example`;
export const freshPassword = () => `river-${randomBytes(6).toString('hex')}-lantern`;

export const signIn = (tenant: Tenant, email: string, password: string, opts: { lang?: string } = {}) =>
  call<Record<string, unknown>>({ tenant }, '/invest/account/login', {
    method: 'POST',
    body: { email, password },
    ...opts,
  });

export interface Investor {
  tenant: Tenant;
  email: string;
  password: string;
  userId: string;
  caller: Caller;
}

/** A new investor, signed up through the API with the code from the outbox, and signed in. */
export const newInvestor = async (tenant: Tenant, tag = 'lp'): Promise<Investor> => {
  const email = freshEmail(tag);
  const password = freshPassword();
  const up = await call({ tenant }, '/invest/account/sign-up', {
    method: 'POST',
    body: { email, password, displayName: 'Test Investor', captchaToken: CAPTCHA_OK },
  });
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  const code = codeIn(await lastMessageTo(email, /verification code/));
  const confirmed = await call<{ user: { userId: string } }>({ tenant }, '/invest/account/sign-up/confirm', {
    method: 'POST',
    body: { email, code },
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { tenant, email, password, userId: confirmed.body.user.userId, caller: callerFromCookies(tenant, confirmed) };
};

export const signedInAs = async (tenant: Tenant, email: string, password: string): Promise<Caller> => {
  const res = await signIn(tenant, email, password);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return callerFromCookies(tenant, res);
};

export const codeOf = (res: CallResult) => (res.body as { code?: string }).code;

/** The messages to an address (newest first) once there are at least `count` (sent by the dispatcher). */
export const messagesAtLeast = async (to: string, match: RegExp, count: number): Promise<OutboxMessage[]> => {
  for (let i = 0; i < 200; i++) {
    const found = await messagesTo(to, match);
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Fewer than ${count} messages to ${to} matching ${match}`);
};

/** Every message to an address (newest first), without waiting. */
export const messagesTo = async (to: string, match: RegExp = /./): Promise<OutboxMessage[]> =>
  (await outbox()).filter((m) => m.to.includes(to) && match.test(`${m.subject}\n${m.text}`));

/** A stored item as it is in the table (to check what is and is not stored). */
export const readItem = async (key: { PK: string; SK: string }): Promise<Record<string, unknown> | undefined> => {
  const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db: doc, tableName } = await db();
  return (await doc.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
};

/** Invites a user through the API as the tenant's owner; returns the id, email and activation token. */
export const inviteAs = async (
  inviter: Caller,
  role: 'LP' | 'GP_MEMBER' | 'GP_ADMIN' | 'GP_OWNER',
  tag = 'invited',
): Promise<{ userId: string; email: string; token: string }> => {
  const email = freshEmail(tag);
  const res = await call<{ userId: string }>(inviter, '/gp/users/invite', {
    method: 'POST',
    body: { email, displayName: `Test ${role}`, role },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const { token } = linkTokenIn(await lastMessageTo(email, /invited/));
  return { userId: res.body.userId, email, token };
};

export interface TeamMemberLogin {
  userId: string;
  email: string;
  password: string;
  caller: Caller;
}

/** A new, activated team member (invited by `inviter`, password set through the link), signed in. */
export const newTeamMember = async (
  inviter: Caller,
  role: 'GP_MEMBER' | 'GP_ADMIN' | 'GP_OWNER',
): Promise<TeamMemberLogin> => {
  const tenant = inviter.tenant;
  const { userId, email, token } = await inviteAs(inviter, role, 'team');
  const password = freshPassword();
  const set = await call({ tenant }, '/invest/account/set-password', { method: 'POST', body: { token, password } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return { userId, email, password, caller: await signedInAs(tenant, email, password) };
};
