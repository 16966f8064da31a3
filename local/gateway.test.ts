import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { contentSecurityPolicy } from '@tranche/shared/infra/edge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, pickEncoding, specificity } from './gateway.js';
import { Outbox } from './outbox.js';

const csp = contentSecurityPolicy({ captchaProvider: 'test', dataRoomOrigins: ['http://127.0.0.1:4569'] });
const webDir = mkdtempSync(join(tmpdir(), 'tranche-gateway-'));
const gateway = createGateway({ webDir, outbox: new Outbox(), contentSecurityPolicy: csp });
let base = '';
// A script well over CloudFront's 1,000-byte floor for compression.
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}` })))};`;

/** A GET whose body is left as sent (fetch would decode it). */
const raw = (path: string, acceptEncoding: string) =>
  new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });

beforeAll(async () => {
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Tranche</title>');
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'assets', 'index-AbC123.js'), SCRIPT);
  writeFileSync(join(webDir, 'assets', 'tiny-AbC123.css'), 'body{margin:0}');
  writeFileSync(join(webDir, 'assets', 'logo-AbC123.png'), Buffer.alloc(4000, 1));
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => gateway.close(resolve));
  rmSync(webDir, { recursive: true, force: true });
});

describe('the local gateway', () => {
  it('sends the web app with the Content-Security-Policy, on app routes and the mailbox alike', async () => {
    for (const path of ['/', '/funds/01HX/subscribe', '/_local/mailbox']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-security-policy'), path).toBe(csp);
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('answers an unknown API route 404 that no cache keeps', async () => {
    const res = await fetch(`${base}/api/nothing/here`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('ROUTE_NOT_FOUND');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a body over 1 MB itself with 413 that no cache keeps', async () => {
    const res = await fetch(`${base}/api/v2/lp/tenant-settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toBe(csp);
  });

  it('compresses the web app as CloudFront does: Brotli first, else gzip, else as is', async () => {
    const path = '/assets/index-AbC123.js';
    const br = await raw(path, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 2);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gz = await raw(path, 'gzip, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await raw(path, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('leaves files under 1,000 bytes and binary types uncompressed, as CloudFront does', async () => {
    for (const path of ['/assets/tiny-AbC123.css', '/assets/logo-AbC123.png']) {
      const res = await raw(path, 'br, gzip');
      expect(res.status, path).toBe(200);
      expect(res.headers['content-encoding'], path).toBeUndefined();
    }
  });

  it('caches hashed assets for a year as immutable and makes the app page revalidate', async () => {
    const asset = await fetch(`${base}/assets/index-AbC123.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/index.html', '/products/01HX']) {
      const page = await fetch(`${base}${path}`);
      expect(page.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('reads Accept-Encoding with its weights and wildcard', () => {
    const pick = (value?: string) => pickEncoding({ headers: value === undefined ? {} : { 'accept-encoding': value } });
    expect(pick('gzip, deflate, br, zstd')).toBe('br');
    expect(pick('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pick('*')).toBe('br');
    expect(pick('*, br;q=0')).toBe('gzip');
    expect(pick('identity')).toBeUndefined();
    expect(pick('gzip;q=0')).toBeUndefined();
    expect(pick()).toBeUndefined();
  });

  it('prefers a literal segment over a path parameter whatever the declaration order, as API Gateway does', () => {
    expect(['/tasks/{id}', '/tasks/notice-task-approval'].sort(specificity)).toEqual([
      '/tasks/notice-task-approval',
      '/tasks/{id}',
    ]);
    expect(['/a/{x}/c', '/a/b/{y}'].sort(specificity)).toEqual(['/a/b/{y}', '/a/{x}/c']);
    expect(specificity('/a/{x}', '/b/{y}')).toBe(0);
  });
});
