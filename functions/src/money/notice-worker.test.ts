import { WORKERS } from '@tranche/shared/infra/workers';
import type { LedgerEntry } from '@tranche/shared/money/ledger';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { positionAtCall } from './notice-documents.js';
import { type NoticeFacts, noticeFileName, renderNoticePdf } from './notice-pdf.js';
import { MONEY_NOTICE_CONSUMERS } from './notice-worker.js';

const entry = (
  seq: number,
  kind: LedgerEntry['kind'],
  amount: string,
  more: Partial<LedgerEntry> = {},
): LedgerEntry => ({
  id: `e${seq}`,
  seq,
  kind,
  amount,
  currency: 'USD',
  investorId: 'lp',
  subscriptionId: 's1',
  productId: 'p1',
  shareClassId: 'c1',
  effectiveDate: '2026-01-02',
  ...more,
});

describe('the notice worker', () => {
  it('is handed exactly the events its consumers listen to', () => {
    const worker = WORKERS.find((w) => w.name === 'moneyNotices');
    expect(worker?.trigger.kind === 'eventQueue' && [...worker.trigger.events].sort()).toEqual(
      [...new Set(MONEY_NOTICE_CONSUMERS.flatMap((c) => c.on))].sort(),
    );
  });
});

describe('positionAtCall', () => {
  it("numbers the investor's calls (reversed ones left out) and gives the position around this one", () => {
    const entries = [
      entry(1, 'COMMITMENT', '1000000.00'),
      entry(2, 'CALL', '100000.00', { callId: 'a' }),
      entry(3, 'CALL', '50000.00', { callId: 'x' }),
      entry(4, 'CALL', '50000.00', { callId: 'x', reverses: 'e3' }),
      entry(5, 'CALL', '200000.00', { callId: 'b' }),
      entry(6, 'CALL', '10.00', { callId: 'c' }),
    ];
    expect(positionAtCall(entries, 'b', 'USD')).toEqual({
      callNumber: 2,
      commitment: '1000000.00',
      calledBefore: '100000.00',
      calledAfter: '300000.00',
      remainingAfter: '700000.00',
    });
    expect(positionAtCall(entries, 'x', 'USD')).toBeUndefined();
  });
});

describe('renderNoticePdf', () => {
  const facts: NoticeFacts = {
    fund: 'Alpine Growth Fund II',
    investorName: '张伟 (Wei Zhang)',
    callId: '01JCALL',
    subscriptionId: '01JSUB',
    callNumber: 3,
    currency: 'USD',
    issuedOn: '2026-11-24',
    dueDate: '2026-12-08',
    purpose: 'Acquisition of Project Edelweiss',
    items: { investment: '500000.05', managementFee: '12500.00', expenses: '1000.00' },
    amount: '513500.05',
    commitment: '5000000.00',
    calledBefore: '1000000.00',
    calledAfter: '1513500.05',
    remainingAfter: '3486499.95',
    ira: true,
  };

  it('renders a one-page A4 PDF with its title, and names itself by ids only', async () => {
    const bytes = await renderNoticePdf(facts, new Date('2026-11-24T00:00:00Z'));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Capital call notice 3');
    expect(noticeFileName(facts)).toBe('capital-call-notice-3-01JCALL.pdf');
  });
});

describe('the notice object key', () => {
  it('is under the data-room pattern the worker and the route are granted', async () => {
    const { DATA_ROOM_KEYS } = await import('@tranche/shared/infra/data-room');
    const { noticeObjectKey } = await import('./notice-object-keys.js');
    const pattern = new RegExp(`^${DATA_ROOM_KEYS.callNotices.replace(/\*/g, '.*')}$`);
    expect(pattern.test(noticeObjectKey('01TENANT', '01CALL', '01SUB'))).toBe(true);
  });
});
