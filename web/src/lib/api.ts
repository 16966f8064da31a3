import routeTable from 'virtual:api-routes';
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from '@tranche/shared/http/idempotency';
import type { ROUTES } from '@tranche/shared/http/routes';
import type { Lang } from '@tranche/shared/i18n/langs';
import type { z } from 'zod';
import { ApiError, errorFromBody, isApiError } from './api-error';
import { takeEarlyResponse } from './early-responses';

/**
 * The one HTTP client. Methods and paths come from the shared route table (through the build-time
 * virtual module, without the zod schemas); request and response types come from the same table.
 * It throws ApiError and never shows anything itself: screens decide what to tell the user.
 */
type Routes = typeof ROUTES;
export type OperationId = keyof Routes;

type InputOf<R, K extends string> = R extends { readonly [P in K]: infer S }
  ? S extends z.ZodType
    ? z.input<S>
    : never
  : never;

export type ApiResponse<K extends OperationId> = z.output<Routes[K]['response']>;
export type ApiParams<K extends OperationId> = InputOf<Routes[K], 'params'>;
export type ApiQuery<K extends OperationId> = InputOf<Routes[K], 'query'>;
export type ApiBody<K extends OperationId> = InputOf<Routes[K], 'body'>;

export interface ApiRequest<K extends OperationId> {
  params?: ApiParams<K>;
  query?: ApiQuery<K>;
  body?: ApiBody<K>;
  signal?: AbortSignal;
  /** Extra headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
}

export interface ApiConfig {
  /** `X-Tenant-Prefix` for pages under `/t/<prefix>/`; null when the host name decides. */
  tenantPrefix: string | null;
  /** The UI language, sent as Accept-Language and used for error messages. */
  getLanguage: () => Lang;
  baseUrl: string;
}

let config: ApiConfig = { tenantPrefix: null, getLanguage: () => 'en', baseUrl: '/api' };

export const configureApi = (changes: Partial<ApiConfig>): void => {
  config = { ...config, ...changes };
};

export const CSRF_COOKIE = 'csrf-token';
export const CSRF_HEADER = 'X-CSRF-Token';

const readCookie = (name: string): string | undefined => {
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
};

const fillPath = (path: string, params: Record<string, unknown> | undefined): string =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new TypeError(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });

const queryString = (query: Record<string, unknown> | undefined): string => {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    for (const item of Array.isArray(v) ? v : [v]) search.append(k, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** The URL an operation is called at: also the stable part of its swr key. */
export const apiUrl = <K extends OperationId>(
  operationId: K,
  request: Pick<ApiRequest<K>, 'params' | 'query'> = {},
) => {
  const route = routeTable[operationId];
  if (!route) throw new TypeError(`Unknown operation ${String(operationId)}`);
  return `${config.baseUrl}${fillPath(route.path, request.params as Record<string, unknown> | undefined)}${queryString(
    request.query as Record<string, unknown> | undefined,
  )}`;
};

/** Operations whose success leaves a session (and so a refresh cookie) in the browser. */
const STARTS_SESSION: ReadonlySet<OperationId> = new Set<OperationId>([
  'signIn',
  'confirmSignUp',
  'verifyMfa',
  'verifyMfaLink',
  'refreshSession',
  'changePassword',
]);

/** Operations the route table flags `idempotent`. */
type IdempotentOperation = {
  [K in OperationId]: Routes[K] extends { readonly idempotent: true } ? K : never;
}[OperationId];

/**
 * The same set at run time (the virtual route table carries methods and paths only). Typed so that
 * it does not compile while it misses a flagged route or names an unflagged one.
 */
const IDEMPOTENT: Readonly<Record<IdempotentOperation, true>> = {
  createProduct: true,
  createSubscription: true,
  createCapitalCall: true,
  recordCallPayment: true,
  postNav: true,
  requestRedemption: true,
  // Dealing and distributions (docs/money.md "Dealing and distributions").
  createDistribution: true,
  payDistribution: true,
  runDealing: true,
  payRedemption: true,
  createLedgerCorrection: true,
};

/**
 * The request with an `Idempotency-Key` if the operation takes one and the caller brought none: one
 * key per `apiFetch`, so its retry after a session refresh is recognised as the same call. A caller
 * that repeats an action itself (a Save clicked again after a network error) passes its own key.
 */
const withIdempotencyKey = <K extends OperationId>(operationId: K, request: ApiRequest<K>): ApiRequest<K> => {
  if (!Object.hasOwn(IDEMPOTENT, operationId)) return request;
  const header = IDEMPOTENCY_KEY_HEADER.toLowerCase();
  if (Object.keys(request.headers ?? {}).some((name) => name.toLowerCase() === header)) return request;
  return { ...request, headers: { ...request.headers, [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() } };
};

/**
 * Whether a refresh cookie may exist. It is HttpOnly, so the page cannot see it: we assume it may
 * until a refresh fails or the user signs out, and assume it again after any sign-in.
 */
let refreshMayWork = true;
let refreshing: Promise<boolean> | undefined;
let primingCsrf: Promise<unknown> | undefined;

/** One network call: no refresh, no retry. */
const send = async <K extends OperationId>(operationId: K, request: ApiRequest<K>): Promise<ApiResponse<K>> => {
  const route = routeTable[operationId];
  if (!route) throw new TypeError(`Unknown operation ${String(operationId)}`);
  const lang = config.getLanguage();
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': lang, ...request.headers };
  if (config.tenantPrefix) headers['X-Tenant-Prefix'] = config.tenantPrefix;
  if (route.method !== 'GET') {
    // Sign-out clears the csrf-token cookie, and it expires: the tenant-info call hands out a new one.
    if (!readCookie(CSRF_COOKIE) && operationId !== 'getTenantInfo') {
      primingCsrf ??= send('getTenantInfo', {})
        .catch(() => undefined)
        .finally(() => {
          primingCsrf = undefined;
        });
      await primingCsrf;
    }
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers[CSRF_HEADER] = csrf;
  }
  const hasBody = request.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';

  let response: Response;
  const url = apiUrl(operationId, request);
  try {
    response = await ((route.method === 'GET' && !request.signal && takeEarlyResponse(url)) ||
      fetch(url, {
        method: route.method,
        headers,
        credentials: 'same-origin',
        ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
        ...(request.signal ? { signal: request.signal } : {}),
      }));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ code: 'NETWORK_ERROR', status: 0, lang, cause });
  }

  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) throw await errorFromBody(response.status, body, lang);
  if (STARTS_SESSION.has(operationId)) refreshMayWork = true;
  if (operationId === 'signOut') refreshMayWork = false;
  return body as ApiResponse<K>;
};

/** Refreshes the session once for every caller that is waiting on it (the refresh token is single use). */
const refreshSession = (): Promise<boolean> => {
  refreshing ??= send('refreshSession', {})
    .then(
      () => true,
      (error: unknown) => {
        // Refused: there is no usable refresh cookie. A network failure says nothing about it.
        if (isApiError(error) && error.status === 401) refreshMayWork = false;
        return false;
      },
    )
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
};

/**
 * Calls an operation. When a session call answers 401 because the 15-minute access session is over
 * and a refresh cookie may still exist, it refreshes the session once and repeats the call once
 * (sign-out too, so that it ends the refresh session as well), with the same `Idempotency-Key`.
 * Public routes answer their own 401s (wrong password, `mfaIsRequired`) with other codes: those are
 * never retried.
 */
export const apiFetch = async <K extends OperationId>(
  operationId: K,
  given: ApiRequest<K> = {},
): Promise<ApiResponse<K>> => {
  const request = withIdempotencyKey(operationId, given);
  try {
    return await send(operationId, request);
  } catch (error) {
    const expired =
      isApiError(error) &&
      error.code === 'UNAUTHENTICATED' &&
      operationId !== 'refreshSession' &&
      refreshMayWork &&
      Boolean(readCookie(CSRF_COOKIE));
    if (!expired || !(await refreshSession())) throw error;
    return send(operationId, request);
  }
};
