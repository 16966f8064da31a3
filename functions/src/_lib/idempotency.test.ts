import middy, { type MiddlewareObj } from '@middy/core';
import { DomainError } from '@tranche/shared/errors/domain-error';
import type { RouteDef } from '@tranche/shared/http/route-def';
import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { mapError } from './errors.js';
import { httpApi, ok } from './http-api.js';
import {
  holdsKey,
  type IdempotencyRecord,
  type IdempotencyStore,
  idempotency,
  idempotencyPk,
  idempotencyWith,
  requestHash,
} from './idempotency.js';

const KEY = 'k'.repeat(16);
const scope = { tenantId: 'T1', userId: 'U1', operationId: 'createProduct' };

describe('idempotencyPk', () => {
  it('leads with the tenant and scopes the key by operation and user', () => {
    const pk = idempotencyPk({ 'idempotency-key': KEY }, scope);
    expect(pk).toBe(`T#T1#IDEM#createProduct#U1#${KEY}`);
    expect(pk?.startsWith('T#T1#')).toBe(true);
  });

  it('makes the same key another record for another tenant, user or operation', () => {
    const headers = { 'idempotency-key': KEY };
    const pks = new Set([
      idempotencyPk(headers, scope),
      idempotencyPk(headers, { ...scope, tenantId: 'T2' }),
      idempotencyPk(headers, { ...scope, userId: 'U2' }),
      idempotencyPk(headers, { ...scope, operationId: 'createShareClass' }),
    ]);
    expect(pks.size).toBe(4);
  });

  it('is undefined without the header, which is optional', () => {
    expect(idempotencyPk({}, scope)).toBeUndefined();
    expect(idempotencyPk(undefined, scope)).toBeUndefined();
  });

  it.each([
    ['15 characters', 'k'.repeat(15)],
    ['129 characters', 'k'.repeat(129)],
    ['a character outside the URL-safe set', `${'k'.repeat(16)}#`],
    ['a space', `${'k'.repeat(8)} ${'k'.repeat(8)}`],
    ['two keys joined by a comma', `${KEY},${KEY}`],
    ['an empty value', ''],
  ])('refuses a key of %s with 400 PARAMS_ERROR naming the header', (_, key) => {
    let thrown: unknown;
    try {
      idempotencyPk({ 'idempotency-key': key }, scope);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).code).toBe('PARAMS_ERROR');
    expect((thrown as DomainError).details?.fields?.[0]?.field).toBe('header.Idempotency-Key');
  });

  it('accepts 16 and 128 URL-safe characters', () => {
    expect(idempotencyPk({ 'idempotency-key': 'aZ09_-aZ09_-aZ09' }, scope)).toBeDefined();
    expect(idempotencyPk({ 'idempotency-key': 'a'.repeat(128) }, scope)).toBeDefined();
  });
});

/**
 * A store over a map with the table store's condition (`holdsKey`: absent, expired, or in
 * progress past its deadline), so the middleware's own decisions can be driven here;
 * test/integration/idempotency.test.ts runs the table store against DynamoDB Local.
 */
class MemoryStore implements IdempotencyStore {
  readonly records = new Map<string, IdempotencyRecord>();
  async claim(record: IdempotencyRecord) {
    const old = this.records.get(record.pk);
    if (old && holdsKey(old, Date.now())) return structuredClone(old);
    this.records.set(record.pk, { ...record });
    return undefined;
  }
  async complete(pk: string, data: IdempotencyRecord['data'], ttl: number) {
    const old = this.records.get(pk);
    if (old) this.records.set(pk, { ...old, status: 'COMPLETED', data, ttl, inProgressUntil: undefined });
  }
  async release(pk: string) {
    this.records.delete(pk);
  }
}

describe('records', () => {
  const record = (r: Partial<IdempotencyRecord>): IdempotencyRecord => ({
    pk: 'p',
    status: 'COMPLETED',
    ttl: 2_000,
    validation: 'v',
    ...r,
  });
  it('hold their key until they expire, and an in-progress one only until its deadline', () => {
    expect(holdsKey(record({}), 1_999_000)).toBe(true);
    expect(holdsKey(record({}), 2_001_000)).toBe(false);
    expect(holdsKey(record({ status: 'INPROGRESS', inProgressUntil: 1_500_000 }), 1_400_000)).toBe(true);
    expect(holdsKey(record({ status: 'INPROGRESS', inProgressUntil: 1_500_000 }), 1_600_000)).toBe(false);
    expect(holdsKey(record({ status: 'INPROGRESS' }), 1_600_000)).toBe(true);
  });

  it('hash the request with its keys in any order alike, and any changed value apart', () => {
    expect(requestHash({ body: { a: 1, b: { c: [1, 2], d: 'x' } } })).toBe(
      requestHash({ body: { b: { d: 'x', c: [1, 2] }, a: 1 } }),
    );
    expect(requestHash({ body: { a: 1 } })).not.toBe(requestHash({ body: { a: 2 } }));
    expect(requestHash({ body: { c: [1, 2] } })).not.toBe(requestHash({ body: { c: [2, 1] } }));
  });
});

const route = PRODUCT_ROUTES.createProduct as RouteDef;

interface Call {
  key?: string;
  body?: unknown;
  userId?: string;
}

/** The idempotency middleware behind a stand-in for the tranche middleware (session, validated body, error mapping). */
const harness = (answer: (body: unknown) => Promise<APIGatewayProxyStructuredResultV2>) => {
  const store = new MemoryStore();
  let runs = 0;
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>()
    .use({
      before: async (request) => {
        const event = request.event as APIGatewayProxyEventV2 & { tranche?: unknown; callBody?: unknown };
        event.tranche = {
          session: { tenantId: 'T1', userId: (event as { userId?: string }).userId ?? 'U1' },
          params: undefined,
          query: undefined,
          body: event.callBody,
        };
      },
      onError: async (request) => {
        const mapped = mapError(request.error, 'r', 'en');
        request.response = { statusCode: mapped.status, body: JSON.stringify(mapped.body) };
      },
    })
    .use(
      idempotencyWith(() => store)(route) as unknown as MiddlewareObj<
        APIGatewayProxyEventV2,
        APIGatewayProxyStructuredResultV2,
        Error,
        Context
      >,
    )
    .handler(async (event) => {
      runs += 1;
      return answer((event as { callBody?: unknown }).callBody);
    });
  const call = (c: Call) =>
    handler(
      {
        headers: c.key === undefined ? {} : { 'idempotency-key': c.key },
        callBody: c.body ?? { name: 'Fund I' },
        userId: c.userId,
      } as unknown as APIGatewayProxyEventV2,
      { getRemainingTimeInMillis: () => 10_000 } as Context,
    );
  return { store, call, runs: () => runs };
};

const createdAnswer = (n: () => number) => async (): Promise<APIGatewayProxyStructuredResultV2> => ({
  statusCode: 201,
  headers: { 'content-type': 'application/json' },
  cookies: ['leak=1'],
  body: JSON.stringify({ productId: `P${n()}` }),
});

describe('idempotency middleware', () => {
  it('replays the first answer (status, body, headers; no cookies) without running the handler again', async () => {
    let n = 0;
    const h = harness(createdAnswer(() => ++n));
    const first = await h.call({ key: KEY });
    const second = await h.call({ key: KEY });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    expect(second.headers).toMatchObject({ 'content-type': 'application/json', 'idempotent-replayed': 'true' });
    expect(second.cookies).toBeUndefined();
    expect(h.runs()).toBe(1);
  });

  it('runs every call without a key', async () => {
    let n = 0;
    const h = harness(createdAnswer(() => ++n));
    await h.call({});
    await h.call({});
    expect(h.runs()).toBe(2);
    expect(h.store.records.size).toBe(0);
  });

  it('answers 422 to the same key with another body and keeps the first answer for the first body', async () => {
    let n = 0;
    const h = harness(createdAnswer(() => ++n));
    const first = await h.call({ key: KEY, body: { name: 'Fund I' } });
    const other = await h.call({ key: KEY, body: { name: 'Fund II' } });
    expect(other.statusCode).toBe(422);
    expect(JSON.parse(other.body ?? '{}')).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const again = await h.call({ key: KEY, body: { name: 'Fund I' } });
    expect(again.body).toBe(first.body);
    expect(h.runs()).toBe(1);
  });

  it('treats the same body with its keys in another order as the same request', async () => {
    let n = 0;
    const h = harness(createdAnswer(() => ++n));
    await h.call({ key: KEY, body: { a: 1, b: 2 } });
    const again = await h.call({ key: KEY, body: { b: 2, a: 1 } });
    expect(again.statusCode).toBe(201);
    expect(h.runs()).toBe(1);
  });

  it('answers 409 while the first request with the key is still running, and leaves its record alone', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const h = harness(async () => {
      await gate;
      return { statusCode: 201, body: '{"productId":"P1"}' };
    });
    const first = h.call({ key: KEY });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const second = await h.call({ key: KEY });
    expect(second.statusCode).toBe(409);
    expect(JSON.parse(second.body ?? '{}')).toMatchObject({ code: 'IDEMPOTENCY_REQUEST_IN_PROGRESS' });
    release();
    expect((await first).statusCode).toBe(201);
    expect((await h.call({ key: KEY })).body).toBe('{"productId":"P1"}');
    expect(h.runs()).toBe(1);
  });

  it('does not remember a thrown 4xx: the retry runs again', async () => {
    let fail = true;
    const h = harness(async () => {
      if (fail) throw new DomainError('VERSION_CONFLICT');
      return { statusCode: 201, body: '{}' };
    });
    expect((await h.call({ key: KEY })).statusCode).toBe(409);
    expect(h.store.records.size).toBe(0);
    fail = false;
    expect((await h.call({ key: KEY })).statusCode).toBe(201);
    expect(h.runs()).toBe(2);
  });

  it('does not remember a 5xx or a returned 4xx either', async () => {
    let answers = [
      async () => {
        throw new Error('boom');
      },
      async () => ({ statusCode: 400, body: '{}' }),
      async () => ({ statusCode: 201, body: '{"ok":true}' }),
    ];
    const h = harness(() => {
      const next = answers[0];
      answers = answers.slice(1);
      return next ? next() : Promise.reject(new Error('no answer left'));
    });
    expect((await h.call({ key: KEY })).statusCode).toBe(500);
    expect((await h.call({ key: KEY })).statusCode).toBe(400);
    expect((await h.call({ key: KEY })).statusCode).toBe(201);
    expect(h.runs()).toBe(3);
  });

  it('keeps one user’s key apart from another user’s', async () => {
    let n = 0;
    const h = harness(createdAnswer(() => ++n));
    const mine = await h.call({ key: KEY, userId: 'U1' });
    const theirs = await h.call({ key: KEY, userId: 'U2' });
    expect(theirs.body).not.toBe(mine.body);
    expect(h.runs()).toBe(2);
  });

  it('treats an expired record as absent', async () => {
    let n = 0;
    const h = harness(createdAnswer(() => ++n));
    const first = await h.call({ key: KEY });
    for (const record of h.store.records.values()) record.ttl = Math.floor(Date.now() / 1000) - 1;
    const later = await h.call({ key: KEY });
    expect(later.statusCode).toBe(201);
    expect(later.body).not.toBe(first.body);
    expect(h.runs()).toBe(2);
  });

  it('refuses a malformed key with 400 before running anything', async () => {
    const h = harness(createdAnswer(() => 1));
    const res = await h.call({ key: 'short' });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body ?? '{}').details.fields[0].field).toBe('header.Idempotency-Key');
    expect(h.runs()).toBe(0);
  });
});

describe('httpApi and the idempotent flag', () => {
  const plain = { ...route, idempotent: undefined } as RouteDef;
  it('will not build a flagged route without the middleware, nor an unflagged one with it', () => {
    expect(() => httpApi(route, async () => ok({}))).toThrow(/idempotency/);
    expect(() => httpApi(plain, async () => ok({}), { idempotency })).toThrow(/idempotency/);
    expect(() => httpApi(route, async () => ok({}), { idempotency })).not.toThrow();
  });

  it('does not compile a flagged route without the middleware', () => {
    // @ts-expect-error createProduct is flagged `idempotent`: the third argument is required.
    expect(() => httpApi(PRODUCT_ROUTES.createProduct, async () => ok({}))).toThrow();
  });
});
