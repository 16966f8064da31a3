import type { SigningField } from '@tranche/shared/signing/signing.schema';
import type { ContractTagKey } from '@tranche/shared/subscription/contract-tags';
import { type PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { encodableText } from '../signing/seal/text.js';

/**
 * The signature page the platform appends to a fund's subscription agreement (docs/subscriptions.md
 * "Signing and countersigning"). A manager's agreement is an arbitrary PDF whose layout the platform
 * cannot know, so no field is placed on its own pages: the page added after them carries the
 * subscription's facts as contract-tag fields (filled when the project is sent, drawn into the page
 * when it is sealed) and one block per signer (signature and date). Pure: a document in, fields out.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const BLOCK = 118;

export interface SignatureBlock {
  signerId: string;
  /** The line above the signature, e.g. "Joint holder". Drawn in the standard font (WinAnsi; others become ?). */
  caption: string;
}

const TAG_ROWS: { tag: ContractTagKey; label: string }[] = [
  { tag: 'PRODUCT_NAME', label: 'Fund' },
  { tag: 'INVESTOR_NAME', label: 'Investor' },
  { tag: 'SUBSCRIPTION_AMOUNT', label: 'Amount' },
  { tag: 'SHARE_CLASS', label: 'Share class' },
  { tag: 'SUBSCRIPTION_ID', label: 'Reference' },
  { tag: 'SUBSCRIPTION_DATE', label: 'Date of subscription' },
];

const write = (page: PDFPage, font: PDFFont, text: string, x: number, top: number, size: number) => {
  const { height } = page.getSize();
  page.drawText(encodableText(font, text).text, { x, y: height - top - size, size, font, color: rgb(0.1, 0.1, 0.1) });
};

/**
 * Appends the signature page(s) to `doc` and returns the fields placed on them (top-left points, as
 * the signing fields are). `tags` = which tag rows to show (those with a value); `title` heads the page.
 */
export const appendSignaturePages = async (
  doc: PDFDocument,
  opts: { title: string; intro?: string; tags: readonly ContractTagKey[]; blocks: readonly SignatureBlock[] },
): Promise<SigningField[]> => {
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const fields: SigningField[] = [];
  let page = doc.addPage(A4);
  let pageIndex = doc.getPageCount() - 1;
  write(page, bold, opts.title, MARGIN, MARGIN, 16);
  let top = MARGIN + 34;
  if (opts.intro) {
    write(page, font, opts.intro, MARGIN, top, 10);
    top += 24;
  }
  for (const row of TAG_ROWS.filter((r) => opts.tags.includes(r.tag))) {
    write(page, font, row.label, MARGIN, top + 4, 10);
    fields.push({
      fieldId: `tag-${row.tag}`,
      kind: row.tag === 'SUBSCRIPTION_DATE' ? 'DATE' : 'TEXT',
      pageIndex,
      x: MARGIN + 140,
      y: top,
      width: A4[0] - 2 * MARGIN - 140,
      height: 18,
      tag: row.tag,
      required: true,
    });
    top += 26;
  }
  top += 20;
  for (const block of opts.blocks) {
    if (top + BLOCK > A4[1] - MARGIN) {
      page = doc.addPage(A4);
      pageIndex = doc.getPageCount() - 1;
      top = MARGIN;
    }
    write(page, bold, block.caption, MARGIN, top, 11);
    page.drawLine({
      start: { x: MARGIN, y: A4[1] - (top + 84) },
      end: { x: MARGIN + 260, y: A4[1] - (top + 84) },
      thickness: 0.6,
      color: rgb(0.4, 0.4, 0.4),
    });
    write(page, font, 'Signature', MARGIN, top + 88, 8);
    write(page, font, 'Date', MARGIN + 300, top + 88, 8);
    fields.push(
      {
        fieldId: `sign-${block.signerId}`,
        kind: 'SIGNATURE',
        pageIndex,
        x: MARGIN,
        y: top + 20,
        width: 260,
        height: 62,
        signerId: block.signerId,
        required: true,
      },
      {
        fieldId: `date-${block.signerId}`,
        kind: 'DATE',
        pageIndex,
        x: MARGIN + 300,
        y: top + 62,
        width: 140,
        height: 20,
        signerId: block.signerId,
        required: true,
      },
    );
    top += BLOCK;
  }
  return fields;
};
