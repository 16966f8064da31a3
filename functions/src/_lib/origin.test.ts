import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import { originCheck, viewerIp } from './origin.js';

const event = (headers: Record<string, string>, sourceIp = '130.176.1.20'): APIGatewayProxyEventV2 =>
  ({ headers, requestContext: { http: { sourceIp } } }) as unknown as APIGatewayProxyEventV2;

const refusal = async (p: Promise<unknown>) => {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe('FORBIDDEN');
  expect((error as DomainError).status).toBe(403);
};

describe('origin check, not configured (the local gateway)', () => {
  const check = originCheck(undefined);

  it('lets every request through and uses the source IP', async () => {
    expect(await check(event({}, '127.0.0.1'))).toEqual({ viaCloudFront: false, clientIp: '127.0.0.1' });
  });

  it('ignores a viewer-address header, which anybody could send', async () => {
    const out = await check(event({ 'cloudfront-viewer-address': '203.0.113.9:4000' }, '127.0.0.1'));
    expect(out.clientIp).toBe('127.0.0.1');
  });
});

describe('origin check, configured (deployed behind CloudFront)', () => {
  const check = originCheck(async () => ['current-secret', 'previous-secret']);

  it('refuses with 403 a request without the origin-verify header (execute-api called directly)', async () => {
    await refusal(check(event({ 'cloudfront-viewer-address': '203.0.113.9:4000' })));
  });

  it('refuses with 403 a wrong or partial secret', async () => {
    await refusal(check(event({ 'x-origin-verify': 'current-secre' })));
    await refusal(check(event({ 'x-origin-verify': 'current-secret ' })));
    await refusal(check(event({ 'x-origin-verify': '' })));
  });

  it("takes the client IP from CloudFront's viewer address, not the edge's source IP", async () => {
    const out = await check(
      event({ 'x-origin-verify': 'current-secret', 'cloudfront-viewer-address': '203.0.113.9:46532' }),
    );
    expect(out).toEqual({ viaCloudFront: true, clientIp: '203.0.113.9' });
  });

  it('accepts the previous secret while a rotation reaches CloudFront', async () => {
    const out = await check(
      event({ 'x-origin-verify': 'previous-secret', 'cloudfront-viewer-address': '2001:db8::7:443' }),
    );
    expect(out.clientIp).toBe('2001:db8::7');
  });

  it('falls back to the source IP when the viewer address is missing or malformed', async () => {
    for (const bad of [undefined, 'nonsense', '203.0.113.9', '999.1.1.1:80', '203.0.113.9:port']) {
      const headers: Record<string, string> = { 'x-origin-verify': 'current-secret' };
      if (bad) headers['cloudfront-viewer-address'] = bad;
      expect((await check(event(headers, '130.176.1.20'))).clientIp).toBe('130.176.1.20');
    }
  });
});

describe('viewer address parsing', () => {
  it('strips the port from IPv4 and IPv6 addresses', () => {
    expect(viewerIp('198.51.100.10:46532')).toBe('198.51.100.10');
    expect(viewerIp('2001:0db8:85a3:0000:0000:8a2e:0370:7334:46532')).toBe('2001:0db8:85a3:0000:0000:8a2e:0370:7334');
    expect(viewerIp('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(viewerIp('::1')).toBeUndefined();
  });
});
