import { isErrorCode } from '@tranche/shared/errors/catalogue';
import { ROUTE_LIST, type RouteDef } from '@tranche/shared/http/routes';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anonymous, beacon, call, errorOf, operator, signedIn } from '../support/api.js';
import { asQuery, brokenArb, jsonSchemaOf, validArb } from '../support/arbitraries.js';

/**
 * Runs per route. 25 keeps the whole fuzz near a minute and a half on two cores now that the table has
 * some 300 routes (60 took 3.5 minutes, and `npm test` came within seconds of its 15 minutes). Each run
 * draws a new seed, so the inputs tried add up across runs; `FUZZ_RUNS=500` searches harder on demand.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

const inputArb = (route: RouteDef) => {
  const part = (schema: RouteDef['query'] | RouteDef['body'], present: boolean) => {
    if (!schema) return fc.constant(undefined);
    const json = jsonSchemaOf(schema);
    return present
      ? fc.oneof({ weight: 2, arbitrary: validArb(json) }, { weight: 3, arbitrary: brokenArb(json) })
      : fc.constant(undefined);
  };
  return fc.record({
    params: part(route.params, true),
    query: part(route.query, true),
    body: part(route.body, true),
  });
};

const isValid = (schema: RouteDef['query'] | RouteDef['body'], value: unknown) =>
  schema
    ? schema.safeParse(value).success
    : value === undefined || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

/**
 * The request fuzzer: valid and invalid parameters and bodies, derived from each route's own
 * schemas, sent to every route of the table. No input may produce a 5xx; invalid input must get a
 * catalogued 4xx, and a validation answer must name the fields at fault.
 */
describe.each(ROUTE_LIST.map((r) => [r.operationId, r] as const))('fuzzing %s', (_, route) => {
  it('never answers 5xx and always names what is wrong', async () => {
    await fc.assert(
      fc.asyncProperty(inputArb(route), async (input) => {
        const caller =
          route.auth === 'operator'
            ? operator(beacon)
            : route.auth === 'session'
              ? await signedIn(beacon, route.roles[0]!)
              : anonymous(beacon);
        const generated = asQuery(input.params ?? {});
        // Only the placeholders of the path reach the server; extra generated keys go nowhere. A value
        // of only dots cannot travel as a path segment at all: URL parsers drop `.` and `..` segments,
        // percent-encoded or not (`/a/%2E/b` is `/a/b`), so it would test URL normalisation, not the route.
        const segment = (value: string | undefined) => (!value ? '-' : /^\.{1,2}$/.test(value) ? `${value}-` : value);
        const params =
          generated === 'not-an-object'
            ? generated
            : Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, n]) => [n!, segment(generated[n!])]));
        const query = asQuery(input.query ?? {});
        const paramsOk = params !== 'not-an-object' && isValid(route.params, params);
        const queryOk = query !== 'not-an-object' && isValid(route.query, query);
        const bodyOk = isValid(route.body, input.body);
        let path = route.path;
        if (params !== 'not-an-object') {
          path = path.replace(/\{(\w+)\}/g, (_m, n: string) => encodeURIComponent(params[n] ?? '-'));
        }
        const res = await call(caller, path, {
          method: route.method,
          // A key no query schema declares (`q` is a real search parameter, spec §7 policies).
          query: query === 'not-an-object' ? { notAnObject: JSON.stringify(input.query) } : query,
          ...(route.body && input.body !== undefined ? { body: input.body } : {}),
        });
        expect(res.status, JSON.stringify({ input, body: res.body })).toBeLessThan(500);
        if (res.status >= 400) expect(isErrorCode(errorOf(res).code), JSON.stringify(res.body)).toBe(true);
        if (!(paramsOk && queryOk && bodyOk)) {
          expect(res.status, JSON.stringify({ input, body: res.body })).toBeGreaterThanOrEqual(400);
          const error = errorOf(res);
          if (error.code === 'PARAMS_ERROR') {
            expect(error.details?.fields?.length, JSON.stringify(error)).toBeGreaterThan(0);
            for (const f of error.details?.fields ?? []) expect(f.field).toMatch(/^(params|query|body)(\.|$)/);
          } else {
            expect(['MALFORMED_JSON', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE']).toContain(error.code);
          }
        } else if (errorOf(res)?.code === 'PARAMS_ERROR') {
          // Schema-valid input is only refused for content no schema can judge: a page cursor the
          // server did not issue for this list.
          const fields = errorOf(res).details?.fields?.map((f) => f.field);
          expect(fields, JSON.stringify({ input, body: res.body })).toEqual(['query.cursor']);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
