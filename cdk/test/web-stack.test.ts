import { runInNewContext } from 'node:vm';
import { contentSecurityPolicy } from '@tranche/shared/infra/edge';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORWARD_HOST_FUNCTION, SPA_REWRITE_FUNCTION } from '../lib/constructs/edge-functions.js';
import {
  CDK_PROVIDER_ID,
  type CfnJson,
  defaultTestApp,
  nagFindings,
  ourFunctionIds,
  type Resources,
  synthTestApp,
  type TrancheApp,
} from './synth.js';

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
/** The managed CachingOptimized policy: Accept-Encoding gzip and br in the key, so CloudFront may compress. */
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

let built: TrancheApp;
let template: Template;
let resources: Resources;
let config: Record<string, CfnJson>;

beforeAll(() => {
  built = defaultTestApp();
  template = Template.fromStack(built.web);
  resources = template.toJSON().Resources as Resources;
  const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution'));
  config = distribution!.Properties.DistributionConfig;
});

const functionCode = (ref: { 'Fn::GetAtt': [string, string] }) =>
  resources[ref['Fn::GetAtt'][0]]!.Properties!.FunctionCode as string;

/** Runs a CloudFront Function's source against a viewer-request event. */
const runEdgeFunction = (code: string, request: Record<string, unknown>) =>
  runInNewContext(`${code}\nhandler(event);`, { event: { request } }) as {
    uri: string;
    headers: Record<string, { value: string }>;
  };

describe('Tranche-<tenant>-Web', () => {
  it('has no unsuppressed cdk-nag finding', () => {
    expect(nagFindings(built.web)).toEqual([]);
  });

  it('serves the SPA from the private bucket through OAC, with index.html as root and no error-page rewriting', () => {
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.CustomErrorResponses).toBeUndefined();
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    const s3Origin = config.Origins.find((o: Record<string, unknown>) => o.S3OriginConfig);
    expect(s3Origin.OriginAccessControlId).toBeDefined();
    const [association] = config.DefaultCacheBehavior.FunctionAssociations;
    expect(association.EventType).toBe('viewer-request');
    expect(functionCode(association.FunctionARN)).toBe(SPA_REWRITE_FUNCTION);
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.Logging.Bucket).toBeDefined();
  });

  it('compresses the web app (gzip or Brotli, as the viewer accepts), which the local gateway mirrors', () => {
    expect(config.DefaultCacheBehavior.Compress).toBe(true);
    expect(config.DefaultCacheBehavior.CachePolicyId).toBe(CACHING_OPTIMIZED);
  });

  it('rewrites extension-less paths to /index.html and leaves files alone', () => {
    expect(runEdgeFunction(SPA_REWRITE_FUNCTION, { uri: '/funds/01HX/subscribe', headers: {} }).uri).toBe(
      '/index.html',
    );
    expect(runEdgeFunction(SPA_REWRITE_FUNCTION, { uri: '/', headers: {} }).uri).toBe('/index.html');
    expect(runEdgeFunction(SPA_REWRITE_FUNCTION, { uri: '/assets/index-abc.js', headers: {} }).uri).toBe(
      '/assets/index-abc.js',
    );
    expect(runEdgeFunction(SPA_REWRITE_FUNCTION, { uri: '/v1.2/page', headers: {} }).uri).toBe('/index.html');
  });

  it('sends /api/* uncached, all methods, cookies/query/headers but Host, with the viewer host in x-forwarded-host', () => {
    const api = config.CacheBehaviors.find((b: Record<string, unknown>) => b.PathPattern === '/api/*');
    expect(api).toBeDefined();
    expect(api.AllowedMethods).toHaveLength(7);
    expect(api.CachePolicyId).toBe(CACHING_DISABLED);
    expect(api.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    expect(api.ViewerProtocolPolicy).toBe('https-only');
    const [association] = api.FunctionAssociations;
    expect(association.EventType).toBe('viewer-request');
    expect(functionCode(association.FunctionARN)).toBe(FORWARD_HOST_FUNCTION);
    const origin = config.Origins.find((o: Record<string, unknown>) => o.Id === api.TargetOriginId);
    expect(origin.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    });
    expect(JSON.stringify(origin.DomainName)).toContain('HttpApi');
  });

  it('copies the viewer host into x-forwarded-host, overwriting a spoofed one', () => {
    const out = runEdgeFunction(FORWARD_HOST_FUNCTION, {
      uri: '/api/features',
      headers: { host: { value: 'acme.example.com' }, 'x-forwarded-host': { value: 'victim.example.com' } },
    });
    expect(out.headers['x-forwarded-host']).toEqual({ value: 'acme.example.com' });
  });

  it('adds security headers: HSTS, the strict CSP the local gateway sends, nosniff', () => {
    const [policy] = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    const headers = policy!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
    // The region is a token: CloudFormation joins it in, so compare with the same join.
    const csp = headers.ContentSecurityPolicy.ContentSecurityPolicy as { 'Fn::Join': [string, CfnJson[]] };
    const [separator, parts] = csp['Fn::Join'];
    const text = parts.map((p) => (typeof p === 'string' ? p : '<region>')).join(separator);
    expect(text).toBe(
      contentSecurityPolicy({
        captchaProvider: 'recaptcha',
        dataRoomOrigins: ['https://*.s3.<region>.amazonaws.com'],
      }),
    );
    expect(parts).toContainEqual({ Ref: 'AWS::Region' });
    expect(text).toContain("script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/;");
    expect(text).toContain("frame-ancestors 'none'");
    expect(text).not.toContain("'unsafe-eval'");
    expect(headers.ContentSecurityPolicy.Override).toBe(true);
    expect(headers.ContentTypeOptions.Override).toBe(true);
    const policyId = Object.keys(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0];
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  it("allows Google's reCAPTCHA only where the deployment's captcha is reCAPTCHA", () => {
    const testCaptcha = synthTestApp({ captchaProvider: 'test' });
    try {
      const [policy] = Object.values(
        Template.fromStack(testCaptcha.web).findResources('AWS::CloudFront::ResponseHeadersPolicy'),
      );
      const csp = JSON.stringify(
        policy!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy,
      );
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toContain('google');
    } finally {
      testCaptcha.cleanup();
    }
  });

  it('keeps the site bucket private and deploys the web build into it', () => {
    const buckets = Object.values(template.findResources('AWS::S3::Bucket'));
    expect(buckets.length).toBeGreaterThan(0);
    for (const bucket of buckets) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
    template.resourceCountIs('Custom::CDKBucketDeployment', 2);
  });

  it('has no Lambda of its own: only the CDK BucketDeployment provider', () => {
    const ids = Object.keys(template.findResources('AWS::Lambda::Function'));
    expect(ids.length).toBeGreaterThan(0);
    expect(ourFunctionIds(built.web).size).toBe(0);
    expect(ids.filter((id) => !CDK_PROVIDER_ID.test(id))).toEqual([]);
  });
});
