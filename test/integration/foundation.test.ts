import { get } from 'node:http';
import { connect } from 'node:net';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ERROR_CATALOGUE } from '@tranche/shared/errors/catalogue';
import { ROUTE_LIST } from '@tranche/shared/http/routes';
import { describe, expect, it } from 'vitest';
import { alpine, anonymous, beacon, call, errorOf, signedIn, stack } from '../support/api.js';

/** Whether something accepts TCP connections at host:port (a refused connection answers false). */
const listening = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

describe('the local stack on the network', () => {
  it('listens on 127.0.0.1 only: the gateway (and its mailbox) and the stand-ins with the data', async () => {
    const endpoints = [
      stack.url,
      stack.env.AWS_ENDPOINT_URL_DYNAMODB,
      stack.env.AWS_ENDPOINT_URL_S3,
      stack.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
    ];
    for (const endpoint of endpoints) {
      const port = Number(new URL(String(endpoint)).port);
      expect(await listening('127.0.0.1', port), `${endpoint} on 127.0.0.1`).toBe(true);
      // Another loopback address stands in for the network: a wildcard bind would accept it.
      expect(await listening('127.0.0.2', port), `${endpoint} on 127.0.0.2`).toBe(false);
    }
  });
});

describe('tenant resolution', () => {
  it('resolves localhost to the first demo tenant by host name', async () => {
    const res = await fetch(`${stack.url}/api/invest/client/get-tenant-info`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { prefix: string; branding: { displayName: string } };
    expect(body.prefix).toBe('alpine');
    expect(body.branding.displayName).toBe('Alpine Capital');
  });

  it('resolves the second tenant by its prefix', async () => {
    const res = await call<{ prefix: string; tenantId: string }>(anonymous(beacon), '/invest/client/get-tenant-info');
    expect(res.status).toBe(200);
    expect(res.body.tenantId).toBe(beacon.tenantId);
  });

  it('answers TenantNotExist for an unknown prefix or host', async () => {
    const byPrefix = await call({ tenant: { ...beacon, prefix: 'nobody' } }, '/invest/client/get-tenant-info');
    expect(byPrefix.status).toBe(404);
    expect(errorOf(byPrefix).code).toBe('TenantNotExist');
    // A host name no tenant claims (fetch cannot set Host; the gateway listens on loopback only).
    const byHost = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL('/api/invest/client/get-tenant-info', stack.url);
      get({ host: '127.0.0.1', port: url.port, path: url.pathname, headers: { host: 'nobody.example' } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      }).on('error', reject);
    });
    expect(byHost.status).toBe(404);
    expect(JSON.parse(byHost.body).code).toBe('TenantNotExist');
  });

  it('hands out a readable cross-site-request token cookie with the tenant info', async () => {
    const res = await fetch(`${stack.url}/api/invest/client/get-tenant-info`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('csrf-token='));
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/);
  });
});

describe('tenant configuration routes', () => {
  it('lists the languages with labels and the default', async () => {
    const res = await call<{ items: { lang: string; label: string; isDefault: boolean }[] }>(
      anonymous(alpine),
      '/lp/tenant/i18n/configs',
    );
    expect(res.body.items).toEqual([
      { lang: 'en', label: 'English', isDefault: true },
      { lang: 'zh-CN', label: '简体中文', isDefault: false },
    ]);
    const langs = await call<{ langs: string[] }>(anonymous(alpine), '/lp/tenant/i18n/langs');
    expect(langs.body.langs).toEqual(['en', 'zh-CN']);
  });

  it("lists each tenant's own currencies", async () => {
    const a = await call<{ items: { code: string; isDefault: boolean }[] }>(anonymous(alpine), '/currencies');
    const b = await call<{ items: { code: string; isDefault: boolean }[] }>(anonymous(beacon), '/currencies');
    expect(a.body.items.find((c) => c.isDefault)?.code).toBe('USD');
    expect(b.body.items.find((c) => c.isDefault)?.code).toBe('HKD');
  });

  it('answers features and LP settings publicly, GP settings only to the GP team', async () => {
    expect((await call<{ features: Record<string, boolean> }>(anonymous(alpine), '/features')).body.features.chat).toBe(
      true,
    );
    expect(
      (await call<{ version: number }>(anonymous(alpine), '/v2/lp/tenant-settings')).body.version,
    ).toBeGreaterThanOrEqual(1);
    expect((await call(anonymous(alpine), '/v2/gp/tenant-settings')).status).toBe(401);
    expect((await call(await signedIn(alpine, 'LP'), '/v2/gp/tenant-settings')).status).toBe(403);
    expect((await call(await signedIn(alpine, 'GP_MEMBER'), '/v2/gp/tenant-settings')).status).toBe(200);
  });

  it('updates GP settings with optimistic concurrency and an audit event in the same transaction', async () => {
    const owner = await signedIn(alpine, 'GP_OWNER');
    const current = await call<{ settings: Record<string, unknown>; version: number }>(owner, '/v2/gp/tenant-settings');
    const settings = { ...current.body.settings, capitalCallNoticeBusinessDays: 12 };
    // Other files change this tenant's settings too (the run shares one stack): count this test's only.
    const since = new Date().toISOString();
    const first = await call<{ version: number }>(owner, '/v2/gp/tenant-settings', {
      method: 'PUT',
      body: { settings, version: current.body.version },
    });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(current.body.version + 1);
    const stale = await call(owner, '/v2/gp/tenant-settings', {
      method: 'PUT',
      body: { settings, version: current.body.version },
    });
    expect(stale.status).toBe(409);
    expect(errorOf(stale).code).toBe('VERSION_CONFLICT');

    const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
    const events = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :since AND :until',
        ExpressionAttributeValues: { ':pk': `T#${alpine.tenantId}`, ':since': `EVT#${since}`, ':until': 'EVT#~' },
      }),
    );
    const updates = (events.Items ?? []).filter((e) => e.action === 'GP_SETTINGS_UPDATED');
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({
      actorId: expect.any(String),
      tenantId: alpine.tenantId,
      requestId: expect.any(String),
    });
  });

  it('refuses a GP member changing settings (admins and owners only)', async () => {
    const memberCaller = await signedIn(alpine, 'GP_MEMBER');
    const res = await call(memberCaller, '/v2/gp/tenant-settings', {
      method: 'PUT',
      body: {
        settings: { requireMfaForGp: true, fourEyesApproval: true, capitalCallNoticeBusinessDays: 10 },
        version: 1,
      },
    });
    expect(res.status).toBe(403);
    expect(errorOf(res).code).toBe('FORBIDDEN');
  });
});

describe('products', () => {
  it("lists each tenant's published funds and only those", async () => {
    const a = await call<{ items: { productId: string; name: { en: string } }[] }>(
      anonymous(alpine),
      '/product/v2.0/assets',
    );
    const b = await call<{ items: { productId: string; name: { en: string } }[] }>(
      anonymous(beacon),
      '/product/v2.0/assets',
    );
    expect(a.body.items.map((p) => p.name.en).sort()).toEqual([
      'Alpine Growth Fund I',
      'Alpine Income Fund',
      'Alpine Venture Fund II',
    ]);
    expect(b.body.items.map((p) => p.productId).sort()).toEqual([...beacon.productIds].sort());
  });

  it('pages with an opaque cursor that cannot leave the tenant', async () => {
    const page1 = await call<{ items: unknown[]; nextCursor?: string }>(anonymous(alpine), '/product/v2.0/assets', {
      query: { limit: '2' },
    });
    expect(page1.body.items).toHaveLength(2);
    expect(page1.body.nextCursor).toBeDefined();
    const page2 = await call<{ items: unknown[] }>(anonymous(alpine), '/product/v2.0/assets', {
      query: { limit: '2', cursor: page1.body.nextCursor! },
    });
    expect(page2.body.items).toHaveLength(1);
    const foreign = await call(anonymous(beacon), '/product/v2.0/assets', {
      query: { cursor: page1.body.nextCursor! },
    });
    expect(foreign.status).toBe(400);
    expect(errorOf(foreign).details?.fields?.[0]?.field).toBe('query.cursor');
  });

  it('shows a product with its share classes, and another tenant’s product as not existing', async () => {
    const productId = alpine.productIds[0]!;
    const own = await call<{ shareClasses: unknown[] }>(anonymous(alpine), '/product/get', { query: { productId } });
    expect(own.status).toBe(200);
    expect(own.body.shareClasses).toHaveLength(2);
    const foreign = await call(anonymous(beacon), '/product/get', { query: { productId } });
    expect(foreign.status).toBe(404);
    expect(errorOf(foreign).code).toBe('productIsNotExist');
  });
});

describe('bad input', () => {
  it('answers an unknown route with a catalogued 404', async () => {
    const res = await call(anonymous(alpine), '/no/such/route');
    expect(res.status).toBe(404);
    expect(errorOf(res).code).toBe('ROUTE_NOT_FOUND');
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const res = await call(anonymous(alpine), '/features', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(errorOf(res).code).toBe('METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toBe('GET, PUT');
  });

  it('answers malformed JSON with 400 and writes nothing', async () => {
    const owner = await signedIn(alpine, 'GP_OWNER');
    const before = await call<{ version: number }>(owner, '/v2/lp/tenant-settings');
    const res = await call(owner, '/v2/lp/tenant-settings', {
      method: 'PUT',
      rawBody: '{"settings": {',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).code).toBe('MALFORMED_JSON');
    expect((await call<{ version: number }>(owner, '/v2/lp/tenant-settings')).body.version).toBe(before.body.version);
  });

  it('answers a body over 1 MB with 413', async () => {
    const owner = await signedIn(alpine, 'GP_OWNER');
    const res = await call(owner, '/v2/lp/tenant-settings', {
      method: 'PUT',
      rawBody: JSON.stringify({ pad: 'x'.repeat(1024 * 1024 + 10) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(errorOf(res).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('rejects unknown fields with 400 naming the field', async () => {
    const owner = await signedIn(alpine, 'GP_OWNER');
    const current = await call<{ settings: object; version: number }>(owner, '/v2/gp/tenant-settings');
    const res = await call(owner, '/v2/gp/tenant-settings', {
      method: 'PUT',
      body: { settings: { ...current.body.settings, isAdmin: true }, version: current.body.version },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).code).toBe('PARAMS_ERROR');
    expect(errorOf(res).details?.fields).toContainEqual(
      expect.objectContaining({ field: 'body.settings.isAdmin', rule: 'unrecognized_keys' }),
    );
  });

  it('names the field at fault in a query and answers in the caller’s language', async () => {
    const res = await call(anonymous(alpine), '/product/get', { query: { productId: 'nope' }, lang: 'zh-CN' });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toBe(ERROR_CATALOGUE.PARAMS_ERROR.messages['zh-CN']);
    expect(errorOf(res).details?.fields?.[0]?.field).toBe('query.productId');
  });

  it('refuses a state-changing call without the cross-site-request token', async () => {
    const owner = await signedIn(alpine, 'GP_OWNER');
    const res = await call({ ...owner, csrf: undefined }, '/invest/account/logout', { method: 'POST' });
    expect(res.status).toBe(403);
    expect(errorOf(res).code).toBe('CSRF_TOKEN_INVALID');
  });
});

describe('sessions', () => {
  it('signing out ends the session at once', async () => {
    const investor = await signedIn(alpine, 'LP');
    expect((await call(investor, '/user-center/get')).status).toBe(200);
    const out = await call(investor, '/invest/account/logout', { method: 'POST' });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((c) => /Max-Age=0/.test(c))).toBe(true);
    expect((await call(investor, '/user-center/get')).status).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('describes every route of the table with its operationId and error responses', async () => {
    const res = await call<{
      openapi: string;
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
    }>(anonymous(alpine), '/openapi.json');
    expect(res.body.openapi).toBe('3.1.0');
    for (const route of ROUTE_LIST) {
      const op = res.body.paths[`/api${route.path}`]?.[route.method.toLowerCase()];
      expect(op?.operationId, route.operationId).toBe(route.operationId);
      expect(
        Object.keys(op?.responses ?? {}).some((s) => s.startsWith('4')),
        route.operationId,
      ).toBe(true);
    }
  });
});

describe('query strings as API Gateway passes them', () => {
  it('refuses a query key named like an object property (__proto__, constructor) as an unknown field', async () => {
    const productId = alpine.productIds[0] as string;
    for (const key of ['__proto__', 'constructor']) {
      const res = await call(anonymous(alpine), `/share-class/get?productId=${productId}&${key}=1`);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(errorOf(res).details?.fields?.map((f) => f.field)).toContain(`query.${key}`);
    }
  });
});
