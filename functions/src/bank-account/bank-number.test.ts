import { randomBytes } from 'node:crypto';
import { ENV } from '@tranche/shared/infra/table';
import { describe, expect, it } from 'vitest';
import { SecretBoxError } from '#lib/crypto/secret-box';
import { bankFromItem, type StoredBank } from '../profile/profile.repo.js';
import { numbersOf, openBankNumbers, sealBankNumbers, withSealedNumbers } from './bank-number.js';

// The local key provider, as on the local stack (the box reads its key once, at first use).
process.env[ENV.secretBoxLocalKey] ??= randomBytes(32).toString('base64');

const NUMBER = 'GB29 NWBK 6016 1331 9268 19';
const CUSTODIAN = 'MT998877';

const stored = (over: Partial<StoredBank> = {}): StoredBank => ({
  bankId: 'B1',
  kind: 'IRA',
  bankName: 'Harbour Bank',
  accountName: 'Ada Investor',
  currency: 'USD',
  bankCountry: 'US',
  status: 'OPEN',
  updatedAt: '2026-01-01T00:00:00.000Z',
  last4: '6819',
  custodian: { name: 'Millennium Trust', last4: '8877' },
  ...over,
});

describe('bank account numbers at rest', () => {
  it('seals both numbers into one envelope that holds neither in the clear, and opens it', async () => {
    const sealed = await sealBankNumbers('T1', 'P1', 'B1', {
      accountNumber: NUMBER,
      custodianAccountNumber: CUSTODIAN,
    });
    const raw = JSON.stringify(sealed);
    for (const clear of [NUMBER, CUSTODIAN, '6016 1331', '133192']) expect(raw).not.toContain(clear);
    expect(await openBankNumbers('T1', 'P1', 'B1', sealed)).toEqual({
      accountNumber: NUMBER,
      custodianAccountNumber: CUSTODIAN,
    });
  });

  it('does not open an envelope copied onto another account, profile or tenant', async () => {
    const sealed = await sealBankNumbers('T1', 'P1', 'B1', { accountNumber: NUMBER });
    for (const [t, p, b] of [
      ['T1', 'P1', 'B2'],
      ['T1', 'P2', 'B1'],
      ['T2', 'P1', 'B1'],
    ] as const) {
      await expect(openBankNumbers(t, p, b, sealed)).rejects.toBeInstanceOf(SecretBoxError);
    }
  });

  it('reads an item from before sealing with its clear numbers in memory, and seals them on the next write', async () => {
    const legacy = bankFromItem({
      ...stored(),
      last4: undefined,
      custodian: { name: 'Millennium Trust', accountNumber: CUSTODIAN },
      accountNumber: NUMBER,
    });
    expect(legacy).toMatchObject({ last4: '6819', custodian: { name: 'Millennium Trust', last4: '8877' } });
    expect(legacy).not.toHaveProperty('accountNumber');
    expect(await numbersOf('T1', 'P1', legacy)).toEqual({ accountNumber: NUMBER, custodianAccountNumber: CUSTODIAN });

    const migrated = await withSealedNumbers('T1', 'P1', legacy);
    expect(migrated).not.toHaveProperty('legacyNumbers');
    expect(JSON.stringify(migrated)).not.toContain(CUSTODIAN);
    expect(JSON.stringify(migrated)).not.toContain(NUMBER);
    expect(await numbersOf('T1', 'P1', migrated)).toEqual({ accountNumber: NUMBER, custodianAccountNumber: CUSTODIAN });
    // A sealed item is written back as it is (no new envelope for an unchanged account).
    expect(await withSealedNumbers('T1', 'P1', migrated)).toBe(migrated);
  });

  it('reads a sealed item as stored', () => {
    const item = { ...stored(), sealedNumbers: { v: 1, kp: 'local', edk: 'a', iv: 'b', ct: 'c', tag: 'd' } };
    expect(bankFromItem(item)).toBe(item);
  });
});
