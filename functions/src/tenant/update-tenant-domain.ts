import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { sessionActor } from '#lib/audit';
import { clock } from '#lib/clock';
import { clearCookie, refreshCookieName, serializeCookie, sessionCookieName } from '#lib/cookies';
import { httpApi, ok } from '#lib/http-api';
import { REFRESH_TTL_SECONDS } from '#lib/session';
import { updateDomain } from './tenant.service.js';

/**
 * Session cookie names carry the prefix, so a new prefix signs everyone out; the admin who made the
 * change keeps their session: the same tokens under the new names (the session records decide, as
 * always). Everybody else signs in again.
 */
const carrySession = (cookies: Map<string, string>, from: string, to: string, accessExpiresAt: number): string[] => {
  const access = cookies.get(sessionCookieName(from));
  const refresh = cookies.get(refreshCookieName(from));
  const out = [clearCookie(sessionCookieName(from)), clearCookie(refreshCookieName(from))];
  if (access) {
    const maxAgeSeconds = Math.max(accessExpiresAt - clock.nowEpochSeconds(), 0);
    out.push(serializeCookie(sessionCookieName(to), access, { maxAgeSeconds, httpOnly: true }));
  }
  if (refresh) {
    out.push(serializeCookie(refreshCookieName(to), refresh, { maxAgeSeconds: REFRESH_TTL_SECONDS, httpOnly: true }));
  }
  return out;
};

export const handler = httpApi(TENANT_ROUTES.updateTenantDomain, async (ctx) => {
  const { tenant, revision } = await updateDomain(sessionActor(ctx), ctx.body);
  const cookies =
    tenant.prefix === ctx.portal.prefix
      ? []
      : carrySession(ctx.cookies, ctx.portal.prefix, tenant.prefix, ctx.session.expiresAt);
  return ok({ prefix: tenant.prefix, domains: tenant.domains, revision }, { cookies });
});
