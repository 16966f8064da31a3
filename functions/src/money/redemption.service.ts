import type { Currency } from '@tranche/shared/currency';
import { type DealingFrequency, dealingDateFor } from '@tranche/shared/money/dealing';
import { dec, toAmount } from '@tranche/shared/money/decimal';
import type { Redemption, RequestRedemptionBody } from '@tranche/shared/money/money.schema';
import { REDEMPTION_LIFECYCLE } from '@tranche/shared/money/redemption-state';
import type { Actor } from '#lib/audit';
import { commit, type EventDraft, event } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { readFund } from './fund.repo.js';
import { type InvestmentRecord, readInvestment } from './investment.reads.js';
import { todayOf } from './money-text.js';
import { readPrices } from './nav.service.js';
import {
  asked,
  investorName,
  list,
  OPEN,
  put,
  REDEMPTION_NOTICE_DAYS,
  type RedemptionRecord,
  UNIT_DIGITS,
  view,
  visibleOr404,
} from './redemption.records.js';

/**
 * Redemptions (issue 14, docs/money.md "Redemptions"): a request within the holding (units held less
 * what other open requests already ask for; nothing held: subscriptionIsNotInvested; more:
 * redemptionOverHolding naming the field), priced forward (the first dealing date whose notice
 * period the request meets), confirmed, sent back for changes or rejected by the manager, amended or
 * withdrawn by the investor, each change one conditional commit with its event (the inbox's
 * REDEMPTION_* kinds listen). Dealing (gate, units out of the ledger) and payment are not built yet.
 */

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
  // A partly dealt request reserves only what it has not dealt yet: the dealt units left the holding.
  const held = dec(inv.balances.units).sub(
    open.reduce((a, r) => a.add(dec(r.units)).sub(dec(r.dealtUnits ?? '0')), dec('0')),
  );
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
