import { describe, expect, it } from 'vitest';
import { captchaFromEnv, captchaWidget, LOCAL_CAPTCHA_PASS_TOKEN } from './captcha.js';

describe('captcha adapters chosen by configuration', () => {
  it('the test adapter accepts only the documented token', async () => {
    const v = captchaFromEnv({ CAPTCHA_PROVIDER: 'test' });
    expect(await v.verify(LOCAL_CAPTCHA_PASS_TOKEN, '127.0.0.1')).toBe(true);
    expect(await v.verify('anything-else', '127.0.0.1')).toBe(false);
  });

  it('fails closed when unconfigured or misconfigured', async () => {
    for (const env of [{}, { CAPTCHA_PROVIDER: 'nope' }, { CAPTCHA_PROVIDER: 'recaptcha' }]) {
      expect(await captchaFromEnv(env).verify(LOCAL_CAPTCHA_PASS_TOKEN, '127.0.0.1')).toBe(false);
    }
  });
});

describe('captchaWidget', () => {
  it('follows the verifier: the test widget, or reCAPTCHA with its site key', () => {
    expect(captchaWidget({ CAPTCHA_PROVIDER: 'test', RECAPTCHA_SITE_KEY: 'ignored' })).toEqual({ provider: 'test' });
    expect(captchaWidget({ CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 'site-key' })).toEqual({
      provider: 'recaptcha',
      siteKey: 'site-key',
    });
  });

  it('is absent when no token could pass: unset, unknown, or reCAPTCHA without a site key', () => {
    for (const env of [
      {},
      { CAPTCHA_PROVIDER: 'nope' },
      { CAPTCHA_PROVIDER: 'recaptcha' },
      { RECAPTCHA_SITE_KEY: 'k' },
    ]) {
      expect(captchaWidget(env)).toBeUndefined();
    }
  });
});
