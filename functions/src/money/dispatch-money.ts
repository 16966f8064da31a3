import { createQueueDispatcher } from '../events/delivery.js';
import { MONEY_CONSUMERS } from '../events/money.js';

/**
 * The money worker (WORKERS `moneyEvents`, fed through its queue by the shared dispatcher): the same
 * delivery as every other consumer's, with only the money consumers. Their exact decimal maths
 * (decimal.js) and ledger services took the shared dispatcher over the 400 KB handler budget, and a
 * call's fan-out to thousands of investors should not hold up the inbox's emails.
 */
export const handler = createQueueDispatcher({ consumers: MONEY_CONSUMERS });
