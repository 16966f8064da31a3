import { createDispatcher } from '../events/dispatch.js';
import { KYC_CONSUMERS } from '../events/kyc.js';

/**
 * The KYC review's own stream worker (WORKERS `kycEvents`): the same dispatcher as every other
 * consumer's, with only the KYC consumers. Screening carries the whole transliteration table of
 * any-ascii (over 500 KB of the bundle), which the shared dispatcher must not load for every event,
 * and a list change fans out work that should not hold up the inbox's emails.
 */
export const handler = createDispatcher({ consumers: KYC_CONSUMERS });
