import type { Role } from '@tranche/shared/auth/roles';
import type { ErrorBody } from '@tranche/shared/errors/catalogue';
import { inject } from 'vitest';

/** The running local stack; its environment is applied here, before any handler module loads. */
export const stack = inject('stack');
Object.assign(process.env, stack.env);

export type Tenant = (typeof stack.tenants)[number];
export const [alpine, beacon] = stack.tenants as [Tenant, Tenant];

export interface Caller {
  tenant: Tenant;
  /** Cookie header to send (session), if any. */
  cookie?: string;
  csrf?: string;
  /** The platform operator's key, sent as `Authorization: Bearer` (operator routes). */
  operatorKey?: string;
}

export interface CallOptions {
  method?: string;
  /** Send an anonymous non-GET call without the pre-session cross-site-request token. */
  noCsrf?: boolean;
  query?: Record<string, string>;
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  lang?: string;
}

export interface CallResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls the API through the local gateway as the given tenant's portal (by prefix header). */
export const call = async <T = unknown>(
  caller: Caller,
  path: string,
  opts: CallOptions = {},
): Promise<CallResult<T>> => {
  const url = new URL(`/api${path}`, stack.url);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { 'x-tenant-prefix': caller.tenant.prefix, ...opts.headers };
  if (caller.cookie) headers.cookie = caller.cookie;
  if (caller.csrf) headers['x-csrf-token'] = caller.csrf;
  if (caller.operatorKey) headers.authorization = `Bearer ${caller.operatorKey}`;
  const method = opts.method ?? 'GET';
  const browserLike = !caller.cookie && !caller.csrf && !caller.operatorKey;
  if (browserLike && !opts.noCsrf && method !== 'GET' && method !== 'HEAD') {
    // As the portal does: the first call hands out the `csrf-token` cookie, later calls echo it.
    const token = await preSessionCsrf(caller.tenant);
    headers.cookie = `csrf-token=${token}`;
    headers['x-csrf-token'] = token;
  }
  if (opts.lang) headers['accept-language'] = opts.lang;
  let body: string | Buffer | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
};

const csrfTokens = new Map<string, string>();

/** The pre-session cross-site-request token, from GET /invest/client/get-tenant-info (once per tenant). */
const preSessionCsrf = async (tenant: Tenant): Promise<string> => {
  const cached = csrfTokens.get(tenant.prefix);
  if (cached) return cached;
  const res = await fetch(new URL('/api/invest/client/get-tenant-info', stack.url), {
    headers: { 'x-tenant-prefix': tenant.prefix },
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('csrf-token='));
  const token = cookie?.split(';')[0]?.slice('csrf-token='.length);
  if (!token) throw new Error('get-tenant-info handed out no csrf-token cookie');
  csrfTokens.set(tenant.prefix, token);
  return token;
};

/** A caller holding the session cookies a response set (sign-in, refresh, password change). */
export const callerFromCookies = (tenant: Tenant, result: CallResult): Caller & { cookies: Map<string, string> } => {
  const cookies = new Map<string, string>();
  for (const c of result.headers.getSetCookie()) {
    const [pair = ''] = c.split(';');
    const eq = pair.indexOf('=');
    if (eq > 0 && !/Max-Age=0/.test(c)) cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return {
    tenant,
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    csrf: cookies.get('csrf-token'),
    cookies,
  };
};

export const errorOf = (result: CallResult): ErrorBody => result.body as ErrorBody;

export const userOf = (tenant: Tenant, role: Role) => {
  const user = tenant.users.find((u) => u.role === role);
  if (!user) throw new Error(`No ${role} in ${tenant.prefix}`);
  return user;
};

/**
 * A signed-in caller, made with the same session module the sign-in route uses (sign-in itself
 * is exercised by the identity tests).
 */
export const signedIn = async (
  tenant: Tenant,
  role: Role,
): Promise<Caller & { accessToken: string; refreshToken: string }> => {
  const { createSession } = await import('../../functions/src/_lib/session.js');
  const { sessionCookieName, refreshCookieName } = await import('../../functions/src/_lib/cookies.js');
  const user = userOf(tenant, role);
  const issued = await createSession({
    tenantId: tenant.tenantId,
    tenantPrefix: tenant.prefix,
    userId: user.userId,
    role,
  });
  return {
    tenant,
    cookie: `${sessionCookieName(tenant.prefix)}=${issued.accessToken}; ${refreshCookieName(tenant.prefix)}=${issued.refreshToken}; csrf-token=${issued.csrfToken}`,
    csrf: issued.csrfToken,
    accessToken: issued.accessToken,
    refreshToken: issued.refreshToken,
  };
};

export const anonymous = (tenant: Tenant): Caller => ({ tenant });

/**
 * The platform operator, with the local stack's operator key: no session, no cookie. The tenant
 * only fills the prefix header every call sends; operator routes ignore it.
 */
export const operator = (tenant: Tenant = alpine): Caller => {
  const key = stack.env.OPERATOR_KEY;
  if (!key) throw new Error('The local stack gave no OPERATOR_KEY');
  return { tenant, operatorKey: key };
};
