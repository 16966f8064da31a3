import { appendEntry, balancesOf, type LedgerEntry } from '@tranche/shared/money/ledger';
import type { NavPoint } from '@tranche/shared/money/summary';
import {
  encodeSummary,
  type SummaryCache,
  summaryAfterAppend,
  summaryCacheOf,
} from '@tranche/shared/money/summary-cache';
import { tableName } from '#lib/db/client';
import type { Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { newId } from '#lib/ids';
import type { InvestmentRecord } from './investment.reads.js';

export * from './investment.reads.js';

const investmentItem = (tenantId: string, inv: InvestmentRecord) => {
  // The dashboard's figures live on #SUMMARY (pattern 43d), not here: #META stays small for the
  // 5,000-investor queries of a call or a distribution (GSI2 copies the whole item).
  const { summary: _summary, navKey: _navKey, ...position } = inv;
  return {
    ...keys.investment(tenantId, inv.subscriptionId),
    ...keys.investmentsOfInvestor(tenantId, inv.investorId, inv.openedAt, inv.subscriptionId),
    ...keys.investmentsOfProduct(tenantId, inv.productId, inv.shareClassId, inv.subscriptionId),
    type: 'INVESTMENT',
    ...position,
  };
};

/** The #SUMMARY item (pattern 43d): what the dashboard reads of one investment, in one Query for all. */
const summaryItem = (tenantId: string, inv: InvestmentRecord, summary: SummaryCache, navKey: string | undefined) => ({
  ...keys.investmentSummary(tenantId, inv.subscriptionId),
  ...keys.summariesOfInvestor(tenantId, inv.investorId, inv.openedAt, inv.subscriptionId),
  type: 'INVESTMENT_SUMMARY',
  subscriptionId: inv.subscriptionId,
  investorId: inv.investorId,
  productId: inv.productId,
  shareClassId: inv.shareClassId,
  currency: inv.currency,
  seq: inv.seq,
  updatedAt: inv.updatedAt,
  summary: encodeSummary(summary),
  ...(navKey !== undefined ? { navKey } : {}),
});

/** The summary of a new investment: nothing yet, valued with its class's prices as they are now. */
export const openingSummary = (inv: InvestmentRecord, prices: readonly NavPoint[], navKey: string | undefined) => ({
  summary: summaryCacheOf([], inv.currency, prices),
  ...(navKey !== undefined ? { navKey } : {}),
});

/** What a caller asks to append: the position's own fields are filled in from the investment. */
export type EntryDraft = Pick<LedgerEntry, 'kind' | 'amount' | 'effectiveDate'> &
  Partial<Pick<LedgerEntry, 'units' | 'recallable' | 'callId' | 'distributionId' | 'redemptionId' | 'reverses'>>;

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
  const next: InvestmentRecord = {
    ...inv,
    seq,
    updatedAt: at,
    balances: balancesOf(all, inv.currency),
    ...(inv.summary ? { summary: summaryAfterAppend(inv.summary, all, inv.currency) } : {}),
  };
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
  // The dashboard summary moves with the entries, valued at the prices it holds, on the condition that
  // the NAV consumer did not reprice it meanwhile (else this append is decided again with the new
  // prices). Without a summary read at this seq, the append only checks none appeared since: a summary
  // left behind is never answered from (the dashboard compares seq) and the next NAV rewrites it.
  const navKeyCondition =
    inv.navKey !== undefined
      ? { cond: 'navKey = :nk', values: { ':nk': inv.navKey } }
      : { cond: 'attribute_not_exists(navKey)', values: {} };
  steps.push(
    next.summary
      ? {
          item: {
            Put: {
              TableName: table,
              Item: summaryItem(tenantId, next, next.summary, inv.navKey),
              ...(isNew
                ? { ConditionExpression: 'attribute_not_exists(PK)' }
                : {
                    ConditionExpression: `#seq = :seq AND ${navKeyCondition.cond}`,
                    ExpressionAttributeNames: { '#seq': 'seq' },
                    ExpressionAttributeValues: { ':seq': inv.seq, ...navKeyCondition.values },
                  }),
            },
          },
        }
      : {
          item: {
            ConditionCheck: {
              TableName: table,
              Key: keys.investmentSummary(tenantId, inv.subscriptionId),
              ConditionExpression: 'attribute_not_exists(PK) OR #seq <> :seq',
              ExpressionAttributeNames: { '#seq': 'seq' },
              ExpressionAttributeValues: { ':seq': inv.seq },
            },
          },
        },
  );
  return { steps, entries, next };
};

/** A check that the investment's ledger is still at the `seq` read (no append since). */
const ledgerStillAt = (tenantId: string, inv: InvestmentRecord): Step => ({
  item: {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.investment(tenantId, inv.subscriptionId),
      ConditionExpression: '#seq = :seq',
      ExpressionAttributeNames: { '#seq': 'seq' },
      ExpressionAttributeValues: { ':seq': inv.seq },
    },
  },
});

/**
 * The steps that value an investment's summary with its class's prices as they are now (the NAV
 * consumer, functions/src/events/money-summaries.ts): recomputed from every entry, written only over a
 * summary valued with older prices (`navKey` smaller) or left behind by an append, and only while the
 * ledger is still at the `seq` read (a check on #META), so a late or repeated NAV event never writes an
 * older figure over a newer one and never undoes an append. Undefined when the summary is already current.
 */
export const repriceSteps = (
  tenantId: string,
  inv: InvestmentRecord,
  kept: { seq: number; navKey?: string } | undefined,
  ledger: readonly LedgerEntry[],
  prices: readonly NavPoint[],
  navKey: string,
): Step[] | undefined => {
  if (kept && kept.seq === inv.seq && kept.navKey !== undefined && kept.navKey >= navKey) return undefined;
  const table = tableName();
  return [
    ledgerStillAt(tenantId, inv),
    {
      item: {
        Put: {
          TableName: table,
          Item: summaryItem(tenantId, inv, summaryCacheOf(ledger, inv.currency, prices), navKey),
          ConditionExpression: 'attribute_not_exists(navKey) OR navKey < :nk OR #seq <> :seq',
          ExpressionAttributeNames: { '#seq': 'seq' },
          ExpressionAttributeValues: { ':nk': navKey, ':seq': inv.seq },
        },
      },
    },
  ];
};

/**
 * The steps that give an investment stored before the summaries existed its #SUMMARY (the operator's
 * backfill, functions/src/money/backfills.ts): recomputed from every entry with the class's prices as
 * they are (`navKey` their version; none before the class's first NAV), written only where no summary
 * exists yet and while the ledger is still at the `seq` read, so it never overwrites what an append or
 * the NAV consumer wrote meanwhile (that commit fails and the next run looks again).
 */
export const missingSummarySteps = (
  tenantId: string,
  inv: InvestmentRecord,
  ledger: readonly LedgerEntry[],
  prices: readonly NavPoint[],
  navKey: string | undefined,
): Step[] => {
  const table = tableName();
  return [
    ledgerStillAt(tenantId, inv),
    {
      item: {
        Put: {
          TableName: table,
          Item: summaryItem(tenantId, inv, summaryCacheOf(ledger, inv.currency, prices), navKey),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    },
  ];
};
