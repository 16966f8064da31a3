import type { SubscriptionType } from '../enums.js';
import { DomainError } from '../errors/domain-error.js';
import type { Amount, Currency } from '../money.js';
import type { OfferFacts } from '../product/subscription-types.js';
import { amountOf, units } from './amounts.js';
import { type OfferViewer, offeredSubscriptionTypes } from './offer.js';
import { SUBSCRIPTION_TYPE_LABELS } from './statuses.js';

/** The limits an amount is checked against: the chosen share class's (the product's when it has none). */
export interface AmountLimits {
  currency: Currency;
  minInvestment: Amount;
  maxInvestment?: Amount | undefined;
}

/**
 * Whether a type takes an amount. An expression of interest may name one (an indication, non-binding)
 * but need not; the others commit money, so they must.
 */
export const AMOUNT_REQUIRED: Record<SubscriptionType, boolean> = {
  EXPRESSED_INTEREST_SUBSCRIPTION: false,
  RESERVE_SUBSCRIPTION: true,
  COMMON_SUBSCRIPTION: true,
  INVEST_SUBSCRIPTION: true,
};

/**
 * The business checks of createSubscription, in the order a person fixes them: the type (422
 * subscriptionTypeNotOffered: not in offeredSubscriptionTypes for this viewer, e.g. Invest on a closed
 * fund or on ONLY_EXPRESS_INTEREST), then the amount (422 subscriptionAmountRequired,
 * subscriptionAmountBelowMinimum, subscriptionAmountAboveMaximum). Every refusal names the field; the
 * shape of the body (an amount is a decimal string) is the schema's job before this runs. An
 * indicated interest amount is checked against the limits too: an indication the fund could never
 * accept misleads the manager.
 */
export const checkSubscriptionRequest = (req: {
  product: OfferFacts;
  limits: AmountLimits;
  type: SubscriptionType;
  amount?: Amount | undefined;
  viewer?: OfferViewer | undefined;
}): void => {
  if (!offeredSubscriptionTypes(req.product, req.viewer).includes(req.type)) {
    throw new DomainError('subscriptionTypeNotOffered', {
      field: 'type',
      type: req.type,
      labels: { type: SUBSCRIPTION_TYPE_LABELS[req.type] },
    });
  }
  if (req.amount === undefined) {
    if (AMOUNT_REQUIRED[req.type]) throw new DomainError('subscriptionAmountRequired', { field: 'amount' });
    return;
  }
  const amount = units(req.amount);
  const { currency, minInvestment, maxInvestment } = req.limits;
  if (amount < units(minInvestment)) {
    throw new DomainError('subscriptionAmountBelowMinimum', { field: 'amount', minimum: minInvestment, currency });
  }
  if (maxInvestment !== undefined && amount > units(maxInvestment)) {
    throw new DomainError('subscriptionAmountAboveMaximum', { field: 'amount', maximum: maxInvestment, currency });
  }
};

/** A reservation request waiting in REVIEW, in the order it arrived. */
export interface ReservationRequest {
  subscriptionId: string;
  amount: Amount;
  /** ISO timestamp of the request: first come, first served. */
  requestedAt: string;
}

export interface ReservationPlan {
  /** Requests that fit now, oldest first: the manager may ALLOCATE them. */
  allocatable: string[];
  /** The rest, with their place in the queue (1 = next). */
  waitlist: { subscriptionId: string; position: number }[];
  /** What is left of the capacity after the allocatable ones. */
  remaining: string;
}

/**
 * Which waiting reservation requests fit the fund's capacity (its target size, minus what is already
 * reserved or committed). Strictly first come, first served: once a request does not fit, it and
 * every later one wait, even a smaller later one that would fit, so nobody overtakes an earlier
 * investor (ours; docs/subscriptions.md). Requests with the same timestamp keep their id order, so
 * the plan is the same however they were read.
 */
export const planReservations = (
  capacity: Amount,
  taken: Amount,
  requests: readonly ReservationRequest[],
): ReservationPlan => {
  const queue = [...requests].sort(
    (a, b) =>
      a.requestedAt.localeCompare(b.requestedAt) ||
      (a.subscriptionId < b.subscriptionId ? -1 : a.subscriptionId > b.subscriptionId ? 1 : 0),
  );
  let left = units(capacity) - units(taken);
  const allocatable: string[] = [];
  let blocked = false;
  const waiting: string[] = [];
  for (const r of queue) {
    const amount = units(r.amount);
    if (!blocked && amount <= left) {
      allocatable.push(r.subscriptionId);
      left -= amount;
    } else {
      blocked = true;
      waiting.push(r.subscriptionId);
    }
  }
  return {
    allocatable,
    waitlist: waiting.map((subscriptionId, i) => ({ subscriptionId, position: i + 1 })),
    remaining: amountOf(left),
  };
};
