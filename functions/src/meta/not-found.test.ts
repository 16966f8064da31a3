import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handler } from './not-found.js';

const event = (name: string) =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../events', name), 'utf8')) as APIGatewayProxyEventV2;

describe('the $default route', () => {
  it('answers a known path with another method 405, with Allow, in the caller’s language', async () => {
    const res = await handler(event('api-gateway-v2-unknown-route.json'));
    expect(res.statusCode).toBe(405);
    expect(res.headers?.allow).toBe('GET, PUT');
    expect(res.headers?.['cache-control']).toBe('no-store');
    expect(JSON.parse(String(res.body))).toMatchObject({
      code: 'METHOD_NOT_ALLOWED',
      message: '此接口不支持该请求方法。',
    });
  });

  it('answers an unknown path 404 ROUTE_NOT_FOUND', async () => {
    const e = event('api-gateway-v2-unknown-route.json');
    const res = await handler({ ...e, rawPath: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(String(res.body)).code).toBe('ROUTE_NOT_FOUND');
    expect(res.headers?.['cache-control']).toBe('no-store');
  });
});
