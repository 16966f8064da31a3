import { appendEntry, balancesOf, type LedgerEntry } from '@tranche/shared/money/ledger';
import { tableName } from '#lib/db/client';
import type { Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { newId } from '#lib/ids';
import type { InvestmentRecord } from './investment.reads.js';

export * from './investment.reads.js';

const investmentItem = (tenantId: string, inv: InvestmentRecord) => ({
  ...keys.investment(tenantId, inv.subscriptionId),
  ...keys.investmentsOfInvestor(tenantId, inv.investorId, inv.openedAt, inv.subscriptionId),
  ...keys.investmentsOfProduct(tenantId, inv.productId, inv.shareClassId, inv.subscriptionId),
  type: 'INVESTMENT',
  ...inv,
});

/** What a caller asks to append: the position's own fields are filled in from the investment. */
export type EntryDraft = Pick<LedgerEntry, 'kind' | 'amount' | 'effectiveDate'> &
  Partial<Pick<LedgerEntry, 'units' | 'recallable' | 'callId' | 'reverses'>>;

/**
 * The steps that append `drafts` to an investment whose entries are `ledger` (read with it), and the
 * investment as it will be. `appendEntry` judges each entry (currency of the position, reversals that
 * mirror an unreversed original), so a refused entry refuses the whole change before anything is written.
 * `inv` is undefined for a new investment (`opening` gives its fields).
 */
export const appendSteps = (
  tenantId: string,
  at: string,
  inv: InvestmentRecord,
  ledger: readonly LedgerEntry[],
  drafts: readonly EntryDraft[],
  isNew = false,
): { steps: Step[]; entries: LedgerEntry[]; next: InvestmentRecord } => {
  let all: LedgerEntry[] = [...ledger];
  const entries: LedgerEntry[] = [];
  let seq = inv.seq;
  for (const draft of drafts) {
    seq += 1;
    const entry: LedgerEntry = {
      id: newId(),
      seq,
      investorId: inv.investorId,
      subscriptionId: inv.subscriptionId,
      productId: inv.productId,
      shareClassId: inv.shareClassId,
      currency: inv.currency,
      ...draft,
    };
    all = appendEntry(all, entry);
    entries.push(entry);
  }
  const next: InvestmentRecord = { ...inv, seq, updatedAt: at, balances: balancesOf(all, inv.currency) };
  const table = tableName();
  const steps: Step[] = entries.map((entry) => ({
    item: {
      Put: {
        TableName: table,
        Item: {
          ...keys.ledgerEntry(tenantId, inv.subscriptionId, entry.seq),
          ...keys.ledgerOfInvestor(tenantId, inv.investorId, entry.effectiveDate, inv.subscriptionId, entry.seq),
          type: 'LEDGER_ENTRY',
          fund: inv.fund,
          recordedAt: at,
          ...entry,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  }));
  steps.push({
    item: {
      Put: {
        TableName: table,
        Item: investmentItem(tenantId, next),
        ...(isNew
          ? { ConditionExpression: 'attribute_not_exists(PK)' }
          : {
              ConditionExpression: '#seq = :seq',
              ExpressionAttributeNames: { '#seq': 'seq' },
              ExpressionAttributeValues: { ':seq': inv.seq },
            }),
      },
    },
  });
  return { steps, entries, next };
};
