import { SUBSCRIPTION_STATUSES } from '@tranche/shared/subscription/statuses';
import { describe, expect, it } from 'vitest';
import { inRunner, nextStepOf, opensRunner, STATUS_TONE } from './status';

describe('what a subscription asks of its investor', () => {
  it('sends every status the runner handles to the runner, and only those', () => {
    for (const status of SUBSCRIPTION_STATUSES) {
      const step = nextStepOf(status, 'INVEST_SUBSCRIPTION');
      // A step done in the runner is only asked in a status whose page is the runner.
      if (opensRunner(step)) expect(inRunner(status), status).toBe(true);
    }
  });

  it('tells an interest from a reservation request waiting in REVIEW', () => {
    expect(nextStepOf('REVIEW', 'EXPRESSED_INTEREST_SUBSCRIPTION')).toBe('waitInterest');
    expect(nextStepOf('REVIEW', 'RESERVE_SUBSCRIPTION')).toBe('waitAllocation');
  });

  it('asks the investor to act where the lifecycle waits for them', () => {
    expect(nextStepOf('RESERVED', 'RESERVE_SUBSCRIPTION')).toBe('invest');
    expect(nextStepOf('AWAITING_ADDITIONAL_DOCUMENTS', 'INVEST_SUBSCRIPTION')).toBe('uploadDocuments');
    expect(nextStepOf('CONFIRM_SUBSCRIPTION', 'INVEST_SUBSCRIPTION')).toBe('confirm');
    expect(nextStepOf('SUBMITTED', 'INVEST_SUBSCRIPTION')).toBe('waitManager');
    expect(nextStepOf('REJECTED', 'INVEST_SUBSCRIPTION')).toBe('none');
  });

  it('gives the investor’s own moves the investor tone and ends the ended ones', () => {
    expect(STATUS_TONE.AWAITING_ADDITIONAL_DOCUMENTS).toBe('investor');
    for (const s of ['REJECTED', 'EXPIRED', 'CLOSE'] as const) expect(STATUS_TONE[s]).toBe('ended');
  });
});
