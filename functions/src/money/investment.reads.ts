import type { Currency } from '@tranche/shared/currency';
import type { FundType } from '@tranche/shared/enums';
import type { Balances, LedgerEntry } from '@tranche/shared/money/ledger';
import { decodeSummary, type StoredSummary, type SummaryCache } from '@tranche/shared/money/summary-cache';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';

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
  /**
   * The dashboard's figures at this `seq` (shared/src/money/summary-cache.ts, the #SUMMARY item of
   * pattern 43d), which every append carries forward; absent when that item is missing or behind
   * (investments stored before it existed, until their class's next NAV).
   */
  summary?: SummaryCache;
  /** The version of the class's prices `summary` is valued with (`navVersionOf`): only grows. */
  navKey?: string;
}

/** The #SUMMARY item (pattern 43d): the dashboard's figures at `seq` (the balances are #META's). */
export interface SummaryRecord {
  subscriptionId: string;
  seq: number;
  summary: SummaryCache;
  navKey?: string;
}

const summaryRecordOf = (item: Record<string, unknown>): SummaryRecord => ({
  subscriptionId: String(item.subscriptionId),
  seq: Number(item.seq ?? 0),
  summary: decodeSummary((item.summary ?? {}) as StoredSummary),
  ...(typeof item.navKey === 'string' ? { navKey: item.navKey } : {}),
});

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
  'distributionId',
  'redemptionId',
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

/** An investment's #SUMMARY item, whatever its `seq` (the NAV consumer compares it). */
export const readSummary = async (
  tenantId: string,
  subscriptionId: string,
  consistent = true,
): Promise<SummaryRecord | undefined> => {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.investmentSummary(tenantId, subscriptionId),
      ConsistentRead: consistent,
    }),
  );
  return Item?.summary ? summaryRecordOf(Item) : undefined;
};

/**
 * The investment with its dashboard summary when that is at the same `seq` (both read at once), so an
 * append made from it carries the summary forward (investment.repo.ts appendSteps).
 */
export const readInvestment = async (
  tenantId: string,
  subscriptionId: string,
  consistent = true,
): Promise<InvestmentRecord | undefined> => {
  const [{ Item }, kept] = await Promise.all([
    db.send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.investment(tenantId, subscriptionId),
        ConsistentRead: consistent,
      }),
    ),
    readSummary(tenantId, subscriptionId, consistent),
  ]);
  if (!Item) return undefined;
  const inv = investmentOf(Item);
  return kept && kept.seq === inv.seq
    ? { ...inv, summary: kept.summary, ...(kept.navKey !== undefined ? { navKey: kept.navKey } : {}) }
    : inv;
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

/**
 * The #SUMMARY items of the investor's investments (pattern 43d; the dashboard's one Query), with
 * only what one route needs: the figures (no line) or the line (no flows). A summary read without
 * its line cannot answer an as-of date before its latest NAV; the dashboard then reads the ledger.
 */
export const summariesOfInvestor = async (
  tenantId: string,
  userId: string,
  part: 'figures' | 'line',
): Promise<SummaryRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.summariesOfInvestorPk(tenantId, userId) },
      ProjectionExpression:
        part === 'figures'
          ? 'subscriptionId, #seq, #s.through, #s.flows, #s.nav'
          : 'subscriptionId, #seq, #s.through, #s.line',
      ExpressionAttributeNames: { '#seq': 'seq', '#s': 'summary' },
    })
  ).map(summaryRecordOf);

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
