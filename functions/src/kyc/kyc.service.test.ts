import { describe, expect, it } from 'vitest';
import { documentsText, validUntilOf } from './kyc.service.js';

describe('the KYC decision helpers', () => {
  it('holds an approval for twelve months from the decision', () => {
    expect(validUntilOf('2026-11-23T10:00:00.000Z')).toBe('2027-11-23T10:00:00.000Z');
    // A leap day rolls forward as Date does (no 29 February 2029).
    expect(validUntilOf('2028-02-29T00:00:00.000Z')).toBe('2029-03-01T00:00:00.000Z');
  });

  it("writes what was asked for in the investor's language, kinds first, then the note", () => {
    expect(documentsText(['PROOF_OF_ADDRESS', 'PROOF_OF_IDENTITY'], 'Certified copies', 'en')).toMatch(
      /^[^;]+, [^;]+; Certified copies$/,
    );
    const zh = documentsText(['PROOF_OF_ADDRESS'], '请提供认证副本', 'zh-CN');
    expect(zh).toMatch(/；请提供认证副本$/);
    expect(zh).not.toMatch(/[A-Za-z]/);
    expect(documentsText([], 'Only a note', 'en')).toBe('Only a note');
  });

  it('keeps the text within the inbox field length', () => {
    const long = documentsText(['PROOF_OF_ADDRESS'], 'x'.repeat(1000), 'en');
    expect(long.length).toBeLessThanOrEqual(300);
    expect(long.endsWith('…')).toBe(true);
  });
});
