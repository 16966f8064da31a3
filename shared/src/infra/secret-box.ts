/**
 * The encryption-context purpose of an authenticator seed's secret-box envelope: the functions bind
 * every data key to it (functions/src/auth/totp-secret.ts), and the KMS grant is conditioned on it
 * (cdk/lib/constructs/access.ts), so a function granted TOTP use can open nothing else.
 */
export const TOTP_SECRET_PURPOSE = 'totp';

/**
 * The purpose of a tenant sealing key's envelope (functions/src/signing/seal/certificate-store.ts):
 * a separate purpose, so the function that seals completed documents gets its own KMS grant and the
 * sign-in functions' grant (TOTP_SECRET_PURPOSE) cannot open a sealing key.
 */
export const SEALING_KEY_PURPOSE = 'sealing';

/**
 * The purpose of a bank account number's envelope (functions/src/bank-account/bank-number.ts): its own
 * purpose, so the profile and reveal functions get a KMS grant that opens bank numbers and nothing
 * else, and the sign-in functions' grant (TOTP_SECRET_PURPOSE) opens no bank number.
 */
export const BANK_NUMBER_PURPOSE = 'bankNumber';
