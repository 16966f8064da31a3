import type { DomainEvent } from '@tranche/shared/events/catalogue';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import type { Consumer } from '../events/consumer.js';
import { createQueueDispatcher } from '../events/delivery.js';
import { renderContractNote } from './contract-note-documents.js';
import { renderNotice } from './notice-documents.js';

/**
 * The notice worker (WORKERS `moneyNotices`): fed through its own queue by the shared dispatcher with
 * CAPITAL_CALL_ISSUED (one per investor's notice) and CONTRACT_NOTE_ISSUED (one per open-ended order
 * dealt: its contract note PDF), because rendering a PDF needs pdf-lib (~500 KB
 * minified), which fits neither an API handler (400 KB) nor a dispatcher that loads for every event.
 * It draws with the standard fonts; a document they cannot draw (a zh-CN investor's, a name outside
 * WinAnsi) it hands to the CJK worker (notice-cjk-worker.ts) instead.
 */
const systemActor = (e: DomainEvent): Actor => ({
  tenantId: e.tenantId,
  userId: 'SYSTEM',
  requestId: e.requestId,
  at: clock.nowIso(),
});

export const MONEY_NOTICE_CONSUMERS: readonly Consumer[] = [
  {
    name: 'callNoticePdf',
    // CALL_NOTICE_PDF_REQUESTED: the operator's backfill, for a notice issued before this worker existed.
    on: ['CAPITAL_CALL_ISSUED', 'CALL_NOTICE_PDF_REQUESTED'],
    // Idempotent by the NOTICEPDF# record (written once, after the upload).
    effect: async (e, once) => {
      const callId = e.payload.callId;
      const subscriptionId = e.payload.refId;
      if (typeof callId !== 'string' || typeof subscriptionId !== 'string') return;
      await once('', () => renderNotice(systemActor(e), callId, subscriptionId));
    },
  },
  {
    name: 'contractNotePdf',
    on: ['CONTRACT_NOTE_ISSUED'],
    // Idempotent by the contract note's PDF record (pattern 54a, written once, after the upload).
    effect: async (e, once) => {
      const contractNoteId = e.payload.contractNoteId;
      const subscriptionId = e.payload.refId;
      if (typeof contractNoteId !== 'string' || typeof subscriptionId !== 'string') return;
      await once('', () => renderContractNote(systemActor(e), subscriptionId, contractNoteId));
    },
  },
];

export const handler = createQueueDispatcher({ consumers: MONEY_NOTICE_CONSUMERS });
