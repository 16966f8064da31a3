import { createQueueDispatcher } from '../events/delivery.js';
import { JOURNEY_CONSUMERS } from '../events/journey-consumers.js';

/**
 * The journey worker (WORKERS `journeyEvents`, fed through its queue by the shared dispatcher): the
 * same delivery as every other consumer's, with only the subscription journey's consumers. Scenario
 * validation, compilation and defaults, the subscription service and the e-signature records took the
 * shared dispatcher over the 400 KB handler budget; here they load only for the events they take.
 */
export const handler = createQueueDispatcher({ consumers: JOURNEY_CONSUMERS });
