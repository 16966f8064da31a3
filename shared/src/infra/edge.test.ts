import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './edge.js';

const directives = (policy: string) =>
  new Map(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const));

describe('the web app Content-Security-Policy', () => {
  it('allows scripts only from our origin, and refuses framing, plugins, <base> and foreign form targets', () => {
    const csp = directives(contentSecurityPolicy({ captchaProvider: 'test', dataRoomOrigins: [] }));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
  });

  it("adds Google's reCAPTCHA script and frame only where the captcha is reCAPTCHA", () => {
    const recaptcha = directives(contentSecurityPolicy({ captchaProvider: 'recaptcha', dataRoomOrigins: [] }));
    expect(recaptcha.get('script-src')).toEqual([
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
    expect(recaptcha.get('frame-src')).toContain('https://www.google.com/recaptcha/');
    for (const provider of ['test', undefined, 'other']) {
      const policy = contentSecurityPolicy({ captchaProvider: provider, dataRoomOrigins: [] });
      expect(policy).not.toContain('google');
    }
  });

  it('lets images and uploads reach the data room, and never allows inline or eval scripts', () => {
    const policy = contentSecurityPolicy({
      captchaProvider: 'recaptcha',
      dataRoomOrigins: ['https://*.s3.eu-west-1.amazonaws.com'],
    });
    const csp = directives(policy);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://*.s3.eu-west-1.amazonaws.com']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://*.s3.eu-west-1.amazonaws.com']);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy).not.toContain("'unsafe-eval'");
  });
});
