import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Secrets handed to users (link tokens, MFA tickets, one-time codes) are random and stored only as
 * SHA-256 hashes, so a table read never yields a usable one.
 */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('base64url');

/** 256 random bits, base64url (43 characters). */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');

/** Six random digits, uniformly drawn. */
export const newCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** Compares a presented secret with a stored hash in constant time. */
export const matchesHash = (presented: string, storedHash: unknown): boolean => {
  if (typeof storedHash !== 'string') return false;
  const a = Buffer.from(sha256(presented));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The lockout and throttle key of an email: tenant-scoped by the caller, never the address itself. */
export const emailHash = (email: string): string => sha256(email.trim().toLowerCase());
