import { BANK_NUMBER_PURPOSE } from '@tranche/shared/infra/secret-box';
import { type SealedSecret, secretBox } from '#lib/crypto/secret-box';
import type { StoredBank } from '../profile/profile.repo.js';

/**
 * Bank account numbers are stored only sealed in the secret box (functions/src/_lib/crypto/secret-box.ts),
 * with the last 4 characters in the clear for the masked views: a table read, backup or export never
 * yields a number a payment could be redirected with. The account's number and its IRA custodian's
 * number are one envelope (one data key per save), bound to tenant, profile and account, so an envelope
 * copied onto another account does not open. Only the reveal route (after a step-up) and a save (to
 * tell an unchanged account from a changed one) open it.
 */
export interface BankNumbers {
  accountNumber: string;
  custodianAccountNumber?: string;
}

const contextOf = (tenantId: string, profileId: string, bankId: string) => ({
  purpose: BANK_NUMBER_PURPOSE,
  tenantId,
  profileId,
  bankId,
});

export const sealBankNumbers = (
  tenantId: string,
  profileId: string,
  bankId: string,
  numbers: BankNumbers,
): Promise<SealedSecret> =>
  secretBox().seal(
    JSON.stringify({
      accountNumber: numbers.accountNumber,
      ...(numbers.custodianAccountNumber !== undefined
        ? { custodianAccountNumber: numbers.custodianAccountNumber }
        : {}),
    }),
    contextOf(tenantId, profileId, bankId),
  );

/** The numbers, or a SecretBoxError when the envelope is not this account's or was changed. */
export const openBankNumbers = async (
  tenantId: string,
  profileId: string,
  bankId: string,
  sealed: SealedSecret,
): Promise<BankNumbers> => {
  const opened = JSON.parse(await secretBox().open(sealed, contextOf(tenantId, profileId, bankId))) as BankNumbers;
  return {
    accountNumber: opened.accountNumber,
    ...(opened.custodianAccountNumber !== undefined ? { custodianAccountNumber: opened.custodianAccountNumber } : {}),
  };
};

/** A stored account's clear numbers: opened from its envelope, or as an item from before sealing held them. */
export const numbersOf = async (tenantId: string, profileId: string, bank: StoredBank): Promise<BankNumbers> => {
  if (bank.sealedNumbers) return openBankNumbers(tenantId, profileId, bank.bankId, bank.sealedNumbers);
  if (bank.legacyNumbers) return bank.legacyNumbers;
  throw new Error(`Bank account ${bank.bankId} has no numbers`);
};

/**
 * The account ready to write: an account with an envelope as it is; one from before sealing gets its
 * numbers sealed now, which is how local demo data migrates (on its next save or close).
 */
export const withSealedNumbers = async (tenantId: string, profileId: string, bank: StoredBank): Promise<StoredBank> => {
  if (bank.sealedNumbers) return bank;
  const { legacyNumbers: _clear, ...rest } = bank;
  return {
    ...rest,
    sealedNumbers: await sealBankNumbers(tenantId, profileId, bank.bankId, await numbersOf(tenantId, profileId, bank)),
  };
};
