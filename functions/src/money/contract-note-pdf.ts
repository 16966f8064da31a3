import type { ContractNote } from '@tranche/shared/money/money.schema';
import { grouped, type PdfStyle, type RenderedPdf, Writer } from './notice-pdf.js';
import { CONTRACT_NOTE_WORDS, printedDate } from './notice-text.js';

/**
 * An open-ended order's contract note as a PDF (docs/money.md "Contract note PDF"), rendered like the
 * call notice (same writer; in the investor's language, with the standard fonts or, for Chinese, by
 * the CJK worker with an embedded font; the exact facts attached as contract-note.json in UTF-8 for
 * anything a font cannot draw): who dealt what, on which dealing date at
 * which NAV, the gross, the subscription fee (type and rate), the net invested and the units issued.
 */
export interface ContractNoteFacts {
  note: ContractNote;
  investorName: string;
  shareClassName?: string;
}

export const CONTRACT_NOTE_ATTACHMENT = 'contract-note.json';

/** Ids only, so the file name never carries a name outside ASCII. */
export const contractNoteFileName = (note: Pick<ContractNote, 'contractNoteId'>) =>
  `contract-note-${note.contractNoteId}.pdf`;

/** Units and prices to 6 decimals as stored, grouped like amounts. */
const figure = (value: string) => grouped(value);

/** The contract note as a PDF in `style.lang` (English by default) with `style.fonts` (the standard fonts by default). */
export const drawContractNote = async (
  { note, investorName, shareClassName }: ContractNoteFacts,
  style: PdfStyle = {},
): Promise<RenderedPdf> => {
  const lang = style.lang ?? 'en';
  const t = CONTRACT_NOTE_WORDS[lang];
  const createdAt = new Date(note.createdAt);
  const { doc, w } = await Writer.open(t.docTitle(note.contractNoteId), createdAt, style.fonts);
  const money = (amount: string) => `${note.currency} ${grouped(amount)}`;
  const date = (iso: string) => printedDate(lang, iso);

  w.text(t.title, { size: 18, bold: true });
  w.text(note.fund, { size: 12, bold: true });
  if (shareClassName) w.text(shareClassName, { muted: true });
  w.gap(6);
  w.row(t.investor, investorName);
  w.row(t.contractNote, note.contractNoteId);
  w.row(t.investment, note.subscriptionId);
  w.row(t.orderDate, date(note.orderDate));
  w.row(t.dealingDate, date(note.dealingDate), { bold: true });
  w.row(t.navDate, date(note.navDate));
  w.row(t.navPerUnit, money(note.navPerUnit));

  w.gap(10);
  w.text(t.subscription, { size: 12, bold: true });
  w.rule();
  w.row(t.gross, money(note.gross));
  const rate =
    note.feeType === 'PERCENTAGE' && note.feeRate
      ? { percent: note.feeRate }
      : note.feeType === 'FIXED' && note.feeRate
        ? ('fixed' as const)
        : undefined;
  w.row(t.fee(rate), money(note.fee));
  w.rule();
  w.row(t.net, money(note.net), { bold: true });
  w.row(t.units, figure(note.units), { bold: true });

  w.gap(10);
  w.text(t.pricing(date(note.navDate)), { muted: true });
  await doc.attach(
    new TextEncoder().encode(JSON.stringify({ ...note, investorName }, null, 2)),
    CONTRACT_NOTE_ATTACHMENT,
    {
      mimeType: 'application/json',
      description: 'The contract note exactly, in UTF-8 (names in any script)',
      creationDate: createdAt,
      modificationDate: createdAt,
    },
  );
  const lossy = w.lossy;
  if (lossy) {
    w.gap(6);
    w.text(t.approximated(CONTRACT_NOTE_ATTACHMENT), { muted: true });
  }
  return { bytes: await doc.save({ useObjectStreams: true }), lossy };
};

export const renderContractNotePdf = async (facts: ContractNoteFacts, style: PdfStyle = {}): Promise<Uint8Array> =>
  (await drawContractNote(facts, style)).bytes;
