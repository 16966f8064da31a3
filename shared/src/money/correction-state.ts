import { GP_ADMINS, type Role } from '../auth/roles.js';
import { defineLifecycle } from '../lifecycle/lifecycle.js';
import type { LedgerKind } from './money-enums.js';

export const CORRECTION_STATES = ['PENDING', 'POSTED', 'REJECTED'] as const;
export type CorrectionState = (typeof CORRECTION_STATES)[number];
export const CORRECTION_EVENTS = ['APPROVE', 'REJECT'] as const;
export type CorrectionEvent = (typeof CORRECTION_EVENTS)[number];

/**
 * The kinds of entry that record money that moved (a payment in, a fee taken, a distribution or a
 * redemption paid out). Correcting one needs a second person, like the call, the NAV and the
 * distribution that moved it. A commitment, a call, a declared distribution and a dealt redemption
 * record claims, not transfers: an admin corrects those alone.
 */
export const MONEY_MOVING_KINDS: ReadonlySet<LedgerKind> = new Set<LedgerKind>([
  'PAYMENT',
  'FEE',
  'DISTRIBUTION_PAID',
  'REDEMPTION_PAID',
]);

/** The state a correction starts in: posted at once only when it moves no money and an admin prepared it. */
export const initialCorrectionState = (kind: LedgerKind, preparerRole: Role): CorrectionState =>
  !MONEY_MOVING_KINDS.has(kind) && (GP_ADMINS as readonly Role[]).includes(preparerRole) ? 'POSTED' : 'PENDING';

export interface CorrectionContext {
  actorId: string;
  preparedBy: string;
}

/**
 * A ledger correction (docs/money.md "Notices, currency, reversals"): entries are never edited; a
 * correction appends the reversal of one entry and, optionally, the corrected entry.
 *
 *   PENDING --APPROVE (admin, not the preparer)--> POSTED;  PENDING --REJECT (admin)--> REJECTED
 *
 * Created POSTED when `initialCorrectionState` says so (an admin's correction of a claim).
 */
export const CORRECTION_LIFECYCLE = defineLifecycle<CorrectionState, CorrectionEvent, Role, CorrectionContext>({
  name: 'ledgerCorrection',
  states: CORRECTION_STATES,
  events: CORRECTION_EVENTS,
  initial: ['PENDING', 'POSTED'],
  terminal: ['POSTED', 'REJECTED'],
  transitions: {
    PENDING: { APPROVE: 'POSTED', REJECT: 'REJECTED' },
    POSTED: {},
    REJECTED: {},
  },
  actors: { APPROVE: GP_ADMINS, REJECT: GP_ADMINS },
  guards: {
    APPROVE: ({ actorId, preparedBy }) => (actorId === preparedBy ? 'ledgerCorrectionFourEyes' : undefined),
  },
  labels: {
    states: {
      PENDING: { en: 'Waiting for approval', 'zh-CN': '待批准' },
      POSTED: { en: 'Posted', 'zh-CN': '已入账' },
      REJECTED: { en: 'Rejected', 'zh-CN': '已拒绝' },
    },
    events: {
      APPROVE: { en: 'Approve and post', 'zh-CN': '批准并入账' },
      REJECT: { en: 'Reject', 'zh-CN': '拒绝' },
    },
  },
});
