import { type FundBankAccount, printedIban } from '@tranche/shared/money/fund-bank';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import { A4, type PageLayout, PageWriter } from '../_lib/pdf/page-writer.js';

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
 * In English with the standard fonts only (like the signing audit page, functions/src/signing/seal/
 * text.ts): no font file in the worker. A name outside WinAnsi prints approximated ("?") and the exact
 * facts travel attached as notice.json (UTF-8), so nothing is lost. A Chinese text of the notice needs
 * an embedded CJK font (docs/money.md "What is left").
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

/** The notice's writer (the contract note's too): text wrapped on spaces, amounts right-aligned against the margin. */
export class Writer extends PageWriter {
  constructor(doc: PDFDocument, regular: PDFFont, bold: PDFFont) {
    super(doc, regular, bold, LAYOUT);
  }

  /** A new document with its title and dates (the creation time, so a render is reproducible) and its writer. */
  static async open(title: string, createdAt: Date): Promise<{ doc: PDFDocument; w: Writer }> {
    const doc = await PDFDocument.create();
    doc.setTitle(title);
    doc.setCreator('Tranche');
    doc.setProducer('Tranche');
    doc.setCreationDate(createdAt);
    doc.setModificationDate(createdAt);
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    return { doc, w: new Writer(doc, regular, bold) };
  }

  /** Text wrapped at the page width on spaces. */
  text(raw: string, opts: { size?: number; bold?: boolean; muted?: boolean } = {}) {
    const size = opts.size ?? 10;
    const font = opts.bold ? this.bold : this.regular;
    const width = this.width;
    const words = this.encode(font, raw).split(' ');
    let line = '';
    const flush = () => {
      this.line(line, { size, font, color: opts.muted ? MUTED : INK, lead: size * 1.45 });
      line = '';
    };
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        flush();
        line = word;
      } else line = next;
    }
    if (line) flush();
  }

  /** A label on the left and a value right-aligned, for the amounts table. */
  row(label: string, value: string, opts: { bold?: boolean } = {}) {
    const size = 10;
    const font = opts.bold ? this.bold : this.regular;
    this.line(this.encode(font, label), { size, font, color: INK, lead: size * 1.6 });
    const shown = this.encode(font, value);
    const x = A4[0] - LAYOUT.margin - font.widthOfTextAtSize(shown, size);
    this.page.drawText(shown, { x, y: this.y, size, font, color: INK });
  }
}

/** The notice's file name: fund-neutral, ids only, so it never carries a name outside ASCII. */
export const noticeFileName = (f: Pick<NoticeFacts, 'callNumber' | 'callId'>) =>
  `capital-call-notice-${f.callNumber}-${f.callId}.pdf`;

export const renderNoticePdf = async (f: NoticeFacts, createdAt: Date): Promise<Uint8Array> => {
  const { doc, w } = await Writer.open(`Capital call notice ${f.callNumber}`, createdAt);
  const money = (amount: string) => `${f.currency} ${grouped(amount)}`;

  w.text('Capital Call Notice', { size: 18, bold: true });
  w.text(f.fund, { size: 12, bold: true });
  w.gap(6);
  w.row('Investor', f.investorName);
  w.row('Call number', String(f.callNumber));
  w.row('Notice date', f.issuedOn);
  w.row('Due date', f.dueDate, { bold: true });
  w.row('Reference', f.reference);
  if (f.purpose) {
    w.gap(4);
    w.text(`Purpose: ${f.purpose}`);
  }

  w.gap(10);
  w.text('This notice', { size: 12, bold: true });
  w.rule();
  w.row('Investment', money(f.items.investment));
  w.row('Management fee', money(f.items.managementFee));
  w.row('Fund expenses', money(f.items.expenses));
  w.rule();
  w.row('Total due', money(f.amount), { bold: true });

  w.gap(10);
  w.text('Your commitment', { size: 12, bold: true });
  w.rule();
  w.row('Commitment', money(f.commitment));
  w.row('Called before this notice', money(f.calledBefore));
  w.row('Called including this notice', money(f.calledAfter));
  w.row('Remaining commitment after this notice', money(f.remainingAfter), { bold: true });

  w.gap(10);
  w.text('How to pay', { size: 12, bold: true });
  w.rule();
  if (f.payTo) {
    w.text(`Pay ${money(f.amount)} by ${f.dueDate} to the fund's account below, quoting the reference.`);
    w.gap(4);
    const a = f.payTo;
    w.row('Bank', a.bankName);
    w.row('Account name', a.accountName);
    if (a.iban) w.row('IBAN', printedIban(a.iban));
    if (a.accountNumber) w.row('Account number', a.accountNumber);
    w.row('SWIFT/BIC', a.swiftBic);
    if (a.routingNumber) w.row('ABA routing number', a.routingNumber);
    w.row('Currency', a.currency);
    w.row('Reference', f.reference, { bold: true });
    if (a.bankAddress) w.text(`Bank address: ${a.bankAddress.replace(/\n/g, ', ')}`);
  } else {
    w.text(
      `Pay ${money(f.amount)} by ${f.dueDate}. The fund's payment instructions are shown in the investor portal, on this capital call. Quote the reference ${f.reference} with your transfer.`,
    );
  }
  if (f.ira) {
    w.gap(4);
    w.text(
      'This investment is held through your IRA: instruct your custodian to send the payment. Transfers from a custodian usually take 5 business days to clear, so instruct it early.',
    );
  }
  w.gap(6);
  w.text(
    'Check these details against the portal before you pay, and never act on bank details received by email: if anything differs from what the portal shows, contact the fund before you pay.',
    { muted: true },
  );
  await doc.attach(new TextEncoder().encode(JSON.stringify(f, null, 2)), NOTICE_ATTACHMENT, {
    mimeType: 'application/json',
    description: 'The notice facts exactly, in UTF-8 (names in any script)',
    creationDate: createdAt,
    modificationDate: createdAt,
  });
  if (w.lossy) {
    w.gap(6);
    w.text(`Some names are shown approximately; the exact text is attached as ${NOTICE_ATTACHMENT}.`, {
      muted: true,
    });
  }
  return doc.save({ useObjectStreams: true });
};
