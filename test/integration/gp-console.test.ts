import { PRODUCT_STATES } from '@tranche/shared/enums';
import { beforeAll, describe, expect, it } from 'vitest';
import { alpine, beacon, type Caller, call, errorOf, signedIn, type Tenant } from '../support/api.js';
import { fundInput } from '../support/fixtures.js';
import { inviteAs, patchItem } from '../support/identity.js';
import { scratchTenant } from '../support/scratch-tenant.js';

const { keys } = await import('../../functions/src/_lib/db/keys.js');

interface Overview {
  products: { total: number; byState: Record<string, number> };
  investors: { total: number; byStatus: Record<string, number>; newLast30Days: number };
  team: { total: number; byStatus: Record<string, number> };
  asOf: string;
}
interface Investor {
  userId: string;
  email: string;
  displayName: string;
  inviteStatus: string;
  mfaMethods: string[];
  createdAt: string;
}
interface Page {
  items: Investor[];
  nextCursor?: string;
}

const overview = (caller: Caller) => call<Overview>(caller, '/gp/overview');
const investors = (caller: Caller, query: Record<string, string> = {}) =>
  call<Page>(caller, '/gp/investors', { query });

/** Every investor the list gives, following nextCursor. */
const allInvestors = async (caller: Caller, query: Record<string, string> = {}) => {
  const items: Investor[] = [];
  let cursor: string | undefined;
  do {
    const res = await investors(caller, { ...query, ...(cursor ? { cursor } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    items.push(...res.body.items);
    cursor = res.body.nextCursor;
  } while (cursor);
  return items;
};

describe('the console overview and investors list of a tenant of its own', () => {
  let tenant: Tenant;
  let owner: Caller;
  const invited: { userId: string; email: string }[] = [];

  beforeAll(async () => {
    tenant = await scratchTenant('console');
    owner = await signedIn(tenant, 'GP_OWNER');
    for (const name of ['Harbour', 'Summit']) {
      const res = await call(owner, '/gp/products', { method: 'POST', body: fundInput({ name: { en: name } }) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    // Oldest first: the list's default order is newest first.
    for (const tag of ['ada', 'bo', 'cy']) invited.push(await inviteAs(owner, 'LP', `console-${tag}`));
    await inviteAs(owner, 'GP_MEMBER', 'console-team');
  });

  it('counts funds by state, investors by status and the team, from a fresh tenant', async () => {
    const res = await overview(owner);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.products).toEqual({ total: 2, byState: { DRAFT: 2, PUBLISHED: 0, CLOSED: 0 } });
    expect(res.body.investors).toEqual({
      total: 3,
      byStatus: { NOT_INVITE: 0, INVITED: 3, REGISTERED: 0, LOCKED: 0 },
      newLast30Days: 3,
    });
    // The scratch tenant's own users are not in the team index: only the invited member is.
    expect(res.body.team).toEqual({ total: 1, byStatus: { NOT_INVITE: 0, INVITED: 1, REGISTERED: 0, LOCKED: 0 } });
  });

  it('counts as new only the investors created in the last 30 days', async () => {
    const first = invited[0]!;
    await patchItem(keys.user(tenant.tenantId, first.userId), { createdAt: '2025-01-01T00:00:00.000Z' });
    const res = await overview(owner);
    expect(res.body.investors.total).toBe(3);
    expect(res.body.investors.newLast30Days).toBe(2);
  });

  it('answers every team role, and refuses investors', async () => {
    for (const role of ['GP_MEMBER', 'GP_ADMIN'] as const) {
      expect((await overview(await signedIn(tenant, role))).status).toBe(200);
      expect((await investors(await signedIn(tenant, role))).status).toBe(200);
    }
    const lp = await signedIn(tenant, 'LP');
    expect((await overview(lp)).status).toBe(403);
    expect((await investors(lp)).status).toBe(403);
  });

  it('lists the investors newest first, oldest first on request, and never a team member', async () => {
    const newest = await allInvestors(owner);
    expect(newest.map((i) => i.email)).toEqual(invited.map((i) => i.email).reverse());
    expect(newest.every((i) => i.inviteStatus === 'INVITED' && i.mfaMethods.length === 0)).toBe(true);
    const oldest = await allInvestors(owner, { order: 'oldest' });
    expect(oldest.map((i) => i.email)).toEqual(invited.map((i) => i.email));
  });

  it('pages with a sealed cursor, each investor once', async () => {
    const first = await investors(owner, { limit: '2' });
    expect(first.body.items).toHaveLength(2);
    expect(first.body.nextCursor).toBeTruthy();
    const second = await investors(owner, { limit: '2', cursor: first.body.nextCursor! });
    expect(second.body.items).toHaveLength(1);
    expect(second.body.nextCursor).toBeUndefined();
    const ids = [...first.body.items, ...second.body.items].map((i) => i.userId);
    expect(new Set(ids).size).toBe(3);
  });

  it('finds investors by a word of their email, and by status', async () => {
    const target = invited[1]!;
    const found = await allInvestors(owner, { q: target.email.split('@')[0]!.toUpperCase() });
    expect(found.map((i) => i.userId)).toEqual([target.userId]);
    expect(await allInvestors(owner, { status: 'REGISTERED' })).toEqual([]);
    expect(await allInvestors(owner, { q: 'nobody-by-this-name' })).toEqual([]);
  });

  it("refuses another tenant's cursor with a 400 naming the cursor", async () => {
    const alpineOwner = await signedIn(alpine, 'GP_OWNER');
    const foreign = await investors(alpineOwner, { limit: '1' });
    expect(foreign.body.nextCursor).toBeTruthy();
    const res = await investors(owner, { cursor: foreign.body.nextCursor! });
    expect(res.status).toBe(400);
    expect(errorOf(res).details?.fields?.[0]?.field).toBe('query.cursor');
  });

  it('refuses an unknown order or status with a 400 naming the field', async () => {
    const order = await investors(owner, { order: 'name' });
    expect(order.status).toBe(400);
    expect(errorOf(order).details?.fields?.map((f) => f.field)).toContain('query.order');
    const status = await investors(owner, { status: 'ACTIVE' });
    expect(status.status).toBe(400);
    expect(errorOf(status).details?.fields?.map((f) => f.field)).toContain('query.status');
  });
});

describe('the demo tenants', () => {
  it.each([alpine, beacon].map((t) => [t.prefix, t] as const))(
    "%s's overview counts the funds its product list shows, state by state",
    async (_, tenant) => {
      const owner = await signedIn(tenant, 'GP_OWNER');
      const res = await overview(owner);
      for (const state of PRODUCT_STATES) {
        const list = await call<{ items: unknown[] }>(owner, '/gp/products', { query: { state, limit: '100' } });
        expect(res.body.products.byState[state], state).toBe(list.body.items.length);
      }
      const listed = await allInvestors(owner);
      expect(res.body.investors.total).toBe(listed.length);
      // Each tenant's list holds only its own investors.
      const other = tenant === alpine ? beacon : alpine;
      expect(listed.some((i) => other.users.some((u) => u.userId === i.userId))).toBe(false);
    },
  );
});
