import { MFA_METHODS, type MfaMethod } from '@tranche/shared/enums';
import { type ClientStorage, createClientStorage, type StoredMfaTicket } from '../../../lib/storage';

/** The order the challenge offers methods in: the app needs no message, so it comes first. */
const PREFERENCE: readonly MfaMethod[] = ['authenticator', 'email', 'sms'];

export const orderMethods = (methods: readonly MfaMethod[]): MfaMethod[] =>
  PREFERENCE.filter((m) => methods.includes(m));

const isMethod = (v: unknown): v is MfaMethod => (MFA_METHODS as readonly unknown[]).includes(v);

/**
 * Reads the `details` of a `mfaIsRequired` answer ({ticket, methods, expiresInSeconds}) into what
 * the browser keeps (spec §3 "MFA ticket"), with an absolute expiry and where to go afterwards.
 */
export const ticketFromChallenge = (
  details: Readonly<Record<string, unknown>>,
  next: string | undefined,
  now = Date.now(),
): StoredMfaTicket | undefined => {
  const { ticket, methods, expiresInSeconds } = details;
  if (typeof ticket !== 'string' || !Array.isArray(methods)) return undefined;
  const known = orderMethods(methods.filter(isMethod));
  if (known.length === 0) return undefined;
  const seconds = typeof expiresInSeconds === 'number' ? expiresInSeconds : 300;
  return { ticket, methods: known, expiresAt: now + seconds * 1000, ...(next ? { next } : {}) };
};

/** The stored ticket if it is still alive; an expired one is removed. */
export const liveTicket = (storage: ClientStorage, now = Date.now()): StoredMfaTicket | undefined => {
  const stored = storage.get('mfaTicket');
  if (stored && stored.expiresAt > now) return stored;
  if (stored) storage.remove('mfaTicket');
  return undefined;
};

/**
 * The ticket for the emailed login link. Emailed links always name the tenant by prefix
 * (`<PORTAL_BASE_URL>/t/<prefix>/mfa-link`), while the password may have been typed on the same
 * origin under a host name of the tenant, whose storage namespace is the host name: look there too,
 * if that namespace belongs to the same tenant (its stored prefix value says so). `forget` removes
 * the ticket wherever it was found.
 */
export const linkTicket = (
  storage: ClientStorage,
  tenant: { prefix: string },
  hostname: string,
  now = Date.now(),
): { ticket: StoredMfaTicket; forget: () => void } | undefined => {
  const candidates = [storage];
  const host = hostname.toLowerCase();
  if (storage.namespace !== host) {
    const hostStorage = createClientStorage(host);
    if (hostStorage.get('prefixValue') === tenant.prefix) candidates.push(hostStorage);
  }
  for (const candidate of candidates) {
    const ticket = liveTicket(candidate, now);
    if (ticket) return { ticket, forget: () => candidate.remove('mfaTicket') };
  }
  return undefined;
};
