import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiStacks,
  cfnValidationFindings,
  functionProperties,
  nagFindings,
  synthTestApp,
  type TestApp,
} from './synth.js';

const CERT = 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-6789-abcd-ef0123456789';
let built: TestApp;

beforeAll(() => {
  // A deployable configuration: CloudFormation's template validation runs on it too.
  built = synthTestApp(
    { domainNames: 'invest.acme.com, gp.acme.com', certificateArn: CERT },
    {},
    { cfnValidation: true },
  );
});
afterAll(() => built.cleanup());

describe('a tenant deployment with its own domain', () => {
  it('serves the domains with the certificate and TLS 1.2 (2021) minimum, nag-clean without the CFR4 waiver', () => {
    const [distribution] = Object.values(Template.fromStack(built.web).findResources('AWS::CloudFront::Distribution'));
    const config = distribution!.Properties.DistributionConfig;
    expect(config.Aliases).toEqual(['invest.acme.com', 'gp.acme.com']);
    expect(config.ViewerCertificate).toMatchObject({
      AcmCertificateArn: CERT,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    expect(nagFindings(built.web)).toEqual([]);
  });

  it('allows data-room CORS from exactly the site origins', () => {
    const buckets = Template.fromStack(built.data).findResources('AWS::S3::Bucket');
    const rules = Object.values(buckets).flatMap((b) => b.Properties.CorsConfiguration?.CorsRules ?? []);
    expect(rules).toHaveLength(1);
    expect(rules[0].AllowedOrigins).toEqual(['https://invest.acme.com', 'https://gp.acme.com']);
  });

  it("passes the CDK's CloudFormation template validation", () => {
    expect(cfnValidationFindings(built.app)).toEqual([]);
  });

  it('sends mail from the first domain by default', () => {
    const fn = built.api.routeFunctions.values().next().value!;
    expect(functionProperties(apiStacks(built), fn).Environment.Variables.MAIL_FROM).toBe('no-reply@invest.acme.com');
  });
});
