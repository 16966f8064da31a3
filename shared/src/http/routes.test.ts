import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from './openapi.js';
import { mergeRouteGroups } from './route-def.js';
import { compilePath, ROUTE_LIST, ROUTES, type RouteDef } from './routes.js';

const FUNCTIONS = resolve(import.meta.dirname, '../../../functions/src');

describe('the route table', () => {
  it('declares each method and path once', () => {
    const keys = ROUTE_LIST.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('points every route at a handler module that exists', () => {
    for (const r of ROUTE_LIST) expect(existsSync(resolve(FUNCTIONS, `${r.handler}.ts`)), r.handler).toBe(true);
  });

  it('declares roles on every session route and none on public routes', () => {
    for (const r of ROUTE_LIST) {
      if (r.auth === 'session') expect(r.roles.length, r.operationId).toBeGreaterThan(0);
      else expect(r.roles, r.operationId).toEqual([]);
    }
  });

  it('holds the spec paths of the foundation slice', () => {
    const paths = ROUTE_LIST.map((r) => r.path);
    for (const p of [
      '/invest/client/get-tenant-info',
      '/lp/tenant/i18n/configs',
      '/lp/tenant/i18n/langs',
      '/v2/lp/tenant-settings',
      '/v2/gp/tenant-settings',
      '/features',
      '/currencies',
      '/product/v2.0/assets',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('refuses an operationId declared in two route groups', () => {
    const group = { ping: ROUTES.getOpenApi } as unknown as Record<string, RouteDef>;
    expect(() => mergeRouteGroups(group, group)).toThrow('Route ping is declared twice');
  });

  it('matches path parameters', () => {
    const { regex, names } = compilePath('/products/{productId}/documents/{documentId}');
    expect(names).toEqual(['productId', 'documentId']);
    expect(regex.exec('/products/a/documents/b')?.slice(1)).toEqual(['a', 'b']);
    expect(regex.test('/products/a/documents')).toBe(false);
    expect(compilePath('/product/v2.0/assets').regex.test('/product/v2x0/assets')).toBe(false);
  });
});

describe('the OpenAPI document', () => {
  const doc = buildOpenApi(ROUTE_LIST, { version: 'test' });

  it('has an operation with request and response schemas for every route', () => {
    for (const r of ROUTE_LIST) {
      const op = (
        doc.paths[`/api${r.path}`] as Record<
          string,
          { operationId: string; responses: Record<string, unknown>; requestBody?: unknown }
        >
      )[r.method.toLowerCase()];
      expect(op?.operationId).toBe(r.operationId);
      expect(op?.responses['200'] ?? op?.responses['201']).toBeDefined();
      if (r.body) expect(op?.requestBody, r.operationId).toBeDefined();
      if (r.auth !== 'public') expect(op?.responses['401'], r.operationId).toBeDefined();
    }
  });

  it('documents the operator key as the only way into operator routes', () => {
    const ops = ROUTE_LIST.filter((r) => r.auth === 'operator').map(
      (r) =>
        (doc.paths[`/api${r.path}`] as Record<string, { security: unknown; responses: Record<string, unknown> }>)[
          r.method.toLowerCase()
        ],
    );
    expect(ops.length).toBeGreaterThan(0);
    for (const op of ops) {
      expect(op?.security).toEqual([{ operatorKey: [] }]);
      expect(op?.responses['403'], 'no CSRF token is asked of a bearer key').toBeUndefined();
    }
    expect(doc.components.securitySchemes.operatorKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});
