import { GetCommand, UpdateCommand } from '#lib/db/commands';
import { clock } from './clock.js';
import { db, isConditionFailure, tableName } from './db/client.js';
import type { TransactItem } from './db/commit.js';
import { keys } from './db/keys.js';
import { DomainError } from './errors.js';

/**
 * Sign-in lockout (spec §8 "Lockout prompts", §9): five consecutive wrong passwords lock the account
 * for 15 minutes, with a warning on the 4th; a success resets the count. The tenant may instead
 * choose the frequency-limit variant (LpSettings.loginFrequencyLimit): after its maximum the
 * account stays locked until a GP admin unlocks it or the user resets the password.
 *
 * How parallel attempts cannot slip past the limit: an attempt is counted *before* the password is
 * checked. Each attempt reads the record and writes `failures + 1` with the condition that the
 * record's `version` is still the one it read; two attempts that read the same version cannot both
 * write, the loser re-reads and sees the other's count. So at most `limit` attempts are ever let
 * through to the password check per lock period, however many run at once. The attempt that takes
 * the last slot also writes the lock, before its password is checked: if the process dies
 * mid-attempt, the lock is already there. A correct password (and, with MFA, a correct second
 * factor) resets the record.
 *
 * While locked the password is not checked at all, so the answer cannot depend on it. Records are
 * keyed by the hash of tenant + email, whether or not an account exists: unknown emails lock
 * exactly like known ones.
 */
export const MAX_FAILURES = 5;
export const LOCK_SECONDS = 15 * 60;
const RECORD_TTL_SECONDS = 30 * 24 * 3600;
const MAX_RACE_RETRIES = 12;

export interface LockoutPolicy {
  /** The frequency-limit variant: lock until unlocked after this many consecutive failures. */
  frequencyLimit?: number | undefined;
}

interface LockoutRecord {
  failures: number;
  lockedUntil?: number;
  frozen?: boolean;
  version: number;
}

/** A counted attempt: `attempt` is the number this failure would be in the consecutive run. */
export interface Reservation {
  tenantId: string;
  emailHash: string;
  attempt: number;
  policy: LockoutPolicy;
  /** This attempt took the last slot and wrote the lock (exactly one attempt per lock does). */
  locks: boolean;
  /** The record version this attempt wrote: identifies the lock it set, if any. */
  version: number;
  /** Epoch ms the temporary lock ends; absent for the frequency-limit freeze. */
  lockedUntil?: number;
}

const read = async (tenantId: string, emailHash: string): Promise<LockoutRecord | undefined> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.loginAttempts(tenantId, emailHash), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return {
    failures: Number(Item.failures ?? 0),
    lockedUntil: typeof Item.lockedUntil === 'number' ? Item.lockedUntil : undefined,
    frozen: Item.frozen === true,
    version: Number(Item.version ?? 0),
  } as LockoutRecord;
};

const limitOf = (policy: LockoutPolicy) => policy.frequencyLimit ?? MAX_FAILURES;

const lockedError = (record: LockoutRecord, nowMs: number): DomainError =>
  record.frozen
    ? new DomainError('AccountFrequencyLimit')
    : new DomainError('AccountLockoutNew', {
        retryAfterSeconds: Math.ceil(((record.lockedUntil ?? nowMs) - nowMs) / 1000),
      });

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Counts one attempt, or throws the locked answer. Call before checking the password; then call
 * `recordSuccess` or `failureError`.
 */
export const reserveAttempt = async (
  tenantId: string,
  emailHash: string,
  policy: LockoutPolicy,
): Promise<Reservation> => {
  const limit = limitOf(policy);
  for (let round = 0; round < MAX_RACE_RETRIES; round++) {
    const record = await read(tenantId, emailHash);
    const nowMs = clock.now().getTime();
    if (record?.frozen || (record?.lockedUntil !== undefined && record.lockedUntil > nowMs)) {
      throw lockedError(record, nowMs);
    }
    // A lock that has run out starts a new run of attempts.
    const previous = record?.lockedUntil !== undefined ? 0 : (record?.failures ?? 0);
    const attempt = previous + 1;
    const locks = attempt >= limit;
    const values: Record<string, unknown> = {
      ':failures': attempt,
      ':next': (record?.version ?? 0) + 1,
      ':ttl': Math.floor(nowMs / 1000) + RECORD_TTL_SECONDS,
      ':type': 'LOGIN_ATTEMPTS',
    };
    const sets = ['failures = :failures', 'version = :next', '#ttl = :ttl', '#type = :type'];
    const removes: string[] = [];
    if (locks && policy.frequencyLimit !== undefined) {
      sets.push('frozen = :true');
      values[':true'] = true;
      removes.push('lockedUntil');
    } else if (locks) {
      sets.push('lockedUntil = :until');
      values[':until'] = nowMs + LOCK_SECONDS * 1000;
    } else {
      removes.push('lockedUntil');
    }
    if (record) values[':seen'] = record.version;
    const version = (record?.version ?? 0) + 1;
    const lockedUntil = locks && policy.frequencyLimit === undefined ? (values[':until'] as number) : undefined;
    try {
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.loginAttempts(tenantId, emailHash),
          UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
          ConditionExpression: record ? 'version = :seen' : 'attribute_not_exists(PK)',
          ExpressionAttributeNames: { '#ttl': 'ttl', '#type': 'type' },
          ExpressionAttributeValues: values,
        }),
      );
      return { tenantId, emailHash, attempt, policy, locks, version, ...(lockedUntil ? { lockedUntil } : {}) };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // Another attempt counted first: read its count and try again.
      await pause(Math.random() * 10 * (round + 1));
    }
  }
  throw new DomainError('RATE_LIMITED', { retryAfterSeconds: 1 });
};

/** The answer to a counted attempt whose password (or second factor) was wrong. */
export const failureError = (reservation: Reservation): DomainError => {
  const { attempt, policy } = reservation;
  const limit = limitOf(reservation.policy);
  if (policy.frequencyLimit !== undefined) {
    if (attempt >= limit) return new DomainError('AccountFrequencyLimit');
    if (attempt === limit - 1) return new DomainError('AccountLastAttemptWarning', { remainingAttempts: 1 });
    return new DomainError('AccountOrPasswordError');
  }
  if (attempt >= limit) return new DomainError('AccountLockoutNew', { retryAfterSeconds: LOCK_SECONDS });
  if (attempt === limit - 1) return new DomainError('AccountLockoutWarning', { remainingAttempts: 1 });
  return new DomainError('AccountOrPasswordError');
};

/** A complete, correct sign-in: the run of failures is over (and any lock this attempt set is lifted). */
export const recordSuccess = async (tenantId: string, emailHash: string): Promise<void> => {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.loginAttempts(tenantId, emailHash),
      UpdateExpression:
        'SET failures = :zero, version = if_not_exists(version, :zero) + :one REMOVE lockedUntil, frozen',
      ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
    }),
  );
};

/**
 * The condition that lets one request announce the lock `reservation` set: it holds once per lock,
 * so a retried request cannot announce it twice (lock-alert.ts commits it with the announcement).
 */
export const lockAlertClaim = (reservation: Reservation): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: keys.loginAttempts(reservation.tenantId, reservation.emailHash),
    UpdateExpression: 'SET lockAlertVersion = :v',
    ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(lockAlertVersion) OR lockAlertVersion < :v)',
    ExpressionAttributeValues: { ':v': reservation.version },
  },
});

/** A GP admin's unlock, or a completed password reset: same as a success. */
export const clearLockout = recordSuccess;
