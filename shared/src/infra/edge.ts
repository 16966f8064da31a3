/**
 * What the CloudFront distribution and the API agree on at the edge (docs/identity.md "Client IP").
 *
 * CloudFront adds ORIGIN_VERIFY_HEADER, with a secret generated at deploy time, to every request it
 * sends to the API origin (overwriting any header of that name a viewer sent). The API refuses, with
 * 403, a request without it when the deployment configures the secret: execute-api cannot be used
 * to bypass CloudFront, and so the viewer address CloudFront adds can be trusted.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** `198.51.100.10:46532` or `2001:db8::1:46532`: the viewer's address and source port, set by CloudFront. */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/**
 * reCAPTCHA's script and the frame its checkbox lives in (Google's documented CSP sources). Only a
 * deployment whose captcha provider is `recaptcha` allows them; the `test` widget is our own code.
 */
const RECAPTCHA_SCRIPT_SOURCES = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAME_SOURCES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

export interface ContentSecurityPolicyOptions {
  /** The deployment's captcha provider (CAPTCHA_PROVIDER): `recaptcha` adds Google's script and frame. */
  readonly captchaProvider: string | undefined;
  /**
   * Where presigned data-room links point: the branding logo is an image from there, and uploads
   * PUT files there from the page. Deployed: the region's S3 virtual hosts; locally: s3rver.
   */
  readonly dataRoomOrigins: readonly string[];
}

/**
 * The Content-Security-Policy of the web app, defined once: the local gateway sends it and the
 * CloudFront response headers policy pins it. Scripts only from our origin (the build has no inline
 * script); styles also inline, because Mantine injects its CSS variables and component styles as
 * `<style>` tags and `style` attributes at run time; images also as `data:` (the TOTP QR code) and
 * `blob:` (a logo previewed before upload). Framing, plugins, `<base>` and foreign form targets are
 * refused outright.
 */
export const contentSecurityPolicy = ({ captchaProvider, dataRoomOrigins }: ContentSecurityPolicyOptions): string => {
  const recaptcha = captchaProvider === 'recaptcha';
  const directives: (readonly string[])[] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...(recaptcha ? RECAPTCHA_SCRIPT_SOURCES : [])],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', ...dataRoomOrigins],
    ['connect-src', "'self'", ...dataRoomOrigins],
    ['font-src', "'self'"],
    ['frame-src', ...(recaptcha ? RECAPTCHA_FRAME_SOURCES : ["'none'"])],
    ['frame-ancestors', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
};
