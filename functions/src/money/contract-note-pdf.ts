import type { ContractNote } from '@tranche/shared/money/money.schema';
import { grouped, Writer } from './notice-pdf.js';

/**
 * An open-ended order's contract note as a PDF (docs/money.md "Contract note PDF"), rendered by the
 * notice worker like the call notice (same writer, standard fonts, English; the exact facts attached
 * as contract-note.json in UTF-8 for a name outside WinAnsi): who dealt what, on which dealing date at
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

export const renderContractNotePdf = async ({ note, investorName, shareClassName }: ContractNoteFacts) => {
  const createdAt = new Date(note.createdAt);
  const { doc, w } = await Writer.open(`Contract note ${note.contractNoteId}`, createdAt);
  const money = (amount: string) => `${note.currency} ${grouped(amount)}`;

  w.text('Contract Note', { size: 18, bold: true });
  w.text(note.fund, { size: 12, bold: true });
  if (shareClassName) w.text(shareClassName, { muted: true });
  w.gap(6);
  w.row('Investor', investorName);
  w.row('Contract note', note.contractNoteId);
  w.row('Investment', note.subscriptionId);
  w.row('Order date', note.orderDate);
  w.row('Dealing date', note.dealingDate, { bold: true });
  w.row('NAV date', note.navDate);
  w.row('NAV per unit', money(note.navPerUnit));

  w.gap(10);
  w.text('Subscription', { size: 12, bold: true });
  w.rule();
  w.row('Gross amount', money(note.gross));
  const rate =
    note.feeType === 'PERCENTAGE' && note.feeRate
      ? ` (${note.feeRate}%)`
      : note.feeType === 'FIXED' && note.feeRate
        ? ' (fixed)'
        : '';
  w.row(`Subscription fee${rate}`, money(note.fee));
  w.rule();
  w.row('Net amount invested', money(note.net), { bold: true });
  w.row('Units issued', figure(note.units), { bold: true });

  w.gap(10);
  w.text(
    `Units are issued at the NAV per unit of ${note.navDate}, the first NAV on or after the dealing date (forward pricing), and rounded down to 6 decimals: no unit is issued that was not paid for.`,
    { muted: true },
  );
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
  if (w.lossy) {
    w.gap(6);
    w.text(`Some names are shown approximately; the exact text is attached as ${CONTRACT_NOTE_ATTACHMENT}.`, {
      muted: true,
    });
  }
  return doc.save({ useObjectStreams: true });
};
