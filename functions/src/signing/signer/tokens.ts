import { SIGNING_COPY_TTL_DAYS } from '@tranche/shared/signing/sign.schema';
import { matchesHash, newOpaqueToken, sha256 } from '#lib/secrets';

/**
 * The two bearer secrets of the signer side, both random (256 bits) and stored only as a SHA-256
 * hash on the signer's own record, with an expiry:
 *
 * - the **link token**, emailed to a signer without an account: it names nothing by itself; it opens
 *   one signer of one project because only that signer's record holds its hash (an HMAC-signed token
 *   would name the ids, but could not be revoked: a new link replaces the hash, and the old link dies).
 *   It lives SIGNING_LINK_TTL_DAYS, never beyond the project's expiry;
 * - the **ticket**, handed out by /sign/validate once the emailed code was right: it is what shows
 *   the documents, the progress and accepts the signature, so a stolen link or an unlocked laptop
 *   with a session alone cannot sign. It lives SIGNING_TICKET_TTL_MS.
 */
export const SIGNING_LINK_TTL_DAYS = 14;
export const SIGNING_TICKET_TTL_MS = 2 * 3600_000;

export interface StoredSecret {
  hash: string;
  expiresAt: string;
}

export type SecretCheck = 'ok' | 'missing' | 'wrong' | 'expired';

/** A new secret and what to store of it, expiring after `ttlMs`, or at `notAfter` when sooner. */
export const issueSecret = (now: Date, ttlMs: number, notAfter?: string): { token: string; stored: StoredSecret } => {
  const token = newOpaqueToken();
  const ends = Math.min(now.getTime() + ttlMs, notAfter ? Date.parse(notAfter) : Number.POSITIVE_INFINITY);
  return { token, stored: { hash: sha256(token), expiresAt: new Date(ends).toISOString() } };
};

/** Whether `presented` is the stored secret and still valid (constant-time comparison). */
export const checkSecret = (
  stored: StoredSecret | undefined,
  presented: string | undefined,
  now: Date,
): SecretCheck => {
  if (!presented) return 'missing';
  if (!stored || !matchesHash(presented, stored.hash)) return 'wrong';
  return now.getTime() < Date.parse(stored.expiresAt) ? 'ok' : 'expired';
};

export const linkTtlMs = (): number => SIGNING_LINK_TTL_DAYS * 24 * 3600_000;

/**
 * The **copy token**, emailed to a signer without an account when the project is sealed: it opens
 * only GET /sign/copy (the sealed PDFs) for SIGNING_COPY_TTL_DAYS. A token of its own, not a new link
 * or ticket, because it must outlive both and must not reopen anything else.
 */
export const copyTtlMs = (): number => SIGNING_COPY_TTL_DAYS * 24 * 3600_000;
