import { type DealingFrequency, nextDealingDate } from '@tranche/shared/money/dealing';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { keys } from '#lib/db/keys';
import { allTenantIds } from '#lib/db/tenant-ids';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { logger } from '#lib/logger';
import { listRuns, runDealing } from './dealing.service.js';
import { readFund } from './fund.repo.js';
import { todayOf } from './money-text.js';
import { list, type RedemptionRecord } from './redemption.records.js';

/**
 * The scheduled dealing run (WORKERS `moneyDealing`: an EventBridge schedule on AWS, a timer in the
 * local stack, POST /_local/schedules/moneyDealing/run in tests; docs/money.md "Scheduled dealing").
 * Every day, for every share class of every open-ended fund with confirmed redemption requests
 * waiting, it runs the class's next due dealing date through the same `runDealing` an admin's click
 * runs, as the platform (actor SYSTEM: the run's `createdBy` and its audit record say so).
 *
 * Which date: the earliest dealing date a waiting request is due at, or, when a run at or after it
 * exists already (a request confirmed after its date was run), the dealing date after the class's
 * latest run, so dates are dealt in order and never twice. It runs only once that date has come
 * (the requests' 30-day notice, their cut-off, ran out before it) and an approved NAV of that date
 * exists; otherwise the class waits for a later day. One date per class per day: the next date of a
 * class waits until the fills of the previous run are written (the consumer's `dealingInProgress`),
 * so a class two dates behind catches up over two days.
 *
 * Four eyes: the admin's run takes one person, and so does this one. The decisions a run applies were
 * each taken with a second person or an admin before it: the NAV it deals at was prepared by one
 * person and approved by another, and every request it deals was confirmed by an admin; the run only
 * applies the gate's arithmetic to them. So the schedule executes the run rather than preparing it for
 * approval (docs/decisions.md "Scheduled dealing runs").
 *
 * Idempotent: a date already run is never picked, and `runDealing` writes one run per class and date
 * (`dealingAlreadyRun`), so a retried or doubled invocation deals nothing twice. One class failing does
 * not stop the others; an unexpected failure fails the invocation after every class was tried, so the
 * schedule's error alarm sees it (its retry runs only what is still due).
 */

export interface DealingScheduleOutcome {
  tenantId: string;
  productId: string;
  shareClassId: string;
  dealingDate: string;
  /** RAN: the run is made; WAITING: no approved NAV of the date, or the previous run still posting; FAILED: refused. */
  outcome: 'RAN' | 'WAITING' | 'FAILED';
  runId?: string;
  code?: string;
}

export interface DealingScheduleResult {
  ran: number;
  waiting: number;
  failed: number;
  classes: DealingScheduleOutcome[];
}

const DUE_STATES: readonly RedemptionRecord['state'][] = ['CONFIRMED', 'PARTLY_DEALT'];
/** Refusals that mean "not yet": the same class is tried again tomorrow. */
const NOT_YET = new Set(['dealingNeedsNav', 'dealingInProgress', 'dealingDateInFuture']);

const frequencyOf = (f: string): DealingFrequency =>
  f === 'MONTHLY' ? 'monthly' : f === 'QUARTERLY' ? 'quarterly' : 'yearly';

/** The date the class deals next: its earliest due request's date, or the date after its latest run. */
export const nextDueDate = (
  dueDates: readonly string[],
  latestRun: string | undefined,
  frequency: DealingFrequency,
): string | undefined => {
  const earliest = [...dueDates].sort()[0];
  if (earliest === undefined) return undefined;
  return latestRun !== undefined && latestRun >= earliest ? nextDealingDate(latestRun, frequency) : earliest;
};

const systemActor = (tenantId: string, requestId: string): Actor => ({
  tenantId,
  userId: 'SYSTEM',
  requestId,
  at: clock.nowIso(),
});

/** One class of one tenant: run its next due date if it has come, else say why not. */
const dealClass = async (
  tenantId: string,
  requestId: string,
  productId: string,
  shareClassId: string,
  due: readonly RedemptionRecord[],
): Promise<DealingScheduleOutcome | undefined> => {
  const fund = await readFund(tenantId, productId);
  // Closed-ended funds' redemptions are the manager's to deal (no dealing calendar of their own).
  if (fund.fundType !== 'OPEN_ENDED') return undefined;
  const actor = systemActor(tenantId, requestId);
  const { items: runs } = await listRuns(actor, productId, shareClassId);
  const dealingDate = nextDueDate(
    due.map((r) => r.dealingDate),
    runs[0]?.dealingDate,
    frequencyOf(fund.dealingFrequency),
  );
  if (dealingDate === undefined || dealingDate > todayOf(actor.at)) return undefined;
  const base = { tenantId, productId, shareClassId, dealingDate };
  if (runs.some((r) => r.posted < r.fills.length)) return { ...base, outcome: 'WAITING', code: 'dealingInProgress' };
  try {
    const run = await runDealing(actor, productId, shareClassId, { dealingDate });
    return { ...base, outcome: 'RAN', runId: run.runId };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { ...base, outcome: NOT_YET.has(error.code) ? 'WAITING' : 'FAILED', code: error.code };
  }
};

export const runScheduledDealing = async (): Promise<DealingScheduleResult> => {
  const result: DealingScheduleResult = { ran: 0, waiting: 0, failed: 0, classes: [] };
  const requestId = `money-dealing-${newId()}`;
  const unexpected: unknown[] = [];
  for (const tenantId of await allTenantIds()) {
    const due = (await list(keys.redemptionsPk(tenantId), 'GSI2')).filter((r) => DUE_STATES.includes(r.state));
    const byClass = new Map<string, RedemptionRecord[]>();
    for (const r of due) {
      const key = `${r.productId}|${r.shareClassId}`;
      byClass.set(key, [...(byClass.get(key) ?? []), r]);
    }
    for (const [key, requests] of byClass) {
      const [productId = '', shareClassId = ''] = key.split('|');
      try {
        const outcome = await dealClass(tenantId, requestId, productId, shareClassId, requests);
        if (!outcome) continue;
        result.classes.push(outcome);
        if (outcome.outcome === 'RAN') result.ran += 1;
        else if (outcome.outcome === 'WAITING') result.waiting += 1;
        else {
          result.failed += 1;
          logger.warn('scheduled dealing refused', { ...outcome });
        }
      } catch (error) {
        // A fault in one class (a product gone, a throttled read) leaves the other classes to run.
        result.failed += 1;
        const code = error instanceof DomainError ? error.code : undefined;
        if (!code) unexpected.push(error);
        result.classes.push({
          tenantId,
          productId,
          shareClassId,
          dealingDate: '',
          outcome: 'FAILED',
          ...(code ? { code } : {}),
        });
        logger.error('scheduled dealing failed', { tenantId, productId, shareClassId, error: String(error) });
      }
    }
  }
  logger.info('scheduled dealing', { ran: result.ran, waiting: result.waiting, failed: result.failed });
  if (unexpected.length > 0) throw new AggregateError(unexpected, `${unexpected.length} dealing classes failed`);
  return result;
};

export const handler = async (): Promise<DealingScheduleResult> => runScheduledDealing();
