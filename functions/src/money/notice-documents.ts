import { Readable } from 'node:stream';
import { DEFAULT_LANG, LANGS, type Lang } from '@tranche/shared/i18n/langs';
import { noticeReference } from '@tranche/shared/money/fund-bank';
import { balancesOf, type LedgerEntry } from '@tranche/shared/money/ledger';
import type { Actor } from '#lib/audit';
import { uploadStream } from '#lib/aws/s3';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { commit, event } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { readNotice } from './call.records.js';
import { fundAccountIn } from './fund-bank-details.js';
import { readInvestment, readLedger } from './investment.reads.js';
import { noticeObjectKey } from './notice-object-keys.js';
import { drawNotice, type NoticeFacts, noticeFileName, type PdfFonts, type RenderedPdf } from './notice-pdf.js';

/**
 * The notice worker's work (WORKERS `moneyNotices`, docs/money.md "Notices, currency, reversals"):
 * once an investor's notice is written (CAPITAL_CALL_ISSUED), its PDF is rendered from the notice and
 * the investment's ledger as they were at the call, stored in the data-room bucket, and recorded
 * beside the notice (pattern 51a), which is what the download route looks for. Idempotent: a notice
 * already recorded is not rendered again; a crash between the upload and the record renders it again
 * onto the same key.
 *
 * In the investor's language. The notice worker draws with the standard fonts; a document they cannot
 * draw (a zh-CN investor's, or a name outside WinAnsi) it hands to the CJK worker, which renders it
 * through this same function with its embedded font (docs/money.md "Notice and contract note PDFs in
 * Chinese").
 */

/** The investor as their documents name them, and the language their emails and documents are in. */
export const investorOf = async (tenantId: string, userId: string): Promise<{ name: string; lang: Lang }> => {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.user(tenantId, userId),
      ProjectionExpression: 'displayName, email, #language',
      ExpressionAttributeNames: { '#language': 'language' },
    }),
  );
  const lang = LANGS.find((l) => l === Item?.language) ?? DEFAULT_LANG;
  return { name: String(Item?.displayName || Item?.email || (lang === 'zh-CN' ? '投资者' : 'Investor')), lang };
};

/**
 * Draws a money document: with `fonts` when given (the CJK worker), else with the standard fonts
 * unless the language needs another font. Undefined when the standard fonts cannot draw it: the
 * caller hands it to the CJK worker (`handOverToCjk`) instead of storing an approximation.
 */
export const drawnOrHandedOver = async (
  lang: Lang,
  fonts: PdfFonts | undefined,
  draw: (fonts: PdfFonts | undefined) => Promise<RenderedPdf>,
): Promise<Uint8Array | undefined> => {
  if (fonts) return (await draw(fonts)).bytes;
  if (lang !== 'en') return undefined;
  const drawn = await draw(undefined);
  return drawn.lossy ? undefined : drawn.bytes;
};

/** The notice worker's hand-over to the CJK worker, as an event (the dispatcher feeds that worker's queue). */
export const handOverToCjk = (
  actor: Actor,
  payload:
    | { document: 'CALL_NOTICE'; subscriptionId: string; callId: string }
    | { document: 'CONTRACT_NOTE'; subscriptionId: string; contractNoteId: string },
) =>
  commit(actor, {
    steps: [],
    events: [event('MONEY_PDF_CJK_REQUESTED', payload.subscriptionId, payload)],
    result: undefined,
  });

/**
 * The notice's facts from the ledger: which of the investor's calls this is (CALL entries of other
 * calls before it, reversed ones left out), and the commitment position just before and just after
 * this call's CALL entry.
 */
export const positionAtCall = (entries: readonly LedgerEntry[], callId: string, currency: LedgerEntry['currency']) => {
  const reversed = new Set(entries.map((e) => e.reverses).filter((id): id is string => id !== undefined));
  const calls = entries.filter((e) => e.kind === 'CALL' && e.reverses === undefined && !reversed.has(e.id));
  const at = calls.findIndex((e) => e.callId === callId);
  if (at < 0) return undefined;
  const seq = (calls[at] as LedgerEntry).seq;
  const before = balancesOf(
    entries.filter((e) => e.seq < seq),
    currency,
  );
  const after = balancesOf(
    entries.filter((e) => e.seq <= seq),
    currency,
  );
  return {
    callNumber: at + 1,
    commitment: after.committed,
    calledBefore: before.called,
    calledAfter: after.called,
    remainingAfter: after.undrawn,
  };
};

export const renderNotice = async (
  actor: Actor,
  callId: string,
  subscriptionId: string,
  fonts?: PdfFonts,
): Promise<void> => {
  const pdfKey = keys.noticePdf(actor.tenantId, callId, subscriptionId);
  const done = await db.send(new GetCommand({ TableName: tableName(), Key: pdfKey, ConsistentRead: true }));
  if (done.Item) return;
  const [notice, inv, entries] = await Promise.all([
    readNotice(actor.tenantId, callId, subscriptionId),
    readInvestment(actor.tenantId, subscriptionId),
    readLedger(actor.tenantId, subscriptionId),
  ]);
  if (!notice || !inv) return;
  // The account as the fund has it when the notice is rendered (at issue): the PDF is a record of that.
  const payTo = await fundAccountIn(actor.tenantId, notice.productId, notice.currency);
  const position = positionAtCall(entries, callId, inv.currency);
  if (!position) return;
  const investor = await investorOf(actor.tenantId, notice.investorId);
  const facts: NoticeFacts = {
    fund: notice.fund,
    investorName: investor.name,
    callId,
    subscriptionId,
    callNumber: position.callNumber,
    currency: notice.currency,
    issuedOn: notice.issuedAt.slice(0, 10),
    dueDate: notice.dueDate,
    ...(notice.purpose ? { purpose: notice.purpose } : {}),
    items: notice.items,
    amount: notice.amount,
    commitment: position.commitment,
    calledBefore: position.calledBefore,
    calledAfter: position.calledAfter,
    remainingAfter: position.remainingAfter,
    ira: inv.accountKind === 'IRA',
    reference: noticeReference(callId, subscriptionId),
    ...(payTo ? { payTo } : {}),
  };
  const objectKey = noticeObjectKey(actor.tenantId, callId, subscriptionId);
  const bytes = await drawnOrHandedOver(investor.lang, fonts, (f) =>
    drawNotice(facts, new Date(notice.issuedAt), { lang: investor.lang, ...(f ? { fonts: f } : {}) }),
  );
  if (!bytes) return handOverToCjk(actor, { document: 'CALL_NOTICE', subscriptionId, callId });
  await uploadStream(objectKey, Readable.from([Buffer.from(bytes)]), 'application/pdf');
  await commit(actor, {
    steps: [
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...pdfKey,
              type: 'CALL_NOTICE_PDF',
              callId,
              subscriptionId,
              objectKey,
              fileName: noticeFileName(facts),
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
