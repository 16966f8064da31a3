import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { convertForDisplay } from '@tranche/shared/tenant/display-currency';
import { describe, expect, it } from 'vitest';
import {
  alpine,
  anonymous,
  beacon,
  type Caller,
  type CallResult,
  call,
  callerFromCookies,
  errorOf,
  signedIn,
  stack,
  type Tenant,
} from '../support/api.js';
import { scratchTenant } from '../support/scratch-tenant.js';

const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
const { keys } = await import('../../functions/src/_lib/db/keys.js');
const { newId } = await import('../../functions/src/_lib/ids.js');

const freshTenant = () => scratchTenant('cfg');

interface TenantConfig {
  prefix: string;
  domains: string[];
  branding: { displayName: string; primaryColor: string; logoText: string; tagline: object; logoUrl?: string };
  brandingWarnings: { field: string; code: string; ratio: string }[];
  languages: string[];
  defaultLanguage: string;
  currencyPolicy: { baseCurrency: string; currencies: string[]; rates: object[] };
  features: Record<string, boolean>;
  revisions: Record<'i18n' | 'currency' | 'features' | 'branding' | 'domain', string>;
}

const configOf = async (caller: Caller) => {
  const res = await call<TenantConfig>(caller, '/tenant');
  expect(res.status).toBe(200);
  return res.body;
};

const fieldsOf = (res: CallResult) => errorOf(res).details?.fields?.map((f) => f.field) ?? [];

const expectInvalid = (res: CallResult, field: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(errorOf(res).code).toBe('PARAMS_ERROR');
  expect(fieldsOf(res)).toContain(field);
};

const auditActions = async (pk: string) =>
  (
    await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :evt)',
        ExpressionAttributeValues: { ':pk': pk, ':evt': 'EVT#' },
      }),
    )
  ).Items?.map((i) => i.action as string) ?? [];

describe('languages', () => {
  it('lets an admin choose the offered languages and the default, seen by every reader', async () => {
    const t = await freshTenant();
    const admin = await signedIn(t, 'GP_ADMIN');
    const before = await call<{ revision: string }>(anonymous(t), '/lp/tenant/i18n/configs');
    const res = await call<{ items: object[]; revision: string }>(admin, '/lp/tenant/i18n/configs', {
      method: 'PUT',
      body: { languages: ['zh-CN'], defaultLanguage: 'zh-CN', revision: before.body.revision },
    });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([{ lang: 'zh-CN', label: '简体中文', isDefault: true }]);
    expect(res.body.revision).not.toBe(before.body.revision);
    expect((await call(anonymous(t), '/lp/tenant/i18n/langs')).body).toEqual({
      langs: ['zh-CN'],
      defaultLanguage: 'zh-CN',
    });
    const info = await call<{ languages: string[]; defaultLanguage: string }>(
      anonymous(t),
      '/invest/client/get-tenant-info',
    );
    expect(info.body).toMatchObject({ languages: ['zh-CN'], defaultLanguage: 'zh-CN' });
    expect(await auditActions(`T#${t.tenantId}`)).toContain('I18N_CONFIG_UPDATED');
  });

  it('names the field at fault: a default that is not offered, a language not supported, a repeat', async () => {
    const t = await freshTenant();
    const admin = await signedIn(t, 'GP_ADMIN');
    const { revisions } = await configOf(admin);
    const put = (body: object) =>
      call(admin, '/lp/tenant/i18n/configs', { method: 'PUT', body: { revision: revisions.i18n, ...body } });
    expectInvalid(await put({ languages: ['en'], defaultLanguage: 'zh-CN' }), 'body.defaultLanguage');
    expectInvalid(await put({ languages: ['en', 'fr'], defaultLanguage: 'en' }), 'body.languages.1');
    expectInvalid(await put({ languages: ['en', 'en'], defaultLanguage: 'en' }), 'body.languages');
    expectInvalid(await put({ languages: [], defaultLanguage: 'en' }), 'body.languages');
  });

  it('refuses GP members and investors', async () => {
    const t = await freshTenant();
    const { revisions } = await configOf(await signedIn(t, 'GP_OWNER'));
    const body = { languages: ['en'], defaultLanguage: 'en', revision: revisions.i18n };
    for (const role of ['GP_MEMBER', 'LP'] as const) {
      const res = await call(await signedIn(t, role), '/lp/tenant/i18n/configs', { method: 'PUT', body });
      expect(res.status).toBe(403);
    }
  });
});

describe('currencies and display conversion', () => {
  it('sets the base currency, the offered currencies and their rates; investors convert with them', async () => {
    const t = await freshTenant();
    const owner = await signedIn(t, 'GP_OWNER');
    const current = await call<{ revision: string; rounding: string }>(anonymous(t), '/currency-policy');
    expect(current.body.rounding).toBe('HALF_EVEN');
    const policy = {
      baseCurrency: 'HKD',
      currencies: ['HKD', 'USD', 'JPY'],
      rates: [
        { currency: 'USD', rate: '0.128', asOf: '2026-04-01' },
        { currency: 'JPY', rate: '19.3580', asOf: '2026-04-01' },
      ],
    };
    const res = await call<typeof policy & { revision: string }>(owner, '/currency-policy', {
      method: 'PUT',
      body: { ...policy, revision: current.body.revision },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject(policy);
    const read = await call<typeof policy>(anonymous(t), '/currency-policy');
    expect(read.body).toMatchObject(policy);
    const currencies = await call<{ items: { code: string; isDefault: boolean }[] }>(anonymous(t), '/currencies');
    expect(currencies.body.items.map((c) => [c.code, c.isDefault])).toEqual([
      ['HKD', true],
      ['USD', false],
      ['JPY', false],
    ]);
    // What the portal shows for a HKD 1,000,000.00 holding, in the investor's chosen currencies.
    expect(convertForDisplay('1000000.00', 'HKD', 'USD', read.body as never)?.amount).toBe('128000.00');
    expect(convertForDisplay('1000000.00', 'HKD', 'JPY', read.body as never)?.amount).toBe('19358000');
    expect(convertForDisplay('128000.00', 'USD', 'JPY', read.body as never)?.amount).toBe('19358000');
  });

  it('names the field at fault in a policy that does not hold together', async () => {
    const t = await freshTenant();
    const owner = await signedIn(t, 'GP_OWNER');
    const { revisions } = await configOf(owner);
    const put = (body: object) =>
      call(owner, '/currency-policy', { method: 'PUT', body: { revision: revisions.currency, ...body } });
    const rate = (currency: string, value: unknown = '7.8') => ({ currency, rate: value, asOf: '2026-04-01' });
    expectInvalid(await put({ baseCurrency: 'USD', currencies: ['USD', 'HKD'], rates: [] }), 'body.currencies.1');
    expectInvalid(await put({ baseCurrency: 'EUR', currencies: ['USD'], rates: [] }), 'body.baseCurrency');
    expectInvalid(
      await put({ baseCurrency: 'USD', currencies: ['USD', 'HKD'], rates: [rate('HKD', '0')] }),
      'body.rates.0.rate',
    );
    expectInvalid(
      await put({ baseCurrency: 'USD', currencies: ['USD', 'HKD'], rates: [rate('HKD', 7.8)] }),
      'body.rates.0.rate',
    );
    expectInvalid(
      await put({ baseCurrency: 'USD', currencies: ['USD', 'HKD'], rates: [rate('HKD'), rate('USD')] }),
      'body.rates.1.currency',
    );
    expectInvalid(
      await put({ baseCurrency: 'USD', currencies: ['USD'], rates: [{ ...rate('HKD'), asOf: '31/03/2026' }] }),
      'body.rates.0.asOf',
    );
    expectInvalid(await put({ baseCurrency: 'USD', currencies: ['USD', 'XYZ'], rates: [] }), 'body.currencies.1');
  });
});

describe('feature toggles', () => {
  it('replaces every toggle at once, audited', async () => {
    const t = await freshTenant();
    const admin = await signedIn(t, 'GP_ADMIN');
    const current = await call<{ features: Record<string, boolean>; revision: string }>(anonymous(t), '/features');
    const features = { ...current.body.features, chat: false, ira: true };
    const res = await call<{ features: Record<string, boolean> }>(admin, '/features', {
      method: 'PUT',
      body: { features, revision: current.body.revision },
    });
    expect(res.status).toBe(200);
    expect((await call<{ features: object }>(anonymous(t), '/features')).body.features).toEqual(features);
    expect(await auditActions(`T#${t.tenantId}`)).toContain('FEATURES_UPDATED');
  });

  it('names an unknown or missing toggle', async () => {
    const t = await freshTenant();
    const admin = await signedIn(t, 'GP_ADMIN');
    const { features, revision } = (
      await call<{ features: Record<string, boolean>; revision: string }>(admin, '/features')
    ).body;
    const unknown = await call(admin, '/features', {
      method: 'PUT',
      body: { features: { ...features, teleport: true }, revision },
    });
    expectInvalid(unknown, 'body.features.teleport');
    const { chat: _chat, ...missing } = features;
    expectInvalid(
      await call(admin, '/features', { method: 'PUT', body: { features: missing, revision } }),
      'body.features.chat',
    );
  });

  it('lets one of two concurrent changes win and answers the other 409, changing nothing else', async () => {
    const t = await freshTenant();
    const [a, b] = [await signedIn(t, 'GP_ADMIN'), await signedIn(t, 'GP_OWNER')];
    const { features, revision } = (await call<{ features: Record<string, boolean>; revision: string }>(a, '/features'))
      .body;
    const [first, second] = await Promise.all([
      call(a, '/features', { method: 'PUT', body: { features: { ...features, chat: false }, revision } }),
      call(b, '/features', { method: 'PUT', body: { features: { ...features, esign: false }, revision } }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    expect(errorOf(loser).code).toBe('VERSION_CONFLICT');
    const now = (await call<{ features: Record<string, boolean> }>(a, '/features')).body.features;
    expect([now.chat, now.esign].filter((on) => !on)).toHaveLength(1);
    expect((await auditActions(`T#${t.tenantId}`)).filter((x) => x === 'FEATURES_UPDATED')).toHaveLength(1);
  });

  it('keeps sections apart: a stale branding revision does not block a features change', async () => {
    const t = await freshTenant();
    const owner = await signedIn(t, 'GP_OWNER');
    const config = await configOf(owner);
    const features = await call(owner, '/features', {
      method: 'PUT',
      body: { features: config.features, revision: config.revisions.features },
    });
    expect(features.status).toBe(200);
    const branding = await call(owner, '/tenant/branding', {
      method: 'PUT',
      body: { ...config.branding, logo: 'keep', revision: config.revisions.branding },
    });
    expect(branding.status).toBe(200);
  });
});

/** GET /invest/client/get-tenant-info as a browser on `host` would ask (the gateway reads the Host header). */
const tenantByHost = (host: string): Promise<{ status: number; body: { tenantId?: string; code?: string } }> =>
  new Promise((resolve, reject) => {
    const url = new URL(stack.url);
    const req = request(
      { host: '127.0.0.1', port: url.port, path: '/api/invest/client/get-tenant-info', headers: { host } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => {
          text += d.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end();
  });

describe('custom domain and prefix', () => {
  const putDomain = (caller: Caller, body: object) =>
    call<{ prefix: string; domains: string[]; revision: string }>(caller, '/tenant/domain', { method: 'PUT', body });

  it('moves the portal to a new prefix and domain in one change, keeping the admin signed in', async () => {
    const t = await freshTenant();
    const owner = await signedIn(t, 'GP_OWNER');
    const config = await configOf(owner);
    const prefix = `moved-${randomBytes(3).toString('hex')}`;
    const domain = `invest.${prefix}.example`;
    const res = await putDomain(owner, { prefix, domains: [domain], revision: config.revisions.domain });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ prefix, domains: [domain] });

    expect(errorOf(await call(anonymous(t), '/invest/client/get-tenant-info')).code).toBe('TenantNotExist');
    const moved: Tenant = { ...t, prefix };
    expect((await call<{ tenantId: string }>(anonymous(moved), '/invest/client/get-tenant-info')).body.tenantId).toBe(
      t.tenantId,
    );
    expect((await tenantByHost(domain)).body.tenantId).toBe(t.tenantId);

    // The session cookies come back under the new prefix's names; the old names are cleared.
    const carried = callerFromCookies(moved, res);
    expect([...carried.cookies.keys()]).toEqual(
      expect.arrayContaining([`__Host-tr_sid_${prefix}`, `__Host-tr_rt_${prefix}`]),
    );
    const again = await call(
      { ...carried, csrf: owner.csrf, cookie: `${carried.cookie}; csrf-token=${owner.csrf}` },
      '/tenant',
    );
    expect(again.status).toBe(200);
    expect(await auditActions(`T#${t.tenantId}`)).toContain('DOMAIN_UPDATED');
  });

  it("refuses another tenant's prefix or domain with 409 naming the field, and writes nothing", async () => {
    const a = await freshTenant();
    const b = await freshTenant();
    const ownerA = await signedIn(a, 'GP_OWNER');
    const ownerB = await signedIn(b, 'GP_OWNER');
    const domain = `portal.${a.prefix}.example`;
    const setA = await putDomain(ownerA, {
      prefix: a.prefix,
      domains: [domain],
      revision: (await configOf(ownerA)).revisions.domain,
    });
    expect(setA.status).toBe(200);

    const revisionB = (await configOf(ownerB)).revisions.domain;
    const prefixTaken = await putDomain(ownerB, { prefix: a.prefix, domains: [], revision: revisionB });
    expect(prefixTaken.status).toBe(409);
    expect(errorOf(prefixTaken).code).toBe('prefixTaken');
    expect(fieldsOf(prefixTaken)).toEqual(['body.prefix']);
    const seeded = await putDomain(ownerB, { prefix: beacon.prefix, domains: [], revision: revisionB });
    expect(errorOf(seeded).code).toBe('prefixTaken');

    const unclaimed = `free-${randomBytes(3).toString('hex')}`;
    const domainTaken = await putDomain(ownerB, {
      prefix: unclaimed,
      domains: [`own.${unclaimed}.example`, domain],
      revision: revisionB,
    });
    expect(domainTaken.status).toBe(409);
    expect(errorOf(domainTaken).code).toBe('domainTaken');
    expect(fieldsOf(domainTaken)).toEqual(['body.domains.1']);
    // Nothing of the refused change was written: B keeps its prefix, the new names stay free.
    const afterB = await configOf(ownerB);
    expect(afterB).toMatchObject({ prefix: b.prefix, domains: [] });
    expect(afterB.revisions.domain).toBe(revisionB);
    expect(errorOf(await call(anonymous({ ...b, prefix: unclaimed }), '/features')).code).toBe('TenantNotExist');
    expect((await tenantByHost(`own.${unclaimed}.example`)).status).toBe(404);
    expect((await tenantByHost(domain)).body.tenantId).toBe(a.tenantId);
  });

  it('releases a removed domain to other tenants', async () => {
    const a = await freshTenant();
    const b = await freshTenant();
    const ownerA = await signedIn(a, 'GP_OWNER');
    const ownerB = await signedIn(b, 'GP_OWNER');
    const domain = `shared.${a.prefix}.example`;
    const set = await putDomain(ownerA, {
      prefix: a.prefix,
      domains: [domain],
      revision: (await configOf(ownerA)).revisions.domain,
    });
    const cleared = await putDomain(ownerA, { prefix: a.prefix, domains: [], revision: set.body.revision });
    expect(cleared.status).toBe(200);
    expect((await tenantByHost(domain)).status).toBe(404);
    const claimed = await putDomain(ownerB, {
      prefix: b.prefix,
      domains: [domain],
      revision: (await configOf(ownerB)).revisions.domain,
    });
    expect(claimed.status).toBe(200);
    expect((await tenantByHost(domain)).body.tenantId).toBe(b.tenantId);
  });

  it('validates prefixes (reserved words, shape) and host names, naming the field', async () => {
    const t = await freshTenant();
    const owner = await signedIn(t, 'GP_OWNER');
    const revision = (await configOf(owner)).revisions.domain;
    for (const prefix of ['api', 'gp', 't', 'www', 'Alpine', 'a', 'ends-', 'double--dash', '9lives', 'x'.repeat(32)]) {
      expectInvalid(await putDomain(owner, { prefix, domains: [], revision }), 'body.prefix');
    }
    for (const host of [
      'localhost',
      'http://invest.example.com',
      'Invest.Example.com',
      '-bad.example.com',
      '127.0.0.1',
      'a..b.com',
    ]) {
      expectInvalid(await putDomain(owner, { prefix: t.prefix, domains: [host], revision }), 'body.domains.0');
    }
    const stale = await putDomain(owner, { prefix: t.prefix, domains: [], revision: newId() });
    expect(stale.status).toBe(409);
    expect(errorOf(stale).code).toBe('VERSION_CONFLICT');
  });
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('branding', () => {
  const upload = async (caller: Caller, bytes: Buffer, contentType = 'image/png', size = bytes.length) => {
    const presigned = await call<{ uploadId: string; url: string; headers: Record<string, string> }>(
      caller,
      '/tenant/branding/logo-uploads',
      { method: 'POST', body: { contentType, size } },
    );
    expect(presigned.status, JSON.stringify(presigned.body)).toBe(201);
    const put = await fetch(presigned.body.url, { method: 'PUT', headers: presigned.body.headers, body: bytes });
    expect(put.status).toBe(200);
    return presigned.body;
  };

  it('presigns uploads without a checksum of an empty body (WHEN_REQUIRED, LOCAL-AWS.md)', async () => {
    const t = await freshTenant();
    const res = await call<{ url: string; method: string; headers: object }>(
      await signedIn(t, 'GP_ADMIN'),
      '/tenant/branding/logo-uploads',
      { method: 'POST', body: { contentType: 'image/webp', size: 1000 } },
    );
    expect(res.status).toBe(201);
    expect(res.body.method).toBe('PUT');
    expect(res.body.headers).toEqual({ 'content-type': 'image/webp' });
    expect(res.body.url).toContain(`/tenants/${t.tenantId}/branding/logo/`);
    expect(res.body.url.toLowerCase()).not.toMatch(/x-amz-checksum|x-amz-sdk-checksum-algorithm/);
  });

  it('takes a checked logo and colours, serves the logo with the tenant info, warns on low contrast', async () => {
    const t = await freshTenant();
    const admin = await signedIn(t, 'GP_ADMIN');
    const config = await configOf(admin);
    const { uploadId } = await upload(admin, PNG);
    const branding = {
      displayName: 'Renamed Capital',
      primaryColor: '#ffd43b',
      logoText: 'RC',
      tagline: { en: 'New look.', 'zh-CN': '新面貌。' },
    };
    const res = await call<{ branding: { logoUrl?: string }; warnings: { code: string }[]; revision: string }>(
      admin,
      '/tenant/branding',
      { method: 'PUT', body: { ...branding, logo: { uploadId }, revision: config.revisions.branding } },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.branding).toMatchObject(branding);
    expect(res.body.warnings).toEqual([
      { field: 'primaryColor', code: 'lowContrastOnWhite', ratio: expect.any(String) },
    ]);

    const info = await call<{ branding: { displayName: string; logoUrl?: string } }>(
      anonymous(t),
      '/invest/client/get-tenant-info',
    );
    expect(info.body.branding.displayName).toBe('Renamed Capital');
    const image = await fetch(info.body.branding.logoUrl!);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

    const removed = await call<{ branding: { logoUrl?: string } }>(admin, '/tenant/branding', {
      method: 'PUT',
      body: { ...branding, primaryColor: '#1c4e80', logo: 'remove', revision: res.body.revision },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.branding.logoUrl).toBeUndefined();
    expect((await configOf(admin)).brandingWarnings).toEqual([]);
    // The replaced file is gone from the bucket.
    expect((await fetch(info.body.branding.logoUrl!)).status).toBe(404);
    expect(await auditActions(`T#${t.tenantId}`)).toContain('BRANDING_UPDATED');
  });

  it('refuses a file that is not a PNG, JPEG or WebP, or is too large, whatever it was declared as', async () => {
    const t = await freshTenant();
    const admin = await signedIn(t, 'GP_ADMIN');
    const config = await configOf(admin);
    const put = (uploadId: string) =>
      call(admin, '/tenant/branding', {
        method: 'PUT',
        body: { ...config.branding, logo: { uploadId }, revision: config.revisions.branding },
      });
    const svg = await upload(
      admin,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    );
    const refused = await put(svg.uploadId);
    expect(refused.status).toBe(422);
    expect(errorOf(refused).code).toBe('logoRejected');
    expect(fieldsOf(refused)).toEqual(['body.logo.uploadId']);
    // A refused file is deleted: naming it again finds nothing.
    expect(errorOf(await put(svg.uploadId)).code).toBe('FILE_NOT_EXIST');

    const big = await upload(admin, Buffer.concat([PNG, Buffer.alloc(600 * 1024)]), 'image/png', 1000);
    expect(errorOf(await put(big.uploadId)).code).toBe('logoRejected');
    expect(errorOf(await put(newId())).code).toBe('FILE_NOT_EXIST');
    expect((await configOf(admin)).revisions.branding).toBe(config.revisions.branding);

    expectInvalid(
      await call(admin, '/tenant/branding/logo-uploads', {
        method: 'POST',
        body: { contentType: 'image/svg+xml', size: 10 },
      }),
      'body.contentType',
    );
    expectInvalid(
      await call(admin, '/tenant/branding/logo-uploads', {
        method: 'POST',
        body: { contentType: 'image/png', size: 600 * 1024 },
      }),
      'body.size',
    );
  });

  it("cannot use another tenant's upload", async () => {
    const a = await freshTenant();
    const b = await freshTenant();
    const { uploadId } = await upload(await signedIn(a, 'GP_ADMIN'), PNG);
    const ownerB = await signedIn(b, 'GP_OWNER');
    const config = await configOf(ownerB);
    const res = await call(ownerB, '/tenant/branding', {
      method: 'PUT',
      body: { ...config.branding, logo: { uploadId }, revision: config.revisions.branding },
    });
    expect(res.status).toBe(404);
    expect(errorOf(res).code).toBe('FILE_NOT_EXIST');
  });

  it('names the colour or text at fault', async () => {
    const t = await freshTenant();
    const admin = await signedIn(t, 'GP_ADMIN');
    const config = await configOf(admin);
    const put = (changes: object) =>
      call(admin, '/tenant/branding', {
        method: 'PUT',
        body: { ...config.branding, logo: 'keep', revision: config.revisions.branding, ...changes },
      });
    expectInvalid(await put({ primaryColor: 'red' }), 'body.primaryColor');
    expectInvalid(await put({ primaryColor: '#12345' }), 'body.primaryColor');
    expectInvalid(await put({ displayName: '' }), 'body.displayName');
    expectInvalid(await put({ logoText: 'TOO LONG' }), 'body.logoText');
    expectInvalid(await put({ logo: 'replace' }), 'body.logo');
  });
});

describe('the settings area', () => {
  it('shows the whole configuration to the GP team (members read it), never to investors', async () => {
    const t = await freshTenant();
    const config = await configOf(await signedIn(t, 'GP_MEMBER'));
    expect(config).toMatchObject({
      prefix: t.prefix,
      languages: ['en', 'zh-CN'],
      currencyPolicy: { baseCurrency: 'USD', currencies: ['USD', 'HKD'] },
    });
    expect(Object.keys(config.revisions).sort()).toEqual(['branding', 'currency', 'domain', 'features', 'i18n']);
    expect((await call(await signedIn(t, 'LP'), '/tenant')).status).toBe(403);
    expect((await call(anonymous(t), '/tenant')).status).toBe(401);
  });

  it('keeps LP and GP settings separate, with the open countries on the LP side', async () => {
    const t = await freshTenant();
    const lp = await call<{ settings: Record<string, unknown> }>(anonymous(t), '/v2/lp/tenant-settings');
    expect(lp.body.settings.openCountries).toEqual(['HK', 'SG']);
    const gp = await call<{ settings: Record<string, unknown> }>(
      await signedIn(t, 'GP_MEMBER'),
      '/v2/gp/tenant-settings',
    );
    expect(Object.keys(gp.body.settings).sort()).toEqual([
      'capitalCallNoticeBusinessDays',
      'fourEyesApproval',
      'requireMfaForGp',
      'sealedRetentionYears',
    ]);
    expect(gp.body.settings).not.toHaveProperty('openCountries');
  });
});

interface GpPolicy {
  policyId: string;
  status: string;
  revision: string;
  hasUnpublishedChanges: boolean;
  published?: { version: number; title: { en: string } };
  versions: { version: number }[];
}
interface PublicPolicy {
  policyId: string;
  kind: string;
  version: number;
  title: { en: string; 'zh-CN'?: string };
  body: { en: string };
}

describe('policies', () => {
  const content = (word: string) => ({
    kind: 'COMPLAINTS',
    title: { en: `Complaints (${word})`, 'zh-CN': '投诉处理' },
    body: {
      en: `Write to us and we answer within 14 days. Reference ${word}.`,
      'zh-CN': `我们将在14天内答复。${word}`,
    },
    requireAcceptance: false,
  });

  it('are drafted, published as immutable versions, changed, republished and archived', async () => {
    const t = await freshTenant();
    const admin = await signedIn(t, 'GP_ADMIN');
    const created = await call<GpPolicy>(admin, '/gp/policies', { method: 'POST', body: content('alpha') });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'DRAFT', hasUnpublishedChanges: true, versions: [] });
    const id = created.body.policyId;
    const visible = async () =>
      (await call<{ items: PublicPolicy[] }>(anonymous(t), '/policy')).body.items.find((p) => p.policyId === id);
    expect(await visible()).toBeUndefined();

    const v1 = await call<GpPolicy>(admin, `/gp/policies/${id}/publish`, {
      method: 'POST',
      body: { revision: created.body.revision },
    });
    expect(v1.body).toMatchObject({ status: 'PUBLISHED', hasUnpublishedChanges: false, published: { version: 1 } });
    expect(await visible()).toMatchObject({ version: 1, title: { en: 'Complaints (alpha)' } });

    const edited = await call<GpPolicy>(admin, `/gp/policies/${id}`, {
      method: 'PUT',
      body: { ...content('beta'), revision: v1.body.revision },
    });
    expect(edited.body.hasUnpublishedChanges).toBe(true);
    // Investors keep seeing version 1 until the draft is published.
    expect(await visible()).toMatchObject({ version: 1, title: { en: 'Complaints (alpha)' } });
    const v2 = await call<GpPolicy>(admin, `/gp/policies/${id}/publish`, {
      method: 'POST',
      body: { revision: edited.body.revision },
    });
    expect(v2.body.versions.map((v) => v.version)).toEqual([1, 2]);
    expect(await visible()).toMatchObject({ version: 2, title: { en: 'Complaints (beta)' } });
    // Publishing again changes nothing (a retry is safe).
    const retry = await call<GpPolicy>(admin, `/gp/policies/${id}/publish`, {
      method: 'POST',
      body: { revision: v2.body.revision },
    });
    expect(retry.body.revision).toBe(v2.body.revision);

    // Version 1 is still stored as it was published.
    const { Item } = await db.send(
      new GetCommand({ TableName: tableName(), Key: keys.policyVersion(t.tenantId, id, 1) }),
    );
    expect(Item?.title).toEqual(content('alpha').title);

    const archived = await call<GpPolicy>(admin, `/gp/policies/${id}/archive`, { method: 'POST' });
    expect(archived.body.status).toBe('ARCHIVED');
    expect(await visible()).toBeUndefined();
    const list = await call<{ items: GpPolicy[] }>(await signedIn(t, 'GP_MEMBER'), '/gp/policies');
    expect(list.body.items.find((p) => p.policyId === id)?.status).toBe('ARCHIVED');
    const restored = await call<GpPolicy>(admin, `/gp/policies/${id}/publish`, {
      method: 'POST',
      body: { revision: archived.body.revision },
    });
    expect(restored.body).toMatchObject({ status: 'PUBLISHED', published: { version: 2 } });
    const actions = await auditActions(`T#${t.tenantId}#POLICIES`);
    expect(actions).toEqual(
      expect.arrayContaining([
        'POLICY_CREATED',
        'POLICY_PUBLISHED',
        'POLICY_DRAFT_UPDATED',
        'POLICY_ARCHIVED',
        'POLICY_RESTORED',
      ]),
    );
  });

  it('refuses a stale edit with 409 and names invalid fields', async () => {
    const t = await freshTenant();
    const admin = await signedIn(t, 'GP_ADMIN');
    const created = await call<GpPolicy>(admin, '/gp/policies', { method: 'POST', body: content('gamma') });
    const path = `/gp/policies/${created.body.policyId}`;
    const [a, b] = await Promise.all([
      call(admin, path, { method: 'PUT', body: { ...content('one'), revision: created.body.revision } }),
      call(admin, path, { method: 'PUT', body: { ...content('two'), revision: created.body.revision } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expectInvalid(
      await call(admin, '/gp/policies', { method: 'POST', body: { ...content('x'), title: { 'zh-CN': '只有中文' } } }),
      'body.title.en',
    );
    expectInvalid(
      await call(admin, '/gp/policies', { method: 'POST', body: { ...content('x'), kind: 'SECRET' } }),
      'body.kind',
    );
    expectInvalid(
      await call(admin, '/gp/policies', {
        method: 'POST',
        body: { ...content('x'), body: { en: 'x'.repeat(20_001) } },
      }),
      'body.body.en',
    );
    expect(
      (await call(await signedIn(t, 'GP_MEMBER'), '/gp/policies', { method: 'POST', body: content('x') })).status,
    ).toBe(403);
    expect(errorOf(await call(admin, `/gp/policies/${newId()}`)).code).toBe('policyNotExist');
  });

  it("are searched by text in either language, within the portal's own tenant only", async () => {
    const t = await freshTenant();
    const search = (tenantId: string, q?: string, as: Tenant = t) =>
      call<{ items: PublicPolicy[] }>(anonymous(as), `/tenants/${tenantId}/policies`, q ? { query: { q } } : {});
    const all = await search(t.tenantId);
    expect(all.body.items.map((p) => p.kind).sort()).toEqual(['PRIVACY', 'RISK_DISCLOSURE', 'TERMS']);
    expect((await search(t.tenantId, 'anti-money-laundering')).body.items.map((p) => p.kind)).toEqual(['PRIVACY']);
    expect((await search(t.tenantId, '隐私')).body.items.map((p) => p.kind)).toEqual(['PRIVACY']);
    expect((await search(t.tenantId, 'CAPITAL calls')).body.items.map((p) => p.kind)).toEqual(['RISK_DISCLOSURE']);
    // Title matches come first.
    const terms = (await search(t.tenantId, 'terms')).body.items.map((p) => p.kind);
    expect(terms[0]).toBe('TERMS');
    expect((await search(t.tenantId, 'no such words here')).body.items).toEqual([]);

    // Another tenant's id through this portal, or this tenant's id through another portal: not found.
    for (const res of [await search(alpine.tenantId, 'privacy'), await search(t.tenantId, 'privacy', beacon)]) {
      expect(res.status).toBe(404);
      expect(errorOf(res).code).toBe('TenantNotExist');
      expect(JSON.stringify(res.body)).not.toMatch(/Privacy notice|items/);
    }
    expectInvalid(await search(t.tenantId, 'x'.repeat(101)), 'query.q');
    expectInvalid(await call(anonymous(t), '/tenants/not-an-id/policies'), 'params.tenantId');
  });

  it('filters the current policies by kind', async () => {
    const t = await freshTenant();
    const res = await call<{ items: PublicPolicy[] }>(anonymous(t), '/policy', { query: { kind: 'TERMS' } });
    expect(res.body.items.map((p) => [p.kind, p.version])).toEqual([['TERMS', 1]]);
    expectInvalid(await call(anonymous(t), '/policy', { query: { kind: 'NOPE' } }), 'query.kind');
  });
});

interface CountryOut {
  code: string;
  alpha3: string;
  numeric: string;
  name: { en: string; 'zh-CN': string };
  dialCode: string | null;
  open: boolean;
}

describe('countries', () => {
  const query = (t: Tenant, q: Record<string, string>, lang?: string) =>
    call<{ items: CountryOut[] }>(anonymous(t), '/meta-country/query', { query: q, ...(lang ? { lang } : {}) });

  it('answers ISO codes, names in both languages, dial codes and the open flag of this tenant', async () => {
    const t = await freshTenant();
    const hk = await query(t, { code: 'HKG' });
    expect(hk.body.items).toEqual([
      {
        code: 'HK',
        alpha3: 'HKG',
        numeric: '344',
        name: { en: 'Hong Kong', 'zh-CN': '香港' },
        dialCode: '+852',
        open: true,
      },
    ]);
    expect((await query(t, { code: 'us' })).body.items[0]).toMatchObject({ code: 'US', dialCode: '+1', open: false });
    expect((await query(t, { q: '新加坡' }, 'zh-CN')).body.items.map((c) => c.code)).toEqual(['SG']);
    expect((await query(t, { open: 'true' })).body.items.map((c) => c.code)).toEqual(['HK', 'SG']);
    expect((await query(t, {})).body.items).toHaveLength(249);
  });

  it('follows the LP settings, and refuses a country code that is not ISO 3166-1, naming the field', async () => {
    const t = await freshTenant();
    const owner = await signedIn(t, 'GP_OWNER');
    const current = await call<{ settings: Record<string, unknown>; version: number }>(owner, '/v2/lp/tenant-settings');
    const put = (openCountries: unknown) =>
      call(owner, '/v2/lp/tenant-settings', {
        method: 'PUT',
        body: { settings: { ...current.body.settings, openCountries }, version: current.body.version },
      });
    expectInvalid(await put(['HK', 'XX']), 'body.settings.openCountries.1');
    expectInvalid(await put(['hk']), 'body.settings.openCountries.0');
    expectInvalid(await put(['HK', 'HK']), 'body.settings.openCountries');
    expect((await put(['GB', 'US'])).status).toBe(200);
    expect((await query(t, { open: 'true' })).body.items.map((c) => c.code)).toEqual(['GB', 'US']);
    expectInvalid(await query(t, { code: 'H1' }), 'query.code');
    expectInvalid(await query(t, { open: 'yes' }), 'query.open');
  });
});
