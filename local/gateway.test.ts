import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentSecurityPolicy } from '@tranche/shared/infra/edge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from './gateway.js';
import { Outbox } from './outbox.js';

const csp = contentSecurityPolicy({ captchaProvider: 'test', dataRoomOrigins: ['http://127.0.0.1:4569'] });
const webDir = mkdtempSync(join(tmpdir(), 'tranche-gateway-'));
const gateway = createGateway({ webDir, outbox: new Outbox(), contentSecurityPolicy: csp });
let base = '';

beforeAll(async () => {
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Tranche</title>');
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
});
