import { LOCAL_CAPTCHA_PASS_TOKEN } from '@tranche/shared/auth/auth.schema';
import { ENV } from '@tranche/shared/infra/table';
import { secretValue } from './aws/runtime-secrets.js';
import { DomainError } from './errors.js';
import { logger } from './logger.js';

/**
 * The captcha port: sign-up and password reset ask it whether a token came from a human.
 * Adapters, chosen by configuration (CAPTCHA_PROVIDER), never by a branch in domain code:
 * - `recaptcha`: Google reCAPTCHA's siteverify with the secret key from Secrets Manager
 *   (RECAPTCHA_SECRET_ID, read at run time and cached: never in the template or the environment;
 *   RECAPTCHA_SECRET as a plain value is accepted for runs outside AWS), and RECAPTCHA_MIN_SCORE for v3;
 * - `test`: for the local stack and tests only. It accepts exactly the documented token
 *   LOCAL_CAPTCHA_PASS_TOKEN and refuses everything else, so both outcomes can be exercised.
 * An unset or unknown provider refuses every token: a misconfigured deployment fails closed.
 */
export interface CaptchaVerifier {
  verify(token: string, remoteIp: string): Promise<boolean>;
}

export { LOCAL_CAPTCHA_PASS_TOKEN };

const testVerifier: CaptchaVerifier = {
  verify: async (token) => token === LOCAL_CAPTCHA_PASS_TOKEN,
};

const recaptchaVerifier = (secret: () => Promise<string>, minScore: number): CaptchaVerifier => ({
  verify: async (token, remoteIp) => {
    try {
      const form = new URLSearchParams({ secret: await secret(), response: token, remoteip: remoteIp });
      const res = await fetch('https://www.google.com/recaptcha/api/siteverify', {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(3_000),
      });
      const out = (await res.json()) as { success?: boolean; score?: number };
      return out.success === true && (out.score === undefined || out.score >= minScore);
    } catch (error) {
      logger.warn('captcha verification unavailable', { error: error as Error });
      return false;
    }
  },
});

const refuseAll: CaptchaVerifier = { verify: async () => false };

export const captchaFromEnv = (env: NodeJS.ProcessEnv = process.env): CaptchaVerifier => {
  switch (env.CAPTCHA_PROVIDER) {
    case 'test':
      return testVerifier;
    case 'recaptcha': {
      const minScore = Number(env.RECAPTCHA_MIN_SCORE ?? 0.5);
      const secretId = env[ENV.recaptchaSecretId];
      if (secretId) return recaptchaVerifier(() => secretValue(secretId), minScore);
      const plain = env.RECAPTCHA_SECRET;
      return plain ? recaptchaVerifier(async () => plain, minScore) : refuseAll;
    }
    default:
      return refuseAll;
  }
};

/** What the sign-up and reset forms render (TenantInfo.captcha). */
export type CaptchaWidget = { provider: 'test' } | { provider: 'recaptcha'; siteKey: string };

/**
 * The widget that matches the verifier's configuration: the test widget, reCAPTCHA with its site
 * key, or none (no provider, an unknown one, or reCAPTCHA without a site key: no token would pass).
 */
export const captchaWidget = (env: NodeJS.ProcessEnv = process.env): CaptchaWidget | undefined => {
  const siteKey = env.RECAPTCHA_SITE_KEY;
  if (env.CAPTCHA_PROVIDER === 'test') return { provider: 'test' };
  if (env.CAPTCHA_PROVIDER === 'recaptcha' && siteKey) return { provider: 'recaptcha', siteKey };
  return undefined;
};

let verifier: CaptchaVerifier | undefined;

/** Throws ReCaptchaVerifyFailed ('you are a robot!') unless the configured verifier accepts the token. */
export const assertHuman = async (token: string, remoteIp: string): Promise<void> => {
  verifier ??= captchaFromEnv();
  if (!(await verifier.verify(token, remoteIp))) throw new DomainError('ReCaptchaVerifyFailed');
};
