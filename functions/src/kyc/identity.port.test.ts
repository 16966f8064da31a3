import { describe, expect, it } from 'vitest';
import { sandboxIdentity, worstOutcome } from './identity.port.js';

describe('the sandbox identity check', () => {
  const port = sandboxIdentity();
  const check = (number?: string) =>
    port.verify({
      subjectId: 'S1',
      kind: 'person',
      name: 'Ada Investor',
      ...(number !== undefined ? { document: { type: 'PASSPORT', number } } : {}),
    });

  it('chooses the outcome by the document number’s last character', async () => {
    expect(await check('X1234561')).toMatchObject({ outcome: 'PASS', reasons: [] });
    expect(await check('X123456-0')).toMatchObject({ outcome: 'FAIL', reasons: ['DOCUMENT_NUMBER_INVALID'] });
    expect(await check('X12345 9 ')).toMatchObject({ outcome: 'REVIEW', reasons: ['DOCUMENT_IMAGE_UNCLEAR'] });
    expect(await check()).toMatchObject({ outcome: 'REVIEW', reasons: ['DOCUMENT_MISSING'] });
  });

  it('answers the same reference for the same request', async () => {
    expect((await check('X1')).reference).toBe((await check('X1')).reference);
    expect((await check('X1')).reference).not.toBe((await check('X2')).reference);
  });

  it('fails a profile on one failed check and sends it to review on one unclear check', () => {
    expect(worstOutcome(['PASS', 'REVIEW', 'FAIL'])).toBe('FAIL');
    expect(worstOutcome(['PASS', 'REVIEW'])).toBe('REVIEW');
    expect(worstOutcome(['PASS'])).toBe('PASS');
  });
});
