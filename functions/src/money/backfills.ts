import { PLATFORM_OPERATOR } from '@tranche/shared/auth/operator';
import type { Backfill, BackfillStep } from '@tranche/shared/money/backfill.schema';
import { navVersionOf } from '@tranche/shared/money/summary-cache';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { db, tableName } from '#lib/db/client';
import { GetCommand, QueryCommand } from '#lib/db/commands';
import { commit, eventOf } from '#lib/db/commit';
import { invalidCursor, openCursor, sealCursor } from '#lib/db/cursor';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { inPool } from '../events/commit-once.js';
import { investmentOf, missingSummarySteps, readInvestment, readLedger } from './investment.repo.js';
import { readPrices } from './nav.service.js';

/**
 * The operator's one-off money backfills (docs/money.md "Backfills"; route runBackfill, run by
 * `npm run backfill`). Each request is one bounded step in one tenant, read by key only (no Scan: the
 * functions have no grant for it): an outer index of the tenant's products or capital calls, and per
 * outer record an inner list read a page at a time (the product's investments; the call's notices),
 * whose companions (#SUMMARY, NOTICEPDF#) are looked up by key. The cursor seals where the step
 * stopped (the outer record and the inner page's last key) with the backfill and the tenant, so it
 * continues only that walk. Idempotent: a step writes only what is still missing, and what it writes
 * is conditional on that, so a second run, or a run beside the live consumers, changes nothing twice.
 */

/** Inner records one step looks at, at most (the answer says how many): a few seconds of work. */
const STEP_RECORDS = 200;
const INNER_PAGE = 100;
const OUTER_PAGE = 25;

interface Position {
  /** The outer index's sort key of the record being walked (the next one is read after it). */
  after?: string;
  /** The outer record being walked, and where in its inner list the step stopped. */
  outerId?: string;
  inner?: Record<string, unknown>;
}

interface Walk {
  /** The tenant's outer index (GSI2) and whether one of its items is an outer record (its id). */
  outerPk: string;
  outerId: (item: Record<string, unknown>) => string | undefined;
  /** One page of the outer record's inner list. */
  inner: (
    outerId: string,
    start: Record<string, unknown> | undefined,
  ) => Promise<{ items: Record<string, unknown>[]; last?: Record<string, unknown> }>;
  /** Gives one inner record what it lacks: 'changed', 'skipped' (raced: look again next run) or 'ok'. */
  fix: (item: Record<string, unknown>) => Promise<'changed' | 'skipped' | 'ok'>;
}

const actorFor = (tenantId: string, requestId: string): Actor => ({
  tenantId,
  userId: PLATFORM_OPERATOR,
  requestId,
  at: clock.nowIso(),
});

/** A commit whose condition failed: someone wrote the record meanwhile. */
const raced = (error: unknown) => error instanceof DomainError && error.code === 'VERSION_CONFLICT';

const exists = async (key: Record<string, string>) =>
  Boolean((await db.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item);

const summaries = (tenantId: string, requestId: string): Walk => {
  const prices = new Map<string, ReturnType<typeof readPrices>>();
  const pricesOf = (productId: string, shareClassId: string) => {
    const key = `${productId}#${shareClassId}`;
    if (!prices.has(key)) prices.set(key, readPrices(tenantId, productId, shareClassId));
    return prices.get(key) as ReturnType<typeof readPrices>;
  };
  return {
    outerPk: keys.productsIndexPk(tenantId),
    // The product's own item ends its sort key with '#'; its share classes follow it with 'SC#…'.
    outerId: (item) =>
      String(item.GSI2SK).endsWith('#') && typeof item.productId === 'string' ? item.productId : undefined,
    inner: async (productId, start) => {
      const out = await db.send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'GSI2',
          KeyConditionExpression: 'GSI2PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.investmentsOfProductPk(tenantId, productId) },
          Limit: INNER_PAGE,
          ExclusiveStartKey: start,
        }),
      );
      return { items: out.Items ?? [], ...(out.LastEvaluatedKey ? { last: out.LastEvaluatedKey } : {}) };
    },
    fix: async (item) => {
      const subscriptionId = investmentOf(item).subscriptionId;
      if (await exists(keys.investmentSummary(tenantId, subscriptionId))) return 'ok';
      const inv = await readInvestment(tenantId, subscriptionId);
      if (!inv) return 'ok';
      const ledger = (await readLedger(tenantId, subscriptionId)).filter((e) => e.seq <= inv.seq);
      const posted = await pricesOf(inv.productId, inv.shareClassId);
      const steps = missingSummarySteps(
        tenantId,
        inv,
        ledger,
        posted.map((p) => ({ date: p.navDate, navPerUnit: p.navPerUnit })),
        navVersionOf(posted),
      );
      try {
        await commit(actorFor(tenantId, requestId), { steps, events: [], result: undefined });
        return 'changed';
      } catch (error) {
        if (raced(error)) return 'skipped';
        throw error;
      }
    },
  };
};

const noticePdfs = (tenantId: string, requestId: string): Walk => ({
  outerPk: keys.capitalCallsIndexPk(tenantId),
  outerId: (item) => (typeof item.callId === 'string' ? item.callId : undefined),
  inner: async (callId, start) => {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :notice)',
        ExpressionAttributeValues: { ':pk': keys.capitalCallPk(tenantId, callId), ':notice': keys.callNoticePrefix },
        Limit: INNER_PAGE,
        ExclusiveStartKey: start,
      }),
    );
    return { items: out.Items ?? [], ...(out.LastEvaluatedKey ? { last: out.LastEvaluatedKey } : {}) };
  },
  fix: async (item) => {
    const callId = String(item.callId);
    const subscriptionId = String(item.subscriptionId);
    // Notices are written when the call is issued; one without an issue date is not a notice yet.
    if (!item.issuedAt || (await exists(keys.noticePdf(tenantId, callId, subscriptionId)))) return 'ok';
    // Only the render request: CAPITAL_CALL_ISSUED again would open the investor's task and email again.
    await commit(actorFor(tenantId, requestId), {
      steps: [],
      events: [eventOf('CALL_NOTICE_PDF_REQUESTED', callId, { callId, refId: subscriptionId })],
      result: undefined,
    });
    return 'changed';
  },
});

const WALKS: Record<Backfill, (tenantId: string, requestId: string) => Walk> = {
  'investment-summaries': summaries,
  'call-notice-pdfs': noticePdfs,
};

const openPosition = async (backfill: Backfill, tenantId: string, cursor: string | undefined): Promise<Position> => {
  if (cursor === undefined) return {};
  const value = (await openCursor(cursor)) as { b?: unknown; t?: unknown; p?: Position } | null;
  // A cursor of another backfill or tenant (or of any other list) continues nothing here.
  if (!value || typeof value !== 'object' || value.b !== backfill || value.t !== tenantId || !value.p) {
    throw invalidCursor();
  }
  return value.p;
};

/** The next outer record after `after` in the tenant's outer index, with its sort key. */
const nextOuter = async (walk: Walk, after: string | undefined) => {
  let start: Record<string, unknown> | undefined;
  for (;;) {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI2',
        KeyConditionExpression: after ? 'GSI2PK = :pk AND GSI2SK > :after' : 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': walk.outerPk, ...(after ? { ':after': after } : {}) },
        Limit: OUTER_PAGE,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) {
      const id = walk.outerId(item);
      if (id) return { id, sortKey: String(item.GSI2SK) };
    }
    if (!out.LastEvaluatedKey) return undefined;
    start = out.LastEvaluatedKey;
  }
};

/**
 * One step of `backfill` in the tenant: up to STEP_RECORDS inner records from where the cursor
 * stopped, each given what it lacks (8 at a time). `nextCursor` is absent once the tenant is done.
 */
export const runBackfill = async (
  backfill: Backfill,
  query: { tenantId: string; cursor?: string | undefined },
  requestId: string,
): Promise<BackfillStep> => {
  const { tenantId } = query;
  const walk = WALKS[backfill](tenantId, requestId);
  let position = await openPosition(backfill, tenantId, query.cursor);
  const tally = { examined: 0, changed: 0, skipped: 0 };
  while (tally.examined < STEP_RECORDS) {
    if (!position.outerId) {
      const next = await nextOuter(walk, position.after);
      if (!next) return { backfill, tenantId, ...tally };
      position = { after: next.sortKey, outerId: next.id };
    }
    const page = await walk.inner(position.outerId as string, position.inner);
    await inPool(page.items, async (item) => {
      const outcome = await walk.fix(item);
      tally.examined += 1;
      if (outcome !== 'ok') tally[outcome] += 1;
    });
    position = page.last ? { ...position, inner: page.last } : { ...(position.after ? { after: position.after } : {}) };
  }
  return { backfill, tenantId, ...tally, nextCursor: await sealCursor({ b: backfill, t: tenantId, p: position }) };
};
