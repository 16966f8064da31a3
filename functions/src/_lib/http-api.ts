import middy, { type MiddlewareObj } from '@middy/core';
import { OPERATOR_KEY_HEADER } from '@tranche/shared/auth/operator';
import { MFA_ENROLMENT_OPERATIONS } from '@tranche/shared/auth/permissions';
import type { RouteDef } from '@tranche/shared/http/route-def';
import { type Lang, pickLang } from '@tranche/shared/i18n/langs';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import { CSRF_COOKIE, CSRF_HEADER, parseCookies, sessionCookieName } from './cookies.js';
import { DomainError, mapError, validationError } from './errors.js';
import { logger } from './logger.js';
import { type OperatorPrincipal, verifyOperator } from './operator.js';
import { checkOrigin } from './origin.js';
import { checkCsrf, type Session, verifyToken } from './session.js';
import { type PortalTenant, resolvePortalTenant } from './tenant-context.js';

export const MAX_BODY_BYTES = 1024 * 1024;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RequestContext<R extends RouteDef> {
  route: R;
  params: Out<R['params']>;
  query: Out<R['query']>;
  body: Out<R['body']>;
  /** Present on every `session` route; the tenant comes from it alone. */
  session: R['auth'] extends 'session' ? Session : undefined;
  /**
   * The tenant: the session's on session routes, the portal's (host or prefix) on public routes;
   * none on operator routes, which act on the platform and resolve no portal.
   */
  tenantId: R['auth'] extends 'operator' ? undefined : string;
  portal: R['auth'] extends 'operator' ? undefined : PortalTenant;
  /** Present on operator routes only: the caller presented the platform operator's key. */
  operator: R['auth'] extends 'operator' ? OperatorPrincipal : undefined;
  requestId: string;
  lang: Lang;
  cookies: Map<string, string>;
  event: APIGatewayProxyEventV2;
  /** The client's IP: CloudFront's viewer address when the request provably came through it (origin.ts). */
  sourceIp: string;
}

export interface HttpResult {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  cookies?: string[];
}

export const ok = (body: unknown, extra: Omit<HttpResult, 'body'> = {}): HttpResult => ({
  status: 200,
  body,
  ...extra,
});
export const created = (body: unknown, extra: Omit<HttpResult, 'body'> = {}): HttpResult => ({
  status: 201,
  body,
  ...extra,
});

type Event = APIGatewayProxyEventV2 & { tranche?: RequestContext<RouteDef> };
type Request = middy.Request<Event, APIGatewayProxyStructuredResultV2, Error, Context>;
/** A middleware a handler brings along (see `HttpApiExtras`), seeing the request after the tranche middleware. */
export type HttpMiddleware = MiddlewareObj<Event, APIGatewayProxyStructuredResultV2, Error, Context>;
export type HttpRequest = Request;

/**
 * Middleware that only some routes need, passed by their handler so that only their bundles carry
 * it (esbuild would inline even a dynamic import into every handler).
 */
export interface HttpApiExtras {
  /** `idempotency` from `#lib/idempotency`: required on, and only on, routes flagged `idempotent`. */
  readonly idempotency?: (route: RouteDef) => HttpMiddleware;
}
/** A route flagged `idempotent` does not compile without its middleware. */
type ExtrasArg<R extends RouteDef> = R['idempotent'] extends true
  ? [extras: HttpApiExtras & Required<Pick<HttpApiExtras, 'idempotency'>>]
  : [extras?: HttpApiExtras];

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
const validateResponses = process.env.VALIDATE_RESPONSES === 'true';

const langOf = (event: APIGatewayProxyEventV2): Lang => pickLang(event.headers?.['accept-language']);

/** The body as text, refused with 413 over the limit; undefined when there is none. */
const bodyText = (event: APIGatewayProxyEventV2): string | undefined => {
  const raw = event.body;
  if (raw === undefined || raw === null || raw === '') return undefined;
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE');
  return text;
};

/** Reads the JSON body: whether one is accepted, content type, syntax. Nothing else touches the raw body. */
const readBody = (text: string | undefined, event: APIGatewayProxyEventV2, route: RouteDef): unknown => {
  if (text === undefined) return undefined;
  if (!route.body) {
    throw new DomainError('PARAMS_ERROR', {
      fields: [{ field: 'body', rule: 'unexpected', message: 'No body is accepted here' }],
    });
  }
  const type = (event.headers?.['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('application/json')) throw new DomainError('UNSUPPORTED_MEDIA_TYPE');
  try {
    return JSON.parse(text);
  } catch {
    throw new DomainError('MALFORMED_JSON');
  }
};

const parseWith = <S extends z.ZodType | undefined>(schema: S, value: unknown, where: string): Out<S> => {
  if (!schema) {
    const empty =
      value === undefined || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);
    if (!empty) {
      throw new DomainError('PARAMS_ERROR', {
        fields: [{ field: where, rule: 'unexpected', message: `No ${where} is accepted here` }],
      });
    }
    return undefined as Out<S>;
  }
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(where, result.error);
  return result.data as Out<S>;
};

const decodeParams = (params: Record<string, string | undefined> | undefined) =>
  Object.fromEntries(Object.entries(params ?? {}).map(([k, v]) => [k, v === undefined ? v : decodeURIComponent(v)]));

/** Session, tenant, CSRF and role: who is calling, for which tenant, and may they. */
const authenticate = async (event: Event, route: RouteDef, cookies: Map<string, string>) => {
  if (route.auth === 'operator') {
    // The operator key alone: no portal, cookie or session is read, so a tenant session of any
    // role is simply no credential here (401). A bearer header is never sent by a browser on its
    // own, so there is no cross-site-request token to check.
    const operator = await verifyOperator(event.headers?.[OPERATOR_KEY_HEADER]);
    return { portal: undefined, session: undefined, tenantId: undefined, operator };
  }
  const portal = await resolvePortalTenant(event);
  const mutating = event.requestContext.http.method !== 'GET' && event.requestContext.http.method !== 'HEAD';
  const csrfHeader = event.headers?.[CSRF_HEADER];
  if (route.auth === 'public') {
    // Before a session exists the token is a double-submit cookie (sign-in and sign-up forms).
    if (mutating && (!csrfHeader || csrfHeader !== cookies.get(CSRF_COOKIE)))
      throw new DomainError('CSRF_TOKEN_INVALID');
    return { portal, session: undefined, tenantId: portal.tenantId, operator: undefined };
  }
  const session = await verifyToken(cookies.get(sessionCookieName(portal.prefix)), portal.tenantId, 'access');
  if (mutating) checkCsrf(session, csrfHeader);
  if (!route.roles.includes(session.role)) throw new DomainError('FORBIDDEN');
  // A tenant that requires MFA lets a session without it do nothing but enrol (docs/identity.md).
  if (session.mfaEnrolmentRequired && !MFA_ENROLMENT_OPERATIONS.includes(route.operationId)) {
    throw new DomainError('mfaEnrolmentRequired');
  }
  return { portal, session, tenantId: session.tenantId, operator: undefined };
};

const trancheMiddleware = (
  route: RouteDef,
): MiddlewareObj<Event, APIGatewayProxyStructuredResultV2, Error, Context> => ({
  before: async (request: Request) => {
    const { event } = request;
    const requestId = event.requestContext?.requestId ?? request.context.awsRequestId ?? 'local';
    logger.appendKeys({ requestId, operationId: route.operationId, tenantId: undefined });
    // A deployed API answers only requests that came through our CloudFront (origin.ts).
    const origin = await checkOrigin(event);
    const cookies = parseCookies(event.cookies, event.headers?.cookie);
    // Only the size limit comes before identity: it needs no I/O, says nothing about the route
    // (one limit for every route, public or not) and spares decoding an oversized body. Everything
    // else about the body (whether one is accepted, its type, its syntax, its schema) waits until
    // the session and CSRF token have been checked, so a caller without them learns nothing about
    // what a protected route would accept.
    const text = bodyText(event);
    const { portal, session, tenantId, operator } = await authenticate(event, route, cookies);
    logger.appendKeys({ tenantId });
    const rawBody = readBody(text, event, route);
    const params = parseWith(route.params, decodeParams(event.pathParameters), 'params');
    const query = parseWith(route.query, event.queryStringParameters ?? {}, 'query');
    const body = parseWith(route.body, rawBody, 'body');
    event.tranche = {
      route,
      params,
      query,
      body,
      session,
      tenantId,
      portal,
      operator,
      requestId,
      lang: langOf(event),
      cookies,
      event,
      sourceIp: origin.clientIp,
    } as RequestContext<RouteDef>;
  },
  onError: async (request: Request) => {
    const requestId = request.event.requestContext?.requestId ?? 'local';
    const mapped = mapError(request.error, requestId, langOf(request.event));
    if (mapped.internal) logger.error('request failed', { error: request.error as Error, status: mapped.status });
    else logger.info('request refused', { status: mapped.status, code: mapped.body.code });
    request.response = {
      statusCode: mapped.status,
      headers: { ...JSON_HEADERS, ...mapped.headers },
      body: JSON.stringify(mapped.body),
    };
  },
});

/**
 * The one factory every HTTP handler goes through: parse and validate with the route's zod schemas,
 * resolve tenant and session, check the route's roles and the cross-site-request token, map errors
 * to the catalogue, log with request id and tenant. A handler is a few lines of business.
 */
export const httpApi = <R extends RouteDef>(
  route: R,
  fn: (ctx: RequestContext<R>) => Promise<HttpResult>,
  ...[extras]: ExtrasArg<R>
) => {
  // Also at run time: a route typed loosely (RouteDef) still fails at cold start, not silently.
  if (Boolean(route.idempotent) !== Boolean(extras?.idempotency)) {
    throw new Error(`${route.operationId}: pass the idempotency middleware exactly when the route is idempotent`);
  }
  const stack = middy<Event, APIGatewayProxyStructuredResultV2, Error, Context>().use(trancheMiddleware(route));
  // After the tranche middleware: it needs the session and the validated request.
  if (extras?.idempotency) stack.use(extras.idempotency(route));
  return stack.handler(async (event) => {
    const ctx = event.tranche as unknown as RequestContext<R>;
    const result = await fn(ctx);
    if (validateResponses && result.body !== undefined) {
      const check = route.response.safeParse(result.body);
      if (!check.success) throw new Error(`Response of ${route.operationId} breaks its schema: ${check.error.message}`);
    }
    logger.info('request served', { status: result.status ?? 200 });
    return {
      statusCode: result.status ?? 200,
      headers: { ...JSON_HEADERS, ...result.headers },
      ...(result.cookies?.length ? { cookies: result.cookies } : {}),
      body: result.body === undefined ? '' : JSON.stringify(result.body),
    };
  });
};
