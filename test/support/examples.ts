import type { RouteDef } from '@tranche/shared/http/routes';
import fc from 'fast-check';
import type { Tenant } from './api.js';
import { jsonSchemaOf, validArb } from './arbitraries.js';

/** The tenant's own id for each kind of owned id a route takes. */
export const ownedIdOf = (tenant: Tenant, name: string): string => {
  switch (name) {
    case 'productId':
      return tenant.productIds[0]!;
    case 'userId':
      // The second investor: the user-management routes (lock, unlock) act on it, and no other
      // test signs in as it (signedIn picks the first user of a role).
      return tenant.users.filter((u) => u.role === 'LP')[1]!.userId;
    default:
      throw new Error(`No seeded id for ${name}: add it to test/support/examples.ts`);
  }
};

const sample = (schema: Parameters<typeof jsonSchemaOf>[0], seed: number) =>
  fc.sample(validArb(jsonSchemaOf(schema)), { seed, numRuns: 1 })[0];

/** A valid request for a route, with the given tenant's ids where the route takes owned ids. */
export const exampleRequest = (route: RouteDef, tenant: Tenant, seed = 42) => {
  const owned = new Set(route.ownedIds ?? []);
  const params = (route.params ? (sample(route.params, seed) as Record<string, string>) : {}) ?? {};
  const query = (route.query ? (sample(route.query, seed) as Record<string, unknown>) : {}) ?? {};
  for (const name of owned) {
    if (name in (route.params?.shape ?? {})) params[name] = ownedIdOf(tenant, name);
    if (name in (route.query?.shape ?? {})) query[name] = ownedIdOf(tenant, name);
  }
  const path = route.path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(params[n] ?? 'x'));
  const queryStrings = Object.fromEntries(
    Object.entries(query)
      .filter(([k, v]) => v !== undefined && k !== 'cursor')
      .map(([k, v]) => [k, String(v)]),
  );
  const body = route.body ? sample(route.body, seed) : undefined;
  return { path, query: queryStrings, body };
};
