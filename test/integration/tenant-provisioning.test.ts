import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { route } from '@tranche/shared/http/routes';
import { describe, expect, it } from 'vitest';
import {
  alpine,
  beacon,
  type Caller,
  call,
  callerFromCookies,
  errorOf,
  operator,
  signedIn,
  stack,
  type Tenant,
} from '../support/api.js';
import { freshPassword, lastMessageTo, linkTokenIn, signIn } from '../support/identity.js';

interface Created {
  tenant: { tenantId: string; prefix: string; name: string; defaultLanguage: string; defaultCurrency: string };
  owner: { userId: string; email: string; inviteStatus: string };
  portalUrl: string;
}
interface TenantPage {
  items: { tenantId: string; prefix: string; name: string }[];
  nextCursor?: string;
}

const tenantsPath = route('createTenant').path;
const freshPrefix = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}`;
const newTenantBody = (prefix: string, extra: Record<string, unknown> = {}) => ({
  name: 'Acme Capital',
  prefix,
  owner: { email: `owner@${prefix}.example`, displayName: 'Ann Owner' },
  ...extra,
});
const createTenant = (caller: Caller, body: unknown) => call<Created>(caller, tenantsPath, { method: 'POST', body });

/** Every tenant the operator can list, page by page. */
const allTenants = async (limit: number) => {
  const seen: TenantPage['items'] = [];
  let cursor: string | undefined;
  do {
    const res = await call<TenantPage>(operator(), tenantsPath, {
      query: { limit: String(limit), ...(cursor ? { cursor } : {}) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    seen.push(...res.body.items);
    cursor = res.body.nextCursor;
  } while (cursor);
  return seen;
};

describe('tenant provisioning by the platform operator', () => {
  it('creates a tenant whose invited owner activates, signs in and finds it empty', async () => {
    const prefix = freshPrefix('acme');
    const res = await createTenant(operator(), newTenantBody(prefix));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { tenant: created, owner } = res.body;
    expect(created).toMatchObject({ prefix, defaultLanguage: 'en', defaultCurrency: 'USD' });
    expect(owner).toMatchObject({ email: `owner@${prefix}.example`, inviteStatus: 'INVITED' });
    expect(res.body.portalUrl).toBe(`${stack.url}/t/${prefix}/`);

    // The portal exists at once, under its prefix, with the operator's name for it.
    const tenant: Tenant = { ...alpine, tenantId: created.tenantId, prefix, users: [], productIds: [] };
    const info = await call<{ tenantId: string; branding: { displayName: string; logoText: string } }>(
      { tenant },
      route('getTenantInfo').path,
    );
    expect(info.status).toBe(200);
    expect(info.body.tenantId).toBe(created.tenantId);
    expect(info.body.branding).toMatchObject({ displayName: created.name, logoText: 'AC' });

    // The owner's activation email, through the same invitation path as every invite.
    const mail = await lastMessageTo(owner.email, /portal is ready/);
    const { url, token } = linkTokenIn(mail);
    expect(url.pathname).toBe(`/t/${prefix}/activate`);
    const activated = await call({ tenant }, route('activateAccount').path, { method: 'POST', body: { token } });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    const password = freshPassword();
    const set = await call({ tenant }, route('setPassword').path, { method: 'POST', body: { token, password } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);

    const signedInRes = await signIn(tenant, owner.email, password);
    expect(signedInRes.status, JSON.stringify(signedInRes.body)).toBe(200);
    const session = callerFromCookies(tenant, signedInRes);
    const me = await call<{ role: string; inviteStatus: string }>(session, route('getCurrentUser').path);
    expect(me.body).toMatchObject({ role: 'GP_OWNER', inviteStatus: 'REGISTERED' });
    const products = await call<{ items: unknown[] }>(session, route('listGpProducts').path);
    expect(products.status).toBe(200);
    expect(products.body.items).toEqual([]);
    const team = await call<{ items: { email: string; role: string }[] }>(session, route('listTeamMembers').path);
    expect(team.body.items).toEqual([expect.objectContaining({ email: owner.email, role: 'GP_OWNER' })]);

    // The operator's list holds it beside the demo tenants, across pages.
    const listed = await allTenants(2);
    expect(listed.map((t) => t.prefix)).toEqual(expect.arrayContaining([alpine.prefix, beacon.prefix, prefix]));
    expect(new Set(listed.map((t) => t.tenantId)).size).toBe(listed.length);
  });

  it("invites the owner in the tenant's default language", async () => {
    const prefix = freshPrefix('lang');
    const res = await createTenant(
      operator(),
      newTenantBody(prefix, { languages: ['en', 'zh-CN'], defaultLanguage: 'zh-CN', baseCurrency: 'HKD' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.tenant).toMatchObject({ defaultLanguage: 'zh-CN', defaultCurrency: 'HKD' });
    const mail = await lastMessageTo(`owner@${prefix}.example`);
    expect(mail.subject).toContain('门户已就绪');
  });

  it('refuses a prefix another tenant holds, and writes nothing', async () => {
    const prefix = freshPrefix('dup');
    expect((await createTenant(operator(), newTenantBody(prefix))).status).toBe(201);
    const before = (await allTenants(100)).length;
    for (const taken of [prefix, alpine.prefix]) {
      const again = await createTenant(operator(), {
        ...newTenantBody(taken),
        owner: { email: `second@${prefix}.example`, displayName: 'Second Owner' },
      });
      expect(again.status, JSON.stringify(again.body)).toBe(409);
      expect(errorOf(again).code).toBe('prefixTaken');
      expect(errorOf(again).details?.fields?.map((f) => f.field)).toEqual(['body.prefix']);
    }
    expect((await allTenants(100)).length).toBe(before);
  });

  it('finishes a creation whose invitation was lost when the same request is repeated', async () => {
    // The tenant committed, then the invitation failed (say SES was down): written as the route
    // writes it, without the invitation.
    const { writeTenant } = await import('../../functions/src/platform/provision-tenant.js');
    const { CreateTenantSchema } = await import('@tranche/shared/platform/platform.schema');
    const prefix = freshPrefix('retry');
    const body = newTenantBody(prefix);
    const written = await writeTenant(CreateTenantSchema.parse(body), { requestId: 'test', sourceIp: '127.0.0.1' });

    // Another owner's request for the prefix is still refused; the same request finishes the job.
    const other = await createTenant(operator(), {
      ...body,
      owner: { email: `eve@${prefix}.example`, displayName: 'Eve' },
    });
    expect(errorOf(other).code).toBe('prefixTaken');
    const again = await createTenant(operator(), body);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.tenant.tenantId).toBe(written.tenantId);
    await lastMessageTo(body.owner.email, /portal is ready/);
    // Once it has an owner, the tenant is finished: a third time is a plain conflict.
    const third = await createTenant(operator(), body);
    expect([third.status, errorOf(third).code]).toEqual([409, 'prefixTaken']);
    expect((await allTenants(100)).filter((t) => t.prefix === prefix)).toHaveLength(1);
  });

  it('names the field at fault in bad input', async () => {
    const cases: [unknown, string][] = [
      [newTenantBody('api'), 'body.prefix'],
      [newTenantBody('Not-Lower'), 'body.prefix'],
      [{ ...newTenantBody(freshPrefix('bad')), owner: { displayName: 'No Email' } }, 'body.owner.email'],
      [{ ...newTenantBody(freshPrefix('bad')), name: '   ' }, 'body.name'],
      [newTenantBody(freshPrefix('bad'), { languages: ['en'], defaultLanguage: 'zh-CN' }), 'body.defaultLanguage'],
      [newTenantBody(freshPrefix('bad'), { isAdmin: true }), 'body.isAdmin'],
    ];
    for (const [body, field] of cases) {
      const res = await createTenant(operator(), body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(errorOf(res).details?.fields?.map((f) => f.field)).toContain(field);
    }
  });

  it('is what `npm run tenant:create` does, against the stack it is pointed at', async () => {
    const prefix = freshPrefix('cli');
    const run = (args: string[], env: Record<string, string>) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/tenant-create.ts', ...args], {
        cwd: resolve(import.meta.dirname, '../..'),
        env: { ...process.env, ...env },
      });
    const args = ['--name', 'Acme Capital', '--prefix', prefix, '--owner-email', `ann@${prefix}.example`];
    const { stdout } = await run([...args, '--owner-name', 'Ann Owner', '--api', stack.url], {
      TRANCHE_OPERATOR_KEY: operator().operatorKey!,
    });
    const tenantId = /tenant id:\s+(\S+)/.exec(stdout)?.[1];
    expect((await allTenants(100)).find((t) => t.prefix === prefix)?.tenantId).toBe(tenantId);
    expect(stdout).toContain(`${stack.url}/_local/mailbox`);
    await lastMessageTo(`ann@${prefix}.example`, /portal is ready/);

    // A refusal names the command's own flag, and the exit status says it failed.
    const again = run([...args, '--owner-name', 'Ann Owner', '--api', stack.url], {
      TRANCHE_OPERATOR_KEY: operator().operatorKey!,
    });
    await expect(again).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('--prefix') });
    const wrongKey = run([...args, '--owner-name', 'Ann Owner', '--api', stack.url], {
      TRANCHE_OPERATOR_KEY: randomBytes(32).toString('base64url'),
    });
    await expect(wrongKey).rejects.toMatchObject({ stderr: expect.stringContaining('UNAUTHENTICATED') });
  });

  it("is closed to every tenant session, even another tenant's owner", async () => {
    const owner = await signedIn(beacon, 'GP_OWNER');
    const create = await createTenant(owner, newTenantBody(freshPrefix('own')));
    expect([create.status, errorOf(create).code]).toEqual([401, 'UNAUTHENTICATED']);
    const list = await call(owner, tenantsPath);
    expect([list.status, errorOf(list).code]).toEqual([401, 'UNAUTHENTICATED']);
    // Not even with the owner's session token offered as the key.
    const asKey = await call({ tenant: beacon, operatorKey: owner.accessToken }, tenantsPath);
    expect(asKey.status).toBe(401);
  });
});
