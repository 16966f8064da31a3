import { describe, expect, it } from 'vitest';
import { REDACTED, redactBankDetails } from './email.js';

describe('redactBankDetails', () => {
  it.each([
    ['IBAN GB82 WEST 1234 5698 7654 32', 'GB82'],
    ['pay to DE89370400440532013000 today', '370400440532013000'],
    ['account number 12345678', '12345678'],
    ['card 4111 1111 1111 1111', '4111 1111'],
    ['SWIFT: DEUTDEFF', 'DEUTDEFF'],
    ['routing 021000021', '021000021'],
    ['BIC code HARBHKHHXXX', 'HARBHKHHXXX'],
    ['account no. 12-34 5678', '12-34 5678'],
  ])('hides %s', (text, secret) => {
    const out = redactBankDetails(text);
    expect(out).not.toContain(secret);
    expect(out).toContain(REDACTED);
  });

  it.each([
    'Bank account change reviewed for Ada Holdings',
    'The account of Ada was approved',
    'Routing questions go to the manager',
    'USD 250,000.00',
    'Due on 2026-12-01',
    'Alpine Growth Fund I',
    'NAV USD 104.20 as of 2026-09-30',
  ])('keeps %s', (text) => {
    expect(redactBankDetails(text)).toBe(text);
  });
});
