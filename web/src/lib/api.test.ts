import { ERROR_CATALOGUE } from '@tranche/shared/errors/catalogue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, configureApi } from './api';
import { ApiError } from './api-error';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const headersOf = (call: unknown[] | undefined) => new Headers((call?.[1] as RequestInit | undefined)?.headers);

describe('apiFetch', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    // biome-ignore lint/suspicious/noDocumentCookie: the API sets this cookie; the test stands in for it
    document.cookie = 'csrf-token=tok-123';
    configureApi({ tenantPrefix: 'beacon', getLanguage: () => 'zh-CN', baseUrl: '/api' });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    // biome-ignore lint/suspicious/noDocumentCookie: clearing the stand-in cookie
    document.cookie = 'csrf-token=; max-age=0';
    configureApi({ tenantPrefix: null, getLanguage: () => 'en' });
  });

  it("shows the catalogue's message in the current language, never the server's text", async () => {
    fetchMock.mockResolvedValue(
      json(404, { code: 'productIsNotExist', message: 'raw server words', requestId: 'req-1' }),
    );
    const error = await apiFetch('getProduct', { query: { productId: '01HZY3C9W8ZK1N6S2B7QK5V4XM' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.code).toBe('productIsNotExist');
    expect(apiError.status).toBe(404);
    expect(apiError.requestId).toBe('req-1');
    expect(apiError.message).toBe(ERROR_CATALOGUE.productIsNotExist.messages['zh-CN']);
    expect(apiError.message).not.toContain('raw server words');
    expect(apiError.messageIn('en')).toBe('Product does not exist.');
  });

  it('names the state and event of a refused transition, in either language', async () => {
    fetchMock.mockResolvedValue(
      json(409, {
        code: 'productStateInvalid',
        message: 'x',
        requestId: 'req-3',
        details: { lifecycle: 'product', state: 'CLOSED', event: 'PUBLISH' },
      }),
    );
    const error = (await apiFetch('getTenantInfo').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('该产品处于 CLOSED 状态，无法执行 PUBLISH 操作。');
    expect(error.messageIn('en')).toBe('This product cannot take the action PUBLISH while it is CLOSED.');
  });

  it('reads field errors without their location prefix', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        code: 'PARAMS_ERROR',
        message: 'x',
        requestId: 'req-2',
        details: { fields: [{ field: 'query.productId', rule: 'invalid_format', message: 'Must be a ULID' }] },
      }),
    );
    const error = (await apiFetch('getProduct', { query: { productId: 'nope' } }).catch((e: unknown) => e)) as ApiError;
    expect(error.fieldErrors).toEqual([{ field: 'productId', rule: 'invalid_format' }]);
    expect(error.message).toBe(ERROR_CATALOGUE.PARAMS_ERROR.messages['zh-CN']);
  });

  it('falls back to the status when the body has no catalogue code', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = (await apiFetch('getTenantInfo').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('sends the tenant prefix, language and query on a GET, without a CSRF header', async () => {
    fetchMock.mockResolvedValue(json(200, { items: [] }));
    await apiFetch('listProducts', { query: { limit: 5 } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/product/v2.0/assets?limit=5');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('same-origin');
    const headers = headersOf(fetchMock.mock.calls[0]);
    expect(headers.get('X-Tenant-Prefix')).toBe('beacon');
    expect(headers.get('Accept-Language')).toBe('zh-CN');
    expect(headers.has('X-CSRF-Token')).toBe(false);
  });

  it('echoes the csrf-token cookie in X-CSRF-Token on every non-GET call', async () => {
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await apiFetch('signOut', {});
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/invest/account/logout');
    expect(init?.method).toBe('POST');
    expect(headersOf(fetchMock.mock.calls[0]).get('X-CSRF-Token')).toBe('tok-123');
  });

  it('sends no tenant header when the host name decides the tenant', async () => {
    configureApi({ tenantPrefix: null });
    fetchMock.mockResolvedValue(json(200, {}));
    await apiFetch('getTenantInfo');
    expect(headersOf(fetchMock.mock.calls[0]).has('X-Tenant-Prefix')).toBe(false);
  });

  it('turns a failed connection into NETWORK_ERROR', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await apiFetch('getTenantInfo').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.status).toBe(0);
  });
});

describe('apiFetch when the access session has expired', () => {
  const fetchMock = vi.fn<typeof fetch>();
  // A fresh module per test: whether a refresh cookie may exist is module state.
  let api: typeof import('./api');
  const urls = () => fetchMock.mock.calls.map(([url]) => String(url));
  const unauthenticated = () => json(401, { code: 'UNAUTHENTICATED', message: 'x', requestId: 'r' });
  const me = { userId: 'u1', displayName: 'Ada' };

  beforeEach(async () => {
    vi.resetModules();
    api = await import('./api');
    vi.stubGlobal('fetch', fetchMock);
    // biome-ignore lint/suspicious/noDocumentCookie: the API sets this cookie; the test stands in for it
    document.cookie = 'csrf-token=old-token';
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    // biome-ignore lint/suspicious/noDocumentCookie: clearing the stand-in cookie
    document.cookie = 'csrf-token=; max-age=0';
  });

  it('refreshes the session once and repeats the call with the new cross-site-request token', async () => {
    let sessionAlive = false;
    fetchMock.mockImplementation(async (url) => {
      if (String(url).endsWith('/invest/account/refresh')) {
        sessionAlive = true;
        // biome-ignore lint/suspicious/noDocumentCookie: the refresh answer rotates this cookie
        document.cookie = 'csrf-token=new-token';
        return json(200, { user: me, mfaEnrolmentRequired: false });
      }
      return sessionAlive ? json(200, { ok: true }) : unauthenticated();
    });
    await expect(
      api.apiFetch('updateEmailPreferences', { body: { productNews: true, marketing: false, inboxDigest: true } }),
    ).resolves.toEqual({ ok: true });
    expect(urls()).toEqual(['/api/email-preferences', '/api/invest/account/refresh', '/api/email-preferences']);
    expect(headersOf(fetchMock.mock.calls[1]).get('X-CSRF-Token')).toBe('old-token');
    expect(headersOf(fetchMock.mock.calls[2]).get('X-CSRF-Token')).toBe('new-token');
    expect(fetchMock.mock.calls[2]?.[1]?.body).toBe(fetchMock.mock.calls[0]?.[1]?.body);
  });

  it('shares one refresh between calls that fail together (the refresh token is single use)', async () => {
    let refreshes = 0;
    fetchMock.mockImplementation(async (url) => {
      if (String(url).endsWith('/invest/account/refresh')) {
        refreshes += 1;
        await new Promise((r) => setTimeout(r, 5));
        return json(200, { user: me, mfaEnrolmentRequired: false });
      }
      return refreshes > 0 ? json(200, me) : unauthenticated();
    });
    const results = await Promise.all([
      api.apiFetch('getCurrentUser'),
      api.apiFetch('getCurrentUser'),
      api.apiFetch('getEmailPreferences'),
    ]);
    expect(results[0]).toEqual(me);
    expect(refreshes).toBe(1);
  });

  it('repeats the call only once, and stops trying to refresh once a refresh is refused', async () => {
    fetchMock.mockImplementation(async () => unauthenticated());
    const first = (await api.apiFetch('getCurrentUser').catch((e: unknown) => e)) as ApiError;
    expect(first.code).toBe('UNAUTHENTICATED');
    expect(urls()).toEqual(['/api/user-center/get', '/api/invest/account/refresh']);

    fetchMock.mockClear();
    await api.apiFetch('getCurrentUser').catch(() => undefined);
    expect(urls()).toEqual(['/api/user-center/get']);
  });

  it('tries refreshing again after the next sign-in, and not after signing out', async () => {
    fetchMock.mockImplementation(async () => unauthenticated());
    await api.apiFetch('getCurrentUser').catch(() => undefined);

    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/login') ? json(200, { user: me, mfaEnrolmentRequired: false }) : unauthenticated(),
    );
    await api.apiFetch('signIn', { body: { email: 'ada@example.com', password: 'long enough secret' } });
    fetchMock.mockClear();
    await api.apiFetch('getCurrentUser').catch(() => undefined);
    expect(urls()).toEqual(['/api/user-center/get', '/api/invest/account/refresh']);

    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/logout') ? json(200, { ok: true }) : unauthenticated(),
    );
    await api.apiFetch('signOut', {});
    fetchMock.mockClear();
    await api.apiFetch('getCurrentUser').catch(() => undefined);
    expect(urls()).toEqual(['/api/user-center/get']);
  });

  it("never refreshes on a sign-in's own 401s, and keeps the MFA challenge in details", async () => {
    fetchMock.mockResolvedValue(
      json(401, {
        code: 'mfaIsRequired',
        message: 'x',
        requestId: 'r',
        details: { ticket: 't'.repeat(43), methods: ['authenticator', 'email'], expiresInSeconds: 300 },
      }),
    );
    const error = (await api
      .apiFetch('signIn', { body: { email: 'ada@example.com', password: 'long enough secret' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('mfaIsRequired');
    expect(error.details).toMatchObject({ methods: ['authenticator', 'email'], expiresInSeconds: 300 });
    expect(urls()).toEqual(['/api/invest/account/login']);
  });

  it('fetches a cross-site-request token first when the browser has none (after sign-out)', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: sign-out cleared it
    document.cookie = 'csrf-token=; max-age=0';
    fetchMock.mockImplementation(async (url) => {
      if (String(url).endsWith('/get-tenant-info')) {
        // biome-ignore lint/suspicious/noDocumentCookie: the tenant-info answer sets it
        document.cookie = 'csrf-token=pre-session';
        return json(200, {});
      }
      return json(200, { ok: true });
    });
    await api.apiFetch('forgotPassword', { body: { email: 'ada@example.com', captchaToken: 'x' } });
    expect(urls()).toEqual(['/api/invest/client/get-tenant-info', '/api/invest/account/forgot-password']);
    expect(headersOf(fetchMock.mock.calls[1]).get('X-CSRF-Token')).toBe('pre-session');
  });
});

describe('apiFetch on an idempotent route', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let api: typeof import('./api');
  const keyOf = (n: number) => headersOf(fetchMock.mock.calls[n]).get('Idempotency-Key');
  // The body is not looked at here: fetch is a stand-in.
  const product = {} as import('./api').ApiBody<'createProduct'>;

  beforeEach(async () => {
    vi.resetModules();
    api = await import('./api');
    vi.stubGlobal('fetch', fetchMock);
    // biome-ignore lint/suspicious/noDocumentCookie: the API sets this cookie; the test stands in for it
    document.cookie = 'csrf-token=tok';
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    // biome-ignore lint/suspicious/noDocumentCookie: clearing the stand-in cookie
    document.cookie = 'csrf-token=; max-age=0';
  });

  it('sends a fresh key that meets the server’s rule on each call, and none to other routes', async () => {
    fetchMock.mockImplementation(async () => json(201, { ok: true }));
    await api.apiFetch('createProduct', { body: product });
    await api.apiFetch('createProduct', { body: product });
    await api.apiFetch('updateEmailPreferences', { body: { productNews: true, marketing: false, inboxDigest: true } });
    const [first, second, other] = [keyOf(0), keyOf(1), keyOf(2)];
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(second).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(second).not.toBe(first);
    expect(other).toBeNull();
  });

  it('repeats the call after a session refresh with the same key', async () => {
    let sessionAlive = false;
    fetchMock.mockImplementation(async (url) => {
      if (String(url).endsWith('/invest/account/refresh')) {
        sessionAlive = true;
        return json(200, { user: { userId: 'u1' }, mfaEnrolmentRequired: false });
      }
      return sessionAlive
        ? json(201, { productId: 'p1' })
        : json(401, { code: 'UNAUTHENTICATED', message: 'x', requestId: 'r' });
    });
    await api.apiFetch('createProduct', { body: product });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/gp/products',
      '/api/invest/account/refresh',
      '/api/gp/products',
    ]);
    expect(keyOf(0)).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(keyOf(2)).toBe(keyOf(0));
    expect(keyOf(1)).toBeNull();
  });

  it('keeps a key the caller brings (its own retry of the same action)', async () => {
    fetchMock.mockImplementation(async () => json(201, { ok: true }));
    const own = 'my-own-key-0123456789';
    await api.apiFetch('createProduct', { body: product, headers: { 'idempotency-key': own } });
    expect(keyOf(0)).toBe(own);
  });
});
