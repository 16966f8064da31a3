import type { Role } from '@tranche/shared/auth/roles';
import type { Currency } from '@tranche/shared/currency';
import { dec } from '@tranche/shared/money/decimal';
import type { SubscriptionStatus } from '@tranche/shared/subscription/statuses';
import type { SubscriptionEvent } from '@tranche/shared/subscription/subscription-lifecycle';
import type { Actor } from '../functions/src/_lib/audit.js';
import { commit } from '../functions/src/_lib/db/commit.js';
import { keys } from '../functions/src/_lib/db/keys.js';
import { newId } from '../functions/src/_lib/ids.js';
import { redemptionStep } from '../functions/src/events/money-dealing.js';
import { stepTowards } from '../functions/src/events/money-steps.js';
import { orderDealChange } from '../functions/src/money/contract-notes.js';
import { readClasses, readFund } from '../functions/src/money/fund.repo.js';
import { openInvestment } from '../functions/src/money/investment.service.js';
import { approveNav, postNav, readPrices } from '../functions/src/money/nav.service.js';
import { decideRedemption } from '../functions/src/money/redemption.records.js';
import { requestRedemption } from '../functions/src/money/redemption.service.js';
import {
  getSubscriptionRecord,
  type SubscriptionRecord,
  subscriptionItem,
} from '../functions/src/subscription/subscription.repo.js';
import { applySubscriptionEvent } from '../functions/src/subscription/subscription.service.js';
import type { DemoFund } from './seed-products.js';

/**
 * The money part of the local seed (issue 14): on each demo tenant's first catalogue fund that is
 * open-ended and has a redemption gate (Beacon Credit Opportunities, gate 10 %), both demo investors
 * hold units and have confirmed redemption requests due on a dealing date that has passed, so the
 * manager can run that date (Money → Dealing) and see the gate prorate the requests and carry the
 * rest forward, and the investors see their redemption partly dealt (issue 14's browser check,
 * test/e2e/money-gate.spec.ts; README "Demo data").
 *
 * Nothing is written in a shape of its own: the subscriptions are stored as issue 13 stores a
 * countersigned one (subscriptionItem, like local/seed-subscriptions.ts); everything after is the
 * services' and consumers' own code run with the clock of that day (each Actor's `at`), months ago:
 * the investment opened (the SUBSCRIPTION_COUNTERSIGNED consumer's openInvestment), month-end NAVs
 * drafted by the admin and approved by the owner (four eyes), the orders dealt at the first month-end
 * NAV (the NAV_POSTED consumer's orderDealChange: units after the 1.5 % subscription fee, contract
 * notes), the investors' requests (requestRedemption: 30 days' notice prices them at a later month
 * end), the admin's confirmation, and the subscription statuses the consumers walk. Their events are
 * in the outbox: the dispatcher, which reads the stream from its start, delivers them once the stack
 * runs (inbox messages, the manager's review task); the consumers find their work already done.
 */

const DAY = 86_400_000;

interface MoneySeedPlan {
  tenantId: string;
  productId: string;
  shareClassId: string;
  admin: string;
  owner: string;
  holdings: { subscriptionId: string; investorId: string; amount: string; redeemUnits: string }[];
}

const iso = (ms: number) => new Date(ms).toISOString();
const day = (ms: number) => iso(ms).slice(0, 10);
/** The last day of the month `offset` months from the current one (UTC); -1: last month's end. */
const monthEnd = (now: Date, offset: number) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset + 1, 0);

/** Gross orders of the two demo investors and the units each asks back (above the gate together). */
const ORDERS = [
  { amount: '500000.00', redeemUnits: '2000' },
  { amount: '250000.00', redeemUnits: '1000' },
] as const;
/** Month-end NAV per unit, oldest first (five month ends, the last one last month's). */
const NAVS = ['100.000000', '100.850000', '101.420000', '100.960000', '101.730000'] as const;

/**
 * The subscriptions the seed's investments stand on (COMMITTED, as countersigning leaves them), to
 * write with the tenant's other items, and the plan `seedMoney` carries out once they are stored.
 */
export const moneySeedItems = (
  tenantId: string,
  users: readonly { userId: string; displayName: string; role: Role }[],
  funds: readonly DemoFund[],
  productIds: readonly string[],
  shareClassIds: readonly string[],
  /** The tenant's items seeded so far (a capacity item of the same fund is added to, not doubled). */
  existing: Record<string, unknown>[],
  now = new Date(),
): { items: Record<string, unknown>[]; plan?: MoneySeedPlan } => {
  const live = funds.filter((f) => (f.state ?? 'PUBLISHED') === 'PUBLISHED');
  let classOffset = 0;
  const catalogue = live.map((fund, i) => {
    const entry = { fund, productId: productIds[i] as string, shareClassId: shareClassIds[classOffset] as string };
    classOffset += fund.classes.length;
    return entry;
  });
  const gated = catalogue.find((c) => c.fund.fundType === 'OPEN_ENDED' && c.fund.redemptionGatePercent);
  const investors = users.filter((u) => u.role === 'LP');
  const admin = users.find((u) => u.role === 'GP_ADMIN');
  const owner = users.find((u) => u.role === 'GP_OWNER');
  if (!gated || investors.length < ORDERS.length || !admin || !owner) return { items: [] };
  const currency = (gated.fund.classes[0]?.currency ?? gated.fund.currency) as Currency;
  // Five month ends ago the orders were countersigned, two weeks before the first dealing date.
  const countersigned = monthEnd(now, -5) - 14 * DAY + 9 * 3_600_000;
  const items: Record<string, unknown>[] = [];
  const holdings = ORDERS.map((order, i) => {
    const investor = investors[i] as (typeof investors)[number];
    const subscriptionId = newId();
    const createdAt = iso(countersigned - 7 * DAY);
    const decidedAt = iso(countersigned);
    const record: SubscriptionRecord = {
      subscriptionId,
      productId: gated.productId,
      shareClassId: gated.shareClassId,
      type: 'INVEST_SUBSCRIPTION',
      status: 'COMMITTED',
      version: 1,
      investorUserId: investor.userId,
      investorName: investor.displayName,
      amount: order.amount,
      currency,
      fund: gated.fund.name.en,
      createdAt,
      createdBy: investor.userId,
      updatedAt: decidedAt,
      submittedAt: createdAt,
      decidedAt,
      signatures: [{ signerId: investor.userId, role: 'HOLDER', signedAt: createdAt }],
      // A countersigned commitment holds its place in the fund's capacity (counted below).
      holdsCapacity: true,
    };
    items.push(subscriptionItem(tenantId, record));
    const eventId = newId();
    items.push({
      ...keys.auditEvent(keys.subscriptionPk(tenantId, subscriptionId), createdAt, eventId),
      type: 'AUDIT',
      eventId,
      tenantId,
      requestId: 'seed',
      at: createdAt,
      action: 'SUBSCRIPTION_CREATED',
      actorId: investor.userId,
      data: { refId: subscriptionId, productId: gated.productId, type: record.type, status: 'COMMITTED' },
    });
    return { subscriptionId, investorId: investor.userId, ...order };
  });
  // The fund's capacity counts them, on the tenant's capacity item if the other seeds wrote one.
  const taken = ORDERS.reduce((sum, o) => sum.plus(dec(o.amount)), dec('0'));
  const capacity = keys.fundCapacity(tenantId, gated.productId);
  const known = existing.find((item) => item.PK === capacity.PK && item.SK === capacity.SK);
  if (known) known.taken = dec(String(known.taken)).plus(taken).toFixed();
  else
    items.push({ ...capacity, type: 'FUND_CAPACITY', productId: gated.productId, taken: taken.toFixed(), version: 1 });
  return {
    items,
    plan: {
      tenantId,
      productId: gated.productId,
      shareClassId: gated.shareClassId,
      admin: admin.userId,
      owner: owner.userId,
      holdings,
    },
  };
};

/** Walks a subscription, as the money consumers do, one conditional SYSTEM transition at a time. */
const walk = async (
  actor: Actor,
  subscriptionId: string,
  target: SubscriptionStatus,
  step: (from: SubscriptionStatus, to: SubscriptionStatus) => SubscriptionEvent | undefined,
) => {
  for (let i = 0; i < 6; i++) {
    const sub = await getSubscriptionRecord(actor.tenantId, subscriptionId);
    const next = sub && step(sub.status, target);
    if (!sub || !next) return;
    await applySubscriptionEvent(actor, subscriptionId, next, {}, { expectedStatus: sub.status });
  }
};

/** Runs the plan of `moneySeedItems` through the services, each step with the clock of its day. */
export const seedMoney = async (plan: MoneySeedPlan, now = new Date()): Promise<void> => {
  const { tenantId, productId, shareClassId } = plan;
  // Never later than now: a month end's NAV is posted the next morning, which may not have come yet.
  const actor = (userId: string, at: number): Actor => ({
    tenantId,
    userId,
    requestId: `seed-money-${newId()}`,
    at: iso(Math.min(at, now.getTime() - 60_000)),
  });
  const hours = (h: number) => h * 3_600_000;
  const ends = NAVS.map((_, k) => monthEnd(now, k - 5));
  const postPrice = async (k: number) => {
    const morning = (ends[k] as number) + DAY;
    await postNav(actor(plan.admin, morning + hours(8)), 'GP_ADMIN', productId, shareClassId, {
      navDate: day(ends[k] as number),
      navPerUnit: NAVS[k] as string,
    });
    await approveNav(actor(plan.owner, morning + hours(9)), 'GP_OWNER', productId, shareClassId);
    return morning + hours(9);
  };

  const fund = await readFund(tenantId, productId);
  const shareClass = (await readClasses(tenantId, productId)).find((c) => c.shareClassId === shareClassId);
  if (!shareClass) throw new Error('seed-money: the gated fund has no such share class');
  const countersigned = (ends[0] as number) - 14 * DAY + hours(9);
  for (const h of plan.holdings) {
    await openInvestment(actor('SYSTEM', countersigned), {
      subscriptionId: h.subscriptionId,
      investorId: h.investorId,
      productId,
      shareClassId,
      currency: shareClass.currency as Currency,
      fundType: fund.fundType,
      accountKind: 'BANK',
      fund: fund.name,
      amount: h.amount,
      effectiveDate: day(countersigned),
    });
  }
  // The first month end's NAV deals both orders (forward pricing: their dealing date is that month end).
  const dealtAt = (await postPrice(0)) + hours(0.1);
  const prices = await readPrices(tenantId, productId, shareClassId);
  for (const h of plan.holdings) {
    const system = actor('SYSTEM', dealtAt);
    const change = await orderDealChange(tenantId, system.at, fund, shareClass, prices, h.subscriptionId);
    if (change) await commit(system, change);
    await walk(system, h.subscriptionId, 'FULLY_INVESTED', stepTowards);
  }
  await postPrice(1);
  // Ten days before the third month end: 30 days' notice puts the requests on the fourth month end.
  const asked = (ends[2] as number) - 10 * DAY;
  for (const [i, h] of plan.holdings.entries()) {
    const r = await requestRedemption(actor(h.investorId, asked + hours(10 + i)), {
      subscriptionId: h.subscriptionId,
      units: h.redeemUnits,
    });
    const confirmed = actor(plan.admin, asked + DAY + hours(9 + i));
    await decideRedemption(confirmed, 'GP_ADMIN', r.redemptionId, { event: 'CONFIRM' });
    await walk({ ...confirmed, userId: 'SYSTEM' }, h.subscriptionId, 'REDEMPTION_PENDING', redemptionStep);
  }
  for (const k of [2, 3, 4]) await postPrice(k);
};
