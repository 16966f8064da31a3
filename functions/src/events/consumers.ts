import { bankApprovalRequests, bankTaskDecisions } from './bank-approvals.js';
import type { Consumer } from './consumer.js';
import { eligibilityIndex } from './eligibility.js';
import { eventQueueConsumers } from './event-queues.js';
import { inboxNotifications, inboxRecords } from './inbox.js';
import { invitations } from './invitations.js';
import { personCorrections } from './person-corrections.js';
import { policyNotice } from './policy-notice.js';
import { productNews } from './product-news.js';
import { reservationPlans } from './reservation-plans.js';
import { scenarioJourneys, scenarioPackage, scenarioStatus } from './scenario-journeys.js';
import { scenarioLinks } from './scenario-links.js';
import { scenarioEmails } from './scenario-messages.js';
import { lockAlerts, passwordChangedNotice } from './security-notices.js';
import { signingCopies } from './signing-copies.js';
import { signingLinks } from './signing-links.js';
import { subscriptionSignatures } from './subscription-signatures.js';
import { subscriptionSigning } from './subscription-signing.js';

/** Every consumer of domain events; the dispatcher hands each event to those that subscribe to it. */
export const CONSUMERS: readonly Consumer[] = [
  invitations,
  lockAlerts,
  passwordChangedNotice,
  productNews,
  policyNotice,
  // Issue 11: wire-instruction integrity and eligibility (each commits events of its own).
  bankApprovalRequests,
  bankTaskDecisions,
  eligibilityIndex,
  personCorrections,
  // Issue 13: the fund's reservation waitlist.
  reservationPlans,
  subscriptionSignatures,
  // Issue 13: the agreement's and the countersignature's e-signature projects move the subscription on.
  subscriptionSigning,
  // Issue 13: scenario journeys start with the subscription; the journey's completeness for the NIGO check.
  scenarioJourneys,
  scenarioPackage,
  scenarioStatus,
  scenarioLinks,
  scenarioEmails,
  // Issue 14's consumers (commitments, call notices, NAV updates, the subscription statuses that follow
  // the money) run in the money worker, fed through its queue: functions/src/money/dispatch-money.ts.
  // Issue 12: signing links and reminders emailed to signers (the inbox tells account holders).
  signingLinks,
  // Issue 12: every signer is emailed their way to the sealed PDF (a copy token for those without an account).
  signingCopies,
  // In this order: the notifications read the messages the records consumer created.
  inboxRecords,
  inboxNotifications,
  // The hand-over to the workers fed through a queue of their own (sealing, screening, money): event-queues.ts.
  ...eventQueueConsumers(),
];
