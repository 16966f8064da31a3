import { ROUTE_LIST } from '@tranche/shared/http/routes';
import { ORIGIN_VERIFY_HEADER } from '@tranche/shared/infra/edge';
import { ENV, PORTAL_ADDRESS_PENDING } from '@tranche/shared/infra/table';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiStacks,
  type CfnJson,
  defaultTestApp,
  functionProperties,
  functionStatements,
  logicalIdIn,
  nagFindings,
  type Resources,
  synthTestApp,
  type TestApp,
  type TrancheApp,
} from './synth.js';

/**
 * The identity routes' grants, pinned route by route from what each handler calls
 * (functions/src/auth, functions/src/user): exactly these Cognito actions, SES only where it mails,
 * SNS only where it texts, the KMS key only where an authenticator seed is sealed or opened, the
 * reCAPTCHA secret only where a captcha is verified. Every other route has none of them.
 */
const COGNITO: Record<string, string[]> = {
  signUp: ['AdminCreateUser', 'AdminSetUserPassword'],
  confirmSignUp: ['AdminUpdateUserAttributes'],
  signIn: ['AdminInitiateAuth'],
  changePassword: ['AdminInitiateAuth', 'AdminSetUserPassword'],
  resetPassword: ['AdminInitiateAuth', 'AdminSetUserPassword'],
  setPassword: ['AdminSetUserPassword', 'AdminUpdateUserAttributes'],
  setMfaMethods: ['AdminInitiateAuth'],
  // Re-authentication before a bank account's full number is shown (issue 11): the password check.
  stepUp: ['AdminInitiateAuth'],
  inviteUser: ['AdminCreateUser', 'AdminSetUserPassword'],
  // The operator's tenant creation invites the first owner through the same path.
  createTenant: ['AdminCreateUser', 'AdminSetUserPassword'],
};
/**
 * Routes that email what the user waits for (codes and links). Invitations and notices (lock alerts,
 * password changed) go out from the event dispatcher, which holds the mail grant instead
 * (cdk/test/events.test.ts).
 */
// The signer's one-time code (issue 12) is emailed within the request, like the MFA code: the signer waits for it.
const MAIL = ['signUp', 'signIn', 'sendMfaCode', 'forgotPassword', 'sendSigningCode'];
const SMS = ['sendMfaCode', 'sendPhoneCode'];
const KMS: Record<string, string[]> = {
  enrolTotp: ['kms:GenerateDataKey'],
  confirmTotp: ['kms:Decrypt'],
  verifyMfa: ['kms:Decrypt'],
  // ... or the authenticator code, whose secret is sealed.
  stepUp: ['kms:Decrypt'],
  // A bank account's numbers (issue 11): sealed on save and opened to tell an unchanged save; opened
  // by the reveal. Their own purpose, so neither grant opens an authenticator seed.
  patchMetaBankInfo: ['kms:Decrypt', 'kms:GenerateDataKey'],
  revealBankAccount: ['kms:Decrypt'],
};
const KMS_PURPOSE: Record<string, string> = { patchMetaBankInfo: 'bankNumber', revealBankAccount: 'bankNumber' };
const CAPTCHA = ['signUp', 'forgotPassword'];
// createTenant's answer carries the new portal's address.
const LINKS = ['signIn', 'sendMfaCode', 'forgotPassword', 'createTenant'];
/** Operator routes read the operator key, and no other route does. */
const OPERATOR = ROUTE_LIST.filter((r) => r.auth === 'operator').map((r) => r.operationId);

/** Lookups into one synthesized deployment: the shared default one, or one with other context. */
const setup = (built: TrancheApp) => {
  const stacks = apiStacks(built);
  const routeFunction = (operationId: string) => {
    const fn = built.api.routeFunctions.get(operationId);
    if (!fn) throw new Error(`no function for ${operationId}`);
    return fn;
  };
  const statementsOf = (operationId: string) => functionStatements(stacks, routeFunction(operationId));
  const actionsOf = (operationId: string, effect: 'Allow' | 'Deny' = 'Allow') =>
    statementsOf(operationId)
      .filter((s) => s.Effect === effect)
      .flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
  const envOf = (operationId: string) =>
    (functionProperties(stacks, routeFunction(operationId)).Environment as { Variables: Record<string, CfnJson> })
      .Variables;
  return { built, resources: stacks[0]!.resources, statementsOf, actionsOf, envOf };
};

/** The default deployment (shared by the cdk test files). */
let t: ReturnType<typeof setup>;
beforeAll(() => {
  t = setup(defaultTestApp());
});

const SITE_KEY = '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI';
const RECAPTCHA_SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:acme/recaptcha-AbCdEf';
const PORTAL = 'https://portal.acme.example';
/**
 * A deployment given the three optional settings at once: a reCAPTCHA site key, an existing
 * reCAPTCHA secret and a configured portal address. They are independent, and each test below looks
 * only at what its own setting changes, so one synthesis (10 s) serves the three tests that each
 * made their own. Made when the first of them runs.
 */
let configuredApp: TestApp | undefined;
const configured = () => {
  configuredApp ??= synthTestApp({
    recaptchaSiteKey: SITE_KEY,
    recaptchaSecretArn: RECAPTCHA_SECRET_ARN,
    portalBaseUrl: PORTAL,
  });
  return setup(configuredApp);
};
afterAll(() => configuredApp?.cleanup());

describe('identity grants, route by route', () => {
  it('stays nag-clean', () => {
    expect(nagFindings(t.built.api)).toEqual([]);
    expect(nagFindings(t.built.data)).toEqual([]);
    expect(nagFindings(t.built.web)).toEqual([]);
  });

  it.each(ROUTE_LIST.map((r) => [r.operationId] as const))('%s has exactly its grants', (operationId) => {
    const actions = t.actionsOf(operationId);
    const of = (prefix: string) => actions.filter((a) => a.startsWith(prefix)).sort();
    expect(of('cognito-idp:')).toEqual((COGNITO[operationId] ?? []).map((a) => `cognito-idp:${a}`).sort());
    expect(of('ses:')).toEqual(MAIL.includes(operationId) ? ['ses:SendEmail'] : []);
    expect(of('sns:')).toEqual(SMS.includes(operationId) ? ['sns:Publish'] : []);
    expect(of('kms:')).toEqual(KMS[operationId] ?? []);
    // The portal address is resolved at deploy time: no function reads SSM.
    expect(of('ssm:')).toEqual([]);
    // The origin-verify secret for every route, plus the reCAPTCHA secret for the captcha routes and
    // the operator key for the operator routes.
    const secretReads = t
      .statementsOf(operationId)
      .filter((s) => s.Effect === 'Allow' && [s.Action].flat().includes('secretsmanager:GetSecretValue'))
      .flatMap((s) => [s.Resource].flat());
    expect(secretReads).toHaveLength(
      1 + Number(CAPTCHA.includes(operationId)) + Number(OPERATOR.includes(operationId)),
    );
    expect(JSON.stringify(secretReads).includes('OperatorKeySecret')).toBe(OPERATOR.includes(operationId));
    expect(of('secretsmanager:')).toEqual(['secretsmanager:GetSecretValue']);
  });

  it('scopes Cognito to the pool, KMS to the key and the seed context, SMS away from topics', () => {
    for (const operationId of Object.keys(COGNITO)) {
      const cognito = t.statementsOf(operationId).filter((s) => JSON.stringify(s.Action).includes('cognito-idp:'));
      for (const s of cognito) expect(JSON.stringify(s.Resource)).toMatch(/UserPool.*Arn/);
    }
    for (const operationId of Object.keys(KMS)) {
      const kms = t.statementsOf(operationId).find((s) => JSON.stringify(s.Action).includes('kms:'))!;
      expect(JSON.stringify(kms.Resource)).toMatch(/SecretBoxKey.*Arn/);
      expect(kms.Condition).toEqual({
        StringEquals: { 'kms:EncryptionContext:purpose': KMS_PURPOSE[operationId] ?? 'totp' },
      });
    }
    for (const operationId of SMS) {
      const deny = t.statementsOf(operationId).find((s) => s.Effect === 'Deny');
      expect(deny?.Action).toBe('sns:Publish');
      expect(JSON.stringify(deny?.Resource)).toContain(':sns:*:*:*');
    }
  });

  it('gives each identity function the configuration it reads, and no secret value', () => {
    // The SSM-typed stack parameter CloudFormation resolves (passed on to the nested stacks).
    for (const operationId of LINKS) {
      expect(JSON.stringify(t.envOf(operationId)[ENV.portalBaseUrl])).toMatch(
        /SsmParameterValuetrancheacmeportaladdress/,
      );
    }
    for (const { operationId } of ROUTE_LIST.filter((r) => !LINKS.includes(r.operationId))) {
      expect(t.envOf(operationId)[ENV.portalBaseUrl]).toBeUndefined();
    }
    for (const operationId of CAPTCHA) {
      const env = t.envOf(operationId);
      expect(env[ENV.captchaProvider]).toBe('recaptcha');
      expect(JSON.stringify(env[ENV.recaptchaSecretId])).toMatch(/RecaptchaSecret/);
    }
    for (const operationId of Object.keys(KMS)) {
      expect(JSON.stringify(t.envOf(operationId)[ENV.secretBoxKeyId])).toMatch(/SecretBoxKey/);
    }
    for (const route of ROUTE_LIST) {
      const env = t.envOf(route.operationId);
      expect(JSON.stringify(env[ENV.originVerifySecretId]), route.operationId).toMatch(/OriginVerifySecret/);
      expect(env.RECAPTCHA_SECRET).toBeUndefined();
      expect(env[ENV.secretBoxLocalKey]).toBeUndefined();
      if (!CAPTCHA.includes(route.operationId)) expect(env[ENV.recaptchaSecretId]).toBeUndefined();
      if (!KMS[route.operationId]) expect(env[ENV.secretBoxKeyId]).toBeUndefined();
      // The operator key's id where the route is an operator route, its value nowhere.
      expect(env[ENV.operatorKey], route.operationId).toBeUndefined();
      if (OPERATOR.includes(route.operationId)) {
        expect(JSON.stringify(env[ENV.operatorKeySecretId])).toMatch(/OperatorKeySecret/);
      } else {
        expect(env[ENV.operatorKeySecretId], route.operationId).toBeUndefined();
      }
    }
    expect(OPERATOR.sort()).toEqual(['createTenant', 'listTenants', 'runBackfill']);
  });

  it('tells the forms which captcha widget to render: the provider and public site key, never the secret', () => {
    const withKey = configured();
    const env = withKey.envOf('getTenantInfo');
    expect(env[ENV.captchaProvider]).toBe('recaptcha');
    expect(env[ENV.recaptchaSiteKey]).toBe(SITE_KEY);
    expect(env[ENV.recaptchaSecretId]).toBeUndefined();
    for (const route of ROUTE_LIST.filter((r) => r.operationId !== 'getTenantInfo')) {
      expect(withKey.envOf(route.operationId)[ENV.recaptchaSiteKey], route.operationId).toBeUndefined();
    }
    // Without a site key, no route is given one.
    for (const route of ROUTE_LIST) {
      expect(t.envOf(route.operationId)[ENV.recaptchaSiteKey], route.operationId).toBeUndefined();
    }
  });

  it("generates the operator key (alphanumeric, so it fits the key's shape) and outputs where it is", () => {
    const api = Template.fromStack(t.built.api);
    const secret = Object.entries(api.findResources('AWS::SecretsManager::Secret')).find(([id]) =>
      id.startsWith('OperatorKeySecret'),
    );
    expect(secret?.[1].Properties.GenerateSecretString).toMatchObject({
      PasswordLength: 64,
      ExcludePunctuation: true,
      IncludeSpace: false,
    });
    expect(JSON.stringify(api.findOutputs('OperatorKeySecretArn'))).toContain(secret![0]);
  });

  it('keeps the product list function free of identity rights', () => {
    const actions = t.actionsOf('listProducts');
    expect(actions.filter((a) => /^(cognito-idp|ses|sns|kms|ssm):/.test(a))).toEqual([]);
  });
});

describe('the secret-box key and the reCAPTCHA secret (Data stack)', () => {
  it('creates a rotated, retained KMS key and a retained secret to hold the reCAPTCHA key', () => {
    const data = Template.fromStack(t.built.data);
    const keys = Object.values(data.findResources('AWS::KMS::Key'));
    expect(keys).toHaveLength(1);
    expect(keys[0]!.Properties.EnableKeyRotation).toBe(true);
    expect(keys[0]!.DeletionPolicy).toBe('Retain');
    const secrets = Object.values(data.findResources('AWS::SecretsManager::Secret'));
    expect(secrets).toHaveLength(1);
    expect(secrets[0]!.DeletionPolicy).toBe('Retain');
    expect(secrets[0]!.Properties.GenerateSecretString).toBeDefined();
  });

  it('uses an existing reCAPTCHA secret when one is named', () => {
    const named = configured();
    expect(Object.keys(Template.fromStack(named.built.data).findResources('AWS::SecretsManager::Secret'))).toEqual([]);
    expect(named.envOf('signUp')[ENV.recaptchaSecretId]).toBe(RECAPTCHA_SECRET_ARN);
  });
});

describe('origin verify between CloudFront and the API', () => {
  it('sends the generated secret to the API origin as a dynamic reference, never as plain text', () => {
    const web = Template.fromStack(t.built.web).toJSON();
    const [distribution] = Object.values(web.Resources as Resources).filter(
      (r) => r.Type === 'AWS::CloudFront::Distribution',
    );
    const origins = (distribution!.Properties!.DistributionConfig as CfnJson).Origins as CfnJson[];
    const api = origins.find((o) => o.CustomOriginConfig);
    const headers = api.OriginCustomHeaders as { HeaderName: string; HeaderValue: CfnJson }[];
    expect(headers.map((h) => h.HeaderName)).toEqual([ORIGIN_VERIFY_HEADER]);
    const value = JSON.stringify(headers[0]!.HeaderValue);
    expect(value).toContain('{{resolve:secretsmanager:');
    expect(value).toMatch(/OriginVerifySecret/);
    // The S3 origin gets no secret.
    expect(origins.find((o) => o.S3OriginConfig).OriginCustomHeaders).toBeUndefined();
  });

  it('generates the secret in the Api stack', () => {
    const secret = t.resources[logicalIdIn(t.built.api.originVerifySecret)]!;
    expect(secret.Type).toBe('AWS::SecretsManager::Secret');
    expect((secret.Properties!.GenerateSecretString as CfnJson).PasswordLength).toBe(48);
  });

  it('resolves the portal address from SSM at deploy time only when no address is configured', () => {
    // The app's own SSM-typed stack parameters (the bootstrap version one is the CDK's).
    const ssmTyped = (built: ReturnType<typeof setup>['built']) =>
      (
        Object.values(Template.fromStack(built.api).toJSON().Parameters ?? {}) as { Type: string; Default: string }[]
      ).filter((p) => p.Type.startsWith('AWS::SSM::Parameter::Value') && p.Default.startsWith('/tranche/'));
    // The Data stack (deployed before the Api stack) owns the parameter, seeded; the Web stack
    // writes the CloudFront address into it; the Api stack reads it as a stack parameter.
    const seeded = Object.values(Template.fromStack(t.built.data).findResources('AWS::SSM::Parameter'));
    expect(seeded).toHaveLength(1);
    expect(seeded[0]!.Properties).toMatchObject({
      Name: '/tranche/acme/portal-address',
      Value: PORTAL_ADDRESS_PENDING,
    });
    const web = Template.fromStack(t.built.web);
    expect(Object.keys(web.findResources('AWS::SSM::Parameter'))).toEqual([]);
    const writes = Object.values(web.findResources('Custom::AWS'));
    expect(writes).toHaveLength(1);
    const write = JSON.stringify(writes[0]!.Properties);
    expect(write).toContain('putParameter');
    expect(write).toContain('/tranche/acme/portal-address');
    expect(write).toMatch(/Distribution.*DomainName/);
    expect(ssmTyped(t.built).map((p) => p.Default)).toEqual(['/tranche/acme/portal-address']);

    const given = configured();
    expect(Object.keys(Template.fromStack(given.built.data).findResources('AWS::SSM::Parameter'))).toEqual([]);
    expect(Object.keys(Template.fromStack(given.built.web).findResources('Custom::AWS'))).toEqual([]);
    expect(ssmTyped(given.built)).toEqual([]);
    expect(given.envOf('signIn')[ENV.portalBaseUrl]).toBe(PORTAL);
    expect(given.actionsOf('signIn').filter((a) => a.startsWith('ssm:'))).toEqual([]);
  });
});
