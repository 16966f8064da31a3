import { isGp, type Role } from '@tranche/shared/auth/roles';

/** Screens a signed-in user has no reason to come back to. */
const AUTH_PATHS = /^\/(sign-in|sign-up|activate|forgot-password|reset-password|mfa-link)(\/|\?|$)/;

/**
 * The `next` query parameter, if it is a path inside this portal. Anything else (another origin,
 * `//host`, `/\host`, a scheme) is ignored, so a crafted link cannot send a fresh session elsewhere.
 */
export const safeNext = (raw: string | null | undefined): string | undefined => {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return undefined;
  // Browsers drop tabs and newlines from URLs: `/\t/host` would become `//host`.
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20) || AUTH_PATHS.test(raw)) return undefined;
  return raw;
};

/** Where a user lands after signing in when nothing else was asked for: the console, or the investor's home. */
export const homeOf = (role: Role): string => (isGp(role) ? '/gp' : '/home');

/** The account screen inside the user's own frame: the console for the team, the portal for investors. */
export const accountPathOf = (role: Role): string => (isGp(role) ? '/gp/account' : '/account');

const withNext = (screen: string, next: string | undefined): string => {
  const back = safeNext(next);
  return back && back !== '/' ? `${screen}?next=${encodeURIComponent(back)}` : screen;
};

/** `/sign-in?next=…` back to the given page. */
export const signInPath = (next?: string): string => withNext('/sign-in', next);

/** `/sign-up?next=…`: a new investor comes back to the given page once the emailed code signs them in. */
export const signUpPath = (next?: string): string => withNext('/sign-up', next);
