import type { Role } from '@tranche/shared/auth/roles';
import type { Currency } from '@tranche/shared/currency';
import {
  chargedFee,
  type DealingFrequency,
  dealRedemptions,
  nextDealingDate,
  UNIT_DIGITS,
} from '@tranche/shared/money/dealing';
import { dec, toAmount } from '@tranche/shared/money/decimal';
import { assertCovered, netOfRecord } from '@tranche/shared/money/ledger';
import type { DealingRun, Redemption } from '@tranche/shared/money/money.schema';
import { unpaidProceeds } from '@tranche/shared/money/redemption-correction';
import { REDEMPTION_LIFECYCLE } from '@tranche/shared/money/redemption-state';
import type { Actor } from '#lib/audit';
import { tableName } from '#lib/db/client';
import { type Change, commit, type EventDraft, event, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { readFundClass } from './fund.repo.js';
import { appendSteps, investmentsOfProduct, readInvestment, readLedger } from './investment.repo.js';
import { formatMoney, todayOf } from './money-text.js';
import { readPrices } from './nav.service.js';
import { list, put, type RedemptionRecord, readRedemption, view, visibleOr404 } from './redemption.records.js';

/**
 * Redemption dealing (issue 14, docs/money.md "Dealing and distributions"). An admin runs a dealing
 * date for a share class: the confirmed requests due by then (their forward-priced dealing date, or
 * the date a gate carried them to) are dealt at that date's approved NAV, under the product's gate
 * (`redemptionGatePercent` of the units outstanding: prorated by largest remainder, the rest carried
 * to the next dealing date, pari passu with new requests). The run is one record, written once per
 * class and date; the consumer (functions/src/events/money-dealing.ts) then writes each request's
 * REDEMPTION_DEALT entry together with the request's new state in one commit per request, counting
 * them on the run (`posted`), so the holding and the request never disagree and a run is never one
 * oversized transaction. The next run of the class waits until every fill is posted
 * (dealingInProgress). Finance then confirms the transfer (payRedemption: REDEMPTION_PAID).
 */

export type RunRecord = Omit<DealingRun, never>;
type Fill = RunRecord['fills'][number];

const frequencyOf = (f: string): DealingFrequency =>
  f === 'MONTHLY' ? 'monthly' : f === 'QUARTERLY' ? 'quarterly' : 'yearly';

const DUE_STATES: readonly RedemptionRecord['state'][] = ['CONFIRMED', 'PARTLY_DEALT'];

const runOf = (item: Record<string, unknown>): RunRecord => {
  const { PK: _pk, SK: _sk, type: _type, ...rest } = item;
  return rest as unknown as RunRecord;
};

const readRuns = async (tenantId: string, productId: string, shareClassId: string): Promise<RunRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: {
        ':pk': keys.navPk(tenantId, productId, shareClassId),
        ':p': keys.dealingRunPrefix,
      },
      ConsistentRead: true,
      ScanIndexForward: false,
    })
  ).map(runOf);

export const readRun = async (tenantId: string, productId: string, shareClassId: string, dealingDate: string) =>
  (await readRuns(tenantId, productId, shareClassId)).find((r) => r.dealingDate === dealingDate);

export const listRuns = async (actor: Actor, productId: string, shareClassId: string) => {
  await readFundClass(actor.tenantId, productId, shareClassId);
  return { items: await readRuns(actor.tenantId, productId, shareClassId) };
};

const sum = (values: readonly string[]) => values.reduce((a, v) => a.add(dec(v)), dec('0'));

export const runDealing = async (
  actor: Actor,
  productId: string,
  shareClassId: string,
  body: { dealingDate: string },
): Promise<RunRecord> =>
  commit(actor, async () => {
    const { dealingDate } = body;
    // Another tenant's class is 404 before anything about the body is said.
    const { fund, shareClass } = await readFundClass(actor.tenantId, productId, shareClassId);
    if (dealingDate > todayOf(actor.at)) throw new DomainError('dealingDateInFuture', { field: 'dealingDate' });
    const currency = shareClass.currency as Currency;
    // Forward pricing: the price of the dealing date itself, approved (four eyes) before the run.
    const price = (await readPrices(actor.tenantId, productId, shareClassId)).find((p) => p.navDate === dealingDate);
    if (!price) throw new DomainError('dealingNeedsNav', { field: 'dealingDate' });
    const runs = await readRuns(actor.tenantId, productId, shareClassId);
    if (runs.some((r) => r.dealingDate === dealingDate)) throw new DomainError('dealingAlreadyRun');
    if (runs.some((r) => r.posted < r.fills.length)) throw new DomainError('dealingInProgress');
    const due = (await list(keys.redemptionsPk(actor.tenantId), 'GSI2'))
      .filter(
        (r) =>
          r.productId === productId &&
          r.shareClassId === shareClassId &&
          DUE_STATES.includes(r.state) &&
          r.dealingDate <= dealingDate,
      )
      // Oldest first: the gate's largest remainder breaks exact ties by this order, the same on every run.
      .sort((a, b) =>
        a.requestedAt === b.requestedAt
          ? a.redemptionId < b.redemptionId
            ? -1
            : 1
          : a.requestedAt < b.requestedAt
            ? -1
            : 1,
      );
    if (due.length === 0) throw new DomainError('dealingNothingDue', { field: 'dealingDate' });
    const holdings = (await investmentsOfProduct(actor.tenantId, productId)).filter(
      (i) => i.shareClassId === shareClassId,
    );
    const remaining = (r: RedemptionRecord) =>
      dec(r.units)
        .sub(dec(r.dealtUnits ?? '0'))
        .toFixed(UNIT_DIGITS);
    // A request never deals more than its investment holds (units may have moved since it was confirmed).
    for (const inv of holdings) {
      const asked = due.filter((r) => r.subscriptionId === inv.subscriptionId);
      const held = dec(inv.balances.units);
      if (sum(asked.map(remaining)).gt(held)) {
        throw new DomainError('INSUFFICIENT_BALANCE', {
          field: 'redemptionId',
          redemptionId: (asked[0] as RedemptionRecord).redemptionId,
          held: held.toFixed(),
        });
      }
    }
    const orphan = due.find((r) => !holdings.some((i) => i.subscriptionId === r.subscriptionId));
    if (orphan) {
      throw new DomainError('INSUFFICIENT_BALANCE', {
        field: 'redemptionId',
        redemptionId: orphan.redemptionId,
        held: '0',
      });
    }
    const unitsOutstanding = sum(holdings.map((i) => i.balances.units)).toFixed(UNIT_DIGITS);
    const plan = dealRedemptions(
      due.map((r) => ({ id: r.redemptionId, remaining: remaining(r) })),
      unitsOutstanding,
      fund.redemptionGatePercent,
      price.navPerUnit,
      chargedFee(shareClass.redemptionFee),
      currency,
    );
    const next = nextDealingDate(dealingDate, frequencyOf(fund.dealingFrequency));
    const fills: Fill[] = plan.fills.map((f, i) => {
      const r = due[i] as RedemptionRecord;
      return {
        redemptionId: r.redemptionId,
        subscriptionId: r.subscriptionId,
        investorId: r.investorId,
        asked: f.asked,
        dealt: f.dealt,
        carried: f.carried,
        gross: f.gross,
        fee: f.fee,
        net: f.net,
        ...(dec(f.carried).gt(0) ? { nextDealingDate: next } : {}),
      };
    });
    const run: RunRecord = {
      runId: newId(),
      productId,
      shareClassId,
      fund: fund.name,
      currency,
      dealingDate,
      navPerUnit: price.navPerUnit,
      ...(fund.redemptionGatePercent ? { gatePercent: fund.redemptionGatePercent } : {}),
      unitsOutstanding,
      ...(plan.gateUnits ? { gateUnits: plan.gateUnits } : {}),
      gated: plan.gated,
      fills,
      totals: {
        asked: sum(fills.map((f) => f.asked)).toFixed(UNIT_DIGITS),
        dealt: sum(fills.map((f) => f.dealt)).toFixed(UNIT_DIGITS),
        carried: sum(fills.map((f) => f.carried)).toFixed(UNIT_DIGITS),
        net: toAmount(sum(fills.map((f) => f.net)), currency),
      },
      posted: 0,
      createdBy: actor.userId,
      createdAt: actor.at,
    };
    return {
      steps: [
        {
          item: {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.dealingRun(actor.tenantId, productId, shareClassId, dealingDate),
                type: 'DEALING_RUN',
                ...run,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          refusal: 'dealingAlreadyRun',
        },
      ],
      events: [
        event('DEALING_RUN', productId, {
          runId: run.runId,
          productId,
          shareClassId,
          dealingDate,
          fills: fills.length,
        }),
      ],
      result: run,
    };
  });

/**
 * One fill of a run, posted (the consumer's commit): the request moves DEAL_PART (some carried: its
 * dealing date moves to the next one) or DEAL_REST, the REDEMPTION_DEALT entry (units dealt, the net
 * proceeds; the spec's REDEMPTION / PENDING) is appended, the run counts it, and the investor is told.
 * A fill the gate gave nothing only moves the request's dealing date. Already posted: nothing.
 */
export const fillChange = async (
  tenantId: string,
  at: string,
  run: RunRecord,
  fill: Fill,
): Promise<Change<void> | undefined> => {
  const r = await readRedemption(tenantId, fill.redemptionId);
  if (r?.dealings?.some((d) => d.runId === run.runId)) return undefined;
  const counted: Step = {
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.dealingRun(tenantId, run.productId, run.shareClassId, run.dealingDate),
        UpdateExpression: 'SET posted = posted + :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
  };
  // A request that is gone (never deleted today) still counts, so the class's next run is not blocked.
  if (!r) return { steps: [counted], events: [], result: undefined };
  const carried = dec(fill.carried).gt(0);
  const dealing = {
    runId: run.runId,
    dealingDate: run.dealingDate,
    units: fill.dealt,
    navPerUnit: run.navPerUnit,
    gross: fill.gross,
    fee: fill.fee,
    net: fill.net,
  };
  if (dec(fill.dealt).lte(0)) {
    const next: RedemptionRecord = {
      ...r,
      dealings: [...(r.dealings ?? []), dealing],
      ...(fill.nextDealingDate ? { dealingDate: fill.nextDealingDate } : {}),
      updatedAt: at,
      version: r.version + 1,
    };
    return { steps: [put(tenantId, next, r.version), counted], events: [], result: undefined };
  }
  // The run was an admin's decision; the lifecycle's DEAL_* events are the team's.
  const state = REDEMPTION_LIFECYCLE.next(r.state, carried ? 'DEAL_PART' : 'DEAL_REST', 'GP_ADMIN');
  const currency = r.currency as Currency;
  const next: RedemptionRecord = {
    ...r,
    state,
    dealtUnits: dec(r.dealtUnits ?? '0')
      .add(dec(fill.dealt))
      .toFixed(UNIT_DIGITS),
    proceeds: toAmount(dec(r.proceeds ?? '0').add(dec(fill.net)), currency),
    dealings: [...(r.dealings ?? []), dealing],
    ...(fill.nextDealingDate ? { dealingDate: fill.nextDealingDate } : {}),
    updatedAt: at,
    version: r.version + 1,
  };
  const inv = await readInvestment(tenantId, r.subscriptionId);
  if (!inv) throw new DomainError('investmentNotExists');
  const ledger = await readLedger(tenantId, r.subscriptionId);
  // The entry names the request, so a correction of it moves the request too (correction.service.ts).
  const drafts = [
    {
      kind: 'REDEMPTION_DEALT' as const,
      amount: fill.net,
      units: fill.dealt,
      effectiveDate: run.dealingDate,
      redemptionId: r.redemptionId,
    },
  ];
  assertCovered(ledger, drafts, inv.currency);
  const append = appendSteps(tenantId, at, inv, ledger, drafts);
  return {
    steps: [put(tenantId, next, r.version), ...append.steps, counted],
    events: [
      event('REDEMPTION_DEALT', r.redemptionId, {
        refId: r.redemptionId,
        userIds: [r.investorId],
        fund: r.fund,
        units: fill.dealt,
        amount: formatMoney(fill.net, currency),
        dealingDate: run.dealingDate,
        carried: fill.carried,
        subscriptionId: r.subscriptionId,
      }),
    ],
    result: undefined,
  };
};

/**
 * Finance confirms the transfer of a dealt request's proceeds (the spec's
 * REDEMPTION_FINANCE_CONFIRMS_TRANSFER / PAID): REDEMPTION_PAID, naming the request, for the net
 * proceeds dealt and not yet paid to it (all of them, unless a corrected payment paid part: then the
 * rest), never more than dealt and unpaid (INSUFFICIENT_BALANCE), the request PAID, in one commit.
 */
export const payRedemption = async (
  actor: Actor,
  role: Role,
  redemptionId: string,
  body: { paidOn?: string },
): Promise<Redemption> => {
  const paid = await commit(actor, async () => {
    const r = await visibleOr404(actor, role, redemptionId);
    const state = REDEMPTION_LIFECYCLE.next(r.state, 'PAY', role);
    const paidOn = body.paidOn ?? todayOf(actor.at);
    if (paidOn > todayOf(actor.at)) throw new DomainError('dealingDateInFuture', { field: 'paidOn' });
    const inv = await readInvestment(actor.tenantId, r.subscriptionId);
    if (!inv) throw new DomainError('investmentNotExists');
    const ledger = await readLedger(actor.tenantId, r.subscriptionId);
    const paidBefore = toAmount(netOfRecord(ledger, 'REDEMPTION_PAID', { redemptionId }), inv.currency);
    const amount = unpaidProceeds({ proceeds: r.proceeds ?? '0', paid: paidBefore }, inv.currency);
    const drafts = [{ kind: 'REDEMPTION_PAID' as const, amount, effectiveDate: paidOn, redemptionId }];
    assertCovered(ledger, drafts, inv.currency);
    const append = appendSteps(actor.tenantId, actor.at, inv, ledger, drafts);
    const next: RedemptionRecord = { ...r, state, paidOn, updatedAt: actor.at, version: r.version + 1 };
    const events: EventDraft[] = [
      event('REDEMPTION_PAID', redemptionId, {
        refId: redemptionId,
        userIds: [r.investorId],
        fund: r.fund,
        amount: formatMoney(amount, inv.currency),
        subscriptionId: r.subscriptionId,
      }),
    ];
    return { steps: [put(actor.tenantId, next, r.version), ...append.steps], events, result: next };
  });
  return view(paid, role);
};
