import { createQueueDispatcher } from '../events/delivery.js';
import { KYC_CONSUMERS } from '../events/kyc.js';

/**
 * The KYC review's own worker (WORKERS `kycEvents`, fed through its queue by the shared dispatcher):
 * the same delivery as every other consumer's, with only the KYC consumers. Screening carries the whole transliteration table of
 * any-ascii (over 500 KB of the bundle), which the shared dispatcher must not load for every event,
 * and a list change fans out work that should not hold up the inbox's emails.
 */
export const handler = createQueueDispatcher({ consumers: KYC_CONSUMERS });
