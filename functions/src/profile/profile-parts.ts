import type { AddressType, BankAccountInput, IndividualMeta, Profile } from '@tranche/shared/profile/profile.schema';
import type { Actor } from '#lib/audit';
import { event } from '#lib/db/commit';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { numbersOf, sealBankNumbers, withSealedNumbers } from '../bank-account/bank-number.js';
import { addressItem, bankItem, deleteProfileItem, individualItem, last4Of, type StoredBank } from './profile.repo.js';
import { changedFields, checkBankShape, checkPerson, refuseHidden, sectionNotForType } from './profile.rules.js';
import { changePart } from './profile-change.js';

/**
 * The parts of a profile, one use case each: the individual's details, an address, a bank account, a
 * certificate. Each reads the caller's profile, checks the version they saw and what the part may
 * carry, and commits the part with the #META step (`advance`) and an INVESTOR_PROFILE_CHANGED event.
 */

/** Individual fields KYC judges (identity); phone, email, job and employer are contact details. */
const IDENTITY_FIELDS = new Set([
  'firstName',
  'middleName',
  'lastName',
  'realName',
  'dateOfBirth',
  'nationality',
  'countryOfResidence',
  'idDocument',
]);

export const patchIndividualMeta = (actor: Actor, profileId: string, seen: number, meta: IndividualMeta) =>
  changePart(actor, profileId, seen, (before, after, levels) => {
    if (before.type === 'ENTITY') throw sectionNotForType();
    checkPerson(meta, 'body.meta');
    if (meta.jobTitleOther && meta.jobTitle !== 'OTHER') {
      throw new DomainError('fieldNotAllowed', {
        fields: [{ field: 'body.meta.jobTitleOther', rule: 'unexpected', message: 'Only with the job title Other' }],
      });
    }
    const fields = changedFields(before.individual, meta);
    const identity = fields.filter((f) => IDENTITY_FIELDS.has(f));
    if (Object.keys(meta).some((f) => IDENTITY_FIELDS.has(f))) {
      refuseHidden(before.type, levels, [{ kind: 'IDENTITY_INFORMATION', field: 'individual' }]);
    }
    after.individual = meta;
    return {
      steps: [{ item: individualItem(actor.tenantId, profileId, meta) }],
      section: 'INDIVIDUAL',
      fields,
      kycRelevant: identity.length > 0,
    };
  });

export const patchAddress = (
  actor: Actor,
  profileId: string,
  seen: number,
  type: AddressType,
  address: Omit<NonNullable<Profile['addresses'][number]>, 'type'> | null,
) =>
  changePart(actor, profileId, seen, (before, after, levels) => {
    if (address) refuseHidden(before.type, levels, [{ kind: 'ADDRESS_INFORMATION', field: 'addresses' }]);
    const old = before.addresses.find((a) => a.type === type);
    after.addresses = [...before.addresses.filter((a) => a.type !== type), ...(address ? [{ ...address, type }] : [])];
    const fields = changedFields(old, address ? { ...address, type } : undefined);
    return {
      steps: [
        {
          item: address
            ? addressItem(actor.tenantId, profileId, { ...address, type })
            : deleteProfileItem(actor.tenantId, profileId, `ADDR#${type}`),
        },
      ],
      section: 'ADDRESS',
      key: type,
      fields,
      kycRelevant: fields.length > 0,
    };
  });

/** A stored account's details as the investor typed them (the form a save is compared with). */
const detailsOf = async (tenantId: string, profileId: string, bank: StoredBank): Promise<BankAccountInput> => {
  const {
    bankId: _b,
    status: _s,
    updatedAt: _u,
    review: _r,
    last4: _l,
    sealedNumbers: _n,
    legacyNumbers: _c,
    custodian,
    ...details
  } = bank;
  const numbers = await numbersOf(tenantId, profileId, bank);
  return {
    ...details,
    accountNumber: numbers.accountNumber,
    ...(custodian ? { custodian: { name: custodian.name, accountNumber: numbers.custodianAccountNumber ?? '' } } : {}),
  };
};

/** New or changed details as stored: the numbers sealed, their last 4 in the clear, PENDING approval. */
const storedBank = async (
  tenantId: string,
  profileId: string,
  bankId: string,
  account: BankAccountInput,
  at: string,
): Promise<StoredBank> => {
  const { accountNumber, custodian, ...details } = account;
  return {
    ...details,
    bankId,
    status: 'PENDING',
    updatedAt: at,
    last4: last4Of(accountNumber),
    ...(custodian ? { custodian: { name: custodian.name, last4: last4Of(custodian.accountNumber) } } : {}),
    sealedNumbers: await sealBankNumbers(tenantId, profileId, bankId, {
      accountNumber,
      ...(custodian ? { custodianAccountNumber: custodian.accountNumber } : {}),
    }),
  };
};

/**
 * A new account, or a change to one: PENDING until a GP admin approves it (the eligibility part's
 * task), announced by BANK_ACCOUNT_CHANGED. Closing keeps the item (payouts and history name it).
 * Bank details are not what KYC judges, so the profile's status stays.
 */
export const patchBank = (
  actor: Actor,
  profileId: string,
  seen: number,
  change: { bankId?: string; account?: BankAccountInput; close?: true },
) =>
  changePart(actor, profileId, seen, async (before, after, levels) => {
    const existing = change.bankId ? before.banks.find((b) => b.bankId === change.bankId) : undefined;
    if (change.bankId && !existing) throw new DomainError('bankAccountNotExist');
    if (change.close) {
      if (!existing || change.account) {
        throw new DomainError('fieldNotAllowed', {
          fields: [
            { field: 'body.close', rule: 'unexpected', message: 'Close an existing account, without new details' },
          ],
        });
      }
      const closed: StoredBank = {
        ...(await withSealedNumbers(actor.tenantId, profileId, existing)),
        status: 'CLOSED',
        updatedAt: actor.at,
      };
      after.banks = before.banks.map((b) => (b.bankId === closed.bankId ? closed : b));
      return {
        steps: [{ item: bankItem(actor.tenantId, profileId, closed) }],
        events: [
          event('BANK_ACCOUNT_CHANGED', profileId, {
            profileId,
            bankId: closed.bankId,
            change: 'CLOSED',
            kind: closed.kind,
          }),
        ],
        section: 'BANK',
        key: closed.bankId,
        fields: ['status'],
        kycRelevant: false,
      };
    }
    if (!change.account) {
      throw new DomainError('FieldIsRequired', {
        fields: [{ field: 'body.account', rule: 'required', message: 'The account details, or close' }],
      });
    }
    checkBankShape(change.account);
    refuseHidden(before.type, levels, [{ kind: 'BANK_INFORMATION', field: 'bankAccounts' }]);
    // The details as typed, to compare with the new ones: the stored numbers are opened in memory only
    // (never written or logged in the clear). The GP's review is not one of the details.
    const oldInput = existing ? await detailsOf(actor.tenantId, profileId, existing) : {};
    const fields = changedFields(oldInput, change.account);
    // An unchanged save keeps the account as it is (status, the GP's decision, and the updatedAt a
    // pending decision names); any change waits for approval again, without the old decision.
    const bankId = existing?.bankId ?? newId();
    const bank: StoredBank =
      existing && fields.length === 0
        ? await withSealedNumbers(actor.tenantId, profileId, existing)
        : await storedBank(actor.tenantId, profileId, bankId, change.account, actor.at);
    after.banks = existing ? before.banks.map((b) => (b.bankId === bank.bankId ? bank : b)) : [...before.banks, bank];
    return {
      steps: [{ item: bankItem(actor.tenantId, profileId, bank) }],
      events:
        fields.length > 0
          ? [
              event('BANK_ACCOUNT_CHANGED', profileId, {
                profileId,
                bankId: bank.bankId,
                change: existing ? 'CHANGED' : 'ADDED',
                kind: bank.kind,
              }),
            ]
          : [],
      section: 'BANK',
      key: bank.bankId,
      // Field names only: the audit never holds an account number.
      fields,
      kycRelevant: false,
    };
  });
