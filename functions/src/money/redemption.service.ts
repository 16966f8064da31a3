import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@tranche/shared/auth/roles';
import { isGp } from '@tranche/shared/auth/roles';
import type { Currency } from '@tranche/shared/currency';
import { type DealingFrequency, dealingDateFor } from '@tranche/shared/money/dealing';
import { dec, toAmount } from '@tranche/shared/money/decimal';
import type { Redemption, RequestRedemptionBody } from '@tranche/shared/money/money.schema';
import { REDEMPTION_LIFECYCLE, type RedemptionState } from '@tranche/shared/money/redemption-state';
import type { Actor } from '#lib/audit';
import { db, tableName } from '#lib/db/client';
import { commit, type EventDraft, event, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { readFund } from './fund.repo.js';
import { type InvestmentRecord, readInvestment } from './investment.reads.js';
import { formatMoney, todayOf } from './money-text.js';
import { readPrices } from './nav.service.js';

/**
 * Redemptions (issue 14, docs/money.md "Redemptions"): a request within the holding (units held less
 * what other open requests already ask for; nothing held: subscriptionIsNotInvested; more:
 * redemptionOverHolding naming the field), priced forward (the first dealing date whose notice
 * period the request meets), confirmed, sent back for changes or rejected by the manager, amended or
 * withdrawn by the investor, each change one conditional commit with its event (the inbox's
 * REDEMPTION_* kinds listen). Dealing (gate, units out of the ledger) and payment are not built yet.
 */

/** Calendar days of notice before a dealing date (DOMAIN.md gives none; the seeded credit fund says 30). */
export const REDEMPTION_NOTICE_DAYS = 30;
const UNIT_DIGITS = 6;
/** Requests still asking for units: they reserve what they ask from the holding. */
const OPEN: readonly RedemptionState[] = ['REQUESTED', 'NEEDS_CHANGES', 'CONFIRMED', 'PARTLY_DEALT'];

export interface RedemptionRecord extends Omit<Redemption, 'allowedEvents'> {}

const FIELDS = [
  'redemptionId',
  'subscriptionId',
  'investorId',
  'productId',
  'shareClassId',
  'fund',
  'currency',
  'state',
  'units',
  'full',
  'amount',
  'estimatedValue',
  'navDate',
  'dealingDate',
  'noticeDays',
  'comment',
  'requestedAt',
  'updatedAt',
  'version',
] as const;
const recordOf = (item: Record<string, unknown>): RedemptionRecord => {
  const out: Record<string, unknown> = {};
  for (const f of FIELDS) if (item[f] !== undefined) out[f] = item[f];
  return out as unknown as RedemptionRecord;
};

const readRedemption = async (tenantId: string, redemptionId: string) => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.redemption(tenantId, redemptionId), ConsistentRead: true }),
  );
  return Item ? recordOf(Item) : undefined;
};

/** The redemption as this user may see it: the investor's own, or any for the team; else 404. */
const visibleOr404 = async (actor: Actor, role: Role, redemptionId: string): Promise<RedemptionRecord> => {
  const r = await readRedemption(actor.tenantId, redemptionId);
  if (!r || (!isGp(role) && r.investorId !== actor.userId)) throw new DomainError('redemptionNotExists');
  return r;
};

export const view = (r: RedemptionRecord, role: Role): Redemption => ({
  ...r,
  allowedEvents: REDEMPTION_LIFECYCLE.allowedEvents(r.state, role),
});

const put = (tenantId: string, r: RedemptionRecord, seenVersion: number | undefined): Step => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.redemption(tenantId, r.redemptionId),
        ...keys.redemptionIndexes(tenantId, r.investorId, r.requestedAt, r.redemptionId),
        type: 'REDEMPTION',
        ...r,
      },
      ...(seenVersion === undefined
        ? { ConditionExpression: 'attribute_not_exists(PK)' }
        : {
            ConditionExpression: '#v = :v',
            ExpressionAttributeNames: { '#v': 'version' },
            ExpressionAttributeValues: { ':v': seenVersion },
          }),
    },
  },
});

const list = async (pk: string, index: 'GSI1' | 'GSI2'): Promise<RedemptionRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: `${index}PK = :pk`,
      ExpressionAttributeValues: { ':pk': pk },
      ScanIndexForward: false,
    })
  ).map(recordOf);

export const listOwn = async (actor: Actor) =>
  (await list(keys.redemptionsOfInvestorPk(actor.tenantId, actor.userId), 'GSI1')).map((r) => view(r, 'LP'));
export const listTenant = async (actor: Actor, role: Role) =>
  (await list(keys.redemptionsPk(actor.tenantId), 'GSI2')).map((r) => view(r, role));
export const getRedemption = async (actor: Actor, role: Role, redemptionId: string) =>
  view(await visibleOr404(actor, role, redemptionId), role);

const frequencyOf = (f: string): DealingFrequency =>
  f === 'MONTHLY' ? 'monthly' : f === 'QUARTERLY' ? 'quarterly' : 'yearly';

interface Sizing {
  units: string;
  full: boolean;
  amount?: string;
  estimatedValue?: string;
  navDate?: string;
}

/**
 * What a request asks, in units, judged against the holding less the other open requests of the same
 * investment (`except` is the request being amended). The field at fault is named.
 */
const size = async (
  actor: Actor,
  inv: InvestmentRecord,
  body: { full?: boolean; units?: string; amount?: string },
  except?: string,
): Promise<Sizing> => {
  const given = [body.full === true, body.units !== undefined, body.amount !== undefined].filter(Boolean).length;
  if (given !== 1) {
    throw new DomainError('PARAMS_ERROR', {
      fields: [{ field: 'body.units', rule: 'one_of', message: 'Give exactly one of full, units or amount' }],
    });
  }
  const open = (await list(keys.redemptionsOfInvestorPk(actor.tenantId, inv.investorId), 'GSI1')).filter(
    (r) => r.subscriptionId === inv.subscriptionId && OPEN.includes(r.state) && r.redemptionId !== except,
  );
  const held = dec(inv.balances.units).sub(open.reduce((a, r) => a.add(dec(r.units)), dec('0')));
  if (held.lte(0)) throw new DomainError('subscriptionIsNotInvested');
  const prices = await readPrices(actor.tenantId, inv.productId, inv.shareClassId);
  const today = todayOf(actor.at);
  const price = prices.filter((p) => p.navDate <= today).at(-1);
  const currency = inv.currency as Currency;
  const valued = (units: string) =>
    price ? { estimatedValue: toAmount(dec(units).mul(dec(price.navPerUnit)), currency), navDate: price.navDate } : {};
  const heldText = held.toFixed();
  if (body.full) return { units: held.toFixed(UNIT_DIGITS), full: true, ...valued(held.toFixed(UNIT_DIGITS)) };
  if (body.units !== undefined) {
    const units = dec(body.units);
    if (units.lte(0)) {
      throw new DomainError('PARAMS_ERROR', {
        fields: [{ field: 'body.units', rule: 'positive', message: 'Must be more than zero' }],
      });
    }
    if (units.gt(held)) throw new DomainError('redemptionOverHolding', { field: 'units', held: heldText });
    return { units: units.toFixed(UNIT_DIGITS), full: units.eq(held), ...valued(units.toFixed(UNIT_DIGITS)) };
  }
  if (!price) throw new DomainError('redemptionNeedsNav');
  const amount = toAmount(dec(body.amount as string), currency);
  const units = dec(amount).div(dec(price.navPerUnit)).toDecimalPlaces(UNIT_DIGITS, 1);
  if (units.lte(0)) {
    throw new DomainError('PARAMS_ERROR', {
      fields: [{ field: 'body.amount', rule: 'positive', message: 'Must buy back at least one millionth of a unit' }],
    });
  }
  if (units.gt(held)) throw new DomainError('redemptionOverHolding', { field: 'amount', held: heldText });
  return { units: units.toFixed(UNIT_DIGITS), full: units.eq(held), amount, ...valued(units.toFixed(UNIT_DIGITS)) };
};

const investorName = async (tenantId: string, userId: string): Promise<string> => {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.user(tenantId, userId),
      ProjectionExpression: 'displayName, email',
    }),
  );
  return String(Item?.displayName || Item?.email || 'Investor');
};

/** How the request reads in the inbox: its estimated value, or its units. */
const asked = (r: RedemptionRecord) =>
  r.estimatedValue ? formatMoney(r.estimatedValue, r.currency) : `${r.units} units`;

export const requestRedemption = async (actor: Actor, body: RequestRedemptionBody): Promise<Redemption> => {
  const created = await commit(actor, async () => {
    const inv = await readInvestment(actor.tenantId, body.subscriptionId);
    // Only the investor's own investment: anyone else's is not found, like an unknown one.
    if (!inv || inv.investorId !== actor.userId) throw new DomainError('investmentNotExists');
    const sizing = await size(actor, inv, body);
    const fund = await readFund(actor.tenantId, inv.productId);
    const today = todayOf(actor.at);
    const r: RedemptionRecord = {
      redemptionId: newId(),
      subscriptionId: inv.subscriptionId,
      investorId: inv.investorId,
      productId: inv.productId,
      shareClassId: inv.shareClassId,
      fund: inv.fund,
      currency: inv.currency,
      state: 'REQUESTED',
      ...sizing,
      dealingDate: dealingDateFor(today, frequencyOf(fund.dealingFrequency), REDEMPTION_NOTICE_DAYS),
      noticeDays: REDEMPTION_NOTICE_DAYS,
      requestedAt: actor.at,
      updatedAt: actor.at,
      version: 1,
    };
    return {
      steps: [put(actor.tenantId, r, undefined)],
      events: [
        event('REDEMPTION_REQUESTED', r.redemptionId, {
          refId: r.redemptionId,
          userIds: [r.investorId],
          fund: r.fund,
          amount: asked(r),
          investor: await investorName(actor.tenantId, r.investorId),
        }),
      ],
      result: r,
    };
  });
  return view(created, 'LP');
};

export const changeRedemption = async (
  actor: Actor,
  redemptionId: string,
  body: { event: 'AMEND' | 'WITHDRAW'; full?: boolean; units?: string; amount?: string },
): Promise<Redemption> => {
  const changed = await commit(actor, async () => {
    const r = await visibleOr404(actor, 'LP', redemptionId);
    const state = REDEMPTION_LIFECYCLE.next(r.state, body.event, 'LP');
    let next: RedemptionRecord = { ...r, state, updatedAt: actor.at, version: r.version + 1 };
    let events: EventDraft[];
    if (body.event === 'AMEND') {
      const inv = await readInvestment(actor.tenantId, r.subscriptionId);
      if (!inv) throw new DomainError('investmentNotExists');
      const { amount: _a, estimatedValue: _e, navDate: _n, comment: _c, ...rest } = next;
      next = { ...rest, ...(await size(actor, inv, body, r.redemptionId)) };
      events = [
        event('REDEMPTION_AMENDED', redemptionId, {
          refId: redemptionId,
          fund: r.fund,
          amount: asked(next),
          investor: await investorName(actor.tenantId, r.investorId),
        }),
      ];
    } else {
      events = [event('REDEMPTION_WITHDRAWN', redemptionId, { refId: redemptionId })];
    }
    return { steps: [put(actor.tenantId, next, r.version)], events, result: next };
  });
  return view(changed, 'LP');
};

export const decideRedemption = async (
  actor: Actor,
  role: Role,
  redemptionId: string,
  body: { event: 'CONFIRM' | 'REQUEST_CHANGES' | 'REJECT'; comment?: string },
): Promise<Redemption> => {
  const decided = await commit(actor, async () => {
    const r = await visibleOr404(actor, role, redemptionId);
    const state = REDEMPTION_LIFECYCLE.next(r.state, body.event, role);
    if (body.event === 'REQUEST_CHANGES' && !body.comment) {
      throw new DomainError('redemptionCommentRequired', { field: 'comment' });
    }
    const next: RedemptionRecord = {
      ...r,
      state,
      ...(body.comment ? { comment: body.comment } : {}),
      updatedAt: actor.at,
      version: r.version + 1,
    };
    const ev: EventDraft =
      body.event === 'CONFIRM'
        ? event('REDEMPTION_CONFIRMED', redemptionId, {
            refId: redemptionId,
            userIds: [r.investorId],
            fund: r.fund,
            amount: asked(r),
          })
        : body.event === 'REQUEST_CHANGES'
          ? event('REDEMPTION_CHANGES_REQUESTED', redemptionId, {
              refId: redemptionId,
              userIds: [r.investorId],
              fund: r.fund,
              comment: body.comment as string,
            })
          : event('REDEMPTION_REJECTED', redemptionId, {
              refId: redemptionId,
              ...(body.comment ? { comment: body.comment } : {}),
            });
    return { steps: [put(actor.tenantId, next, r.version)], events: [ev], result: next };
  });
  return view(decided, role);
};
