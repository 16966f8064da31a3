import { randomBytes } from 'node:crypto';
import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { captchaWidget } from '#lib/captcha';
import { CSRF_COOKIE, serializeCookie } from '#lib/cookies';
import { httpApi, ok } from '#lib/http-api';
import { readTenant } from './tenant.repo.js';
import { toTenantInfo } from './tenant-branding.service.js';

/** The portal's first call: it also hands out the pre-session cross-site-request token. */
export const handler = httpApi(TENANT_ROUTES.getTenantInfo, async ({ tenantId, cookies }) => {
  const tenant = await readTenant(tenantId);
  const csrf = cookies.has(CSRF_COOKIE)
    ? []
    : [
        serializeCookie(CSRF_COOKIE, randomBytes(32).toString('base64url'), {
          maxAgeSeconds: 12 * 3600,
          httpOnly: false,
        }),
      ];
  // The captcha widget the forms render follows the verifier's configuration.
  const captcha = captchaWidget();
  return ok({ ...(await toTenantInfo(tenant)), ...(captcha ? { captcha } : {}) }, { cookies: csrf });
});
