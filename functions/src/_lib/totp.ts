import { Secret, TOTP } from 'otpauth';

/**
 * Authenticator-app codes: TOTP (RFC 6238) with HMAC-SHA-1, 6 digits, 30-second steps, the
 * parameters every authenticator app supports. Verification accepts the current step and one step
 * either side (clock drift), and returns the matched step so the caller can refuse a step that was
 * already used (no replay).
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
const WINDOW = 1;

/** A new 160-bit secret (RFC 4226 recommends at least 128, and 160 for SHA-1), base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secretBase32: string, label = '', issuer = '') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

/** The time step of an instant (RFC 6238 `T`). */
export const totpStep = (atMs: number): number => Math.floor(atMs / 1000 / TOTP_PERIOD_SECONDS);

/** The code for an instant (used by tests and by nothing on a request path). */
export const totpCode = (secretBase32: string, atMs: number, digits = TOTP_DIGITS): string =>
  TOTP.generate({
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits,
    period: TOTP_PERIOD_SECONDS,
    timestamp: atMs,
  });

/**
 * The step a code matches within ±1 step of `atMs`, or undefined. Steps at or below `lastUsedStep`
 * never match, so a code cannot be used twice, nor an older one after a newer.
 */
export const verifyTotp = (secretBase32: string, code: string, atMs: number, lastUsedStep = -1): number | undefined => {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: atMs, window: WINDOW });
  if (delta === null) return undefined;
  const step = totpStep(atMs) + delta;
  return step > lastUsedStep ? step : undefined;
};

/** The otpauth:// URL an authenticator app reads (totp-enrolment.ts renders it as a QR code). */
export const totpUrl = (secretBase32: string, issuer: string, account: string): string =>
  totpOf(secretBase32, account, issuer).toString();
