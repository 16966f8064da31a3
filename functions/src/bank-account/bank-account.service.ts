import type { Role } from '@tranche/shared/auth/roles';
import {
  BANK_ACCOUNT_LIFECYCLE,
  type BankAccountActor,
  type BankAccountReview,
} from '@tranche/shared/profile/bank-account';
import type { BankDecisionBody, GpBankAccount } from '@tranche/shared/profile/bank-approval.schema';
import type { Actor } from '#lib/audit';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { commit, type EventDraft, event, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { bankFromItem, type StoredBank } from '../profile/profile.repo.js';
import { maskLast4 } from '../profile/profile.rules.js';
import { findUser } from '../user/user.repo.js';

/**
 * Wire-instruction integrity on the server (issue 11, Deliver 8; docs/profiles.md "Bank accounts:
 * approval, step-up, payouts"). The profile's parts are stored by the profiles part (functions/src/
 * profile/profile.repo.ts: BANK#<bankId> in the profile's partition, #META for owner and header);
 * this module reads those two items by key and writes only the account's `status` and `review`, each
 * write conditioned on the status and version the decision was made on.
 */

/**
 * The stored account, as the profiles part writes it: its numbers sealed (bank-number.ts), opened only
 * by the reveal; this module answers the last 4.
 */
export type BankItem = StoredBank;

export interface ProfileMeta {
  profileId: string;
  ownerUserId: string;
  header: { displayName?: string; entity?: { legalName?: string } };
}

const bankSk = (bankId: string) => `BANK#${bankId}`;

export const readBankItem = async (tenantId: string, profileId: string, bankId: string) => {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.profilePart(tenantId, profileId, bankSk(bankId)),
      ConsistentRead: true,
    }),
  );
  // An item from before numbers were sealed reads the same (bankFromItem keeps its clear numbers in memory).
  return Item ? bankFromItem(Item) : undefined;
};

export const readProfileMeta = async (tenantId: string, profileId: string) => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.profile(tenantId, profileId), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return {
    profileId,
    ownerUserId: Item.ownerUserId as string,
    header: (Item.header as ProfileMeta['header'] | undefined) ?? {},
  } satisfies ProfileMeta;
};

/** The names that go into the texts of inbox tasks and messages (never a bank detail). */
export const namesOf = async (tenantId: string, meta: ProfileMeta) => {
  const owner = await findUser(tenantId, meta.ownerUserId);
  const investorName = owner?.displayName || owner?.email || 'Investor';
  const profileName = meta.header.displayName || meta.header.entity?.legalName || investorName;
  return { investorName, profileName };
};

const deciderOf = (role: Role): BankAccountActor | undefined =>
  role === 'GP_ADMIN' || role === 'GP_OWNER' ? role : undefined;

const DECISION_EVENT = { APPROVED: 'APPROVE', REJECTED: 'REJECT' } as const;

const gpView = (
  meta: ProfileMeta,
  names: { investorName: string; profileName: string },
  bank: BankItem,
  role: Role,
): GpBankAccount => {
  const decider = deciderOf(role);
  return {
    profileId: meta.profileId,
    profileName: names.profileName,
    investorName: names.investorName,
    bankId: bank.bankId,
    kind: bank.kind,
    bankName: bank.bankName,
    accountName: bank.accountName,
    accountNumberMasked: maskLast4(bank.last4),
    currency: bank.currency,
    bankCountry: bank.bankCountry,
    ...(bank.swiftBic ? { swiftBic: bank.swiftBic } : {}),
    ...(bank.routingNumber ? { routingNumber: bank.routingNumber } : {}),
    status: bank.status,
    updatedAt: bank.updatedAt,
    ...(bank.review ? { review: bank.review } : {}),
    allowedDecisions: decider
      ? (['APPROVED', 'REJECTED'] as const).filter((d) =>
          BANK_ACCOUNT_LIFECYCLE.can(bank.status, DECISION_EVENT[d], decider),
        )
      : [],
  };
};

/** The account and its profile, or 404 for an id that is not this tenant's (another tenant's reads the same). */
const findAccount = async (tenantId: string, profileId: string, bankId: string) => {
  const [meta, bank] = await Promise.all([
    readProfileMeta(tenantId, profileId),
    readBankItem(tenantId, profileId, bankId),
  ]);
  if (!meta || !bank) throw new DomainError('bankAccountNotExist');
  return { meta, bank };
};

export const getBankAccountForReview = async (
  actor: Pick<Actor, 'tenantId'>,
  role: Role,
  profileId: string,
  bankId: string,
): Promise<GpBankAccount> => {
  const { meta, bank } = await findAccount(actor.tenantId, profileId, bankId);
  return gpView(meta, await namesOf(actor.tenantId, meta), bank, role);
};

/**
 * The account's decision step: status and review set only if the account is still the one decided on
 * (same status, same `updatedAt`); otherwise BANK_ACCOUNT_NOT_PENDING, so a decision on an account the
 * investor changed meanwhile never approves the new details.
 */
export const decisionStep = (
  tenantId: string,
  profileId: string,
  bank: BankItem,
  to: BankItem['status'],
  review: BankAccountReview,
): Step => ({
  item: {
    Update: {
      TableName: tableName(),
      Key: keys.profilePart(tenantId, profileId, bankSk(bank.bankId)),
      UpdateExpression: 'SET #status = :to, review = :review',
      ConditionExpression: '#status = :from AND updatedAt = :seen',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':to': to, ':review': review, ':from': bank.status, ':seen': bank.updatedAt },
    },
  },
  refusal: 'BANK_ACCOUNT_NOT_PENDING',
});

/** The event that records the decision (audit, with the reason), tells the investor and closes the GP task. */
export const decisionEvent = (
  meta: ProfileMeta,
  profileName: string,
  bankId: string,
  review: BankAccountReview,
): EventDraft =>
  event('BANK_CHANGE_DECIDED', meta.profileId, {
    refId: meta.profileId,
    userIds: [meta.ownerUserId],
    profile: profileName,
    approved: review.decision === 'APPROVED',
    payeeId: bankId,
    reason: review.reason,
  });

/** A GP admin's decision on the version of the account they saw; 409 when it was decided or changed since. */
export const decideBankAccount = async (
  actor: Actor,
  role: Role,
  profileId: string,
  bankId: string,
  body: BankDecisionBody,
): Promise<GpBankAccount> => {
  const decided = await commit(actor, async () => {
    const { meta, bank } = await findAccount(actor.tenantId, profileId, bankId);
    if (bank.updatedAt !== body.updatedAt) throw new DomainError('BANK_ACCOUNT_NOT_PENDING');
    const to = BANK_ACCOUNT_LIFECYCLE.next(bank.status, DECISION_EVENT[body.decision], deciderOf(role) ?? 'SELF');
    const review: BankAccountReview = {
      decision: body.decision,
      reason: body.reason,
      decidedBy: actor.userId,
      decidedAt: actor.at,
    };
    const names = await namesOf(actor.tenantId, meta);
    return {
      steps: [decisionStep(actor.tenantId, profileId, bank, to, review)],
      events: [decisionEvent(meta, names.profileName, bankId, review)],
      result: { meta, names, bank: { ...bank, status: to, review } },
    };
  });
  return gpView(decided.meta, decided.names, decided.bank, role);
};
