import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { alpine } from '../support/api.js';

/**
 * Model-based test of the sign-in lockout (spec §8, §9) against the real table: the lockout module
 * runs in this process with the settable clock, on the local stack's DynamoDB. Commands are right
 * and wrong passwords, bursts of parallel wrong passwords, and clock jumps. After every command:
 * - no 15-minute window ever holds more than 5 consecutive wrong passwords that were actually
 *   checked (consecutive: with no success between them);
 * - a user who gets the password right before the 5th consecutive failure is never refused;
 * - the answers follow the spec: the 4th failure warns, the 5th locks, a success resets the count.
 */
const { clock } = await import('../../functions/src/_lib/clock.js');
const lockout = await import('../../functions/src/_lib/lockout.js');
const { DomainError } = await import('../../functions/src/_lib/errors.js');

const WINDOW_MS = 15 * 60 * 1000;

interface Model {
  /** Consecutive checked failures since the last success or the end of the last lock. */
  failures: number;
  lockedUntil: number | undefined;
}

interface Real {
  emailHash: string;
  /** Instants at which a wrong password reached the password check, since the last success. */
  checkedFailures: number[];
}

type Outcome = 'ok' | 'AccountOrPasswordError' | 'AccountLockoutWarning' | 'AccountLockoutNew';

/** One sign-in attempt as the sign-in service runs it: reserve, check, then success or failure answer. */
const attempt = async (real: Real, right: boolean): Promise<Outcome> => {
  try {
    const reservation = await lockout.reserveAttempt(alpine.tenantId, real.emailHash, {});
    if (right) {
      await lockout.recordSuccess(alpine.tenantId, real.emailHash);
      // A success ends the run of consecutive failures.
      real.checkedFailures = [];
      return 'ok';
    }
    real.checkedFailures.push(clock.now().getTime());
    throw lockout.failureError(reservation);
  } catch (error) {
    if (error instanceof DomainError) return error.code as Outcome;
    throw error;
  }
};

const locked = (m: Model) => m.lockedUntil !== undefined && m.lockedUntil > clock.now().getTime();

/** Expires a lock that has run out, as the service does when it reads the record. */
const settle = (m: Model) => {
  if (m.lockedUntil !== undefined && m.lockedUntil <= clock.now().getTime()) {
    m.lockedUntil = undefined;
    m.failures = 0;
  }
};

const checkInvariants = (real: Real) => {
  const times = real.checkedFailures;
  for (let i = 0; i + 5 < times.length; i++) {
    // Any 6 checked failures span at least 15 minutes.
    expect(times[i + 5]! - times[i]!, `failures at ${times.join(',')}`).toBeGreaterThanOrEqual(WINDOW_MS);
  }
};

class Attempt implements fc.AsyncCommand<Model, Real> {
  constructor(readonly right: boolean) {}
  check = () => true;
  async run(m: Model, r: Real) {
    settle(m);
    const outcome = await attempt(r, this.right);
    if (locked(m)) {
      // While locked the answer is the same whether or not the password is right.
      expect(outcome).toBe('AccountLockoutNew');
    } else if (this.right) {
      // Right before the 5th failure: never refused.
      expect(outcome).toBe('ok');
      m.failures = 0;
    } else {
      m.failures += 1;
      const expected: Outcome =
        m.failures >= 5 ? 'AccountLockoutNew' : m.failures === 4 ? 'AccountLockoutWarning' : 'AccountOrPasswordError';
      expect(outcome).toBe(expected);
      if (m.failures >= 5) m.lockedUntil = clock.now().getTime() + WINDOW_MS;
    }
    checkInvariants(r);
  }
  toString = () => (this.right ? 'right' : 'wrong');
}

class ParallelWrong implements fc.AsyncCommand<Model, Real> {
  constructor(readonly n: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    settle(m);
    const outcomes = await Promise.all(Array.from({ length: this.n }, () => attempt(r, false)));
    const checked = locked(m) ? 0 : Math.min(this.n, 5 - m.failures);
    // Exactly as many reach the password check as the limit leaves room for; the rest are refused unchecked.
    expect(outcomes.filter((o) => o !== 'AccountLockoutNew').length).toBe(
      Math.min(checked, Math.max(4 - m.failures, 0)),
    );
    if (!locked(m)) {
      m.failures += checked;
      if (m.failures >= 5) m.lockedUntil = clock.now().getTime() + WINDOW_MS;
    }
    checkInvariants(r);
  }
  toString = () => `parallel(${this.n})`;
}

class Jump implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    clock.advance(this.ms);
    checkInvariants(r);
  }
  toString = () => `jump(${Math.round(this.ms / 1000)}s)`;
}

const commands = [
  fc.boolean().map((right) => new Attempt(right)),
  fc.constant(new Attempt(false)),
  fc.integer({ min: 2, max: 8 }).map((n) => new ParallelWrong(n)),
  fc
    .oneof(
      fc.integer({ min: 1_000, max: 5 * 60_000 }),
      fc.integer({ min: WINDOW_MS - 2_000, max: WINDOW_MS + 2_000 }),
      fc.constant(WINDOW_MS),
    )
    .map((ms) => new Jump(ms)),
];

describe('sign-in lockout, model-based against the real table', () => {
  afterEach(() => clock.set(undefined));

  it('never checks more than 5 wrong passwords per 15 minutes and never locks out a user who gets it right first', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40 }), async (cmds) => {
        clock.set(new Date('2031-01-01T00:00:00Z'));
        const real: Real = { emailHash: randomBytes(16).toString('base64url'), checkedFailures: [] };
        await fc.asyncModelRun(() => ({ model: { failures: 0, lockedUntil: undefined }, real }), cmds);
      }),
      { numRuns: Number(process.env.LOCKOUT_RUNS ?? 60) },
    );
  });
});
