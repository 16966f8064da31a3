import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { FundType } from '@tranche/shared/enums';
import type { Currency } from '@tranche/shared/money';
import { appendEntry, type Balances, balancesOf, type LedgerEntry } from '@tranche/shared/money/ledger';
import { db, tableName } from '#lib/db/client';
import type { Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { newId } from '#lib/ids';

/**
 * The stored ledger (keys.ts patterns 43-43c; docs/money.md "Storage and routes"). Each investment
 * (one subscription's position) is a partition: its #META item and its entries, append-only, numbered
 * 1, 2, 3... An append puts the new entries (each on a key that must not exist) and rewrites #META
 * with the balances recomputed from every entry (shared/src/money/ledger.ts `balancesOf`) on the
 * condition that `seq` is still the one read: two writers never interleave, and the balances the
 * dashboard and the call allocation read are always those of the entries, never a running total that
 * could drift.
 */

export type AccountKind = 'BANK' | 'IRA';

export interface InvestmentRecord {
  subscriptionId: string;
  investorId: string;
  productId: string;
  shareClassId: string;
  currency: Currency;
  fundType: FundType;
  /** How the investor pays: IRA money comes through a custodian (the Instruct task). */
  accountKind: AccountKind;
  /** The fund's English name when the investment opened (texts of events and lists). */
  fund: string;
  openedAt: string;
  updatedAt: string;
  /** The number of the last entry; 0 before the first. */
  seq: number;
  balances: Balances;
}

const ENTRY_FIELDS = [
  'id',
  'seq',
  'kind',
  'investorId',
  'subscriptionId',
  'productId',
  'shareClassId',
  'amount',
  'currency',
  'units',
  'effectiveDate',
  'recallable',
  'callId',
  'reverses',
] as const;

export const investmentOf = (item: Record<string, unknown>): InvestmentRecord => ({
  subscriptionId: String(item.subscriptionId),
  investorId: String(item.investorId),
  productId: String(item.productId),
  shareClassId: String(item.shareClassId),
  currency: item.currency as Currency,
  fundType: item.fundType as FundType,
  accountKind: (item.accountKind as AccountKind | undefined) ?? 'BANK',
  fund: String(item.fund ?? ''),
  openedAt: String(item.openedAt),
  updatedAt: String(item.updatedAt),
  seq: Number(item.seq ?? 0),
  balances: item.balances as Balances,
});

export const entryOf = (item: Record<string, unknown>): LedgerEntry => {
  const entry: Record<string, unknown> = {};
  for (const field of ENTRY_FIELDS) if (item[field] !== undefined) entry[field] = item[field];
  return entry as LedgerEntry;
};

export const readInvestment = async (
  tenantId: string,
  subscriptionId: string,
  consistent = true,
): Promise<InvestmentRecord | undefined> => {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.investment(tenantId, subscriptionId),
      ConsistentRead: consistent,
    }),
  );
  return Item ? investmentOf(Item) : undefined;
};

/** Every entry of one investment, in order (consistent: an append decides on it). */
export const readLedger = async (tenantId: string, subscriptionId: string): Promise<LedgerEntry[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': keys.investmentPk(tenantId, subscriptionId), ':p': keys.ledgerEntryPrefix },
      ConsistentRead: true,
    })
  ).map(entryOf);

export const investmentsOfProduct = async (tenantId: string, productId: string): Promise<InvestmentRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.investmentsOfProductPk(tenantId, productId) },
    })
  ).map(investmentOf);

export const investmentsOfInvestor = async (tenantId: string, userId: string): Promise<InvestmentRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.investmentsOfInvestorPk(tenantId, userId) },
    })
  ).map(investmentOf);

/** The investor's entries of every investment, by effective date (optionally from..to, inclusive). */
export const ledgerOfInvestor = async (
  tenantId: string,
  userId: string,
  range: { from?: string; to?: string } = {},
): Promise<(LedgerEntry & { fund: string })[]> => {
  const from = range.from ?? '0000-00-00';
  const to = `${range.to ?? '9999-99-99'}#~`;
  return (
    await queryAll({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': keys.ledgerOfInvestorPk(tenantId, userId), ':from': from, ':to': to },
    })
  ).map((item) => ({ ...entryOf(item), fund: String(item.fund ?? '') }));
};

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
