import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { encodableText } from '../../signing/seal/text.js';

/** A4 in PDF points. */
export const A4: [number, number] = [595.28, 841.89];

export interface PageLayout {
  /** Page margin on every side, in points. */
  margin: number;
  /** A horizontal rule: the room it needs before a page break, the space above and below its line. */
  rule: { room: number; above: number; below: number; color: Color };
}

/**
 * The top-down cursor the platform's generated pages share (a capital call notice, a signing audit
 * certificate): a new A4 page when the next line would cross the bottom margin, text made encodable
 * in the standard fonts with `lossy` remembering whether anything printed as "?" (so the caller can
 * point to its exact UTF-8 attachment), gaps and rules. How text wraps and what a row looks like are
 * each document's own, in its subclass.
 */
export class PageWriter {
  protected page: PDFPage;
  protected y: number;
  lossy = false;

  constructor(
    protected readonly doc: PDFDocument,
    protected readonly regular: PDFFont,
    protected readonly bold: PDFFont,
    protected readonly layout: PageLayout,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - layout.margin;
  }

  /** The width between the margins. */
  protected get width(): number {
    return A4[0] - 2 * this.layout.margin;
  }

  /** Starts a new page unless `height` more points fit above the bottom margin. */
  protected ensure(height: number) {
    if (this.y - height >= this.layout.margin) return;
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - this.layout.margin;
  }

  protected encode(font: PDFFont, raw: string): string {
    const { text, lossless } = encodableText(font, raw);
    if (!lossless) this.lossy = true;
    return text;
  }

  /** Moves down one line of `lead` points (a new page if needed) and draws already encoded text. */
  protected line(text: string, opts: { size: number; font: PDFFont; color: Color; lead: number; x?: number }) {
    this.ensure(opts.lead);
    this.y -= opts.lead;
    const { size, font, color } = opts;
    this.page.drawText(text, { x: opts.x ?? this.layout.margin, y: this.y, size, font, color });
  }

  gap(points: number) {
    this.y -= points;
  }

  rule() {
    const { room, above, below, color } = this.layout.rule;
    this.ensure(room);
    this.y -= above;
    this.page.drawLine({
      start: { x: this.layout.margin, y: this.y },
      end: { x: A4[0] - this.layout.margin, y: this.y },
      thickness: 0.5,
      color,
    });
    this.y -= below;
  }
}
