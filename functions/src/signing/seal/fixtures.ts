import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { SignerAudit } from './audit-certificate.js';
import type { FilledField } from './fields.js';

/**
 * Inputs for the seal tests and the bench (bench/signing.ts): a multi-page agreement with a form
 * field to flatten, a signature image, and two signers' audit facts. Not test-only code, so the
 * bench measures exactly what the tests check.
 */

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
};

/** An RGBA PNG of a wavy ink stroke, as a drawn signature would be. */
export const signaturePng = (width = 240, height = 80): Buffer => {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let x = 0; x < width; x++) {
    const cy = Math.round(height / 2 + (height / 3) * Math.sin((x / width) * Math.PI * 4));
    for (let dy = -2; dy <= 2; dy++) {
      const y = cy + dy;
      if (y < 0 || y >= height) continue;
      const at = y * (width * 4 + 1) + 1 + x * 4;
      raw[at + 2] = 0x60; // dark blue ink, opaque
      raw[at + 3] = 0xff;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** An A4 agreement of `pages` pages of text, with an AcroForm text field on the first page. */
export const agreementPdf = async (pages: number): Promise<Uint8Array> => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(`Subscription agreement, page ${p + 1} of ${pages}`, { x: 50, y: 790, size: 14, font });
    for (let line = 0; line < 45; line++) {
      page.drawText(`${p + 1}.${line + 1} The investor subscribes for the shares on the terms of this agreement.`, {
        x: 50,
        y: 760 - line * 15,
        size: 9,
        font,
      });
    }
  }
  const form = doc.getForm();
  const amount = form.createTextField('amount');
  amount.setText('USD 250,000');
  amount.addToPage(doc.getPage(0), { x: 400, y: 60, width: 140, height: 20 });
  return doc.save();
};

/** Two signers' fields on the last page: signature, date, a tick; the investor's initials on every page. */
export const twoSignerFields = (pages: number, png: Uint8Array): FilledField[] => {
  const last = pages - 1;
  const fields: FilledField[] = [];
  for (let p = 0; p < pages; p++) {
    fields.push({
      fieldId: `lp-initials-${p + 1}`,
      kind: 'INITIALS',
      pageIndex: p,
      x: 540,
      y: 805,
      width: 45,
      height: 24,
      value: { type: 'text', text: 'A.I.' },
    });
  }
  fields.push(
    {
      fieldId: 'lp-signature',
      kind: 'SIGNATURE',
      pageIndex: last,
      x: 80,
      y: 775,
      width: 180,
      height: 50,
      value: { type: 'image', png },
    },
    {
      fieldId: 'lp-date',
      kind: 'DATE',
      pageIndex: last,
      x: 270,
      y: 790,
      width: 55,
      height: 20,
      value: { type: 'text', text: '2026-11-23' },
    },
    {
      fieldId: 'lp-consent',
      kind: 'CHECKBOX',
      pageIndex: last,
      x: 50,
      y: 790,
      width: 14,
      height: 14,
      value: { type: 'checkbox', checked: true },
    },
    {
      fieldId: 'gp-signature',
      kind: 'SIGNATURE',
      pageIndex: last,
      x: 330,
      y: 775,
      width: 190,
      height: 50,
      value: { type: 'text', text: 'Grace Partner' },
    },
  );
  return fields;
};

export const twoSigners = (): SignerAudit[] => [
  {
    name: 'Ada Investor',
    email: 'ada@example.com',
    role: 'LP',
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    codeVerifiedAt: '2026-11-23T09:00:05.000Z',
    viewedAt: '2026-11-23T09:00:10.000Z',
    signedAt: '2026-11-23T09:03:41.000Z',
  },
  {
    name: 'Grace Partner',
    email: 'grace@fund.example',
    role: 'GP',
    onBehalfOf: 'Example Capital Management Ltd',
    ip: '198.51.100.20',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
    codeVerifiedAt: '2026-11-23T10:15:00.000Z',
    viewedAt: '2026-11-23T10:15:09.000Z',
    signedAt: '2026-11-23T10:16:02.000Z',
  },
];
