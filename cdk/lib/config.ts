/**
 * One tenant deployment's settings, read from CDK context:
 * `cdk deploy -c tenant=<name> [-c domainNames=a.example.com,b.example.com -c certificateArn=arn:…]`
 * plus optional `mailFrom`, `webAclArn`, `portalBaseUrl`, `captchaProvider`, `recaptchaSecretArn` and `recaptchaSiteKey`.
 */
export interface DeploymentConfig {
  readonly tenant: string;
  /** Site host names served by CloudFront; empty means the distribution's own *.cloudfront.net name. */
  readonly domainNames: readonly string[];
  /** ACM certificate in us-east-1 covering `domainNames` (CloudFront only reads certificates there). */
  readonly certificateArn?: string;
  /** An existing WAFv2 web ACL (CLOUDFRONT scope, us-east-1) to attach to the distribution. */
  readonly webAclArn?: string;
  readonly mailFrom: string;
  /**
   * The portal's address for emailed links: context `portalBaseUrl`, else the first custom domain.
   * Without either it is the distribution's own name, which exists only after the Api stack: the
   * Web stack then writes it to an SSM parameter that CloudFormation resolves into the functions'
   * PORTAL_BASE_URL when the Api stack is deployed (portalAddressParameterName).
   */
  readonly portalBaseUrl?: string;
  /** `recaptcha` (default) or `test` (accepts only the documented test token: never in production). */
  readonly captchaProvider: 'recaptcha' | 'test';
  /** The public reCAPTCHA site key the sign-up and reset forms render with. */
  readonly recaptchaSiteKey?: string;
  /** An existing Secrets Manager secret holding the reCAPTCHA secret key; else the Data stack creates one to fill in. */
  readonly recaptchaSecretArn?: string;
}

const TENANT_NAME = /^[a-z][a-z0-9-]{0,30}[a-z0-9]$/;
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const optionalString = (context: Record<string, unknown>, key: string): string | undefined => {
  const value = context[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string`);
  return value.trim();
};

const list = (value: unknown, key: string): string[] => {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.map((v) => String(v).trim().toLowerCase()).filter(Boolean);
  if (typeof value !== 'string') throw new Error(`Context "${key}" must be a comma-separated list`);
  return value
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
};

export const readDeploymentConfig = (tenant: string, context: Record<string, unknown>): DeploymentConfig => {
  if (!TENANT_NAME.test(tenant)) {
    throw new Error(`Tenant deployment name "${tenant}" must match ${TENANT_NAME} (it is part of stack names)`);
  }
  const domainNames = list(context.domainNames, 'domainNames');
  for (const name of domainNames) {
    if (!HOST_NAME.test(name)) throw new Error(`domainNames: "${name}" is not a host name`);
  }
  const certificateArn = optionalString(context, 'certificateArn');
  if (domainNames.length > 0 && !certificateArn) {
    throw new Error('domainNames needs certificateArn (an ACM certificate in us-east-1 covering those names)');
  }
  if (certificateArn && !/^arn:aws[\w-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn)) {
    throw new Error(
      'certificateArn must be an ACM certificate ARN in us-east-1 (CloudFront reads certificates only there)',
    );
  }
  if (certificateArn && domainNames.length === 0) throw new Error('certificateArn needs domainNames');
  const webAclArn = optionalString(context, 'webAclArn');
  // SES only sends from verified identities: a deployment with its own domain sends from it.
  const mailFrom = optionalString(context, 'mailFrom') ?? `no-reply@${domainNames[0] ?? 'example.com'}`;
  const portalBaseUrl =
    optionalString(context, 'portalBaseUrl') ?? (domainNames[0] ? `https://${domainNames[0]}` : undefined);
  if (portalBaseUrl && !/^https:\/\/[a-z0-9.-]+(:\d+)?$/.test(portalBaseUrl)) {
    throw new Error('portalBaseUrl must be an https origin such as https://invest.acme.com (no path)');
  }
  const captchaProvider = optionalString(context, 'captchaProvider') ?? 'recaptcha';
  if (captchaProvider !== 'recaptcha' && captchaProvider !== 'test') {
    throw new Error('captchaProvider must be recaptcha or test');
  }
  const recaptchaSecretArn = optionalString(context, 'recaptchaSecretArn');
  const recaptchaSiteKey = optionalString(context, 'recaptchaSiteKey');
  if (recaptchaSiteKey && !/^[\w-]{20,100}$/.test(recaptchaSiteKey))
    throw new Error('recaptchaSiteKey must be a reCAPTCHA site key');
  if (
    recaptchaSecretArn &&
    !/^arn:aws[\w-]*:secretsmanager:[\w-]+:\d{12}:secret:[\w/+=.@-]+$/.test(recaptchaSecretArn)
  ) {
    throw new Error('recaptchaSecretArn must be the complete ARN of a Secrets Manager secret');
  }
  return {
    tenant,
    domainNames,
    ...(certificateArn ? { certificateArn } : {}),
    ...(webAclArn ? { webAclArn } : {}),
    mailFrom,
    ...(portalBaseUrl ? { portalBaseUrl } : {}),
    captchaProvider,
    ...(recaptchaSecretArn ? { recaptchaSecretArn } : {}),
    ...(recaptchaSiteKey ? { recaptchaSiteKey } : {}),
  };
};

/**
 * The SSM parameter holding the portal address when synth cannot know it: the Data stack creates it
 * with a seed (PORTAL_ADDRESS_PENDING) so the Api stack can resolve it on a first deploy, the Web
 * stack overwrites it with the CloudFront address. Not `/portal-base-url`, the name the Web stack
 * owned before: the Data stack, deployed first, could not create a parameter that still exists.
 */
export const portalAddressParameterName = (tenant: string): string => `/tranche/${tenant}/portal-address`;
