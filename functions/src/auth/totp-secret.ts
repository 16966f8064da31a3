import { TOTP_SECRET_PURPOSE } from '@tranche/shared/infra/secret-box';
import { isSealedSecret, type SealedSecret, SecretBoxError, secretBox } from '#lib/crypto/secret-box';
import { logger } from '#lib/logger';

/**
 * Authenticator seeds are stored only sealed in the secret box (functions/src/_lib/crypto/secret-box.ts),
 * bound to their tenant and user: the table never holds a base32 seed, and an envelope moved to
 * another user's record does not open.
 */
const contextOf = (tenantId: string, userId: string) => ({ purpose: TOTP_SECRET_PURPOSE, tenantId, userId });

export const sealTotpSecret = (tenantId: string, userId: string, secret: string): Promise<SealedSecret> =>
  secretBox().seal(secret, contextOf(tenantId, userId));

/**
 * The seed, or undefined when there is none or it cannot be opened (tampered, or not an envelope):
 * then no authenticator code matches, which is the safe failure for a second factor.
 */
export const openTotpSecret = async (
  tenantId: string,
  userId: string,
  stored: unknown,
): Promise<string | undefined> => {
  if (stored === undefined) return undefined;
  if (!isSealedSecret(stored)) {
    logger.error('stored authenticator seed is not a sealed envelope', { userId });
    return undefined;
  }
  try {
    return await secretBox().open(stored, contextOf(tenantId, userId));
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    logger.error('stored authenticator seed does not open', { userId });
    return undefined;
  }
};
