import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { refreshCookieName } from '#lib/cookies';
import { httpApi, ok } from '#lib/http-api';
import { clearSessionCookies, endSession } from '#lib/session';

/** Ends the access session and its refresh session at once, and clears the cookies. */
export const handler = httpApi(IDENTITY_ROUTES.signOut, async ({ session, portal, cookies }) => {
  await endSession(session, cookies.get(refreshCookieName(portal.prefix)));
  return ok({ ok: true }, { cookies: clearSessionCookies(portal.prefix) });
});
