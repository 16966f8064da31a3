import type { Consumer } from './consumer.js';
import { reservationPlans } from './reservation-plans.js';
import { scenarioEnds, scenarioJourneys, scenarioPackage, scenarioStatus } from './scenario-journeys.js';
import { scenarioLinks } from './scenario-links.js';
import { scenarioEmails } from './scenario-messages.js';
import { subscriptionSignatures } from './subscription-signatures.js';
import { subscriptionSigning } from './subscription-signing.js';

/**
 * The subscription journey's consumers (issue 13), run by the journey worker (WORKERS `journeyEvents`,
 * functions/src/scenario/dispatch-journeys.ts), in this order for an event several listen to: the
 * fund's reservation waitlist; signatures and the agreement's e-signature projects moving the
 * subscription on; scenario journeys started with the subscription, the journey's completeness for
 * the NIGO check, its status, what a journey that can no longer finish leaves (its execution, an
 * agreement out for signing), the co-holders' links and the scenario's own emails.
 */
export const JOURNEY_CONSUMERS: readonly Consumer[] = [
  reservationPlans,
  subscriptionSignatures,
  subscriptionSigning,
  scenarioJourneys,
  scenarioPackage,
  scenarioStatus,
  scenarioEnds,
  scenarioLinks,
  scenarioEmails,
];
