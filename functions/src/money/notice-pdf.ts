import type { Lang } from '@tranche/shared/i18n/langs';
import { type FundBankAccount, printedIban } from '@tranche/shared/money/fund-bank';
import {
  type Color,
  LineCapStyle,
  PDFDocument,
  type PDFFont,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  StandardFonts,
  setLineCap,
  setLineWidth,
  setStrokingColor,
  setTextRenderingMode,
  TextRenderingMode,
} from 'pdf-lib';
import { A4, type PageLayout, PageWriter } from '../_lib/pdf/page-writer.js';
import { NOTICE_WORDS, printedDate } from './notice-text.js';

/**
 * One investor's capital call notice as a PDF, shaped like the ILPA Capital Call & Distribution Notice
 * template (docs/money.md "Notices, currency, reversals"): who calls whom, which call this is, the
 * itemised amount (investment, management fee, fund expenses), the investor's commitment position
 * before and after it, the due date, and how to pay: the fund's account in the call's currency as the
 * fund set it when the notice was issued (docs/money.md "Fund bank details"; ILPA's template carries
 * wire instructions), with the reference to quote and the warning to check them against the portal,
 * since changed bank details in a forwarded file are what invoice fraud uses. A fund without an
 * account in that currency gets the portal pointer instead. Never sent by email: the PDF is a download.
 *
 * In the investor's language (notice-text.ts). The English notice of a Latin-script investor is drawn
 * with the standard fonts (no font file in the notice worker); a Chinese notice, or any notice with a
 * name the standard fonts cannot draw, is drawn by the CJK worker with an embedded CJK font
 * (notice-cjk-font.ts, docs/money.md "Notice and contract note PDFs in Chinese"). Whatever the font
 * still lacks prints approximated ("?") and the exact facts travel attached as notice.json (UTF-8).
 */
export interface NoticeFacts {
  fund: string;
  investorName: string;
  callId: string;
  subscriptionId: string;
  /** 1 for the investor's first call in this investment, and so on. */
  callNumber: number;
  currency: string;
  issuedOn: string;
  dueDate: string;
  purpose?: string;
  items: { investment: string; managementFee: string; expenses: string };
  amount: string;
  commitment: string;
  /** Called from the investor before this notice, and including it. */
  calledBefore: string;
  calledAfter: string;
  /** Unfunded commitment once this notice is paid (commitment − called + recallable distributions). */
  remainingAfter: string;
  /** The IRA variant: the custodian must be instructed, and transfers usually take 5 days to clear. */
  ira: boolean;
  /** The reference to quote with the transfer (`noticeReference`). */
  reference: string;
  /** The fund's account in the call's currency, when the fund gave one. */
  payTo?: FundBankAccount;
}

export const NOTICE_ATTACHMENT = 'notice.json';

const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.38, 0.38, 0.38);
const LAYOUT: PageLayout = { margin: 56, rule: { room: 10, above: 5, below: 3, color: MUTED } };

/** Groups of three digits, the decimals kept as stored (amounts are exact decimal strings). */
export const grouped = (amount: string): string => {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction] = amount.replace('-', '').split('.');
  const body = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${body}${fraction !== undefined ? `.${fraction}` : ''}`;
};

/**
 * The fonts a document is drawn with, embedded into it. `bold` may be `regular` itself (a CJK font
 * ships one weight): the writer then strokes the glyphs' outlines as well as filling them.
 */
export type PdfFonts = (doc: PDFDocument) => Promise<{ regular: PDFFont; bold: PDFFont }>;

/** Helvetica and Helvetica-Bold: WinAnsi only (Latin scripts), and no font file to carry. */
export const STANDARD_FONTS: PdfFonts = async (doc) => ({
  regular: await doc.embedFont(StandardFonts.Helvetica),
  bold: await doc.embedFont(StandardFonts.HelveticaBold),
});

/** How a document is rendered: its language, and the fonts that can draw it. */
export interface PdfStyle {
  lang?: Lang;
  fonts?: PdfFonts;
}

/** A rendered document, and whether any character printed approximated (the fonts could not draw it). */
export interface RenderedPdf {
  bytes: Uint8Array;
  lossy: boolean;
}

/** East Asian characters: each may start a line of its own. */
const WIDE = '\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef';
const TOKENS = new RegExp(`[${WIDE}]|[^\\s${WIDE}]+\\s*|\\s+`, 'gu');
/** Punctuation that closes a clause or a bracket, which a line may not start with (in either script). */
const CLOSING = /^[，。、；：！？）》」』,.;:!?)]/u;

/** Text as the pieces a line may break between: a word with the spaces after it, or one wide character. */
export const breakable = (text: string): string[] => text.match(TOKENS) ?? [];

/** The notice's writer (the contract note's too): text wrapped on spaces, amounts right-aligned against the margin. */
export class Writer extends PageWriter {
  constructor(doc: PDFDocument, regular: PDFFont, bold: PDFFont) {
    super(doc, regular, bold, LAYOUT);
  }

  /** A new document with its title and dates (the creation time, so a render is reproducible) and its writer. */
  static async open(
    title: string,
    createdAt: Date,
    fonts: PdfFonts = STANDARD_FONTS,
  ): Promise<{ doc: PDFDocument; w: Writer }> {
    const doc = await PDFDocument.create();
    doc.setTitle(title);
    doc.setCreator('Tranche');
    doc.setProducer('Tranche');
    doc.setCreationDate(createdAt);
    doc.setModificationDate(createdAt);
    const { regular, bold } = await fonts(doc);
    return { doc, w: new Writer(doc, regular, bold) };
  }

  /**
   * Bold in a font of one weight: the glyphs are filled and their outlines stroked in the same colour
   * (text rendering mode 2) with a pen of 6% of the size, which thickens every stem evenly about as
   * much as a bold cut does, and leaves the text selectable and searchable, unlike drawing it twice.
   * A line that needs a new page gets it first (`room`), so the state is saved and restored on one page.
   */
  private drawn(bold: boolean | undefined, color: Color, size: number, draw: () => void, room = 0) {
    if (!bold || this.bold !== this.regular) return draw();
    this.ensure(room);
    this.page.pushOperators(
      pushGraphicsState(),
      setTextRenderingMode(TextRenderingMode.FillAndOutline),
      setLineWidth(size * 0.06),
      setLineCap(LineCapStyle.Round),
      setStrokingColor(color),
    );
    draw();
    this.page.pushOperators(popGraphicsState());
  }

  /**
   * Text wrapped at the page width: on spaces between words, and between any two Han characters
   * (Chinese has no spaces), except that closing punctuation never starts a line.
   */
  text(raw: string, opts: { size?: number; bold?: boolean; muted?: boolean } = {}) {
    const size = opts.size ?? 10;
    const font = opts.bold ? this.bold : this.regular;
    const width = this.width;
    let line = '';
    const color = opts.muted ? MUTED : INK;
    const flush = () => {
      const shown = line.trimEnd();
      const lead = size * 1.45;
      this.drawn(opts.bold, color, size, () => this.line(shown, { size, font, color, lead }), lead);
      line = '';
    };
    for (const token of breakable(this.encode(font, raw))) {
      const next = line + token;
      const fits = font.widthOfTextAtSize(next.trimEnd(), size) <= width;
      if (fits || !line.trim() || CLOSING.test(token)) line = next;
      else {
        flush();
        line = token.trimStart();
      }
    }
    if (line.trim()) flush();
  }

  /** A label on the left and a value right-aligned, for the amounts table. */
  row(label: string, value: string, opts: { bold?: boolean } = {}) {
    const size = 10;
    const font = opts.bold ? this.bold : this.regular;
    const shownLabel = this.encode(font, label);
    const lead = size * 1.6;
    this.drawn(opts.bold, INK, size, () => this.line(shownLabel, { size, font, color: INK, lead }), lead);
    const shown = this.encode(font, value);
    const x = A4[0] - LAYOUT.margin - font.widthOfTextAtSize(shown, size);
    this.drawn(opts.bold, INK, size, () => this.page.drawText(shown, { x, y: this.y, size, font, color: INK }));
  }
}

/** The notice's file name: fund-neutral, ids only, so it never carries a name outside ASCII. */
export const noticeFileName = (f: Pick<NoticeFacts, 'callNumber' | 'callId'>) =>
  `capital-call-notice-${f.callNumber}-${f.callId}.pdf`;

/** The notice as a PDF in `style.lang` (English by default) with `style.fonts` (the standard fonts by default). */
export const drawNotice = async (f: NoticeFacts, createdAt: Date, style: PdfStyle = {}): Promise<RenderedPdf> => {
  const lang = style.lang ?? 'en';
  const t = NOTICE_WORDS[lang];
  const { doc, w } = await Writer.open(t.docTitle(f.callNumber), createdAt, style.fonts);
  const money = (amount: string) => `${f.currency} ${grouped(amount)}`;
  const date = (iso: string) => printedDate(lang, iso);

  w.text(t.title, { size: 18, bold: true });
  w.text(f.fund, { size: 12, bold: true });
  w.gap(6);
  w.row(t.investor, f.investorName);
  w.row(t.callNumber, String(f.callNumber));
  w.row(t.noticeDate, date(f.issuedOn));
  w.row(t.dueDate, date(f.dueDate), { bold: true });
  w.row(t.reference, f.reference);
  if (f.purpose) {
    w.gap(4);
    w.text(t.purpose(f.purpose));
  }

  w.gap(10);
  w.text(t.thisNotice, { size: 12, bold: true });
  w.rule();
  w.row(t.investment, money(f.items.investment));
  w.row(t.managementFee, money(f.items.managementFee));
  w.row(t.expenses, money(f.items.expenses));
  w.rule();
  w.row(t.totalDue, money(f.amount), { bold: true });

  w.gap(10);
  w.text(t.yourCommitment, { size: 12, bold: true });
  w.rule();
  w.row(t.commitment, money(f.commitment));
  w.row(t.calledBefore, money(f.calledBefore));
  w.row(t.calledAfter, money(f.calledAfter));
  w.row(t.remainingAfter, money(f.remainingAfter), { bold: true });

  w.gap(10);
  w.text(t.howToPay, { size: 12, bold: true });
  w.rule();
  if (f.payTo) {
    w.text(t.payToAccount(money(f.amount), date(f.dueDate)));
    w.gap(4);
    const a = f.payTo;
    w.row(t.bank, a.bankName);
    w.row(t.accountName, a.accountName);
    if (a.iban) w.row('IBAN', printedIban(a.iban));
    if (a.accountNumber) w.row(t.accountNumber, a.accountNumber);
    w.row('SWIFT/BIC', a.swiftBic);
    if (a.routingNumber) w.row(t.routingNumber, a.routingNumber);
    w.row(t.currency, a.currency);
    w.row(t.reference, f.reference, { bold: true });
    if (a.bankAddress) w.text(t.bankAddress(a.bankAddress.split('\n')));
  } else {
    w.text(t.payInPortal(money(f.amount), date(f.dueDate), f.reference));
  }
  if (f.ira) {
    w.gap(4);
    w.text(t.ira);
  }
  w.gap(6);
  w.text(t.warning, { muted: true });
  await doc.attach(new TextEncoder().encode(JSON.stringify(f, null, 2)), NOTICE_ATTACHMENT, {
    mimeType: 'application/json',
    description: 'The notice facts exactly, in UTF-8 (names in any script)',
    creationDate: createdAt,
    modificationDate: createdAt,
  });
  const lossy = w.lossy;
  if (lossy) {
    w.gap(6);
    w.text(t.approximated(NOTICE_ATTACHMENT), { muted: true });
  }
  return { bytes: await doc.save({ useObjectStreams: true }), lossy };
};

export const renderNoticePdf = async (f: NoticeFacts, createdAt: Date, style: PdfStyle = {}): Promise<Uint8Array> =>
  (await drawNotice(f, createdAt, style)).bytes;
