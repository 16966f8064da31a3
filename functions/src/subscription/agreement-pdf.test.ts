import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { checkFieldsOnPages } from '../signing/seal/fields.js';
import { appendSignaturePages } from './agreement-pdf.js';

describe("a subscription agreement's signature page", () => {
  it('adds one page after the agreement with the tag fields and a signature and date for each signer', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([400, 600]);
    const fields = await appendSignaturePages(doc, {
      title: 'Subscription agreement - signature page',
      tags: ['PRODUCT_NAME', 'INVESTOR_NAME', 'SUBSCRIPTION_AMOUNT'],
      blocks: [
        { signerId: 'holder', caption: 'Investor: Ada' },
        { signerId: 'co-1', caption: 'Joint holder: Lin' },
      ],
    });
    expect(doc.getPageCount()).toBe(2);
    expect(fields.filter((f) => f.tag).map((f) => f.tag)).toEqual([
      'PRODUCT_NAME',
      'INVESTOR_NAME',
      'SUBSCRIPTION_AMOUNT',
    ]);
    expect(fields.filter((f) => f.signerId).map((f) => `${f.kind}:${f.signerId}`)).toEqual([
      'SIGNATURE:holder',
      'DATE:holder',
      'SIGNATURE:co-1',
      'DATE:co-1',
    ]);
    expect(new Set(fields.map((f) => f.pageIndex))).toEqual(new Set([1]));
    // Every field lies on its page (the sealing refuses one outside), and no two blocks overlap.
    expect(() => checkFieldsOnPages(doc, fields)).not.toThrow();
    const signatures = fields.filter((f) => f.kind === 'SIGNATURE');
    expect(signatures[1]!.y).toBeGreaterThanOrEqual(signatures[0]!.y + signatures[0]!.height);
  });

  it('continues on another page when the signers do not fit, and draws a name the fonts lack as ?', async () => {
    const doc = await PDFDocument.create();
    const blocks = Array.from({ length: 9 }, (_, i) => ({ signerId: `sig-${i}`, caption: `Signatory: 王${i}` }));
    const fields = await appendSignaturePages(doc, { title: 'Signatures', tags: ['SUBSCRIPTION_DATE'], blocks });
    expect(doc.getPageCount()).toBeGreaterThan(1);
    expect(fields.filter((f) => f.kind === 'SIGNATURE')).toHaveLength(9);
    expect(() => checkFieldsOnPages(doc, fields)).not.toThrow();
    expect(fields.find((f) => f.tag === 'SUBSCRIPTION_DATE')?.kind).toBe('DATE');
    await expect(doc.save()).resolves.toBeInstanceOf(Uint8Array);
  });
});
