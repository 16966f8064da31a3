import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, isIdempotencyKey, newIdempotencyKey } from './idempotency.js';
import { buildOpenApi } from './openapi.js';
import { defineRoutes, type RouteDef } from './route-def.js';
import { ROUTE_LIST, ROUTES } from './routes.js';

const FUNCTIONS = resolve(import.meta.dirname, '../../../functions/src');

describe('Idempotency-Key', () => {
  it('accepts 16 to 128 URL-safe characters only', () => {
    expect(isIdempotencyKey('aZ09_-aZ09_-aZ09')).toBe(true);
    expect(isIdempotencyKey('a'.repeat(128))).toBe(true);
    expect(isIdempotencyKey('a'.repeat(15))).toBe(false);
    expect(isIdempotencyKey('a'.repeat(129))).toBe(false);
    expect(isIdempotencyKey(`${'a'.repeat(16)}=`)).toBe(false);
    expect(isIdempotencyKey(`${'a'.repeat(16)}\n`)).toBe(false);
  });

  it('makes fresh keys that pass the rule', () => {
    const made = Array.from({ length: 50 }, newIdempotencyKey);
    for (const key of made) expect(isIdempotencyKey(key)).toBe(true);
    expect(new Set(made).size).toBe(made.length);
  });
});

describe('the idempotent flag', () => {
  it('is set on product creation', () => {
    expect(ROUTES.createProduct.idempotent).toBe(true);
  });

  it('is refused on a route without a session, or one that only reads', () => {
    const base = ROUTES.createProduct as RouteDef;
    expect(() => defineRoutes({ createProduct: { ...base, auth: 'public', roles: [] } })).toThrow(/idempotent/);
    expect(() => defineRoutes({ createProduct: { ...base, method: 'GET' } })).toThrow(/idempotent/);
    expect(() => defineRoutes({ createProduct: base })).not.toThrow();
  });

  const doc = buildOpenApi(ROUTE_LIST, { version: 'test' });
  const operation = (r: RouteDef) =>
    (doc.paths[`/api${r.path}`]?.[r.method.toLowerCase()] ?? {}) as {
      parameters: { name: string; in: string; required: boolean }[];
      responses: Record<string, { description: string }>;
    };

  it('documents the optional header and its refusals on flagged routes, and only there', () => {
    for (const r of ROUTE_LIST) {
      const header = operation(r).parameters.find((p) => p.name === IDEMPOTENCY_KEY_HEADER);
      if (r.idempotent) {
        expect(header, r.operationId).toMatchObject({ in: 'header', required: false });
        expect(operation(r).responses['422']?.description).toContain('IDEMPOTENCY_KEY_REUSED');
        expect(operation(r).responses['409']?.description).toContain('IDEMPOTENCY_REQUEST_IN_PROGRESS');
      } else {
        expect(header, r.operationId).toBeUndefined();
      }
    }
  });

  // esbuild bundles each handler without code splitting: whatever a handler imports, its bundle carries.
  it('has the idempotency middleware imported by the flagged routes’ handlers and no others', () => {
    for (const r of ROUTE_LIST) {
      const source = readFileSync(resolve(FUNCTIONS, `${r.handler}.ts`), 'utf8');
      expect(source.includes("from '#lib/idempotency'"), r.handler).toBe(r.idempotent === true);
    }
  });
});
