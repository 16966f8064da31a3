type CancelledWrite = { name?: string; CancellationReasons?: { Code?: string }[] };

const cancelledFor = (error: unknown, codes: readonly string[]): boolean => {
  const e = error as CancelledWrite;
  return (
    e?.name === 'TransactionCanceledException' &&
    (e.CancellationReasons ?? []).some((r) => codes.includes(r.Code ?? ''))
  );
};

/** A conditional write or a transaction lost its condition: somebody else changed the record first. */
export const isConditionFailure = (error: unknown): boolean =>
  (error as CancelledWrite)?.name === 'ConditionalCheckFailedException' ||
  cancelledFor(error, ['ConditionalCheckFailed']);

/**
 * A write lost to a concurrent change: its condition failed, or DynamoDB cancelled the transaction
 * because another transaction was writing the same item at that moment. Either way: re-read and
 * retry, or answer 409.
 */
export const isLostRace = (error: unknown): boolean =>
  isConditionFailure(error) ||
  (error as CancelledWrite)?.name === 'TransactionConflictException' ||
  cancelledFor(error, ['TransactionConflict']);
