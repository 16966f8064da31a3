import { MfaChallengeSchema } from '@tranche/shared/auth/auth.schema';
import * as z from 'zod';
import { orderMfaMethods } from '@/features/session';
import { type ClientStorage, createClientStorage, type StoredMfaTicket } from '@/lib/storage';

/**
 * The shared challenge shape, read loosely: methods this build does not know are dropped below (not the
 * whole challenge refused), and an expiry that is missing or not a number means five minutes.
 */
const ChallengeDetailsSchema = MfaChallengeSchema.extend({
  methods: z.array(z.unknown()),
  expiresInSeconds: z.number().catch(300),
});

/**
 * Reads the `details` of a `mfaIsRequired` answer ({ticket, methods, expiresInSeconds}) into what
 * the browser keeps (spec §3 "MFA ticket"), with an absolute expiry and where to go afterwards.
 */
export const ticketFromChallenge = (
  details: Readonly<Record<string, unknown>>,
  next: string | undefined,
  now = Date.now(),
): StoredMfaTicket | undefined => {
  const parsed = ChallengeDetailsSchema.safeParse(details);
  if (!parsed.success) return undefined;
  const { ticket, methods, expiresInSeconds } = parsed.data;
  const known = orderMfaMethods(methods);
  if (known.length === 0) return undefined;
  return { ticket, methods: known, expiresAt: now + expiresInSeconds * 1000, ...(next ? { next } : {}) };
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
