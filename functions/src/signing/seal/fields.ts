import type { FieldIssue } from '@tranche/shared/errors/catalogue';
import { degrees, type PDFDocument, type PDFFont, type PDFPage, PDFRef, rgb, StandardFonts } from 'pdf-lib';
import { DomainError } from '#lib/errors';
import { encodableText } from './text.js';

/** The field kinds of issue 12: what a manager places on a page and a signer fills. */
export type FieldKind = 'SIGNATURE' | 'INITIALS' | 'SEAL' | 'DATE' | 'TEXT' | 'CHECKBOX';

/**
 * Where a field sits: PDF points (1/72 inch) from the top-left corner of the page's visible area (its
 * crop box), as pdf.js reports them for a page rendered at scale 1 without rotation. Top-left,
 * because that is how the editor places and the signer sees them; converted to PDF's bottom-left
 * origin only here.
 */
export interface PlacedField {
  fieldId: string;
  kind: FieldKind;
  /** 0-based page index. */
  pageIndex: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What a signer put into a field: a drawn/uploaded/typed-and-rendered image, a text, a tick. */
export type FieldValue =
  | { type: 'image'; png: Uint8Array }
  | { type: 'text'; text: string }
  | { type: 'checkbox'; checked: boolean };

export interface FilledField extends PlacedField {
  value: FieldValue;
}

/** Which value types each kind takes: a signature is an image or a typed name, a date is text. */
const ACCEPTS: Record<FieldKind, ReadonlyArray<FieldValue['type']>> = {
  SIGNATURE: ['image', 'text'],
  INITIALS: ['image', 'text'],
  SEAL: ['image'],
  DATE: ['text'],
  TEXT: ['text'],
  CHECKBOX: ['checkbox'],
};

const issue = (index: number, field: PlacedField, rule: string, message: string): FieldIssue => ({
  field: `fields.${index}`,
  rule,
  message: `${field.fieldId}: ${message}`,
});

/**
 * Refuses (400 signingFieldOutsidePage) any field whose box is not wholly on an existing page,
 * naming the first such field in `details.field` and every one in `details.fields`, so the editor can
 * mark them all at once. Run when fields are saved and again at completion: the same PDF, the same
 * answer.
 */
export const checkFieldsOnPages = (doc: PDFDocument, fields: readonly PlacedField[]): void => {
  const pages = doc.getPages();
  const issues: FieldIssue[] = [];
  let first: string | undefined;
  fields.forEach((field, index) => {
    const page = pages[field.pageIndex];
    const numbers = [field.x, field.y, field.width, field.height];
    let problem: string | undefined;
    if (!Number.isInteger(field.pageIndex) || !page) problem = `page ${field.pageIndex + 1} does not exist`;
    else if (!numbers.every(Number.isFinite) || field.width <= 0 || field.height <= 0) problem = 'empty box';
    else {
      const box = page.getCropBox();
      if (field.x < 0 || field.y < 0 || field.x + field.width > box.width || field.y + field.height > box.height) {
        problem = `box exceeds the page (${box.width.toFixed(0)} x ${box.height.toFixed(0)} pt)`;
      }
    }
    if (problem) {
      first ??= field.fieldId;
      issues.push(issue(index, field, 'insidePage', problem));
    }
  });
  if (first !== undefined) throw new DomainError('signingFieldOutsidePage', { field: first, fields: issues });
};

const invalidValue = (index: number, field: PlacedField, message: string) =>
  new DomainError('signingFieldValueInvalid', {
    field: field.fieldId,
    fields: [issue(index, field, 'value', message)],
  });

interface Fonts {
  text: PDFFont;
  signature: PDFFont;
}

/** The largest font size at which `text` fits the box, at most 70% of its height. */
const fittingSize = (font: PDFFont, text: string, width: number, height: number) => {
  const bySize = Math.min(height * 0.7, 14);
  const atOne = font.widthOfTextAtSize(text, 1);
  return Math.max(4, Math.min(bySize, atOne > 0 ? (width * 0.95) / atOne : bySize));
};

/**
 * The field's frame as a reader sees it. Fields are placed in the page's own, unrotated space, but a
 * page with /Rotate is shown turned, so what is drawn in it must be turned back to read upright:
 * `at(u, v)` maps a point given from the field's bottom-left corner *as shown* (u to the right, v up)
 * to PDF user space, `width`/`height` are the field's size as shown, and `rotate` is the angle (counter-
 * clockwise, as pdf-lib takes it) that makes text and images upright on the shown page.
 */
interface ShownFrame {
  width: number;
  height: number;
  rotate: number;
  at: (u: number, v: number) => { x: number; y: number };
}

const shownFrame = (page: PDFPage, field: PlacedField): ShownFrame => {
  const box = page.getCropBox();
  // PDF user space: origin bottom-left of the media box; the crop box may be offset within it.
  const left = box.x + field.x;
  const bottom = box.y + box.height - field.y - field.height;
  const w = field.width;
  const h = field.height;
  const rotation = (((Math.round(page.getRotation().angle / 90) * 90) % 360) + 360) % 360;
  switch (rotation) {
    // Shown turned a quarter clockwise: the reader's right is the page's up, their up the page's left.
    case 90:
      return { width: h, height: w, rotate: 90, at: (u, v) => ({ x: left + w - v, y: bottom + u }) };
    case 180:
      return { width: w, height: h, rotate: 180, at: (u, v) => ({ x: left + w - u, y: bottom + h - v }) };
    // Shown turned a quarter anticlockwise: the reader's right is the page's down, their up the page's right.
    case 270:
      return { width: h, height: w, rotate: 270, at: (u, v) => ({ x: left + v, y: bottom + h - u }) };
    default:
      return { width: w, height: h, rotate: 0, at: (u, v) => ({ x: left + u, y: bottom + v }) };
  }
};

const drawField = async (doc: PDFDocument, page: PDFPage, fonts: Fonts, field: FilledField, index: number) => {
  const frame = shownFrame(page, field);
  const turn = degrees(frame.rotate);
  const { value } = field;
  if (!ACCEPTS[field.kind].includes(value.type)) {
    throw invalidValue(index, field, `a ${field.kind} field does not take a ${value.type}`);
  }
  if (value.type === 'image') {
    let image: Awaited<ReturnType<PDFDocument['embedPng']>>;
    try {
      image = await doc.embedPng(value.png);
    } catch {
      throw invalidValue(index, field, 'not a PNG image');
    }
    // Fit inside the box as shown, keeping the aspect ratio, centred: a signature is never stretched.
    const scale = Math.min(frame.width / image.width, frame.height / image.height);
    const w = image.width * scale;
    const h = image.height * scale;
    page.drawImage(image, {
      ...frame.at((frame.width - w) / 2, (frame.height - h) / 2),
      width: w,
      height: h,
      rotate: turn,
    });
    return;
  }
  if (value.type === 'text') {
    const font = field.kind === 'SIGNATURE' || field.kind === 'INITIALS' ? fonts.signature : fonts.text;
    const { text, lossless } = encodableText(font, value.text.trim());
    // A field's text is what the signer agreed to: it is drawn exactly or refused, never altered.
    if (!lossless) throw invalidValue(index, field, 'characters this document font cannot show; draw it instead');
    if (text.length === 0 && field.kind !== 'TEXT') throw invalidValue(index, field, 'empty');
    const size = fittingSize(font, text, frame.width, frame.height);
    page.drawText(text, {
      ...frame.at(2, (frame.height - size * 0.72) / 2),
      size,
      font,
      color: rgb(0.05, 0.1, 0.3),
      rotate: turn,
    });
    return;
  }
  const corner = frame.at(0, 0);
  page.drawRectangle({
    ...corner,
    width: frame.width,
    height: frame.height,
    rotate: turn,
    borderWidth: 0.8,
    borderColor: rgb(0.2, 0.2, 0.2),
  });
  if (value.checked) {
    const t = Math.max(1, Math.min(frame.width, frame.height) / 8);
    const color = rgb(0.05, 0.1, 0.3);
    const { width: sw, height: sh } = frame;
    page.drawLine({ start: frame.at(sw * 0.2, sh * 0.5), end: frame.at(sw * 0.42, sh * 0.22), thickness: t, color });
    page.drawLine({ start: frame.at(sw * 0.42, sh * 0.22), end: frame.at(sw * 0.82, sh * 0.8), thickness: t, color });
  }
};

/**
 * Draws every filled field into its page's content and flattens the document's own form, so the
 * result has no interactive field left that a reader could change after sealing: what the signers
 * saw is now page content.
 */
export const fillAndFlatten = async (doc: PDFDocument, fields: readonly FilledField[]): Promise<void> => {
  checkFieldsOnPages(doc, fields);
  const fonts: Fonts = {
    text: await doc.embedFont(StandardFonts.Helvetica),
    signature: await doc.embedFont(StandardFonts.TimesRomanItalic),
  };
  const pages = doc.getPages();
  for (const [index, field] of fields.entries()) {
    const page = pages[field.pageIndex];
    if (page) await drawField(doc, page, fonts, field, index);
  }
  const form = doc.getForm();
  if (form.getFields().length > 0) {
    form.flatten();
    dropDanglingAnnotations(doc);
  }
};

/**
 * pdf-lib 1.17.1's flatten deletes a field's widget but can leave its reference in the page's
 * /Annots: the saved file then points at an object its cross-reference table lacks, which poppler
 * reports as a broken xref and readers silently "repair" (changing the bytes a seal covers). Only
 * references that no longer resolve are removed.
 */
const dropDanglingAnnotations = (doc: PDFDocument): void => {
  for (const page of doc.getPages()) {
    const annots = page.node.Annots();
    if (!annots) continue;
    for (let i = annots.size() - 1; i >= 0; i--) {
      const entry = annots.get(i);
      if (entry instanceof PDFRef && doc.context.lookup(entry) === undefined) annots.remove(i);
    }
  }
};
