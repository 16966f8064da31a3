import { ROUTE_LIST, type RouteDef } from '@tranche/shared/http/routes';
import type { RouteNeeds } from '@tranche/shared/infra/needs';
import { stepModules, substituteFunctions } from '@tranche/shared/infra/state-machines';
import { App, Aspects, CfnResource, NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDeploymentConfig } from '../lib/config.js';
import { buildTrancheApp } from '../lib/tranche-app.js';
import {
  apiStacks,
  cfnValidationFindings,
  defaultTestApp,
  functionStatements,
  nagFindings,
  synthTestApp,
  type TestApp,
  testDir,
} from './synth.js';

describe('deployment config', () => {
  it('rejects tenant names that cannot be part of a stack name', () => {
    expect(() => readDeploymentConfig('Acme_1', {})).toThrow(/must match/);
  });

  it('needs a us-east-1 certificate for custom domains, and domains for a certificate', () => {
    expect(() => readDeploymentConfig('acme', { domainNames: 'invest.acme.com' })).toThrow(/certificateArn/);
    expect(() =>
      readDeploymentConfig('acme', {
        domainNames: 'invest.acme.com',
        certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc',
      }),
    ).toThrow(/us-east-1/);
    expect(() =>
      readDeploymentConfig('acme', { certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' }),
    ).toThrow(/needs domainNames/);
  });

  it('reads a comma list of lower-cased host names', () => {
    const config = readDeploymentConfig('acme', {
      domainNames: ' Invest.Acme.com ,gp.acme.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
    });
    expect(config.domainNames).toEqual(['invest.acme.com', 'gp.acme.com']);
    expect(() => readDeploymentConfig('acme', { domainNames: 'not a host' })).toThrow(/not a host name/);
  });
});

describe('the app', () => {
  it('refuses to synthesize without a built web app, saying how to build it', () => {
    expect(() => buildTrancheApp({ tenant: 'acme', webAssetPath: '/nonexistent/web/dist' })).toThrow(
      /web app is not built.*npm run build -w web/,
    );
  });
});

describe('state-machine placeholders', () => {
  it('finds and replaces every ${fn:<module>} placeholder', () => {
    const definition = {
      A: { FunctionName: '${fn:flow/a}' },
      B: { FunctionName: '${fn:flow/b-c}' },
      C: '${fn:flow/a}',
    };
    expect(stepModules(definition)).toEqual(['flow/a', 'flow/b-c']);
    expect(JSON.parse(substituteFunctions(definition, (m) => `arn:${m}`))).toEqual({
      A: { FunctionName: 'arn:flow/a' },
      B: { FunctionName: 'arn:flow/b-c' },
      C: 'arn:flow/a',
    });
  });
});

describe("the CDK's CloudFormation template validation", () => {
  // Data, Api and Web: the CDK does not validate nested stacks' templates (the route stacks).
  it("finds nothing in the default deployment's stacks", () => {
    expect(cfnValidationFindings(defaultTestApp().app)).toEqual([]);
  });

  it('reports what it finds, by rule and construct (what the check above would see otherwise)', () => {
    const app = new App({ outdir: testDir('invalid') });
    const stack = new Stack(app, 'Invalid');
    new CfnResource(stack, 'Queue', {
      type: 'AWS::SQS::Queue',
      properties: { VisibilityTimeout: 'soon' },
    });
    expect(cfnValidationFindings(app)).toEqual([
      expect.stringMatching(/^CloudFormation Validate F3012 at Invalid\/Queue: VisibilityTimeout: 'soon'/),
    ]);
  });
});

describe('nagFindings', () => {
  it("reports a stack's unsuppressed findings, its nested stacks' included", () => {
    // The nag-clean assertions expect []: this is what they would see otherwise.
    const app = new App({ outdir: testDir('nagged') });
    const stack = new Stack(app, 'Nagged');
    new s3.Bucket(stack, 'Plain');
    new s3.Bucket(new NestedStack(stack, 'Inner'), 'NestedPlain');
    Aspects.of(app).add(new AwsSolutionsChecks());
    app.synth();
    const findings = nagFindings(stack);
    for (const path of ['/Nagged/Plain/Resource', '/Nagged/Inner/NestedPlain/Resource']) {
      expect(findings).toContainEqual(expect.stringMatching(new RegExp(`^${path}: AwsSolutions-S1: `)));
    }
  });
});

describe('route grants beyond the table', () => {
  let built: TestApp;
  let policies: string[];
  /** The statements of the two routes given the grants above. */
  let granted: string;

  beforeAll(() => {
    // The route table with two routes given every kind of grant once, in their own `needs`.
    const extra: Record<string, RouteNeeds> = {
      signOut: {
        userPool: ['AdminInitiateAuth'],
        dataRoom: [
          { actions: ['s3:PutObject', 's3:DeleteObject'], prefixes: ['uploads/tenants/*'] },
          { actions: ['s3:ListBucket'], prefixes: ['uploads/tenants/*'] },
        ],
        scenario: ['publish', 'start'],
        mail: true,
        sms: true,
        portalLinks: true,
        captcha: true,
        secretBox: 'seal',
      },
      getProduct: {
        dataRoom: [{ actions: ['s3:GetObject'], prefixes: ['tenants/*/products/*/documents/*'] }],
        scenario: ['respond', 'stop'],
        secretBox: 'open',
      },
    };
    const routes: RouteDef[] = ROUTE_LIST.map((route) =>
      extra[route.operationId] ? { ...route, needs: { ...route.needs, ...extra[route.operationId] } } : route,
    );
    built = synthTestApp({}, { routes });
    policies = apiStacks(built).flatMap(({ stack }) =>
      Object.values(Template.fromStack(stack).findResources('AWS::IAM::Policy')).map((p) =>
        JSON.stringify(p.Properties.PolicyDocument),
      ),
    );
    const stacks = apiStacks(built);
    granted = ['signOut', 'getProduct']
      .flatMap((operationId) => functionStatements(stacks, built.api.routeFunctions.get(operationId)!))
      .map((statement) => JSON.stringify(statement))
      .join('\n');
  });
  afterAll(() => built.cleanup());

  it('stays nag-clean with every kind of grant in use', () => {
    expect(nagFindings(built.api)).toEqual([]);
  });

  it('scopes the grants to the deployment resources', () => {
    // Other routes hold most of these actions too: look in the roles of the two routes given them here.
    expect(granted).toContain('cognito-idp:AdminInitiateAuth');
    expect(granted).toContain('s3:PutObject');
    expect(granted).toContain('states:StartExecution');
    expect(granted).toContain('states:SendTaskSuccess');
    expect(granted).toContain('states:CreateStateMachine');
    expect(granted).toContain('states:StopExecution');
    expect(granted).toContain('iam:PassRole');
    expect(granted).toContain('"ses:FromAddress":"no-reply@example.com"');
    expect(granted).toContain('kms:GenerateDataKey');
    expect(granted).toContain('kms:Decrypt');
    const all = policies.join('\n');
    expect(all).not.toMatch(/"cognito-idp:\*"|"s3:\*"|"states:\*"|"kms:\*"|"secretsmanager:\*"|"ssm:\*"/);
  });
});

describe('identity configuration', () => {
  it('reads the portal address, captcha provider and reCAPTCHA secret from context, checking their form', () => {
    expect(readDeploymentConfig('acme', {})).toMatchObject({ captchaProvider: 'recaptcha' });
    expect(readDeploymentConfig('acme', {}).portalBaseUrl).toBeUndefined();
    expect(
      readDeploymentConfig('acme', {
        domainNames: 'invest.acme.com',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      }).portalBaseUrl,
    ).toBe('https://invest.acme.com');
    expect(readDeploymentConfig('acme', { portalBaseUrl: 'https://portal.acme.com' }).portalBaseUrl).toBe(
      'https://portal.acme.com',
    );
    expect(() => readDeploymentConfig('acme', { portalBaseUrl: 'http://portal.acme.com' })).toThrow(/https origin/);
    expect(() => readDeploymentConfig('acme', { portalBaseUrl: 'https://portal.acme.com/t/x' })).toThrow(/no path/);
    expect(() => readDeploymentConfig('acme', { captchaProvider: 'none' })).toThrow(/captchaProvider/);
    expect(() => readDeploymentConfig('acme', { recaptchaSecretArn: 'my-secret' })).toThrow(/complete ARN/);
  });
});
