import type { Currency } from '@tranche/shared/currency';
import { chargedFee, type DealingFrequency, dealingDateFor, subscriptionUnits } from '@tranche/shared/money/dealing';
import { dec } from '@tranche/shared/money/decimal';
import type { ContractNote, NavPrice } from '@tranche/shared/money/money.schema';
import type { Actor } from '#lib/audit';
import { tableName } from '#lib/db/client';
import { type Change, event } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { newId } from '#lib/ids';
import { type Fund, type FundClass, readFund } from './fund.repo.js';
import { appendSteps, type InvestmentRecord, readInvestment, readLedger } from './investment.repo.js';
import { formatMoney } from './money-text.js';
import { newestFirst } from './records.js';

/**
 * Open-ended dealing (issue 14, docs/money.md "Dealing and distributions"). An accepted order (the
 * investment's COMMITMENT, nothing called yet) deals by forward pricing: its dealing date is the end
 * of the product's dealing period on or after the day the order was accepted (the cut-off is that
 * period end), and it deals at the FIRST approved NAV dated on or after that date, never at a price
 * known when the order arrived. units = (gross - subscription fee) / NAV per unit, rounded down
 * (dealing.ts); the fee is the share class's FLAT subscription fee (FIXED or PERCENTAGE). The ledger
 * gets CALL and PAYMENT (with the units) for the gross and FEE for the fee (the spec's
 * SUBSCRIPTION_FEE), so undrawn returns to 0 as for a closed-ended fund; a contract note records the
 * deal for the investor. An order a capital call already asked for is dealt by that call's payments.
 */

const frequencyOf = (f: string): DealingFrequency =>
  f === 'MONTHLY' ? 'monthly' : f === 'QUARTERLY' ? 'quarterly' : 'yearly';

/** The order's dealing date by forward pricing (cut-off: the period end itself). */
export const orderDealingDate = (inv: InvestmentRecord, fund: Fund): string =>
  dealingDateFor(inv.openedAt.slice(0, 10), frequencyOf(fund.dealingFrequency), 0);

/** An order waiting to deal: open-ended, something committed, nothing called yet. */
export const isWaitingOrder = (inv: InvestmentRecord): boolean =>
  inv.fundType === 'OPEN_ENDED' && dec(inv.balances.committed).gt(0) && dec(inv.balances.called).eq(0);

/** The price an order deals at: the first approved NAV on or after its dealing date (prices oldest first). */
export const dealingPrice = (prices: readonly NavPrice[], dealingDate: string): NavPrice | undefined =>
  prices.find((p) => p.navDate >= dealingDate);

const noteOf = (item: Record<string, unknown>): ContractNote => {
  const { PK: _pk, SK: _sk, type: _t, GSI1PK: _a, GSI1SK: _b, GSI2PK: _c, GSI2SK: _d, ...rest } = item;
  return rest as unknown as ContractNote;
};

/** The order dealt (the consumer's commit), or nothing when it is no longer waiting. */
export const orderDealChange = async (
  tenantId: string,
  at: string,
  fund: Fund,
  shareClass: FundClass,
  prices: readonly NavPrice[],
  subscriptionId: string,
): Promise<Change<void> | undefined> => {
  const inv = await readInvestment(tenantId, subscriptionId);
  if (!inv || !isWaitingOrder(inv)) return undefined;
  const dealingDate = orderDealingDate(inv, fund);
  const price = dealingPrice(prices, dealingDate);
  if (!price) return undefined;
  const currency = inv.currency as Currency;
  const gross = inv.balances.committed;
  const fee = chargedFee(shareClass.subscriptionFee);
  const dealt = subscriptionUnits(gross, price.navPerUnit, fee, currency);
  const ledger = await readLedger(tenantId, subscriptionId);
  const drafts = [
    { kind: 'CALL' as const, amount: gross, effectiveDate: price.navDate },
    { kind: 'PAYMENT' as const, amount: gross, units: dealt.units, effectiveDate: price.navDate },
    ...(dec(dealt.fee).gt(0) ? [{ kind: 'FEE' as const, amount: dealt.fee, effectiveDate: price.navDate }] : []),
  ];
  const append = appendSteps(tenantId, at, inv, ledger, drafts);
  const note: ContractNote = {
    contractNoteId: newId(),
    subscriptionId,
    investorId: inv.investorId,
    productId: inv.productId,
    shareClassId: inv.shareClassId,
    fund: inv.fund,
    currency,
    orderDate: inv.openedAt.slice(0, 10),
    dealingDate,
    navDate: price.navDate,
    navPerUnit: price.navPerUnit,
    gross,
    fee: dealt.fee,
    ...(fee ? { feeType: fee.type, feeRate: fee.type === 'FIXED' ? fee.amount : fee.percent } : {}),
    net: dealt.net,
    units: dealt.units,
    createdAt: at,
  };
  return {
    steps: [
      ...append.steps,
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.contractNote(tenantId, subscriptionId, note.contractNoteId),
              ...keys.contractNoteIndexes(tenantId, inv.investorId, inv.productId, at, note.contractNoteId),
              type: 'CONTRACT_NOTE',
              ...note,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      },
    ],
    events: [
      event('CONTRACT_NOTE_ISSUED', subscriptionId, {
        refId: subscriptionId,
        userIds: [inv.investorId],
        fund: inv.fund,
        units: dealt.units,
        amount: formatMoney(gross, currency),
        navDate: price.navDate,
        contractNoteId: note.contractNoteId,
      }),
    ],
    result: undefined,
  };
};

const listBy = async (index: 'GSI1' | 'GSI2', pk: string) => (await newestFirst(index, pk)).map(noteOf);

/** The investor's own contract notes, newest first. */
export const listOwnContractNotes = async (actor: Actor) => ({
  items: await listBy('GSI1', keys.contractNotesOfInvestorPk(actor.tenantId, actor.userId)),
});

/** A fund's contract notes for the team, newest first (a foreign product is 404). */
export const listProductContractNotes = async (actor: Actor, productId: string) => {
  await readFund(actor.tenantId, productId);
  return { items: await listBy('GSI2', keys.contractNotesOfProductPk(actor.tenantId, productId)) };
};
