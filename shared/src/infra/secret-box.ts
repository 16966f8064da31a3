/**
 * The encryption-context purpose of an authenticator seed's secret-box envelope: the functions bind
 * every data key to it (functions/src/auth/totp-secret.ts), and the KMS grant is conditioned on it
 * (cdk/lib/constructs/access.ts), so a function granted TOTP use can open nothing else.
 */
export const TOTP_SECRET_PURPOSE = 'totp';
