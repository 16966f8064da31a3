import { bankApprovalRequests, bankTaskDecisions } from './bank-approvals.js';
import type { Consumer } from './consumer.js';
import { eligibilityIndex } from './eligibility.js';
import { eventQueueConsumers } from './event-queues.js';
import { inboxNotifications, inboxRecords } from './inbox.js';
import { invitations } from './invitations.js';
import { personCorrections } from './person-corrections.js';
import { policyNotice } from './policy-notice.js';
import { productNews } from './product-news.js';
import { lockAlerts, passwordChangedNotice } from './security-notices.js';
import { signingCopies } from './signing-copies.js';
import { signingLinks } from './signing-links.js';

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
  // Issue 13's consumers (the reservation waitlist, signatures and the agreement's e-signature projects,
  // scenario journeys) run in the journey worker, fed through its queue: events/journey-consumers.ts.
  // Issue 14's consumers (commitments, call notices, NAV updates, the subscription statuses that follow
  // the money) run in the money worker, fed through its queue: functions/src/money/dispatch-money.ts.
  // Issue 12: signing links and reminders emailed to signers (the inbox tells account holders).
  signingLinks,
  // Issue 12: every signer is emailed their way to the sealed PDF (a copy token for those without an account).
  signingCopies,
  // In this order: the notifications read the messages the records consumer created.
  inboxRecords,
  inboxNotifications,
  // The hand-over to the workers fed through a queue of their own (sealing, screening, money, journeys): event-queues.ts.
  ...eventQueueConsumers(),
];
