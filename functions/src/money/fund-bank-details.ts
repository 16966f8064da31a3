import type { Role } from '@tranche/shared/auth/roles';
import { isGp } from '@tranche/shared/auth/roles';
import {
  type FundBankAccount,
  type FundBankDetails,
  type FundBankDetailsInput,
  type NoticePaymentDetails,
  noticeReference,
} from '@tranche/shared/money/fund-bank';
import type { Actor } from '#lib/audit';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { commit, event } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { readNotice } from './call.records.js';
import { readFund } from './fund.repo.js';
import { minus } from './minor.js';

/**
 * A fund's bank details (keys.ts pattern 54; docs/money.md "Fund bank details"): one account per
 * currency, set by an admin (where investors send money is not a member's change), versioned, each
 * change an audit event on the product that names the currencies and fields changed but never the
 * details. Investors read them only through a notice of their own (`noticePaymentDetails`), and the
 * notice worker prints the account in the call's currency in the notice PDF.
 */

const ACCOUNT_FIELDS = [
  'bankName',
  'accountName',
  'iban',
  'accountNumber',
  'swiftBic',
  'routingNumber',
  'bankAddress',
] as const satisfies readonly (keyof FundBankAccount)[];

const accountOf = (stored: Record<string, unknown>): FundBankAccount => {
  const a: Record<string, unknown> = { currency: stored.currency };
  for (const f of ACCOUNT_FIELDS) if (typeof stored[f] === 'string') a[f] = stored[f];
  return a as FundBankAccount;
};

const readStored = async (tenantId: string, productId: string) => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.fundBankDetails(tenantId, productId), ConsistentRead: true }),
  );
  return Item;
};

/** The fund's details as stored ({accounts: [], version 0} while it has none); another tenant's fund is not found. */
export const readFundBankDetails = async (tenantId: string, productId: string): Promise<FundBankDetails> => {
  const [, item] = await Promise.all([readFund(tenantId, productId), readStored(tenantId, productId)]);
  if (!item) return { productId, accounts: [], version: 0 };
  return {
    productId,
    accounts: ((item.accounts as Record<string, unknown>[] | undefined) ?? []).map(accountOf),
    version: Number(item.version),
    updatedAt: String(item.updatedAt),
    updatedBy: String(item.updatedBy),
  };
};

/** The fund's account in one currency, if it gave one (the notice worker and the investor's notice). */
export const fundAccountIn = async (
  tenantId: string,
  productId: string,
  currency: string,
): Promise<FundBankAccount | undefined> => {
  const item = await readStored(tenantId, productId);
  const stored = ((item?.accounts as Record<string, unknown>[] | undefined) ?? []).find((a) => a.currency === currency);
  return stored ? accountOf(stored) : undefined;
};

/** Per currency, the fields that differ (added and removed accounts name every field they had). */
const changesOf = (before: readonly FundBankAccount[], after: readonly FundBankAccount[]) => {
  const changed: Record<string, string[]> = {};
  const currencies = new Set([...before, ...after].map((a) => a.currency));
  for (const c of currencies) {
    const was = before.find((a) => a.currency === c) as Record<string, unknown> | undefined;
    const now = after.find((a) => a.currency === c) as Record<string, unknown> | undefined;
    const fields = ACCOUNT_FIELDS.filter((f) => was?.[f] !== now?.[f] || (was === undefined) !== (now === undefined));
    if (fields.length > 0) changed[c] = fields;
  }
  return changed;
};

/** IBANs and BICs are stored in capitals without spaces, so what is printed is compared, not what was typed. */
const normalised = (a: FundBankAccount): FundBankAccount => ({
  ...a,
  ...(a.iban ? { iban: a.iban.replace(/ /g, '').toUpperCase() } : {}),
});

export const putFundBankDetails = (
  actor: Actor,
  productId: string,
  input: FundBankDetailsInput,
): Promise<FundBankDetails> =>
  commit(actor, async () => {
    const current = await readFundBankDetails(actor.tenantId, productId);
    if (current.version !== input.version) throw new DomainError('VERSION_CONFLICT');
    const accounts = input.accounts.map(normalised);
    const changed = changesOf(current.accounts, accounts);
    if (Object.keys(changed).length === 0) return { steps: [], events: [], result: current };
    const next: FundBankDetails = {
      productId,
      accounts,
      version: current.version + 1,
      updatedAt: actor.at,
      updatedBy: actor.userId,
    };
    return {
      steps: [
        {
          item: {
            Put: {
              TableName: tableName(),
              Item: { ...keys.fundBankDetails(actor.tenantId, productId), type: 'FUND_BANK_DETAILS', ...next },
              ...(current.version === 0
                ? { ConditionExpression: 'attribute_not_exists(PK)' }
                : {
                    ConditionExpression: '#v = :seen',
                    ExpressionAttributeNames: { '#v': 'version' },
                    ExpressionAttributeValues: { ':seen': current.version },
                  }),
            },
          },
        },
        // The product still exists at the moment of writing (bank details of a deleted draft would be orphans).
        {
          item: {
            ConditionCheck: {
              TableName: tableName(),
              Key: keys.product(actor.tenantId, productId),
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
          refusal: 'productIsNotExist',
        },
      ],
      events: [
        event('FUND_BANK_DETAILS_UPDATED', productId, {
          productId,
          version: next.version,
          currencies: accounts.map((a) => a.currency),
          changed,
        }),
      ],
      result: next,
    };
  });

/**
 * What an investor needs to pay one notice: the fund's account in the call's currency, the amount
 * outstanding, the due date and the reference. Only the notice's investor (another's is not found,
 * like an unknown one) or the team.
 */
export const noticePaymentDetails = async (
  actor: Actor,
  role: Role,
  callId: string,
  subscriptionId: string,
): Promise<NoticePaymentDetails> => {
  const notice = await readNotice(actor.tenantId, callId, subscriptionId);
  if (!notice || (!isGp(role) && notice.investorId !== actor.userId)) throw new DomainError('capitalCallNotExists');
  const account = await fundAccountIn(actor.tenantId, notice.productId, notice.currency);
  return {
    callId,
    subscriptionId,
    currency: notice.currency,
    outstanding: minus(notice.amount, notice.paid, notice.currency),
    dueDate: notice.dueDate,
    reference: noticeReference(callId, subscriptionId),
    ...(account ? { account } : {}),
  };
};
