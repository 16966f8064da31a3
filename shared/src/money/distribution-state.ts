import { GP_ADMINS, type Role } from '../auth/roles.js';
import { defineLifecycle } from '../lifecycle/lifecycle.js';

export const DISTRIBUTION_STATES = ['DRAFT', 'APPROVED', 'PAID', 'CANCELLED'] as const;
export type DistributionState = (typeof DISTRIBUTION_STATES)[number];

export const DISTRIBUTION_EVENTS = ['APPROVE', 'PAY', 'CANCEL'] as const;
export type DistributionEvent = (typeof DISTRIBUTION_EVENTS)[number];

/** Who acts and who prepared it: the four-eyes guard's context. */
export interface DistributionContext {
  actorId: string;
  preparedBy: string;
}

/**
 * A distribution to a fund's holders (DOMAIN.md: by commitment or by units, recallable or not;
 * docs/money.md "Dealing and distributions"). Money leaves the fund, so it takes two people, like a
 * capital call or a NAV: a team member prepares the split, someone else among the admins approves
 * it (the declaration: DISTRIBUTION_DECLARED entries, the spec's DISTRIBUTION / PENDING), and an
 * admin records the payment (DISTRIBUTION_PAID entries, the spec's DISTRIBUTED / DISTRIBUTED).
 * Only a draft is cancelled: once declared, a correction is a reversing entry, never a deletion.
 *
 *   DRAFT --APPROVE (four eyes)--> APPROVED --PAY--> PAID;   DRAFT --CANCEL--> CANCELLED
 */
export const DISTRIBUTION_LIFECYCLE = defineLifecycle<DistributionState, DistributionEvent, Role, DistributionContext>({
  name: 'distribution',
  states: DISTRIBUTION_STATES,
  events: DISTRIBUTION_EVENTS,
  initial: ['DRAFT'],
  terminal: ['PAID', 'CANCELLED'],
  transitions: {
    DRAFT: { APPROVE: 'APPROVED', CANCEL: 'CANCELLED' },
    APPROVED: { PAY: 'PAID' },
    PAID: {},
    CANCELLED: {},
  },
  actors: { APPROVE: GP_ADMINS, PAY: GP_ADMINS, CANCEL: GP_ADMINS },
  guards: {
    APPROVE: ({ actorId, preparedBy }) => (actorId === preparedBy ? 'distributionFourEyes' : undefined),
  },
  labels: {
    states: {
      DRAFT: { en: 'Draft', 'zh-CN': '草稿' },
      APPROVED: { en: 'Declared', 'zh-CN': '已宣布' },
      PAID: { en: 'Paid', 'zh-CN': '已支付' },
      CANCELLED: { en: 'Cancelled', 'zh-CN': '已取消' },
    },
    events: {
      APPROVE: { en: 'Approve and declare', 'zh-CN': '批准并宣布' },
      PAY: { en: 'Record payment', 'zh-CN': '登记付款' },
      CANCEL: { en: 'Cancel', 'zh-CN': '取消' },
    },
  },
});
