import { degrees, PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { DomainError } from '#lib/errors';
import { describeSourcePdf, sha256Hex } from './source-pdf.js';

describe('describeSourcePdf', () => {
  it('gives each page its visible size and rotation, and the file hash', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([595.28, 841.89]);
    const letter = doc.addPage([612, 792]);
    letter.setRotation(degrees(-90));
    const cropped = doc.addPage([600, 800]);
    cropped.setCropBox(50, 50, 500, 700);
    const bytes = await doc.save();
    const facts = await describeSourcePdf(bytes);
    expect(facts.sha256).toBe(sha256Hex(bytes));
    expect(facts.bytes).toBe(bytes.byteLength);
    expect(facts.pages).toEqual([
      { width: 595.28, height: 841.89, rotation: 0 },
      { width: 612, height: 792, rotation: 270 },
      { width: 500, height: 700, rotation: 0 },
    ]);
  });

  it('refuses what completion would refuse', async () => {
    const error = await describeSourcePdf(Buffer.from('not a pdf')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('signingPdfMalformed');
  });
});
