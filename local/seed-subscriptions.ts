import type { Role } from '@tranche/shared/auth/roles';
import type { SubscriptionType } from '@tranche/shared/enums';
import { dec } from '@tranche/shared/money/decimal';
import type { SubscriptionStatus } from '@tranche/shared/subscription/statuses';
import { keys } from '../functions/src/_lib/db/keys.js';
import { newId } from '../functions/src/_lib/ids.js';
import { type SubscriptionRecord, subscriptionItem } from '../functions/src/subscription/subscription.repo.js';
import type { DemoFund } from './seed-products.js';

/**
 * A few demo subscriptions per tenant (issue 13), so `npm start` shows the investor's home and the
 * manager's queue with something in them: on the first fund that takes investments, the first
 * investor has one journey under way, one submitted package and one countersigned commitment; the
 * second an approved one waiting for countersigning and a reservation request; on the first
 * interest-only fund, an expression of interest. Stored as the service stores them (subscriptionItem)
 * with the audit event that created each, so the case page has a history.
 */
export const subscriptionSeedItems = (
  tenantId: string,
  users: readonly { userId: string; displayName: string; role: Role }[],
  funds: readonly DemoFund[],
  productIds: readonly string[],
  shareClassIds: readonly string[],
): Record<string, unknown>[] => {
  const investors = users.filter((u) => u.role === 'LP');
  // productIds lists the catalogue funds in seed order; their share classes follow in the same order.
  const live = funds.filter((f) => (f.state ?? 'PUBLISHED') === 'PUBLISHED');
  let classOffset = 0;
  const catalogue = live.map((fund, i) => {
    const entry = { fund, productId: productIds[i]!, shareClassId: shareClassIds[classOffset] };
    classOffset += fund.classes.length;
    return entry;
  });
  const investable = catalogue.find(
    (c) => c.fund.investmentPermission === 'ALLOW_INVESTMENT' && c.fund.openness === 'OPEN',
  );
  const interestOnly = catalogue.find((c) => c.fund.investmentPermission === 'ONLY_EXPRESS_INTEREST');
  const [first, second] = investors;
  if (!investable || !first) return [];
  const items: Record<string, unknown>[] = [];
  const start = Date.parse('2026-10-01T09:00:00.000Z');
  let taken = dec('0');
  const add = (
    n: number,
    investor: { userId: string; displayName: string },
    on: { fund: DemoFund; productId: string; shareClassId?: string | undefined },
    type: SubscriptionType,
    status: SubscriptionStatus,
    amount?: string,
  ) => {
    const at = new Date(start + n * 86_400_000).toISOString();
    const subscriptionId = newId();
    const classInput = on.shareClassId ? on.fund.classes[0] : undefined;
    const holdsCapacity = status === 'COMMITTED';
    if (holdsCapacity && amount) taken = taken.plus(dec(amount));
    const record: SubscriptionRecord = {
      subscriptionId,
      productId: on.productId,
      ...(on.shareClassId ? { shareClassId: on.shareClassId } : {}),
      type,
      status,
      version: 1,
      investorUserId: investor.userId,
      investorName: investor.displayName,
      ...(amount ? { amount } : {}),
      currency: classInput?.currency ?? on.fund.currency,
      fund: on.fund.name.en,
      createdAt: at,
      createdBy: investor.userId,
      updatedAt: at,
      ...(['SUBMITTED', 'APPROVED', 'COMMITTED'].includes(status) ? { submittedAt: at } : {}),
      ...(['APPROVED', 'COMMITTED'].includes(status) ? { decidedAt: at } : {}),
      signatures: ['SUBMITTED', 'APPROVED', 'COMMITTED'].includes(status)
        ? [{ signerId: investor.userId, role: 'HOLDER', signedAt: at }]
        : [],
      holdsCapacity,
      ...(type === 'RESERVE_SUBSCRIPTION' && status === 'REVIEW' ? { queuedAt: at } : {}),
    };
    items.push(subscriptionItem(tenantId, record));
    const eventId = newId();
    items.push({
      ...keys.auditEvent(keys.subscriptionPk(tenantId, subscriptionId), at, eventId),
      type: 'AUDIT',
      eventId,
      tenantId,
      requestId: 'seed',
      at,
      action: type === 'EXPRESSED_INTEREST_SUBSCRIPTION' ? 'INTEREST_EXPRESSED' : 'SUBSCRIPTION_CREATED',
      actorId: investor.userId,
      data: { refId: subscriptionId, productId: on.productId, type, status, ...(amount ? { amount } : {}) },
    });
    if (record.queuedAt && amount) {
      items.push({
        ...keys.reservationRequest(tenantId, on.productId, record.queuedAt, subscriptionId),
        type: 'RESERVATION_REQUEST',
        subscriptionId,
        amount,
        requestedAt: record.queuedAt,
      });
    }
  };
  const min = (on: { fund: DemoFund }) => dec(on.fund.classes[0]?.minInvestment ?? on.fund.minInvestment);
  add(0, first, investable, 'INVEST_SUBSCRIPTION', 'COMMITTED', min(investable).times(2).toFixed());
  add(1, first, investable, 'INVEST_SUBSCRIPTION', 'SUBMITTED', min(investable).toFixed());
  add(2, first, investable, 'INVEST_SUBSCRIPTION', 'INVESTING', min(investable).toFixed());
  if (second) {
    add(3, second, investable, 'INVEST_SUBSCRIPTION', 'APPROVED', min(investable).times(3).toFixed());
    add(4, second, investable, 'RESERVE_SUBSCRIPTION', 'REVIEW', min(investable).toFixed());
  }
  if (interestOnly)
    add(5, first, { ...interestOnly, shareClassId: undefined }, 'EXPRESSED_INTEREST_SUBSCRIPTION', 'REVIEW');
  if (taken.gt(0)) {
    items.push({
      ...keys.fundCapacity(tenantId, investable.productId),
      type: 'FUND_CAPACITY',
      productId: investable.productId,
      taken: taken.toFixed(),
      version: 1,
    });
  }
  return items;
};

/**
 * Counts the seeded subscriptions on their share classes (`subscriptionCount`, as createSubscription's
 * ADD does), so a seeded class cannot be deleted under its subscriptions (deleteShareClass refuses a
 * class with any). `items` holds the tenant's product items and its seeded subscriptions; the share
 * class items are updated in place before they are written.
 */
export const countSeededSubscriptions = (tenantId: string, items: Record<string, unknown>[]): void => {
  const counts = new Map<string, number>();
  for (const item of items) {
    if (item.type !== 'SUBSCRIPTION' || typeof item.shareClassId !== 'string') continue;
    const key = keys.shareClass(tenantId, String(item.productId), item.shareClassId);
    counts.set(`${key.PK}|${key.SK}`, (counts.get(`${key.PK}|${key.SK}`) ?? 0) + 1);
  }
  for (const item of items) {
    const count = counts.get(`${String(item.PK)}|${String(item.SK)}`);
    if (count !== undefined) item.subscriptionCount = ((item.subscriptionCount as number | undefined) ?? 0) + count;
  }
};
