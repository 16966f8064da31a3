import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { OBJECTIVES, PORTAL_COMPONENTS } from '@tranche/shared/enums';
import type { GpProduct, ProductInput, ProductSummary, ShareClass } from '@tranche/shared/product/product.schema';
import { checklistWarnings, type PublishChecklist } from '@tranche/shared/product/publish-checklist';
import { beforeAll, describe, expect, it } from 'vitest';
import { alpine, anonymous, type Caller, call, errorOf, signedIn, type Tenant } from '../support/api.js';
import { shareClassInput as classInput, fundInput as input } from '../support/fixtures.js';
import { addContract, publishChecklist as checklist, publish, transition } from '../support/publish.js';
import { scratchTenant } from '../support/scratch-tenant.js';

/**
 * The fund catalogue through the local gateway: the GP console's product lifecycle, share classes,
 * audit trail and section visibility, and the investor catalogue's search. Each part works in a
 * tenant of its own (test/support/scratch-tenant.ts: four users and no products), so counts and
 * orders are exact and no other test's products (or the seeded ones) can change them.
 */

const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
const { keys } = await import('../../functions/src/_lib/db/keys.js');
const { newId } = await import('../../functions/src/_lib/ids.js');

const freshTenant = () => scratchTenant('cat');

interface Page<T> {
  items: T[];
  nextCursor?: string;
}
interface Audit {
  eventId: string;
  action: string;
  actorId: string;
  at: string;
  data: Record<string, unknown>;
}
type Catalogue = Page<ProductSummary> & { total: number };

const create = (caller: Caller, body: unknown) => call<GpProduct>(caller, '/gp/products', { method: 'POST', body });
const update = (caller: Caller, productId: string, body: unknown) =>
  call<GpProduct>(caller, `/gp/products/${productId}`, { method: 'PUT', body });
const addClass = (caller: Caller, productId: string, body: unknown = classInput()) =>
  call<ShareClass>(caller, `/gp/products/${productId}/share-classes`, { method: 'POST', body });
const gpGet = (caller: Caller, productId: string) => call<GpProduct>(caller, `/gp/products/${productId}`);
const audit = (caller: Caller, productId: string, query: Record<string, string> = {}) =>
  call<Page<Audit>>(caller, `/gp/products/${productId}/audit`, { query });
const catalogue = (tenant: Tenant, query: Record<string, string> = {}) =>
  call<Catalogue>(anonymous(tenant), '/product/v2.0/assets', { query });
const lpGet = (caller: Caller, productId: string) =>
  call<ProductSummary & { shareClasses: ShareClass[] }>(caller, '/product/get', { query: { productId } });

/** A published product with one share class (created by a member, published by an admin). */
const published = async (tenant: Tenant, over: Partial<ProductInput> = {}, classes = [classInput()]) => {
  const member = await signedIn(tenant, 'GP_MEMBER');
  const admin = await signedIn(tenant, 'GP_ADMIN');
  const made = await create(member, input(over));
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  for (const c of classes) expect((await addClass(member, made.body.productId, c)).status).toBe(201);
  const done = await publish(admin, made.body.productId, made.body.version);
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body;
};

describe('a product from draft to the catalogue', () => {
  let tenant: Tenant;
  let member: Caller;
  let admin: Caller;
  let owner: Caller;
  let investor: Caller;
  beforeAll(async () => {
    tenant = await freshTenant();
    member = await signedIn(tenant, 'GP_MEMBER');
    admin = await signedIn(tenant, 'GP_ADMIN');
    owner = await signedIn(tenant, 'GP_OWNER');
    investor = await signedIn(tenant, 'LP');
  });

  it('creates, edits, adds share classes, publishes, and shows it to the tenant’s investors only', async () => {
    const made = await create(member, input());
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ state: 'DRAFT', version: 1, shareClasses: [], allowedSubscriptionTypes: [] });
    const { productId } = made.body;

    // A draft is the GP's alone.
    expect(errorOf(await lpGet(investor, productId)).code).toBe('productIsNotExist');
    expect((await call(investor, '/share-class/get', { query: { productId } })).status).toBe(404);
    expect((await catalogue(tenant)).body.total).toBe(0);

    const edited = await update(member, productId, {
      ...input({ name: { en: 'Harbour Growth Fund II', 'zh-CN': '港湾成长基金二期' }, targetReturn: 'EQ15' }),
      version: 1,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ version: 2, targetReturn: 'EQ15', name: { en: 'Harbour Growth Fund II' } });

    const classA = await addClass(member, productId);
    const classB = await addClass(member, productId, classInput({ name: { en: 'Class B' }, currency: 'EUR' }));
    expect([classA.status, classB.status]).toEqual([201, 201]);
    expect(classA.body.version).toBe(1);
    const renamed = await call<ShareClass>(
      member,
      `/gp/products/${productId}/share-classes/${classB.body.shareClassId}`,
      {
        method: 'PUT',
        body: { ...classInput({ name: { en: 'Class B (EUR)' }, currency: 'EUR' }), version: 1 },
      },
    );
    expect(renamed.body).toMatchObject({ version: 2, name: { en: 'Class B (EUR)' } });
    const removed = await call(member, `/gp/products/${productId}/share-classes/${classB.body.shareClassId}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    expect((await gpGet(member, productId)).body.shareClasses.map((c) => c.shareClassId)).toEqual([
      classA.body.shareClassId,
    ]);

    // Share class changes leave the product's version alone: the console's copy stays current.
    const live = await publish(admin, productId, 2);
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ state: 'PUBLISHED', version: 3 });
    expect(live.body.publishedAt).toBeDefined();

    const seen = await lpGet(investor, productId);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      state: 'PUBLISHED',
      name: { en: 'Harbour Growth Fund II' },
      allowedSubscriptionTypes: ['EXPRESSED_INTEREST_SUBSCRIPTION', 'RESERVE_SUBSCRIPTION', 'INVEST_SUBSCRIPTION'],
    });
    expect(seen.body.shareClasses.map((c) => c.shareClassId)).toEqual([classA.body.shareClassId]);
    const listed = await catalogue(tenant);
    expect(listed.body.items.map((p) => p.productId)).toEqual([productId]);
    expect(listed.body.total).toBe(1);

    // Another tenant's portal knows nothing of it, signed in or not.
    expect(errorOf(await lpGet(anonymous(alpine), productId)).code).toBe('productIsNotExist');
    expect(errorOf(await lpGet(await signedIn(alpine, 'LP'), productId)).code).toBe('productIsNotExist');
    expect((await call(await signedIn(alpine, 'GP_OWNER'), `/gp/products/${productId}`)).status).toBe(404);
    expect((await catalogue(alpine)).body.items.map((p) => p.productId)).not.toContain(productId);
  });

  it('refuses to publish without a share class, and lets only admins and owners publish', async () => {
    const made = await create(member, input());
    const bare = await transition(owner, made.body.productId, 'PUBLISH', 1);
    expect(bare.status).toBe(409);
    expect(errorOf(bare).code).toBe('productNeedsShareClass');

    await addClass(member, made.body.productId);
    const byMember = await transition(member, made.body.productId, 'PUBLISH', 1);
    expect(byMember.status).toBe(403);
    expect(errorOf(byMember).code).toBe('FORBIDDEN');
    expect((await gpGet(member, made.body.productId)).body.state).toBe('DRAFT');
    expect((await publish(owner, made.body.productId, 1)).status).toBe(200);
  });

  it('refuses transitions the lifecycle does not have with productStateInvalid, naming state and event', async () => {
    const product = await published(tenant);
    for (const [event, label] of [
      ['PUBLISH', 'Publish'],
      ['REOPEN', 'Reopen'],
    ]) {
      const res = await transition(admin, product.productId, event!, product.version);
      expect(res.status).toBe(409);
      // The codes in the details, the lifecycle's labels in the message.
      expect(errorOf(res)).toMatchObject({
        code: 'productStateInvalid',
        message: `This product cannot take the action ${label} while it is Published.`,
        details: { lifecycle: 'product', state: 'PUBLISHED', event },
      });
    }
    const draft = await create(member, input());
    const res = await transition(admin, draft.body.productId, 'CLOSE', 1);
    expect(errorOf(res)).toMatchObject({
      code: 'productStateInvalid',
      details: { lifecycle: 'product', state: 'DRAFT', event: 'CLOSE' },
    });
  });

  it('closes to new money but stays listed, edits nothing while closed, and reopens as it was', async () => {
    const product = await published(tenant, { openness: 'CLOSING_SOON', name: { en: 'Closing Credit Fund' } });
    const closed = await transition(admin, product.productId, 'CLOSE', product.version);
    expect(closed.body).toMatchObject({ state: 'CLOSED', openness: 'CLOSED', allowedSubscriptionTypes: [] });
    expect(closed.body.closedAt).toBeDefined();
    const seen = await lpGet(investor, product.productId);
    expect(seen.body).toMatchObject({ state: 'CLOSED', openness: 'CLOSED', allowedSubscriptionTypes: [] });
    expect((await catalogue(tenant, { openness: 'CLOSED' })).body.items.map((p) => p.productId)).toContain(
      product.productId,
    );

    for (const caller of [owner, admin, member]) {
      const res = await update(caller, product.productId, { ...input(), version: closed.body.version });
      expect(res.status).toBe(409);
      expect(errorOf(res).code).toBe('productNotEditable');
      expect(errorOf(await addClass(caller, product.productId)).code).toBe('productNotEditable');
    }

    // Reopening is going live again: the same checklist, the same confirmation.
    const unconfirmed = await transition(owner, product.productId, 'REOPEN', closed.body.version);
    expect(errorOf(unconfirmed)).toMatchObject({ code: 'productChecklistUnconfirmed', details: { event: 'REOPEN' } });
    const open = (await checklist(owner, product.productId)).body;
    const reopened = await transition(owner, product.productId, 'REOPEN', closed.body.version, checklistWarnings(open));
    expect(reopened.body).toMatchObject({ state: 'PUBLISHED', openness: 'CLOSING_SOON' });
    expect(reopened.body.closedAt).toBeUndefined();
    expect((await catalogue(tenant, { openness: 'CLOSED' })).body.items.map((p) => p.productId)).not.toContain(
      product.productId,
    );

    const hidden = await transition(admin, product.productId, 'UNPUBLISH', reopened.body.version);
    expect(hidden.body.state).toBe('DRAFT');
    expect((await lpGet(investor, product.productId)).status).toBe(404);
    expect((await catalogue(tenant)).body.items.map((p) => p.productId)).not.toContain(product.productId);
  });

  it('lets members edit drafts only, admins live products too, and the catalogue follows at once', async () => {
    const product = await published(tenant, { name: { en: 'Live Edit Fund' }, strategies: ['CREDIT'] });
    const byMember = await update(member, product.productId, { ...input(), version: product.version });
    expect(byMember.status).toBe(409);
    expect(errorOf(byMember)).toMatchObject({ code: 'productNotEditable', details: { state: 'PUBLISHED' } });
    expect(errorOf(await addClass(member, product.productId)).code).toBe('productNotEditable');

    const byAdmin = await update(admin, product.productId, {
      ...input({ name: { en: 'Live Edit Fund' }, strategies: ['INFRASTRUCTURE'] }),
      version: product.version,
    });
    expect(byAdmin.status).toBe(200);
    const infra = await catalogue(tenant, { strategy: 'INFRASTRUCTURE' });
    expect(infra.body.items.map((p) => p.productId)).toEqual([product.productId]);
    expect((await catalogue(tenant, { strategy: 'CREDIT' })).body.items.map((p) => p.productId)).not.toContain(
      product.productId,
    );

    // A live product's share classes stay (investors may hold them); an admin may add one.
    const classId = (await gpGet(admin, product.productId)).body.shareClasses[0]!.shareClassId;
    const removal = await call(admin, `/gp/products/${product.productId}/share-classes/${classId}`, {
      method: 'DELETE',
    });
    expect(errorOf(removal).code).toBe('productNotEditable');
    const chf = await addClass(admin, product.productId, classInput({ currency: 'CHF' }));
    expect(chf.status).toBe(201);
    expect((await catalogue(tenant, { currency: 'CHF' })).body.items.map((p) => p.productId)).toEqual([
      product.productId,
    ]);
  });

  it('answers 409 VERSION_CONFLICT to a stale version and to the loser of a race', async () => {
    const made = await create(member, input());
    const { productId } = made.body;
    expect((await update(member, productId, { ...input({ targetSize: '1.00' }), version: 1 })).status).toBe(200);
    const stale = await update(member, productId, { ...input({ targetSize: '2.00' }), version: 1 });
    expect(stale.status).toBe(409);
    expect(errorOf(stale).code).toBe('VERSION_CONFLICT');
    expect((await gpGet(member, productId)).body.targetSize).toBe('1.00');

    const race = await Promise.all(
      ['3.00', '4.00', '5.00'].map((targetSize) => update(member, productId, { ...input({ targetSize }), version: 2 })),
    );
    expect(race.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const winner = race.find((r) => r.status === 200)!.body;
    expect((await gpGet(member, productId)).body).toMatchObject({ version: 3, targetSize: winner.targetSize });

    const sc = await addClass(member, productId);
    const scPath = `/gp/products/${productId}/share-classes/${sc.body.shareClassId}`;
    const changed = await call<ShareClass>(member, scPath, {
      method: 'PUT',
      body: { ...classInput({ minInvestment: '200000.00' }), version: 1 },
    });
    expect(changed.body.version).toBe(2);
    const staleClass = await call(member, scPath, {
      method: 'PUT',
      body: { ...classInput({ minInvestment: '1' }), version: 1 },
    });
    expect(errorOf(staleClass).code).toBe('VERSION_CONFLICT');
    const stalePublish = await transition(admin, productId, 'PUBLISH', 2);
    expect(errorOf(stalePublish).code).toBe('VERSION_CONFLICT');
  });

  it('never removes a share class that subscriptions reference', async () => {
    const made = await create(member, input());
    const sc = await addClass(member, made.body.productId);
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.shareClass(tenant.tenantId, made.body.productId, sc.body.shareClassId),
        UpdateExpression: 'SET subscriptionCount = :n',
        ExpressionAttributeValues: { ':n': 1 },
      }),
    );
    const res = await call(member, `/gp/products/${made.body.productId}/share-classes/${sc.body.shareClassId}`, {
      method: 'DELETE',
    });
    expect(res.status).toBe(409);
    expect(errorOf(res).code).toBe('shareClassInUse');
    const missing = await call(member, `/gp/products/${made.body.productId}/share-classes/${newId()}`, {
      method: 'DELETE',
    });
    expect(errorOf(missing).code).toBe('shareClassIsNotExist');
  });

  it('keeps an audit trail of each change, newest first, with the changed fields before and after', async () => {
    const made = await create(member, input());
    const { productId } = made.body;
    await update(member, productId, { ...input({ minInvestment: '250000.00', openness: 'COMING_SOON' }), version: 1 });
    // Saving the same content again changes nothing and records nothing.
    const same = await update(member, productId, {
      ...input({ minInvestment: '250000.00', openness: 'COMING_SOON' }),
      version: 2,
    });
    expect(same.body.version).toBe(2);
    const sc = await addClass(member, productId);
    await call(member, `/gp/products/${productId}/share-classes/${sc.body.shareClassId}`, {
      method: 'PUT',
      body: { ...classInput({ minInvestment: '500000.00' }), version: 1 },
    });
    await publish(admin, productId, 2);

    const trail = await audit(member, productId);
    expect(trail.body.items.map((e) => e.action)).toEqual([
      'PRODUCT_PUBLISHED',
      'SHARE_CLASS_UPDATED',
      'SHARE_CLASS_CREATED',
      'PRODUCT_UPDATED',
      'PRODUCT_CREATED',
    ]);
    const [publishEvent, classUpdate, , productUpdate] = trail.body.items;
    expect(productUpdate!.data).toEqual({
      version: 2,
      changes: {
        openness: { from: 'OPEN', to: 'COMING_SOON' },
        minInvestment: { from: '100000.00', to: '250000.00' },
      },
    });
    expect(classUpdate!.data).toMatchObject({
      shareClassId: sc.body.shareClassId,
      changes: { minInvestment: { from: '100000.00', to: '500000.00' } },
    });
    expect(publishEvent!.data).toMatchObject({
      event: 'PUBLISH',
      changes: { state: { from: 'DRAFT', to: 'PUBLISHED' } },
    });
    expect(publishEvent!.actorId).toBe(tenant.users.find((u) => u.role === 'GP_ADMIN')!.userId);
    const times = trail.body.items.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    const first = await audit(member, productId, { limit: '2' });
    const rest = await audit(member, productId, { limit: '10', cursor: first.body.nextCursor! });
    expect([...first.body.items, ...rest.body.items].map((e) => e.eventId)).toEqual(
      trail.body.items.map((e) => e.eventId),
    );
    expect((await audit(await signedIn(alpine, 'GP_OWNER'), productId)).status).toBe(404);
  });

  it('lists every product for the GP console, with share classes, by state and by text', async () => {
    const gpTenant = await freshTenant();
    const gpMember = await signedIn(gpTenant, 'GP_MEMBER');
    const draft = await create(gpMember, input({ name: { en: 'Zephyr Draft Fund' } }));
    await addClass(gpMember, draft.body.productId);
    const live = await published(gpTenant, { name: { en: 'Aurora Live Fund', 'zh-CN': '极光基金' } });
    const newest = await create(gpMember, input({ name: { en: 'Zephyr Second Draft' } }));

    const all = await call<Page<GpProduct>>(gpMember, '/gp/products');
    expect(all.body.items.map((p) => p.productId)).toEqual([
      newest.body.productId,
      live.productId,
      draft.body.productId,
    ]);
    expect(all.body.items.map((p) => p.shareClasses.length)).toEqual([0, 1, 1]);

    const drafts = await call<Page<GpProduct>>(gpMember, '/gp/products', { query: { state: 'DRAFT' } });
    expect(drafts.body.items.map((p) => p.productId)).toEqual([newest.body.productId, draft.body.productId]);
    const byText = await call<Page<GpProduct>>(gpMember, '/gp/products', { query: { q: 'zéphyr second' } });
    expect(byText.body.items.map((p) => p.productId)).toEqual([newest.body.productId]);
    const byChinese = await call<Page<GpProduct>>(gpMember, '/gp/products', { query: { q: '极光' } });
    expect(byChinese.body.items.map((p) => p.productId)).toEqual([live.productId]);

    const first = await call<Page<GpProduct>>(gpMember, '/gp/products', { query: { limit: '2' } });
    const second = await call<Page<GpProduct>>(gpMember, '/gp/products', {
      query: { limit: '2', cursor: first.body.nextCursor! },
    });
    expect([...first.body.items, ...second.body.items].map((p) => p.productId)).toEqual(
      all.body.items.map((p) => p.productId),
    );
    expect(second.body.nextCursor).toBeUndefined();
    // The page boundary falls between a product and the share classes of the next one.
    expect(second.body.items[0]!.shareClasses).toHaveLength(1);
  });
});

describe('the publish checklist', () => {
  let tenant: Tenant;
  let member: Caller;
  let admin: Caller;
  beforeAll(async () => {
    tenant = await freshTenant();
    member = await signedIn(tenant, 'GP_MEMBER');
    admin = await signedIn(tenant, 'GP_ADMIN');
  });
  const failing = (list: PublishChecklist) => list.checks.filter((c) => !c.ok).map((c) => `${c.id}:${c.level}`);

  it('refuses a fund open for investment without its contract, asks to confirm each open recommendation, and records what was confirmed', async () => {
    // The scratch portal offers Chinese; this summary has none.
    const made = await create(member, input({ summary: { en: 'Growth equity in Asian consumer brands.' } }));
    const { productId } = made.body;
    expect((await addClass(member, productId)).status).toBe(201);
    const before = await checklist(member, productId);
    expect(before.status).toBe(200);
    expect(before.body.takesMoney).toBe(true);
    expect(failing(before.body)).toEqual([
      'contract:required',
      'documents:recommended',
      'description:recommended',
      'chineseText:recommended',
    ]);
    expect(before.body.checks.find((c) => c.id === 'chineseText')?.gaps).toEqual([
      { subject: 'product', field: 'summary' },
    ]);

    // Confirming does not lift a required check; nothing is written.
    const everything = ['contract', 'documents', 'description', 'chineseText'];
    const noContract = await transition(admin, productId, 'PUBLISH', 1, everything);
    expect([noContract.status, errorOf(noContract).code]).toEqual([409, 'productNeedsContract']);
    expect((await gpGet(member, productId)).body.state).toBe('DRAFT');

    expect((await addContract(member, productId)).status).toBe(200);
    const unconfirmed = await transition(admin, productId, 'PUBLISH', 1);
    expect(unconfirmed.status).toBe(409);
    expect(errorOf(unconfirmed)).toMatchObject({
      code: 'productChecklistUnconfirmed',
      details: { event: 'PUBLISH', unconfirmed: ['documents', 'description', 'chineseText'] },
    });
    const partly = await transition(admin, productId, 'PUBLISH', 1, ['documents']);
    expect(errorOf(partly).details).toMatchObject({ unconfirmed: ['description', 'chineseText'] });
    expect((await gpGet(member, productId)).body.state).toBe('DRAFT');

    const done = await transition(admin, productId, 'PUBLISH', 1, ['chineseText', 'description', 'documents']);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const [published] = (await audit(member, productId)).body.items;
    expect(published).toMatchObject({
      action: 'PRODUCT_PUBLISHED',
      actorName: 'GP_ADMIN',
      data: { acknowledgedWarnings: ['documents', 'description', 'chineseText'] },
    });
  });

  it('only recommends the contract while a fund takes interest only, and refuses opening it for investment without one', async () => {
    const over = {
      openness: 'COMING_SOON',
      description: { en: 'Core infrastructure.', 'zh-CN': '核心基础设施。' },
    } as const;
    const made = await create(member, input(over));
    const { productId } = made.body;
    await addClass(member, productId);
    const list = await checklist(member, productId);
    expect(list.body.takesMoney).toBe(false);
    expect(failing(list.body)).toEqual(['contract:recommended', 'documents:recommended']);
    const live = await transition(admin, productId, 'PUBLISH', 1, ['contract', 'documents']);
    expect(live.status).toBe(200);

    // "Open for investment" is going live for money: the required checks apply to the edit.
    const opening = { ...input({ ...over, openness: 'OPEN' }), version: live.body.version };
    const refused = await update(admin, productId, opening);
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'productNeedsContract', details: { check: 'contract' } });
    expect((await gpGet(member, productId)).body.openness).toBe('COMING_SOON');
    expect((await addContract(admin, productId)).status).toBe(200);
    const opened = await update(admin, productId, opening);
    expect(opened.status).toBe(200);
    expect(opened.body.openness).toBe('OPEN');
  });
});

describe('validation names the field at fault', () => {
  const refused = async (body: unknown, path = '/gp/products', method = 'POST') => {
    const res = await call(await signedIn(alpine, 'GP_MEMBER'), path, { method, body });
    expect(res.status).toBe(400);
    expect(errorOf(res).code).toBe('PARAMS_ERROR');
    return errorOf(res).details?.fields?.map((f) => f.field);
  };

  it('refuses a maximum below the minimum', async () => {
    expect(await refused(input({ minInvestment: '500000', maxInvestment: '499999.99' }))).toEqual([
      'body.maxInvestment',
    ]);
  });

  it('refuses a percentage above 100', async () => {
    expect(
      await refused(input({ performanceFee: { type: 'PERCENTAGE', display: 'RANGE', value: '10', upTo: '100.5' } })),
    ).toEqual(['body.performanceFee.upTo']);
  });

  it('refuses dates out of order', async () => {
    expect(await refused(input({ openingDate: '2027-07-01', closingDate: '2027-06-30' }))).toEqual([
      'body.closingDate',
    ]);
  });

  it('refuses ANY with other investor types', async () => {
    expect(await refused(input({ investorTypes: ['ANY', 'JOINT'] }))).toEqual(['body.investorTypes']);
  });

  it('applies the same rules to share classes and updates', async () => {
    const productId = alpine.productIds[0]!;
    expect(
      await refused(
        classInput({ subscriptionFee: { type: 'PERCENTAGE', display: 'RANGE', value: '2', upTo: '1' } }),
        `/gp/products/${productId}/share-classes`,
      ),
    ).toEqual(['body.subscriptionFee.upTo']);
    expect(
      await refused({ ...input({ closingDate: '2026-01-01' }), version: 1 }, `/gp/products/${productId}`, 'PUT'),
    ).toEqual(['body.closingDate']);
  });
});

/** The investor catalogue's search: every condition of ProductListQuerySchema against an oracle. */
describe('catalogue search', () => {
  let tenant: Tenant;
  interface Spec {
    key: string;
    over: Partial<ProductInput>;
    classCurrencies?: ProductInput['currency'][];
    end: 'DRAFT' | 'PUBLISHED' | 'CLOSED';
  }
  const SPECS: Spec[] = [
    {
      key: 'growth',
      over: {
        name: { en: 'Crédit Growth Fund', 'zh-CN': '信贷成长基金' },
        strategies: ['GROWTH_EQUITY', 'SERIES_A'],
        regions: ['EUROPE'],
        objectives: ['CAPITAL_GROWTH'],
        targetReturn: 'EQ15',
        targetReturnRange: 'R10_15',
      },
      classCurrencies: ['EUR'],
      end: 'PUBLISHED',
    },
    {
      key: 'income',
      over: {
        name: { en: 'alpha income', 'zh-CN': '阿尔法收益' },
        summary: { en: 'Senior loans, monthly dealing.', 'zh-CN': '优先贷款，每月交易。' },
        fundType: 'OPEN_ENDED',
        strategies: ['PRIVATE_CREDIT'],
        regions: ['USA', 'EUROPE'],
        objectives: ['INCOME'],
        targetReturn: 'EQ8',
        targetReturnRange: 'R5_10',
        currency: 'HKD',
      },
      end: 'PUBLISHED',
    },
    {
      key: 'soon',
      over: {
        name: { en: 'Beta Venture' },
        openness: 'COMING_SOON',
        investmentPermission: 'ALLOW_INVESTMENT',
        strategies: ['SEED'],
        regions: ['GLOBAL'],
        objectives: ['IMPACT'],
        targetReturn: 'GT40',
        targetReturnRange: 'GT40',
      },
      end: 'PUBLISHED',
    },
    {
      key: 'product',
      over: {
        kind: 'PRODUCT',
        name: { en: 'Zeta Note' },
        openness: 'CLOSING_SOON',
        strategies: ['STRUCTURED_CREDIT'],
        regions: ['ASIA'],
        objectives: ['INCOME'],
        targetReturnRange: 'OTHER',
        currency: 'SGD',
      },
      end: 'PUBLISHED',
    },
    {
      key: 'closed',
      over: { name: { en: 'Aardvark Closed Fund' }, strategies: ['SERIES_A'], regions: ['ASIA'] },
      end: 'CLOSED',
    },
    { key: 'draft', over: { name: { en: 'Hidden Growth Draft' }, strategies: ['SERIES_A'] }, end: 'DRAFT' },
  ];
  const ids = new Map<string, string>();
  const keyOf = (productId: string) => [...ids].find(([, id]) => id === productId)?.[0];

  beforeAll(async () => {
    tenant = await freshTenant();
    const member = await signedIn(tenant, 'GP_MEMBER');
    const admin = await signedIn(tenant, 'GP_ADMIN');
    for (const spec of SPECS) {
      const made = await create(member, input(spec.over));
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      ids.set(spec.key, made.body.productId);
      const currencies = spec.classCurrencies ?? [spec.over.currency ?? 'USD'];
      for (const currency of currencies) await addClass(member, made.body.productId, classInput({ currency }));
      if (spec.end === 'DRAFT') continue;
      const live = await publish(admin, made.body.productId, 1);
      if (spec.end === 'CLOSED') await transition(admin, made.body.productId, 'CLOSE', live.body.version);
    }
  });

  const searchKeys = async (query: Record<string, string>) => {
    const res = await catalogue(tenant, query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.total).toBe(res.body.items.length);
    return res.body.items.map((p) => keyOf(p.productId));
  };

  it('lists published and closed products only, by openness then name', async () => {
    expect(await searchKeys({})).toEqual(['income', 'growth', 'product', 'soon', 'closed']);
  });

  it.each([
    [{ strategy: 'SERIES_A' }, ['growth', 'closed']],
    [{ region: 'EUROPE' }, ['income', 'growth']],
    [{ fundType: 'OPEN_ENDED' }, ['income']],
    [{ openness: 'COMING_SOON' }, ['soon']],
    [{ openness: 'CLOSED' }, ['closed']],
    [{ objective: 'INCOME' }, ['income', 'product']],
    [{ objective: OBJECTIVES[11]! }, []],
    [{ targetReturn: 'EQ15' }, ['growth']],
    [{ targetReturn: 'EQ8' }, ['income']],
    [{ targetReturnRange: 'GT40' }, ['soon']],
    [{ targetReturnRange: 'OTHER' }, ['product']],
    [{ currency: 'HKD' }, ['income']],
    [{ currency: 'EUR' }, ['growth']],
    [{ currency: 'USD' }, ['growth', 'soon', 'closed']],
    [{ kind: 'PRODUCT' }, ['product']],
    [{ kind: 'FUND', region: 'ASIA' }, ['closed']],
    [{ q: 'CREDIT' }, ['growth']],
    [{ q: 'alpha' }, ['income']],
    [{ q: 'monthly LOANS' }, ['income']],
    // The others share the default summary, "Growth equity in Asian consumer brands".
    [{ q: 'growth' }, ['growth', 'product', 'soon', 'closed']],
    [{ q: 'growth fund' }, ['growth', 'closed']],
    [{ q: '收益' }, ['income']],
    [{ q: '信贷 成长' }, ['growth']],
    [{ q: 'asian', region: 'ASIA' }, ['product', 'closed']],
    [{ q: 'nothing-like-this' }, []],
  ] as const)('narrows by %j', async (query, expected) => {
    expect(await searchKeys(query)).toEqual(expected);
  });

  it('offers the subscription types the state and openness allow', async () => {
    const res = await catalogue(tenant);
    const offered = Object.fromEntries(res.body.items.map((p) => [keyOf(p.productId), p.allowedSubscriptionTypes]));
    expect(offered.growth).toEqual(['EXPRESSED_INTEREST_SUBSCRIPTION', 'RESERVE_SUBSCRIPTION', 'INVEST_SUBSCRIPTION']);
    expect(offered.soon).toEqual(['EXPRESSED_INTEREST_SUBSCRIPTION']);
    expect(offered.closed).toEqual([]);
  });

  it('pages with a cursor, with the total on every page, and refuses another tenant’s cursor', async () => {
    const first = await catalogue(tenant, { limit: '2' });
    expect(first.body).toMatchObject({ total: 5 });
    const second = await catalogue(tenant, { limit: '2', cursor: first.body.nextCursor! });
    const third = await catalogue(tenant, { limit: '2', cursor: second.body.nextCursor! });
    expect(third.body.nextCursor).toBeUndefined();
    expect([first, second, third].map((p) => p.body.total)).toEqual([5, 5, 5]);
    expect([...first.body.items, ...second.body.items, ...third.body.items].map((p) => keyOf(p.productId))).toEqual([
      'income',
      'growth',
      'product',
      'soon',
      'closed',
    ]);
    const filtered = await catalogue(tenant, { strategy: 'SERIES_A', limit: '1' });
    const next = await catalogue(tenant, { strategy: 'SERIES_A', limit: '1', cursor: filtered.body.nextCursor! });
    expect(next.body.items.map((p) => keyOf(p.productId))).toEqual(['closed']);

    const foreign = await catalogue(alpine, { cursor: first.body.nextCursor! });
    expect(foreign.status).toBe(400);
    expect(errorOf(foreign).details?.fields?.[0]?.field).toBe('query.cursor');
  });

  it('answers closed products to investors but drafts as not existing', async () => {
    expect((await lpGet(anonymous(tenant), ids.get('closed')!)).body.state).toBe('CLOSED');
    expect(errorOf(await lpGet(anonymous(tenant), ids.get('draft')!)).code).toBe('productIsNotExist');
    const classes = await call<{ items: ShareClass[] }>(anonymous(tenant), '/share-class/get', {
      query: { productId: ids.get('growth')! },
    });
    expect(classes.body.items.map((c) => c.currency)).toEqual(['EUR']);
    expect(classes.body.items[0]!.version).toBeUndefined();
  });
});

describe('section visibility of product pages', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await freshTenant();
  });
  const SHOW_ALL = PORTAL_COMPONENTS.map((component) => ({ component, visibilityState: 'SHOW' }));
  type Visibility = { items: { component: string; visibilityState: string }[]; version: number };

  it('shows every section until the tenant hides one, and only admins change the defaults', async () => {
    const initial = await call<Visibility>(anonymous(tenant), '/v2/tenants/portal-components');
    expect(initial.body).toEqual({ items: SHOW_ALL, version: 0 });

    const admin = await signedIn(tenant, 'GP_ADMIN');
    const body = { items: [{ component: 'PERFORMANCE', visibilityState: 'HIDE' }], version: 0 };
    const byMember = await call(await signedIn(tenant, 'GP_MEMBER'), '/v2/tenants/portal-components', {
      method: 'PUT',
      body,
    });
    expect(byMember.status).toBe(403);
    const set = await call<Visibility>(admin, '/v2/tenants/portal-components', { method: 'PUT', body });
    expect(set.body.version).toBe(1);
    expect(set.body.items.find((i) => i.component === 'PERFORMANCE')?.visibilityState).toBe('HIDE');
    const stale = await call(admin, '/v2/tenants/portal-components', { method: 'PUT', body });
    expect(errorOf(stale).code).toBe('VERSION_CONFLICT');
    const read = await call<Visibility>(anonymous(tenant), '/v2/tenants/portal-components');
    expect(read.body).toEqual(set.body);
  });

  it("takes a product's own choice over the tenant's, for catalogue products only", async () => {
    const member = await signedIn(tenant, 'GP_MEMBER');
    const made = await create(member, input());
    const { productId } = made.body;
    const path = `/products/${productId}/portal-components`;
    const gpPath = `/gp/products/${productId}/portal-components`;
    const override = await call<Visibility>(member, gpPath, {
      method: 'PUT',
      body: {
        items: [
          { component: 'FAQ', visibilityState: 'HIDE' },
          { component: 'PERFORMANCE', visibilityState: 'SHOW' },
        ],
        version: 0,
      },
    });
    expect(override.status).toBe(200);
    expect(override.body.version).toBe(1);
    expect(errorOf(await call(anonymous(tenant), path)).code).toBe('productIsNotExist');

    await addClass(member, productId);
    await publish(await signedIn(tenant, 'GP_OWNER'), productId, 1);
    const shown = await call<Visibility>(anonymous(tenant), path);
    const state = (c: string) => shown.body.items.find((i) => i.component === c)?.visibilityState;
    expect(shown.body.version).toBe(1);
    expect([state('FAQ'), state('PERFORMANCE'), state('OVERVIEW')]).toEqual(['HIDE', 'SHOW', 'SHOW']);
    const hidden = await call<Visibility>(anonymous(tenant), path, { query: { visibilityState: 'HIDE' } });
    expect(hidden.body.items.map((i) => i.component)).toEqual(['FAQ']);

    // Live now: members may no longer change it.
    const late = await call(member, gpPath, {
      method: 'PUT',
      body: { items: [{ component: 'FAQ', visibilityState: 'SHOW' }], version: 1 },
    });
    expect(errorOf(late).code).toBe('productNotEditable');
    expect((await call(anonymous(alpine), path)).status).toBe(404);
  });
});
