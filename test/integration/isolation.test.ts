import { ROUTE_LIST, type RouteDef } from '@tranche/shared/http/routes';
import { describe, expect, it } from 'vitest';
import {
  alpine,
  anonymous,
  beacon,
  type Caller,
  call,
  operator,
  signedIn,
  type Tenant,
  userOf,
} from '../support/api.js';
import { exampleHeaders, exampleRequest, freshIdsFor, isSignerRoute, pathIdOf } from '../support/examples.js';

const { keys } = await import('../../functions/src/_lib/db/keys.js');
const { emailHash } = await import('../../functions/src/_lib/secrets.js');
const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
const deleteItem = (key: { PK: string; SK: string }) =>
  db.send(new DeleteCommand({ TableName: tableName(), Key: key }));

const idFields = (route: RouteDef) =>
  [...Object.keys(route.params?.shape ?? {}), ...Object.keys(route.query?.shape ?? {})].filter((k) =>
    /(^id|Id)$/.test(k),
  );

/**
 * The route's most privileged role (roles are listed from least to most), so edits are allowed; the
 * operator key on operator routes (no tenant session reaches them: auth-harness.test.ts).
 */
const callerFor = async (route: RouteDef, tenant: Tenant): Promise<Caller> => {
  if (route.auth === 'operator') return operator(tenant);
  // The signer routes are public but know an account holder by their session: the seeded signer's.
  if (isSignerRoute(route)) return signedIn(tenant, 'LP');
  if (route.auth !== 'session') return anonymous(tenant);
  const caller = await signedIn(tenant, route.roles[route.roles.length - 1]!);
  // A route that answers only after a re-authentication (the reveal of a bank number) gets one, with
  // the seeded users' password (local/seed.ts), so its own ids succeed and only foreign ids are refused.
  if ((route.errors as readonly string[] | undefined)?.includes('STEP_UP_REQUIRED')) {
    // The fuzzer's wrong passwords on the step-up route count towards this user's sign-in lockout
    // (as they must): start from no failed attempts, so the order of the suites does not matter.
    const { email } = userOf(tenant, route.roles[route.roles.length - 1]!);
    await deleteItem(keys.loginAttempts(tenant.tenantId, emailHash(email)));
    const up = await call(caller, '/user-center/step-up', { method: 'POST', body: { password: 'Tranche-demo-2026' } });
    if (up.status !== 200) throw new Error(`Step-up failed: ${JSON.stringify(up.body)}`);
  }
  return caller;
};

/** A request as `tenant`'s portal and session, carrying `idsOf`'s ids. */
const requestWithIds = (route: RouteDef, tenant: Tenant, idsOf: Tenant, fresh: Record<string, string> = {}) => {
  const example = exampleRequest(route, tenant);
  const query = { ...example.query };
  let path = route.path;
  const idOf = pathIdOf(route);
  for (const name of route.ownedIds ?? []) {
    // pathIdOf, like the path's ids: a route may name a record of its own fixture (downloadSigningFile's document).
    if (name in query) query[name] = idOf(idsOf, name);
    path = path.replace(`{${name}}`, encodeURIComponent(fresh[name] ?? idOf(idsOf, name)));
  }
  return { path, query, body: example.body, headers: exampleHeaders(route, tenant) };
};

describe('every route that takes an id declares it, so the matrix covers it', () => {
  it.each(ROUTE_LIST.map((r) => [r.operationId, r] as const))('%s', (_, route) => {
    expect([...(route.ownedIds ?? [])].sort()).toEqual(idFields(route).sort());
  });
});

const routesWithIds = ROUTE_LIST.filter((r) => (r.ownedIds ?? []).length > 0);
const pairs = [
  [alpine, beacon],
  [beacon, alpine],
] as const;

/** Object-level authorization: tenant A's portal and session with tenant B's ids answers 404, never data. */
describe.each(routesWithIds.map((r) => [r.operationId, r] as const))('%s keeps tenants apart', (_, route) => {
  it.each(pairs.map(([a, b]) => [a.prefix, b.prefix, a, b] as const))(
    "%s with %s's ids gets 404",
    async (_a, _b, a, b) => {
      const caller = await callerFor(route, a);
      // Deletes act on records made for this case; the foreign call goes first, so the owner's
      // own delete afterwards also proves the foreign one left the record alone.
      const [freshA, freshB] = await Promise.all([freshIdsFor(route, a), freshIdsFor(route, b)]);
      const foreign = requestWithIds(route, a, b, freshB);
      const res = await call(caller, foreign.path, {
        method: route.method,
        query: foreign.query,
        body: foreign.body,
        headers: foreign.headers,
      });
      expect(res.status).toBe(404);
      const foreignId = freshB[route.ownedIds![0]!] ?? pathIdOf(route)(b, route.ownedIds![0]!);
      expect(JSON.stringify(res.body)).not.toContain(foreignId);

      // Own ids must be found, or this test proves nothing. A 409/422 (say, a state rule on the
      // example body) still shows the record was found and judged; 400/401/403/404/405 would not.
      const own = requestWithIds(route, a, a, freshA);
      const ownRes = await call(caller, own.path, {
        method: route.method,
        query: own.query,
        body: own.body,
        headers: own.headers,
      });
      expect(ownRes.status, JSON.stringify(ownRes.body)).toBeLessThan(500);
      expect([400, 401, 403, 404, 405], JSON.stringify(ownRes.body)).not.toContain(ownRes.status);
      if (Object.keys(freshB).length > 0) {
        const owner = await callerFor(route, b);
        const survivor = requestWithIds(route, b, b, freshB);
        const kept = await call(owner, survivor.path, { method: route.method, body: survivor.body });
        expect(kept.status, 'the foreign call must not have touched the record').toBeLessThan(400);
      }
    },
  );
});
