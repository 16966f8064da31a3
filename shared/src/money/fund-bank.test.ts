import { describe, expect, it } from 'vitest';
import { FundBankDetailsInputSchema, ibanChecks, printedIban } from './fund-bank.js';

const account = (over: Record<string, unknown> = {}) => ({
  currency: 'EUR',
  bankName: 'Alpine Bank AG',
  accountName: 'Alpine Growth Fund II SCSp',
  iban: 'DE89 3704 0044 0532 0130 00',
  swiftBic: 'COBADEFFXXX',
  ...over,
});
const fieldsOf = (input: unknown) => {
  const r = FundBankDetailsInputSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
};

describe('fund bank details', () => {
  it('checks IBAN check digits (ISO 7064 mod 97): published examples pass, a typo or a swap fails', () => {
    for (const iban of ['GB82 WEST 1234 5698 7654 32', 'DE89370400440532013000', 'fr1420041010050500013m02606'])
      expect(ibanChecks(iban), iban).toBe(true);
    expect(ibanChecks('GB82 WEST 1234 5698 7654 33')).toBe(false); // one digit wrong
    expect(ibanChecks('GB82 WEST 1234 5698 7645 32')).toBe(false); // two neighbours swapped
    expect(ibanChecks('GB82')).toBe(false);
    expect(ibanChecks('12 3456 7890 1234 5678')).toBe(false);
    expect(printedIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('takes one account per currency, each with either an IBAN or an account number, naming the field at fault', () => {
    expect(fieldsOf({ accounts: [account()], version: 0 })).toEqual([]);
    expect(
      fieldsOf({
        accounts: [
          account({ currency: 'USD', iban: undefined, accountNumber: '123456789', routingNumber: '021000021' }),
        ],
        version: 3,
      }),
    ).toEqual([]);
    expect(fieldsOf({ accounts: [account({ iban: 'DE89370400440532013001' })], version: 0 })).toEqual([
      'accounts.0.iban',
    ]);
    expect(fieldsOf({ accounts: [account({ iban: undefined })], version: 0 })).toEqual(['accounts.0.iban']);
    expect(fieldsOf({ accounts: [account({ accountNumber: '12345678' })], version: 0 })).toEqual(['accounts.0.iban']);
    expect(fieldsOf({ accounts: [account({ swiftBic: 'COBA' })], version: 0 })).toEqual(['accounts.0.swiftBic']);
    expect(fieldsOf({ accounts: [account({ routingNumber: '12' })], version: 0 })).toEqual([
      'accounts.0.routingNumber',
    ]);
    expect(fieldsOf({ accounts: [account(), account({ bankName: 'Other' })], version: 0 })).toEqual([
      'accounts.1.currency',
    ]);
  });
});
