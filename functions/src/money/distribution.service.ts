import type { Role } from '@tranche/shared/auth/roles';
import type { Currency } from '@tranche/shared/currency';
import { allocateDistribution } from '@tranche/shared/money/allocation';
import { dec } from '@tranche/shared/money/decimal';
import { owedOn, partPaidInFull } from '@tranche/shared/money/distribution-correction';
import { DISTRIBUTION_LIFECYCLE } from '@tranche/shared/money/distribution-state';
import { assertCovered } from '@tranche/shared/money/ledger';
import type { CreateDistributionBody, Distribution } from '@tranche/shared/money/money.schema';
import type { Actor } from '#lib/audit';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { type Change, commit, type EventDraft, event, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { readClasses, readFund } from './fund.repo.js';
import { appendSteps, investmentsOfProduct, readInvestment, readLedger } from './investment.repo.js';
import { positiveMoneyField } from './money-input.js';
import { formatMoney, todayOf } from './money-text.js';
import { recordReader, versionGuard } from './records.js';

/**
 * Distributions (issue 14, docs/money.md "Dealing and distributions"): a team member prepares one for
 * a fund and currency (optionally one share class), split pro rata to commitments (closed-ended) or
 * units held (open-ended) by largest remainder, so the parts add up exactly; another person among the
 * admins approves it (four eyes: money leaves the fund), which declares it: the consumer
 * (functions/src/events/money-dealing.ts) posts each holder's DISTRIBUTION_DECLARED entry; an admin
 * then records the payment, and the consumer posts DISTRIBUTION_PAID (recallable or not) with the
 * investor's message. Each part is one commit of its own, counted on the record (`posted`), so a big
 * fund's distribution is never one oversized transaction, and the payment waits until every
 * declaration is written (distributionNotDeclared).
 */

export interface DistributionRecord extends Omit<Distribution, 'allowedEvents'> {}
export type DistributionPart = DistributionRecord['parts'][number];

const FIELDS = [
  'distributionId',
  'productId',
  'shareClassId',
  'fund',
  'currency',
  'amount',
  'basis',
  'recallable',
  'paymentDate',
  'purpose',
  'state',
  'preparedBy',
  'approvedBy',
  'paidBy',
  'createdAt',
  'updatedAt',
  'version',
  'parts',
  'posted',
] as const;
const recordOf = recordReader<DistributionRecord>(FIELDS);

export const readDistribution = async (tenantId: string, distributionId: string) => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.distribution(tenantId, distributionId), ConsistentRead: true }),
  );
  return Item ? recordOf(Item) : undefined;
};

const or404 = async (tenantId: string, distributionId: string) => {
  const r = await readDistribution(tenantId, distributionId);
  if (!r) throw new DomainError('distributionNotExists');
  return r;
};

export const viewDistribution = (r: DistributionRecord, actor: Actor, role: Role): Distribution => ({
  ...r,
  allowedEvents: DISTRIBUTION_LIFECYCLE.allowedEvents(r.state, role, {
    actorId: actor.userId,
    preparedBy: r.preparedBy,
  }),
});

export const put = (tenantId: string, r: DistributionRecord, seenVersion: number | undefined): Step => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.distribution(tenantId, r.distributionId),
        ...keys.distributionsIndex(tenantId, r.createdAt, r.distributionId),
        type: 'DISTRIBUTION',
        ...r,
      },
      ...versionGuard(seenVersion),
    },
  },
});

export const createDistribution = async (actor: Actor, body: CreateDistributionBody): Promise<DistributionRecord> =>
  commit(actor, async () => {
    const fund = await readFund(actor.tenantId, body.productId);
    if (body.shareClassId) {
      const classes = await readClasses(actor.tenantId, body.productId);
      if (!classes.some((c) => c.shareClassId === body.shareClassId)) throw new DomainError('shareClassIsNotExist');
    }
    const currency = body.currency as Currency;
    const amount = positiveMoneyField(body.amount, currency, 'amount');
    const holders = (await investmentsOfProduct(actor.tenantId, body.productId))
      .filter((i) => i.currency === currency && (!body.shareClassId || i.shareClassId === body.shareClassId))
      .map((i) => ({
        inv: i,
        basis: body.basis === 'COMMITMENT' ? i.balances.committed : dec(i.balances.units).toFixed(6),
      }))
      .filter((h) => dec(h.basis).gt(0))
      .sort((a, b) => (a.inv.subscriptionId < b.inv.subscriptionId ? -1 : 1));
    if (holders.length === 0) throw new DomainError('distributionNoHolders', { field: 'basis' });
    const split = allocateDistribution(
      amount,
      currency,
      holders.map((h) => ({ id: h.inv.subscriptionId, basis: h.basis })),
    );
    const r: DistributionRecord = {
      distributionId: newId(),
      productId: body.productId,
      ...(body.shareClassId ? { shareClassId: body.shareClassId } : {}),
      fund: fund.name,
      currency,
      amount,
      basis: body.basis,
      recallable: body.recallable ?? false,
      paymentDate: body.paymentDate ?? todayOf(actor.at),
      ...(body.purpose ? { purpose: body.purpose } : {}),
      state: 'DRAFT',
      preparedBy: actor.userId,
      createdAt: actor.at,
      updatedAt: actor.at,
      version: 1,
      parts: holders.map((h, i) => ({
        subscriptionId: h.inv.subscriptionId,
        investorId: h.inv.investorId,
        basis: h.basis,
        amount: split[i]?.amount ?? '0',
      })),
      posted: { declared: 0, paid: 0 },
    };
    return {
      steps: [put(actor.tenantId, r, undefined)],
      events: [
        event('DISTRIBUTION_CREATED', r.distributionId, {
          distributionId: r.distributionId,
          productId: r.productId,
          amount,
          currency,
          parts: r.parts.length,
        }),
      ],
      result: r,
    };
  });

export const decideDistribution = async (
  actor: Actor,
  role: Role,
  distributionId: string,
  decision: 'APPROVE' | 'CANCEL' | 'PAY',
): Promise<DistributionRecord> =>
  commit(actor, async () => {
    const r = await or404(actor.tenantId, distributionId);
    const state = DISTRIBUTION_LIFECYCLE.next(r.state, decision, role, {
      actorId: actor.userId,
      preparedBy: r.preparedBy,
    });
    // Every holder's declaration is on the ledger before anyone is paid (assertCovered would refuse otherwise).
    if (decision === 'PAY' && r.posted.declared < r.parts.length) throw new DomainError('distributionNotDeclared');
    const next: DistributionRecord = {
      ...r,
      state,
      updatedAt: actor.at,
      version: r.version + 1,
      ...(decision === 'APPROVE' ? { approvedBy: actor.userId } : {}),
      ...(decision === 'PAY' ? { paidBy: actor.userId } : {}),
    };
    const parts = r.parts.length;
    const ev: EventDraft =
      decision === 'APPROVE'
        ? event('DISTRIBUTION_DECLARED', distributionId, { distributionId, parts })
        : decision === 'PAY'
          ? event('DISTRIBUTION_PAYMENT_RECORDED', distributionId, { distributionId, parts })
          : event('DISTRIBUTION_CANCELLED', distributionId, { distributionId });
    return { steps: [put(actor.tenantId, next, r.version)], events: [ev], result: next };
  });

export const getDistribution = async (actor: Actor, role: Role, distributionId: string) =>
  viewDistribution(await or404(actor.tenantId, distributionId), actor, role);

export const listDistributions = async (actor: Actor, role: Role, productId?: string) => {
  // A foreign or unknown product is 404 like everywhere else, not an empty list.
  if (productId) await readFund(actor.tenantId, productId);
  const items = (
    await queryAll({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.distributionsIndexPk(actor.tenantId) },
      ScanIndexForward: false,
    })
  )
    .map(recordOf)
    .filter((r) => !productId || r.productId === productId);
  return { items: items.map((r) => viewDistribution(r, actor, role)) };
};

/**
 * One holder's ledger entry of a declared or paid distribution (the consumer's commit): the entry,
 * naming the distribution (so a correction of it moves this record: correction.service.ts), the
 * position's balances, the record's `posted` count, and for a payment the part's `paid` figure and the
 * investor's message (the inbox's DISTRIBUTION_PAID, emailed under the distributions topic). A
 * payment pays what is declared to the part and not paid (distribution-correction.ts `owedOn`): all of
 * it the first time, and only the rest when the payment is recorded again after a correction; a part
 * paid in full is left alone. A payment over what was declared to this investor is
 * INSUFFICIENT_BALANCE (ledger.ts assertCovered). Each write bumps the record's version, so a
 * correction decided on the record as it was read is decided again (never a lost update).
 */
export const distributionPartChange = async (
  tenantId: string,
  at: string,
  r: DistributionRecord,
  part: DistributionPart,
  kind: 'DISTRIBUTION_DECLARED' | 'DISTRIBUTION_PAID',
): Promise<Change<void> | undefined> => {
  const index = r.parts.findIndex((p) => p.subscriptionId === part.subscriptionId);
  if (kind === 'DISTRIBUTION_PAID' && partPaidInFull(part, r.currency)) return undefined;
  const amount = kind === 'DISTRIBUTION_PAID' ? owedOn(part, r.currency) : part.amount;
  const inv = await readInvestment(tenantId, part.subscriptionId);
  if (!inv) return undefined;
  const ledger = await readLedger(tenantId, part.subscriptionId);
  // A part owed nothing (its declaration reversed) is paid nothing: no entry, but it counts as paid.
  const drafts =
    kind === 'DISTRIBUTION_DECLARED' || dec(amount).gt(0)
      ? [
          {
            kind,
            amount,
            effectiveDate: r.paymentDate,
            distributionId: r.distributionId,
            ...(kind === 'DISTRIBUTION_PAID' && r.recallable ? { recallable: true } : {}),
          },
        ]
      : [];
  assertCovered(ledger, drafts, inv.currency);
  const append = appendSteps(tenantId, at, inv, ledger, drafts);
  const paidField = `parts[${index}].paid`;
  const count: Step = {
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.distribution(tenantId, r.distributionId),
        ...(kind === 'DISTRIBUTION_DECLARED'
          ? {
              UpdateExpression: 'SET posted.declared = posted.declared + :one, version = version + :one',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':one': 1 },
            }
          : {
              // The part's paid figure is the whole declared amount now; the count moves only for a part
              // where no payment stood (a corrected part paid again was counted when first paid).
              UpdateExpression: `SET ${paidField} = :amount, posted.paid = posted.paid + :counted, version = version + :one`,
              ConditionExpression: `attribute_exists(PK) AND parts[${index}].subscriptionId = :sid`,
              ExpressionAttributeValues: {
                ':amount': part.amount,
                ':counted': part.paid === undefined ? 1 : 0,
                ':one': 1,
                ':sid': part.subscriptionId,
              },
            }),
      },
    },
  };
  return {
    steps: [...(drafts.length > 0 ? append.steps : []), count],
    events:
      kind === 'DISTRIBUTION_PAID' && drafts.length > 0
        ? [
            event('DISTRIBUTION_PAID', part.subscriptionId, {
              refId: part.subscriptionId,
              userIds: [part.investorId],
              fund: r.fund,
              amount: formatMoney(amount, r.currency),
            }),
          ]
        : [],
    result: undefined,
  };
};
