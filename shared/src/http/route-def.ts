import type { z } from 'zod';
import type { Role } from '../auth/roles.js';
import type { ErrorCode } from '../errors/catalogue.js';
import type { RouteNeeds } from '../infra/needs.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API route. The route table is read by the CDK stack (one Lambda per route), the local gateway,
 * the OpenAPI generator, the web client and the test harnesses: a route declared here exists
 * everywhere, and nowhere else.
 */
export interface RouteDef {
  readonly operationId: string;
  readonly method: HttpMethod;
  /** Path below `/api`, with `{param}` placeholders as API Gateway writes them. */
  readonly path: string;
  /** Handler module below `functions/src`, without extension; it exports `handler`. */
  readonly handler: string;
  /**
   * What the handler touches beyond the default: the table, read for GET and read/write otherwise
   * (shared/src/infra/needs.ts). The CDK grants exactly this and nothing else, so a handler that
   * starts calling another service (Cognito, S3 prefixes, SES, SNS, KMS, Step Functions) says so here.
   */
  readonly needs?: RouteNeeds;
  readonly summary: string;
  readonly tags: readonly string[];
  /**
   * `public`: no session; the tenant is resolved from the host name or tenant prefix.
   * `session`: a verified session is required; the tenant comes from it alone.
   * `operator`: the platform operator's key (`Authorization: Bearer`), never a tenant session; no
   * tenant is resolved (shared/src/auth/operator.ts).
   */
  readonly auth: 'public' | 'session' | 'operator';
  /** Roles allowed on a session route. Empty means nobody (and is what operator routes declare). */
  readonly roles: readonly Role[];
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
  readonly successStatus?: 200 | 201 | 202 | 204;
  /** Catalogue codes this route answers with besides the generic ones. */
  readonly errors?: readonly ErrorCode[];
  /** Names of the params/query fields that carry ids of tenant-owned records (the isolation matrix uses them). */
  readonly ownedIds?: readonly string[];
  /**
   * A create that moves money or status: it accepts an optional `Idempotency-Key` header
   * (shared/src/http/idempotency.ts), and a replay within 24 hours answers what the first call
   * answered. Session routes only: the key is scoped by tenant, user and operation.
   */
  readonly idempotent?: boolean;
}

export const defineRoutes = <const T extends Record<string, RouteDef>>(routes: T): T => {
  for (const [key, route] of Object.entries(routes)) {
    if (key !== route.operationId) throw new Error(`Route key ${key} must equal its operationId ${route.operationId}`);
    // The key is scoped by the session's user: without one, two callers could replay each other's answer.
    if (route.idempotent && (route.auth !== 'session' || route.method === 'GET')) {
      throw new Error(`Route ${key} is idempotent: only a session route that writes may be`);
    }
  }
  return routes;
};

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** Joins per-domain route groups into one table; an operationId in two groups is a startup error. */
export const mergeRouteGroups = <const G extends readonly Record<string, RouteDef>[]>(
  ...groups: G
): UnionToIntersection<G[number]> => {
  const merged: Record<string, RouteDef> = {};
  for (const group of groups) {
    for (const [key, route] of Object.entries(group)) {
      if (key in merged) throw new Error(`Route ${key} is declared twice`);
      merged[key] = route;
    }
  }
  return merged as UnionToIntersection<G[number]>;
};

/** Every route is served below this path (API Gateway, the local gateway, OpenAPI, CloudFront's behaviour). */
export const API_PREFIX = '/api';

/** The route's full path as the gateway sees it: `/api/products/{productId}/documents`. */
export const apiPath = (route: Pick<RouteDef, 'path'>): string => `${API_PREFIX}${route.path}`;

/** The gateway's route key, as API Gateway logs it: `GET /api/invest/client/get-tenant-info`. */
export const routeKey = (route: Pick<RouteDef, 'method' | 'path'>): string => `${route.method} ${apiPath(route)}`;

/** `/products/{productId}/documents` -> `/products/:productId/documents` style matcher. */
export const compilePath = (path: string): { regex: RegExp; names: string[] } => {
  const names: string[] = [];
  const pattern = path
    .split('/')
    .map((seg) => {
      const m = /^\{(\w+)\}$/.exec(seg);
      if (m?.[1]) {
        names.push(m[1]);
        return '([^/]+)';
      }
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { regex: new RegExp(`^${pattern}$`), names };
};
