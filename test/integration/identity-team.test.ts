import { beforeEach, describe, expect, it } from 'vitest';
import { alpine, beacon, type Caller, call, errorOf, signedIn, type Tenant, userOf } from '../support/api.js';
import {
  awaitRoomInWindow,
  clearThrottles,
  inviteAs,
  lastMessageTo,
  linkTokenIn,
  messagesAtLeast,
  newInvestor,
  newTeamMember,
  signedInAs,
} from '../support/identity.js';

const { keys } = await import('../../functions/src/_lib/db/keys.js');
const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');

beforeEach(clearThrottles);

interface Member {
  userId: string;
  email: string;
  role: string;
  inviteStatus: string;
  version: number;
}
interface Page {
  items: Member[];
  nextCursor?: string;
}

const list = (caller: Caller, query: Record<string, string> = {}) => call<Page>(caller, '/gp/users', { query });

/** Every page of a listing, following nextCursor. */
const listAll = async (caller: Caller, query: Record<string, string> = {}) => {
  const items: Member[] = [];
  let cursor: string | undefined;
  do {
    const res = await list(caller, { ...query, ...(cursor ? { cursor } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    items.push(...res.body.items);
    cursor = res.body.nextCursor;
  } while (cursor);
  return items;
};

const memberIn = async (caller: Caller, userId: string) => (await listAll(caller)).find((m) => m.userId === userId);

const changeRole = (caller: Caller, memberId: string, role: string, version: number) =>
  call<Member>(caller, `/gp/users/${memberId}/role`, { method: 'PUT', body: { role, version } });

const auditActions = async (tenant: Tenant, userId: string) => {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :evt)',
      ExpressionAttributeValues: { ':pk': keys.user(tenant.tenantId, userId).PK, ':evt': 'EVT#' },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).map((i) => ({ action: i.action as string, actorId: i.actorId as string, data: i.data }));
};

describe('listTeamMembers', () => {
  it("lists the tenant's team (never investors, never another tenant's), with versions", async () => {
    const member = await signedIn(alpine, 'GP_MEMBER');
    const items = await listAll(member);
    for (const role of ['GP_OWNER', 'GP_ADMIN', 'GP_MEMBER'] as const) {
      expect(items.map((m) => m.userId)).toContain(userOf(alpine, role).userId);
    }
    expect(items.every((m) => m.role.startsWith('GP_'))).toBe(true);
    const beaconIds = new Set(beacon.users.map((u) => u.userId));
    expect(items.some((m) => beaconIds.has(m.userId))).toBe(false);
    expect(items.every((m) => Number.isInteger(m.version))).toBe(true);
  });

  it('shows when a member last signed in, without moving the version a role change is decided on', async () => {
    const admin = await signedIn(alpine, 'GP_ADMIN');
    const joined = await newTeamMember(admin, 'GP_MEMBER');
    const first = (await memberIn(admin, joined.userId)) as Member & { lastSignInAt?: string };
    expect(first.lastSignInAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    await signedInAs(alpine, joined.email, joined.password);
    const again = (await memberIn(admin, joined.userId)) as Member & { lastSignInAt?: string };
    expect(Date.parse(again.lastSignInAt ?? '')).toBeGreaterThan(Date.parse(first.lastSignInAt ?? ''));
    expect(again.version).toBe(first.version);
  });

  it('filters by role and by invite status', async () => {
    const owner = await signedIn(alpine, 'GP_OWNER');
    const invited = await inviteAs(owner, 'GP_ADMIN', 'filter');
    const admins = await listAll(owner, { role: 'GP_ADMIN' });
    expect(admins.length).toBeGreaterThan(0);
    expect(admins.every((m) => m.role === 'GP_ADMIN')).toBe(true);
    expect(admins.map((m) => m.userId)).toContain(invited.userId);
    const pending = await listAll(owner, { status: 'INVITED' });
    expect(pending.every((m) => m.inviteStatus === 'INVITED')).toBe(true);
    expect(pending.map((m) => m.userId)).toContain(invited.userId);
    expect(pending.map((m) => m.userId)).not.toContain(userOf(alpine, 'GP_OWNER').userId);
    const pendingOwners = await listAll(owner, { role: 'GP_OWNER', status: 'INVITED' });
    expect(pendingOwners.map((m) => m.userId)).not.toContain(invited.userId);
  });

  it('pages with an opaque cursor: every member once, and a cursor only fits the listing it came from', async () => {
    const owner = await signedIn(alpine, 'GP_OWNER');
    const all = await listAll(owner);
    const paged = await listAll(owner, { limit: '1' });
    expect(paged.map((m) => m.userId).sort()).toEqual(all.map((m) => m.userId).sort());
    expect(new Set(paged.map((m) => m.userId)).size).toBe(paged.length);

    const first = await list(owner, { role: 'GP_ADMIN', limit: '1' });
    expect(first.body.nextCursor).toBeDefined();
    const misfit = await list(owner, { role: 'GP_MEMBER', cursor: first.body.nextCursor! });
    expect(misfit.status).toBe(400);
    expect(errorOf(misfit).details?.fields?.map((f) => f.field)).toEqual(['query.cursor']);
    const foreign = await list(await signedIn(beacon, 'GP_OWNER'), { cursor: first.body.nextCursor! });
    expect(foreign.status).toBe(400);
  });
});

describe('changeUserRole', () => {
  it('lets an admin promote a member with the version read; the role applies at once and is audited', async () => {
    const owner = await signedIn(alpine, 'GP_OWNER');
    const admin = await signedIn(alpine, 'GP_ADMIN');
    const member = await newTeamMember(owner, 'GP_MEMBER');
    const before = (await memberIn(admin, member.userId))!;
    expect(before).toMatchObject({ role: 'GP_MEMBER', version: 1 });

    const res = await changeRole(admin, member.userId, 'GP_ADMIN', before.version);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ userId: member.userId, role: 'GP_ADMIN', version: 2 });
    // The member's existing session has the new role from its next request.
    const me = await call<{ role: string }>(member.caller, '/user-center/get');
    expect(me.body.role).toBe('GP_ADMIN');
    expect((await listAll(admin, { role: 'GP_ADMIN' })).map((m) => m.userId)).toContain(member.userId);
    expect((await listAll(admin, { role: 'GP_MEMBER' })).map((m) => m.userId)).not.toContain(member.userId);
    expect(await auditActions(alpine, member.userId)).toContainEqual({
      action: 'ROLE_CHANGED',
      actorId: userOf(alpine, 'GP_ADMIN').userId,
      data: { from: 'GP_MEMBER', to: 'GP_ADMIN' },
    });
  });

  it('answers 409 VERSION_CONFLICT to a change decided on a stale version, and changes nothing', async () => {
    const owner = await signedIn(alpine, 'GP_OWNER');
    const member = await newTeamMember(owner, 'GP_MEMBER');
    expect((await changeRole(owner, member.userId, 'GP_ADMIN', 1)).status).toBe(200);
    const stale = await changeRole(owner, member.userId, 'GP_MEMBER', 1);
    expect(stale.status).toBe(409);
    expect(errorOf(stale).code).toBe('VERSION_CONFLICT');
    expect((await memberIn(owner, member.userId))!).toMatchObject({ role: 'GP_ADMIN', version: 2 });
  });

  it('lets only an owner grant or revoke OWNER', async () => {
    const owner = await signedIn(alpine, 'GP_OWNER');
    const admin = await signedIn(alpine, 'GP_ADMIN');
    const member = await newTeamMember(owner, 'GP_MEMBER');
    const byAdmin = await changeRole(admin, member.userId, 'GP_OWNER', 1);
    expect(byAdmin.status).toBe(403);
    expect(errorOf(byAdmin).code).toBe('FORBIDDEN');

    const granted = await changeRole(owner, member.userId, 'GP_OWNER', 1);
    expect(granted.body).toMatchObject({ role: 'GP_OWNER', version: 2 });
    const demoteByAdmin = await changeRole(admin, member.userId, 'GP_ADMIN', 2);
    expect(errorOf(demoteByAdmin).code).toBe('FORBIDDEN');
    const revoked = await changeRole(owner, member.userId, 'GP_MEMBER', 2);
    expect(revoked.body).toMatchObject({ role: 'GP_MEMBER', version: 3 });
  });

  it('never lets anyone change their own role', async () => {
    const owner = await signedIn(alpine, 'GP_OWNER');
    const admin = await newTeamMember(owner, 'GP_ADMIN');
    const res = await changeRole(admin.caller, admin.userId, 'GP_MEMBER', 1);
    expect(res.status).toBe(403);
    expect(errorOf(res).code).toBe('cannotChangeOwnRole');
    const self = await changeRole(owner, userOf(alpine, 'GP_OWNER').userId, 'GP_ADMIN', 0);
    expect(errorOf(self).code).toBe('cannotChangeOwnRole');
  });

  it('refuses investors (not team members) and ids of another tenant', async () => {
    const admin = await signedIn(alpine, 'GP_ADMIN');
    const investor = await newInvestor(alpine);
    const res = await changeRole(admin, investor.userId, 'GP_MEMBER', 0);
    expect(res.status).toBe(422);
    expect(errorOf(res).code).toBe('notATeamMember');
    const foreign = await changeRole(admin, userOf(beacon, 'GP_MEMBER').userId, 'GP_ADMIN', 0);
    expect(foreign.status).toBe(404);
  });

  it('never leaves the team without an owner: two owners demoting each other at once, one wins', async () => {
    const owner = await signedIn(alpine, 'GP_OWNER');
    const a = await newTeamMember(owner, 'GP_OWNER');
    const b = await newTeamMember(owner, 'GP_OWNER');
    const [ab, ba] = await Promise.all([
      changeRole(a.caller, b.userId, 'GP_ADMIN', 1),
      changeRole(b.caller, a.userId, 'GP_ADMIN', 1),
    ]);
    const statuses = [ab.status, ba.status];
    expect(
      statuses.filter((s) => s === 200),
      JSON.stringify([ab.body, ba.body]),
    ).toHaveLength(1);
    const loser = ab.status === 200 ? ba : ab;
    // Refused as "last owner" in the transaction, or already as an admin if the winner committed first.
    expect(['lastOwner', 'FORBIDDEN', 'VERSION_CONFLICT']).toContain(errorOf(loser).code);
    const roles = [(await memberIn(owner, a.userId))!.role, (await memberIn(owner, b.userId))!.role].sort();
    expect(roles).toEqual(['GP_ADMIN', 'GP_OWNER']);
  });

  it('answers lastOwner when the acting owner was demoted after the request was authorised', async () => {
    // The race above, made deterministic: B's session still says OWNER, but B is no longer one.
    const owner = await signedIn(alpine, 'GP_OWNER');
    const a = await newTeamMember(owner, 'GP_OWNER');
    const b = await newTeamMember(owner, 'GP_OWNER');
    const { changeUserRole } = await import('../../functions/src/user/team.service.js');
    expect((await changeRole(a.caller, b.userId, 'GP_ADMIN', 1)).status).toBe(200);
    const staleSession = { tenantId: alpine.tenantId, userId: b.userId, role: 'GP_OWNER' as const };
    const ctx = {
      tenantId: alpine.tenantId,
      prefix: alpine.prefix,
      requestId: 'test',
      sourceIp: '127.0.0.1',
      lang: 'en' as const,
    };
    await expect(
      changeUserRole(ctx, staleSession as never, a.userId, { role: 'GP_ADMIN', version: 1 }),
    ).rejects.toMatchObject({ code: 'lastOwner' });
    expect((await memberIn(owner, a.userId))!.role).toBe('GP_OWNER');
  });

  it('answers the member unchanged when the role asked for is the one it has', async () => {
    const owner = await signedIn(alpine, 'GP_OWNER');
    const member = await newTeamMember(owner, 'GP_MEMBER');
    const res = await changeRole(owner, member.userId, 'GP_MEMBER', 1);
    expect(res.body).toMatchObject({ role: 'GP_MEMBER', version: 1 });
    expect((await auditActions(alpine, member.userId)).map((e) => e.action)).not.toContain('ROLE_CHANGED');
  });
});

describe('resendInvite', () => {
  const resend = (caller: Caller, userId: string) =>
    call<{ userId: string; inviteStatus: string; expiresAt: string }>(caller, `/gp/users/${userId}/resend-invite`, {
      method: 'POST',
    });
  const activate = (tenant: Tenant, token: string) =>
    call({ tenant }, '/invest/account/activate', { method: 'POST', body: { token } });

  it('emails a new activation link and spends the previous one', async () => {
    const owner = await signedIn(alpine, 'GP_OWNER');
    const invited = await inviteAs(owner, 'LP', 'resend');
    const res = await resend(owner, invited.userId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ userId: invited.userId, inviteStatus: 'INVITED' });
    expect(Date.parse(res.body.expiresAt)).toBeGreaterThan(Date.now() + 71 * 3600 * 1000);

    const mails = await messagesAtLeast(invited.email, /invited/, 2);
    expect(mails).toHaveLength(2);
    const { token } = linkTokenIn(mails[0]!);
    expect(token).not.toBe(invited.token);
    const old = await activate(alpine, invited.token);
    expect(old.status).toBe(410);
    expect(errorOf(old).code).toBe('ActiveLinkExpired');
    expect((await activate(alpine, token)).status).toBe(200);
    const set = await call({ tenant: alpine }, '/invest/account/set-password', {
      method: 'POST',
      body: { token, password: 'resent-invitation-works-2026' },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await auditActions(alpine, invited.userId)).map((e) => e.action)).toContain('INVITE_RESENT');
  });

  it('only resends to INVITED users', async () => {
    const owner = await signedIn(alpine, 'GP_OWNER');
    const res = await resend(owner, userOf(alpine, 'GP_MEMBER').userId);
    expect(res.status).toBe(409);
    expect(errorOf(res).code).toBe('inviteNotPending');
    const investor = await newInvestor(alpine);
    expect(errorOf(await resend(owner, investor.userId)).code).toBe('inviteNotPending');
  });

  it('lets whoever may invite a role resend for it: a member for investors, not for the team', async () => {
    const owner = await signedIn(alpine, 'GP_OWNER');
    const member = await signedIn(alpine, 'GP_MEMBER');
    const investor = await inviteAs(owner, 'LP', 'by-member');
    const teamInvite = await inviteAs(owner, 'GP_ADMIN', 'by-member');
    expect((await resend(member, investor.userId)).status).toBe(200);
    const refused = await resend(member, teamInvite.userId);
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe('FORBIDDEN');
  });

  it('sends at most three a user an hour', async () => {
    await awaitRoomInWindow(3600, 20);
    const owner = await signedIn(alpine, 'GP_OWNER');
    const invited = await inviteAs(owner, 'LP', 'limit');
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await resend(owner, invited.userId)).status);
    expect(answers).toEqual([200, 200, 200, 429]);
    expect(await messagesAtLeast(invited.email, /invited/, 4)).toHaveLength(4);
    // The link of the last successful resend is the one that works.
    const { token } = linkTokenIn(await lastMessageTo(invited.email, /invited/));
    expect((await activate(alpine, token)).status).toBe(200);
  });
});
