import type { DomainEvent } from '@tranche/shared/events/catalogue';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import type { Consumer } from '../events/consumer.js';
import { createQueueDispatcher } from '../events/delivery.js';
import { renderContractNote } from './contract-note-documents.js';
import { CJK_FONTS } from './notice-cjk-font.js';
import { renderNotice } from './notice-documents.js';

/**
 * The CJK worker (WORKERS `moneyNoticesCjk`, docs/money.md "Notice and contract note PDFs in
 * Chinese"): renders the call notices and contract notes the notice worker handed over
 * (MONEY_PDF_CJK_REQUESTED) with an embedded CJK font, in the investor's language. A Lambda of its
 * own because fontkit (~740 KB minified) and the 5 MB font would more than double the notice
 * worker, which draws every English notice with the standard fonts.
 */
const systemActor = (e: DomainEvent): Actor => ({
  tenantId: e.tenantId,
  userId: 'SYSTEM',
  requestId: e.requestId,
  at: clock.nowIso(),
});

export const MONEY_NOTICE_CJK_CONSUMERS: readonly Consumer[] = [
  {
    name: 'cjkMoneyPdf',
    on: ['MONEY_PDF_CJK_REQUESTED'],
    // Idempotent by the document's PDF record, like the notice worker's consumers.
    effect: async (e, once) => {
      const { document, subscriptionId, callId, contractNoteId } = e.payload;
      if (typeof subscriptionId !== 'string') return;
      if (document === 'CALL_NOTICE' && typeof callId === 'string') {
        await once('', () => renderNotice(systemActor(e), callId, subscriptionId, CJK_FONTS));
      } else if (document === 'CONTRACT_NOTE' && typeof contractNoteId === 'string') {
        await once('', () => renderContractNote(systemActor(e), subscriptionId, contractNoteId, CJK_FONTS));
      }
    },
  },
];

export const handler = createQueueDispatcher({ consumers: MONEY_NOTICE_CJK_CONSUMERS });
