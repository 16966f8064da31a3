import { describe, expect, it } from 'vitest';
import { captchaFromEnv, LOCAL_CAPTCHA_PASS_TOKEN } from './captcha.js';

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
