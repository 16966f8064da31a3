import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ErrorCode } from '@tranche/shared/errors/catalogue';
import { DomainError } from '../errors.js';
import { db, isLostRace } from './client.js';

export type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** A transaction item, and what to answer when its condition is the one that failed. */
export interface Step {
  item: TransactItem;
  /** Default: VERSION_CONFLICT (someone changed what the change was decided on). */
  refusal?: ErrorCode | (() => DomainError);
}

/**
 * Writes the steps (a change, the conditions that keep it true, its audit event) in one
 * transaction. A failed condition answers the refusal of the first step whose condition failed;
 * a transaction cancelled by a concurrent one (no condition failed) answers VERSION_CONFLICT, never a 500.
 */
export const transact = async (steps: readonly Step[]): Promise<void> => {
  try {
    await db.send(new TransactWriteCommand({ TransactItems: steps.map((s) => s.item) }));
  } catch (error) {
    if (!isLostRace(error)) throw error;
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    const refusal = steps[reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed')]?.refusal;
    if (typeof refusal === 'function') throw refusal();
    throw new DomainError(refusal ?? 'VERSION_CONFLICT');
  }
};
