import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';

/**
 * The origin check sits in the one HTTP factory, before tenant, session or body are looked at: a
 * deployment with the origin-verify secret configured answers 403 to a request that bypassed
 * CloudFront without doing any I/O (this file sets the secret id; no AWS call can happen here).
 */
process.env.ORIGIN_VERIFY_SECRET_ID = 'tranche/test/origin-verify';
const { httpApi, ok } = await import('./http-api.js');

describe('httpApi with ORIGIN_VERIFY configured', () => {
  it('refuses a request without the origin-verify header with 403, before anything else', async () => {
    let reached = false;
    const handler = httpApi(TENANT_ROUTES.getTenantInfo, async () => {
      reached = true;
      return ok({});
    });
    const event = {
      version: '2.0',
      rawPath: '/api/invest/client/get-tenant-info',
      headers: { 'x-forwarded-host': 'localhost', 'cloudfront-viewer-address': '203.0.113.9:1000' },
      requestContext: { requestId: 'r1', http: { method: 'GET', sourceIp: '203.0.113.9' } },
    } as unknown as APIGatewayProxyEventV2;
    const res = await handler(event, { awsRequestId: 'r1' } as Context);
    expect(res.statusCode).toBe(403);
    expect(JSON.parse(res.body ?? '{}')).toMatchObject({ code: 'FORBIDDEN' });
    expect(reached).toBe(false);
  });
});
