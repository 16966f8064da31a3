import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { GpProduct } from '@tranche/shared/product/product.schema';
import type { Watchlist, WatchStatus } from '@tranche/shared/watchlist/watchlist.schema';
import { MAX_WATCHLIST } from '@tranche/shared/watchlist/watchlist.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { alpine, type Caller, call, errorOf, signedIn, type Tenant, userOf } from '../support/api.js';
import { fundInput, shareClassInput } from '../support/fixtures.js';
import { scratchTenant } from '../support/scratch-tenant.js';

/**
 * The investor's watchlist through the local gateway: save and remove are idempotent, only funds
 * the investor can see are saved or listed, another tenant's fund is a 404, and every real change
 * writes one event. Works in a tenant of its own (no products but its own), so lists are exact.
 */

const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
const { keys } = await import('../../functions/src/_lib/db/keys.js');
const { newId } = await import('../../functions/src/_lib/ids.js');
const { batchWrite } = await import('../../local/seed.js');

const list = (caller: Caller) => call<Watchlist>(caller, '/lp/watchlist');
const save = (caller: Caller, productId: string) =>
  call<WatchStatus>(caller, `/lp/watchlist/${productId}`, { method: 'PUT' });
const remove = (caller: Caller, productId: string) =>
  call<WatchStatus>(caller, `/lp/watchlist/${productId}`, { method: 'DELETE' });
const transition = (caller: Caller, productId: string, event: string, version: number) =>
  call<GpProduct>(caller, `/gp/products/${productId}/transitions`, { method: 'POST', body: { event, version } });

/**
 * A fund with one share class, published unless `draft`. Interest only, so publishing needs no
 * subscription contract; any recommended checks of the publish checklist are confirmed when the
 * API names them, as the console does.
 */
const fund = async (tenant: Tenant, name: string, draft = false): Promise<GpProduct> => {
  const admin = await signedIn(tenant, 'GP_ADMIN');
  const made = await call<GpProduct>(admin, '/gp/products', {
    method: 'POST',
    body: fundInput({ name: { en: name }, investmentPermission: 'ONLY_EXPRESS_INTEREST' }),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const { productId } = made.body;
  const sc = await call(admin, `/gp/products/${productId}/share-classes`, { method: 'POST', body: shareClassInput() });
  expect(sc.status, JSON.stringify(sc.body)).toBe(201);
  if (draft) return made.body;
  let published = await transition(admin, productId, 'PUBLISH', made.body.version);
  const unconfirmed = (errorOf(published).details as { unconfirmed?: string[] } | undefined)?.unconfirmed;
  if (errorOf(published).code === 'productChecklistUnconfirmed' && unconfirmed) {
    published = await call<GpProduct>(admin, `/gp/products/${productId}/transitions`, {
      method: 'POST',
      body: { event: 'PUBLISH', version: made.body.version, acknowledgedWarnings: unconfirmed },
    });
  }
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return published.body;
};

/** The watchlist events in the investor's audit trail (the audit record is written with the outbox event). */
const watchEvents = async (tenant: Tenant, userId: string) => {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :evt)',
      ExpressionAttributeValues: { ':pk': keys.userPk(tenant.tenantId, userId), ':evt': keys.auditEventPrefix },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? [])
    .filter((i) => i.action === 'FUND_SAVED' || i.action === 'FUND_UNSAVED')
    .map((i) => ({ action: i.action as string, productId: (i.data as { productId: string }).productId }));
};

describe('an investor’s watchlist', () => {
  let tenant: Tenant;
  let investor: Caller;
  let investorId: string;
  let admin: Caller;
  let harbour: GpProduct;
  let glacier: GpProduct;
  let draft: GpProduct;
  beforeAll(async () => {
    tenant = await scratchTenant('watch');
    investor = await signedIn(tenant, 'LP');
    investorId = userOf(tenant, 'LP').userId;
    admin = await signedIn(tenant, 'GP_ADMIN');
    [harbour, glacier, draft] = await Promise.all([
      fund(tenant, 'Harbour Growth'),
      fund(tenant, 'Glacier Infrastructure'),
      fund(tenant, 'Unpublished Draft', true),
    ]);
  });

  it('saves a fund once however often it is saved, and lists saved funds newest first', async () => {
    expect((await list(investor)).body.items).toEqual([]);

    const first = await save(investor, harbour.productId);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ productId: harbour.productId, saved: true });
    const again = await save(investor, harbour.productId);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    expect((await save(investor, glacier.productId)).status).toBe(200);
    const listed = await list(investor);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((p) => p.productId)).toEqual([glacier.productId, harbour.productId]);
    expect(listed.body.items[1]).toMatchObject({
      name: { en: 'Harbour Growth' },
      state: 'PUBLISHED',
      savedAt: first.body.savedAt,
    });

    expect(await watchEvents(tenant, investorId)).toEqual(
      expect.arrayContaining([
        { action: 'FUND_SAVED', productId: harbour.productId },
        { action: 'FUND_SAVED', productId: glacier.productId },
      ]),
    );
    expect((await watchEvents(tenant, investorId)).filter((e) => e.productId === harbour.productId)).toHaveLength(1);
  });

  it('refuses a draft, an unknown fund and another tenant’s fund with 404, and a malformed id with 400', async () => {
    for (const productId of [draft.productId, newId(), alpine.productIds[0]!]) {
      const res = await save(investor, productId);
      expect(res.status, productId).toBe(404);
      expect(errorOf(res).code).toBe('productIsNotExist');
      expect((await remove(investor, productId)).status, productId).toBe(404);
    }
    const malformed = await save(investor, 'not-a-ulid');
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed).details?.fields?.map((f) => f.field)).toContain('params.productId');
    expect((await list(investor)).body.items.map((p) => p.productId)).not.toContain(draft.productId);
    expect((await watchEvents(tenant, investorId)).map((e) => e.productId)).not.toContain(draft.productId);
  });

  it('lists only funds the catalogue shows: a closed fund stays, an unpublished one drops out until removed', async () => {
    const closer = await signedIn(tenant, 'GP_ADMIN');
    const base = await save(investor, harbour.productId);
    expect(base.status).toBe(200);
    const fresh = await fund(tenant, 'Short-lived Fund');
    expect((await save(investor, fresh.productId)).status).toBe(200);
    const unpublished = await transition(closer, fresh.productId, 'UNPUBLISH', fresh.version);
    expect(unpublished.status, JSON.stringify(unpublished.body)).toBe(200);
    const closed = await transition(closer, glacier.productId, 'CLOSE', glacier.version);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);

    const listed = (await list(investor)).body.items;
    expect(listed.map((p) => p.productId)).not.toContain(fresh.productId);
    expect(listed.find((p) => p.productId === glacier.productId)?.state).toBe('CLOSED');

    // Saved but unpublished: it still comes off (once), then the id is as unknown as any draft.
    const off = await remove(investor, fresh.productId);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ productId: fresh.productId, saved: false });
    expect((await remove(investor, fresh.productId)).status).toBe(404);
    expect((await save(investor, fresh.productId)).status).toBe(404);
  });

  it('removes a fund once however often it is removed', async () => {
    expect((await save(investor, harbour.productId)).status).toBe(200);
    const before = (await watchEvents(tenant, investorId)).filter((e) => e.action === 'FUND_UNSAVED').length;
    const off = await remove(investor, harbour.productId);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ productId: harbour.productId, saved: false });
    const again = await remove(investor, harbour.productId);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(off.body);
    expect((await list(investor)).body.items.map((p) => p.productId)).not.toContain(harbour.productId);
    const after = (await watchEvents(tenant, investorId)).filter((e) => e.action === 'FUND_UNSAVED').length;
    expect(after - before).toBe(1);
  });

  it('keeps one entry and one event when the same fund is saved several times at once', async () => {
    const racing = await fund(tenant, 'Contested Fund');
    const answers = await Promise.all(Array.from({ length: 5 }, () => save(investor, racing.productId)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.savedAt)).size).toBe(1);
    const events = (await watchEvents(tenant, investorId)).filter((e) => e.productId === racing.productId);
    expect(events).toEqual([{ action: 'FUND_SAVED', productId: racing.productId }]);
  });

  it('refuses a new fund when the watchlist is full, naming the limit, and writes nothing', async () => {
    const crowded = await scratchTenant('watchfull');
    const lp = await signedIn(crowded, 'LP');
    const lpId = userOf(crowded, 'LP').userId;
    const target = await fund(crowded, 'One Too Many');
    // The watchlist filled straight in the table: a hundred published funds through the API would
    // take minutes and prove nothing more about the limit.
    await batchWrite(
      db,
      tableName(),
      Array.from({ length: MAX_WATCHLIST }, (_, i) => {
        const productId = newId();
        return {
          ...keys.watchlistEntry(crowded.tenantId, lpId, productId),
          type: 'WATCHLIST_ENTRY',
          productId,
          savedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
        };
      }),
    );
    const res = await save(lp, target.productId);
    expect(res.status).toBe(422);
    expect(errorOf(res)).toMatchObject({
      code: 'watchlistFull',
      message: expect.stringContaining(String(MAX_WATCHLIST)),
    });
    expect(await watchEvents(crowded, lpId)).toEqual([]);
    // Entries of funds that do not exist are not listed.
    expect((await list(lp)).body.items).toEqual([]);
  });

  it('never passes the limit when saves of different funds race for the last places', async () => {
    const crowded = await scratchTenant('watchrace');
    const lp = await signedIn(crowded, 'LP');
    const lpId = userOf(crowded, 'LP').userId;
    const racing = await Promise.all(['Race A', 'Race B', 'Race C'].map((name) => fund(crowded, name)));
    // Two places left, three saves at once: before the watchlist had a version, all three fitted.
    await batchWrite(
      db,
      tableName(),
      Array.from({ length: MAX_WATCHLIST - 2 }, (_, i) => {
        const productId = newId();
        return {
          ...keys.watchlistEntry(crowded.tenantId, lpId, productId),
          type: 'WATCHLIST_ENTRY',
          productId,
          savedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
        };
      }),
    );
    const answers = await Promise.all(racing.map((f) => save(lp, f.productId)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 422]);
    expect(answers.filter((a) => a.status === 422).map((a) => errorOf(a).code)).toEqual(['watchlistFull']);
    expect((await list(lp)).body.items).toHaveLength(2);
    expect(await watchEvents(crowded, lpId)).toHaveLength(2);
  });

  it('is the investor’s own: team members are refused', async () => {
    for (const role of ['GP_MEMBER', 'GP_ADMIN', 'GP_OWNER'] as const) {
      const member = await signedIn(tenant, role);
      expect((await list(member)).status, role).toBe(403);
      expect((await save(member, harbour.productId)).status, role).toBe(403);
    }
    expect((await list(admin)).status).toBe(403);
  });
});
