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
