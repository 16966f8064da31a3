import * as z from '../lazy-zod.js';

/**
 * Events of eligibility and wire-instruction integrity (issue 11; docs/profiles.md "Bank accounts:
 * approval, step-up, payouts"), spread into EVENT_CATALOGUE. The ones that open or close inbox tasks
 * live with the inbox's (inbox-events.ts: BANK_CHANGE_REQUESTED, BANK_CHANGE_DECIDED,
 * ELIGIBILITY_RENEWAL_DUE, ELIGIBILITY_RENEWED). None carries an account number.
 */
const Id = z.string().min(1).max(64);

export const ELIGIBILITY_EVENTS_CATALOGUE = {
  /** The user re-entered their password or an authenticator code (`how`: PASSWORD or AUTHENTICATOR). */
  STEP_UP_COMPLETED: {
    subject: 'user',
    version: 1,
    payload: z.looseObject({ how: z.enum(['PASSWORD', 'AUTHENTICATOR']) }),
  },
  /** The owner was shown the full number of one account (after a step-up): who saw it, and when, is on record. */
  BANK_ACCOUNT_REVEALED: { subject: 'profile', version: 1, payload: z.looseObject({ profileId: Id, bankId: Id }) },
} as const;
