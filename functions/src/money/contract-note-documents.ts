import { Readable } from 'node:stream';
import type { Actor } from '#lib/audit';
import { uploadStream } from '#lib/aws/s3';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { commit } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { readNote } from './contract-note-link.js';
import { contractNoteFileName, drawContractNote } from './contract-note-pdf.js';
import { drawnOrHandedOver, handOverToCjk, investorOf } from './notice-documents.js';
import { contractNoteObjectKey } from './notice-object-keys.js';
import type { PdfFonts } from './notice-pdf.js';

/**
 * A contract note's PDF (docs/money.md "Contract note PDF"; keys.ts pattern 54a): rendered by the
 * notice worker on CONTRACT_NOTE_ISSUED from the stored note, put in the data-room bucket beside the
 * call notices, and recorded once stored, which is what the download route looks for. Idempotent like
 * the notice: a recorded PDF is not rendered again; a crash between upload and record renders it again
 * onto the same key. In the investor's language; one the standard fonts cannot draw goes to the CJK
 * worker like a notice (notice-documents.ts `drawnOrHandedOver`).
 */

export const renderContractNote = async (
  actor: Actor,
  subscriptionId: string,
  contractNoteId: string,
  fonts?: PdfFonts,
) => {
  const pdfKey = keys.contractNotePdf(actor.tenantId, contractNoteId);
  const done = await db.send(new GetCommand({ TableName: tableName(), Key: pdfKey, ConsistentRead: true }));
  if (done.Item) return;
  const note = await readNote(actor.tenantId, subscriptionId, contractNoteId);
  if (!note) return;
  const investor = await investorOf(actor.tenantId, note.investorId);
  const bytes = await drawnOrHandedOver(investor.lang, fonts, (f) =>
    drawContractNote({ note, investorName: investor.name }, { lang: investor.lang, ...(f ? { fonts: f } : {}) }),
  );
  if (!bytes) return handOverToCjk(actor, { document: 'CONTRACT_NOTE', subscriptionId, contractNoteId });
  const objectKey = contractNoteObjectKey(actor.tenantId, contractNoteId);
  await uploadStream(objectKey, Readable.from([Buffer.from(bytes)]), 'application/pdf');
  await commit(actor, {
    steps: [
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...pdfKey,
              type: 'CONTRACT_NOTE_PDF',
              contractNoteId,
              subscriptionId,
              investorId: note.investorId,
              productId: note.productId,
              objectKey,
              fileName: contractNoteFileName(note),
              bytes: bytes.byteLength,
              renderedAt: actor.at,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      },
    ],
    events: [],
    result: undefined,
  });
};
