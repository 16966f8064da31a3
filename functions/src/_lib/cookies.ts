/** Cookie names and attributes: sessions live only in HttpOnly cookies (DESIGN.md §2, Sessions). */
export const CSRF_COOKIE = 'csrf-token';
export const CSRF_HEADER = 'x-csrf-token';

/** Per-tenant names, so two tenants served from one origin (prefix URLs) keep separate sessions. */
export const sessionCookieName = (prefix: string) => `__Host-tr_sid_${prefix}`;
export const refreshCookieName = (prefix: string) => `__Host-tr_rt_${prefix}`;

export const parseCookies = (cookies: readonly string[] | undefined, header?: string): Map<string, string> => {
  const out = new Map<string, string>();
  const parts = [...(cookies ?? []), ...(header ? header.split(';') : [])];
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!out.has(name)) out.set(name, part.slice(eq + 1).trim());
  }
  return out;
};

interface CookieOptions {
  maxAgeSeconds: number;
  httpOnly: boolean;
}

export const serializeCookie = (name: string, value: string, { maxAgeSeconds, httpOnly }: CookieOptions): string =>
  [
    `${name}=${value}`,
    'Path=/',
    `Max-Age=${maxAgeSeconds}`,
    'Secure',
    'SameSite=Lax',
    ...(httpOnly ? ['HttpOnly'] : []),
  ].join('; ');

export const clearCookie = (name: string, httpOnly = true): string =>
  serializeCookie(name, '', { maxAgeSeconds: 0, httpOnly });
