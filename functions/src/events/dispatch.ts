import { CONSUMERS } from './consumers.js';
import { createDispatcher } from './delivery.js';

/**
 * The domain-event dispatcher: the table stream's worker (WORKERS `dispatchEvents`), handing every
 * event to every consumer of CONSUMERS (delivery.ts has the how). The queue-fed workers build their
 * own from delivery.ts with only their consumers, so their bundles do not carry this list.
 */
export { createDispatcher, createQueueDispatcher, outboxItemOf } from './delivery.js';

export const handler = createDispatcher({ consumers: CONSUMERS });
