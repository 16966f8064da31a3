import type { FundType } from '@tranche/shared/enums';
import type { Currency } from '@tranche/shared/money';
import { dec } from '@tranche/shared/money/decimal';
import { navVersionOf } from '@tranche/shared/money/summary-cache';
import type { Actor } from '#lib/audit';
import { type Change, commit, event } from '#lib/db/commit';
import { DomainError } from '#lib/errors';
import {
  type AccountKind,
  appendSteps,
  type InvestmentRecord,
  openingSummary,
  readInvestment,
} from './investment.repo.js';
import { moneyField } from './money-input.js';
import { todayOf } from './money-text.js';
import { readPrices } from './nav.service.js';

/**
 * Opening an investment's ledger (docs/money.md "Commitments"): a countersigned subscription becomes a
 * COMMITMENT entry, for a closed-ended fund its commitment and for an open-ended one its accepted
 * order (docs/money.md "Open-ended orders use the same kinds"). The money consumer
 * (functions/src/events/money.ts) calls this from SUBSCRIPTION_COUNTERSIGNED; it is idempotent, since
 * an investment is opened once (its #META must not exist).
 */
export interface OpeningInput {
  subscriptionId: string;
  investorId: string;
  productId: string;
  shareClassId: string;
  currency: Currency;
  fundType: FundType;
  accountKind: AccountKind;
  fund: string;
  amount: string;
  /** The commitment's date (countersigning day). */
  effectiveDate?: string;
}

export const openingChange = async (
  tenantId: string,
  at: string,
  input: OpeningInput,
): Promise<Change<InvestmentRecord> | undefined> => {
  const [existing, prices] = await Promise.all([
    readInvestment(tenantId, input.subscriptionId),
    readPrices(tenantId, input.productId, input.shareClassId),
  ]);
  if (existing) return undefined;
  const amount = moneyField(input.amount, input.currency, 'amount');
  if (dec(amount).lte(0)) throw new DomainError('capitalCallNothingToAllocate');
  const empty: InvestmentRecord = {
    subscriptionId: input.subscriptionId,
    investorId: input.investorId,
    productId: input.productId,
    shareClassId: input.shareClassId,
    currency: input.currency,
    fundType: input.fundType,
    accountKind: input.accountKind,
    fund: input.fund,
    openedAt: at,
    updatedAt: at,
    seq: 0,
    balances: {
      currency: input.currency,
      committed: '0',
      called: '0',
      paidIn: '0',
      fees: '0',
      invested: '0',
      outstanding: '0',
      undrawn: '0',
      distributed: '0',
      recallableDistributed: '0',
      redeemed: '0',
      units: '0',
    },
  };
  // The dashboard summary starts with the class's prices as they are now; a NAV posted after this read
  // reaches it through the NAV consumer (docs/money.md "Dashboard summaries").
  const start: InvestmentRecord = {
    ...empty,
    ...openingSummary(
      empty,
      prices.map((p) => ({ date: p.navDate, navPerUnit: p.navPerUnit })),
      navVersionOf(prices),
    ),
  };
  const append = appendSteps(
    tenantId,
    at,
    start,
    [],
    [{ kind: 'COMMITMENT', amount, effectiveDate: input.effectiveDate ?? todayOf(at) }],
    true,
  );
  return {
    steps: append.steps,
    events: [
      event('INVESTMENT_OPENED', input.subscriptionId, {
        subscriptionId: input.subscriptionId,
        investorId: input.investorId,
        productId: input.productId,
        shareClassId: input.shareClassId,
        amount,
        currency: input.currency,
      }),
    ],
    result: append.next,
  };
};

/** Opens the investment now (tests, and the consumer through commitOnce); the existing one when already open. */
export const openInvestment = async (actor: Actor, input: OpeningInput): Promise<InvestmentRecord> => {
  const existing = await readInvestment(actor.tenantId, input.subscriptionId);
  if (existing) return existing;
  const change = await openingChange(actor.tenantId, actor.at, input);
  if (!change) return (await readInvestment(actor.tenantId, input.subscriptionId)) as InvestmentRecord;
  return commit(actor, change);
};
