import { ERROR_CATALOGUE, type ErrorCode } from '../errors/catalogue.js';
import * as z from '../lazy-zod.js';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from './idempotency.js';
import { apiPath, type RouteDef } from './route-def.js';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['code', 'message', 'requestId'],
  properties: {
    code: { type: 'string', enum: Object.keys(ERROR_CATALOGUE) },
    message: { type: 'string', description: "The catalogue message in the caller's language (Accept-Language)" },
    details: {
      type: 'object',
      properties: {
        fields: {
          type: 'array',
          items: {
            type: 'object',
            required: ['field', 'rule', 'message'],
            properties: { field: { type: 'string' }, rule: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
    requestId: { type: 'string' },
  },
};

/** Generic answers every route can give, plus those its declared error codes add. */
const errorResponses = (route: RouteDef): Record<string, unknown> => {
  const codes = new Set<ErrorCode>([
    'PARAMS_ERROR',
    'MALFORMED_JSON',
    'TenantNotExist',
    'RATE_LIMITED',
    'INTERNAL_ERROR',
  ]);
  if (route.body) codes.add('PAYLOAD_TOO_LARGE').add('UNSUPPORTED_MEDIA_TYPE');
  // The operator key is a header a browser never sends by itself: no cross-site-request token there.
  if (route.method !== 'GET' && route.auth !== 'operator') codes.add('CSRF_TOKEN_INVALID');
  if (route.auth === 'session') codes.add('UNAUTHENTICATED').add('FORBIDDEN');
  if (route.auth === 'operator') codes.add('UNAUTHENTICATED');
  if (route.idempotent) codes.add('IDEMPOTENCY_KEY_REUSED').add('IDEMPOTENCY_REQUEST_IN_PROGRESS');
  for (const code of route.errors ?? []) codes.add(code);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const { status } = ERROR_CATALOGUE[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        String(status),
        {
          description: `Error codes: ${list.join(', ')}`,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      ]),
  );
};

const parameters = (route: RouteDef) => {
  const out: Record<string, unknown>[] = [];
  for (const [where, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue;
    const json = toSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, prop] of Object.entries(json.properties ?? {})) {
      out.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: prop });
    }
  }
  if (route.idempotent) {
    out.push({
      name: IDEMPOTENCY_KEY_HEADER,
      in: 'header',
      required: false,
      description:
        'A fresh random key per intended action, the same on every retry of it. A repeat within 24 hours answers the first answer again (with `Idempotent-Replayed: true`); the same key with another request answers 422 IDEMPOTENCY_KEY_REUSED, and while the first is still running 409 IDEMPOTENCY_REQUEST_IN_PROGRESS. Scoped by tenant, user and operation.',
      schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
    });
  }
  return out;
};

const SECURITY: Record<RouteDef['auth'], Record<string, string[]>[]> = {
  public: [],
  session: [{ sessionCookie: [], csrfHeader: [] }],
  operator: [{ operatorKey: [] }],
};

/** The OpenAPI 3.1 document, generated from the route table: nothing is described twice. */
export const buildOpenApi = (routes: readonly RouteDef[], info: { version: string }) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const op: Record<string, unknown> = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [...route.tags],
      security: SECURITY[route.auth],
      parameters: parameters(route),
      responses: {
        [String(route.successStatus ?? 200)]: {
          description: 'Success',
          content: { 'application/json': { schema: toSchema(route.response, 'output') } },
        },
        ...errorResponses(route),
      },
      'x-roles': [...route.roles],
    };
    if (route.body) {
      op.requestBody = {
        required: !route.body.safeParse(undefined).success,
        content: { 'application/json': { schema: toSchema(route.body, 'input') } },
      };
    }
    const path = apiPath(route);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: op };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Tranche API', version: info.version, description: 'Investor portal and fund operations.' },
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA },
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: '__Host-tr_sid_<tenant prefix>' },
        csrfHeader: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
        operatorKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            "The platform operator's key (Secrets Manager in a deployment; `.local/operator-key` on the local stack). No tenant session is accepted instead.",
        },
      },
    },
  };
};
