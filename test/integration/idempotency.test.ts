import { randomBytes } from 'node:crypto';
import type { GpProduct, ProductInput } from '@tranche/shared/product/product.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Caller, type CallResult, call, errorOf, signedIn, type Tenant } from '../support/api.js';
import { fundInput } from '../support/fixtures.js';
import { patchItem, readItem } from '../support/identity.js';
import { scratchTenant } from '../support/scratch-tenant.js';

/**
 * `Idempotency-Key` on product creation through the local gateway and DynamoDB Local: the first
 * answer replayed, the key refused for another request, scoped per user, never remembered for a
 * failure, and a record past its expiry (which DynamoDB Local never deletes) treated as absent.
 * A tenant of its own, so product counts are exact.
 */

const { keys } = await import('../../functions/src/_lib/db/keys.js');

const input = (name = 'Harbour Growth Fund'): ProductInput =>
  fundInput({ name: { en: name, 'zh-CN': '港湾成长基金' } });

const freshKey = () => randomBytes(16).toString('hex');

const create = (caller: Caller, body: unknown, key?: string) =>
  call<GpProduct>(caller, '/gp/products', {
    method: 'POST',
    body,
    ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
  });

const productIds = async (caller: Caller): Promise<string[]> => {
  const res = await call<{ items: GpProduct[] }>(caller, '/gp/products', { query: { limit: '100' } });
  expect(res.status).toBe(200);
  return res.body.items.map((p) => p.productId);
};

const recordKey = (tenant: Tenant, userId: string, key: string) => ({
  PK: keys.idempotencyPk(tenant.tenantId, 'createProduct', userId, key),
  SK: keys.idempotencySk,
});

const userIdOf = (tenant: Tenant, role: string) => {
  const user = tenant.users.find((u) => u.role === role);
  if (!user) throw new Error(`no ${role}`);
  return user.userId;
};

describe('Idempotency-Key on product creation', () => {
  let tenant: Tenant;
  let admin: Caller;
  let member: Caller;
  beforeAll(async () => {
    tenant = await scratchTenant('idem');
    admin = await signedIn(tenant, 'GP_ADMIN');
    member = await signedIn(tenant, 'GP_MEMBER');
  });

  it('replays the first answer, status and body, and creates one product only', async () => {
    const before = await productIds(admin);
    const key = freshKey();
    const first = await create(admin, input(), key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await create(admin, input(), key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const after = await productIds(admin);
    expect(after.length).toBe(before.length + 1);
    expect(after).toContain(first.body.productId);
  });

  it('stores the record under a tenant-leading key that expires in 24 hours', async () => {
    const key = freshKey();
    expect((await create(admin, input(), key)).status).toBe(201);
    const record = await readItem(recordKey(tenant, userIdOf(tenant, 'GP_ADMIN'), key));
    expect(String(record?.PK).startsWith(`T#${tenant.tenantId}#`)).toBe(true);
    expect(record?.status).toBe('COMPLETED');
    const inADay = Date.now() / 1000 + 24 * 60 * 60;
    expect(Number(record?.ttl)).toBeGreaterThan(inADay - 120);
    expect(Number(record?.ttl)).toBeLessThanOrEqual(inADay + 1);
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED to the same key with another body, and still replays the first', async () => {
    const key = freshKey();
    const first = await create(admin, input('First Fund'), key);
    expect(first.status).toBe(201);
    const before = await productIds(admin);
    const other = await create(admin, input('Second Fund'), key);
    expect(other.status).toBe(422);
    expect(errorOf(other).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await productIds(admin)).toEqual(before);
    const again = await create(admin, input('First Fund'), key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
  });

  it.each([
    ['too short', 'abc'],
    ['too long', 'a'.repeat(129)],
    ['not URL-safe', `${'a'.repeat(20)}+/=`],
  ])('answers 400 naming the header to a key that is %s, creating nothing', async (_, key) => {
    const before = await productIds(admin);
    const res = await create(admin, input(), key);
    expect(res.status).toBe(400);
    expect(errorOf(res).code).toBe('PARAMS_ERROR');
    expect(errorOf(res).details?.fields?.map((f) => f.field)).toEqual(['header.Idempotency-Key']);
    expect(await productIds(admin)).toEqual(before);
  });

  it('gives another user with the same key a product of their own', async () => {
    const key = freshKey();
    const mine = await create(admin, input(), key);
    const theirs = await create(member, input(), key);
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.productId).not.toBe(mine.body.productId);
    const ids = await productIds(admin);
    expect(ids).toContain(mine.body.productId);
    expect(ids).toContain(theirs.body.productId);
  });

  it('keeps no record of a request its validation refused: the key stays free', async () => {
    const key = freshKey();
    const bad = await create(admin, { ...input(), currency: 'NOPE' }, key);
    expect(bad.status).toBe(400);
    expect(await readItem(recordKey(tenant, userIdOf(tenant, 'GP_ADMIN'), key))).toBeUndefined();
    expect((await create(admin, input(), key)).status).toBe(201);
  });

  it('treats a record past its expiry as absent, though DynamoDB Local has not deleted it', async () => {
    const key = freshKey();
    const first = await create(admin, input(), key);
    expect(first.status).toBe(201);
    await patchItem(recordKey(tenant, userIdOf(tenant, 'GP_ADMIN'), key), {
      ttl: Math.floor(Date.now() / 1000) - 60,
    });
    const later = await create(admin, input(), key);
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.productId).not.toBe(first.body.productId);
  });

  it('runs concurrent duplicates once: the others wait with 409 or get the replay', async () => {
    const before = await productIds(admin);
    const key = freshKey();
    const answers: CallResult<GpProduct>[] = await Promise.all(
      Array.from({ length: 4 }, () => create(admin, input(), key)),
    );
    const statuses = answers.map((a) => a.status);
    for (const status of statuses) expect([201, 409]).toContain(status);
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(errorOf(a).code).toBe('IDEMPOTENCY_REQUEST_IN_PROGRESS');
    }
    const createdIds = new Set(answers.filter((a) => a.status === 201).map((a) => a.body.productId));
    expect(createdIds.size).toBe(1);
    expect((await productIds(admin)).length).toBe(before.length + 1);
  });

  it('creates every time when no key is sent', async () => {
    const before = await productIds(admin);
    await create(admin, input());
    await create(admin, input());
    expect((await productIds(admin)).length).toBe(before.length + 2);
  });
});
