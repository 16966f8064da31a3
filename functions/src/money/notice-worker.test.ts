import { WORKERS } from '@tranche/shared/infra/workers';
import { noticeReference } from '@tranche/shared/money/fund-bank';
import { ledgerEntry as entry } from '@tranche/shared/money/ledger-fixtures';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { positionAtCall } from './notice-documents.js';
import { type NoticeFacts, noticeFileName, renderNoticePdf } from './notice-pdf.js';
import { MONEY_NOTICE_CONSUMERS } from './notice-worker.js';

/** A USD notice of 513,500.05 (investment, fee and expenses) on a commitment of 5,000,000; `over` changes it. */
const noticeFacts = (over: Partial<NoticeFacts>): NoticeFacts => ({
  fund: 'Alpine Growth Fund II',
  investorName: 'Wei Zhang',
  callId: '01JCALL',
  subscriptionId: '01JSUB',
  callNumber: 1,
  currency: 'USD',
  issuedOn: '2026-11-24',
  dueDate: '2026-12-08',
  items: { investment: '500000.05', managementFee: '12500.00', expenses: '1000.00' },
  amount: '513500.05',
  commitment: '5000000.00',
  calledBefore: '1000000.00',
  calledAfter: '1513500.05',
  remainingAfter: '3486499.95',
  ira: false,
  reference: noticeReference('01JCALL', '01JSUB'),
  ...over,
});

/** A contract note of a 100,000 USD order in `fund`, 2 % fee, dealt at 12.000000. */
const contractNote = (fund: string) => ({
  contractNoteId: '01JNOTE',
  subscriptionId: '01JSUB',
  investorId: 'lp',
  productId: '01JPRODUCT',
  shareClassId: '01JCLASS',
  fund,
  currency: 'USD' as const,
  orderDate: '2026-10-05',
  dealingDate: '2026-10-31',
  navDate: '2026-10-31',
  navPerUnit: '12.000000',
  gross: '100000.00',
  fee: '2000.00',
  feeType: 'PERCENTAGE' as const,
  feeRate: '2',
  net: '98000.00',
  units: '8166.666666',
  createdAt: '2026-11-02T09:00:00.000Z',
});

describe('the notice worker', () => {
  it('is handed exactly the events its consumers listen to', () => {
    const worker = WORKERS.find((w) => w.name === 'moneyNotices');
    expect(worker?.trigger.kind === 'eventQueue' && [...worker.trigger.events].sort()).toEqual(
      [...new Set(MONEY_NOTICE_CONSUMERS.flatMap((c) => c.on))].sort(),
    );
  });
});

describe('the CJK worker', () => {
  it('is handed exactly the events its consumers listen to', async () => {
    const { MONEY_NOTICE_CJK_CONSUMERS } = await import('./notice-cjk-worker.js');
    const worker = WORKERS.find((w) => w.name === 'moneyNoticesCjk');
    expect(worker?.trigger.kind === 'eventQueue' && [...worker.trigger.events].sort()).toEqual(
      [...new Set(MONEY_NOTICE_CJK_CONSUMERS.flatMap((c) => c.on))].sort(),
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
  const facts = noticeFacts({
    fund: 'Alpine Growth Fund II',
    investorName: '张伟 (Wei Zhang)',
    callNumber: 3,
    purpose: 'Acquisition of Project Edelweiss',
    ira: true,
  });

  it('renders a one-page A4 PDF with its title, and names itself by ids only', async () => {
    const bytes = await renderNoticePdf(facts, new Date('2026-11-24T00:00:00Z'));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Capital call notice 3');
    expect(noticeFileName(facts)).toBe('capital-call-notice-3-01JCALL.pdf');
  });
});

describe("the notice's bank details", () => {
  const base = noticeFacts({
    fund: 'Alpine Growth Fund II',
    investorName: 'Wei Zhang',
    callNumber: 1,
    currency: 'EUR',
    items: { investment: '1000.00', managementFee: '0.00', expenses: '0.00' },
    amount: '1000.00',
    commitment: '10000.00',
    calledBefore: '0.00',
    calledAfter: '1000.00',
    remainingAfter: '9000.00',
  });

  it("prints the fund's account in the call's currency with the reference, and the warning", async () => {
    const { pdfText } = await import('../../../test/support/pdf-text.js');
    const text = pdfText(
      await renderNoticePdf(
        {
          ...base,
          payTo: {
            currency: 'EUR',
            bankName: 'Alpine Bank AG',
            accountName: 'Alpine Growth Fund II SCSp',
            iban: 'DE89370400440532013000',
            swiftBic: 'COBADEFFXXX',
          },
        },
        new Date('2026-11-24T00:00:00Z'),
      ),
    );
    expect(text).toContain('Alpine Bank AG');
    expect(text).toContain('Alpine Growth Fund II SCSp');
    expect(text).toContain('DE89 3704 0044 0532 0130 00');
    expect(text).toContain('COBADEFFXXX');
    expect(text).toContain('CC-01JCALL-01JSUB');
    expect(text).toContain('Check these details against the portal');
  });

  it('points to the portal when the fund has no account in that currency', async () => {
    const { pdfText } = await import('../../../test/support/pdf-text.js');
    const text = pdfText(await renderNoticePdf(base, new Date('2026-11-24T00:00:00Z')));
    expect(text).toContain('shown in the investor portal');
    expect(text).not.toContain('SWIFT/BIC');
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

describe('renderContractNotePdf', () => {
  it('states the deal: dealing date, NAV, gross, fee with its rate, net and units, named by ids only', async () => {
    const { renderContractNotePdf, contractNoteFileName } = await import('./contract-note-pdf.js');
    const { pdfText } = await import('../../../test/support/pdf-text.js');
    const note = contractNote('Harbour Income Fund');
    const bytes = await renderContractNotePdf({ note, investorName: 'Bianca Investor' });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Contract note 01JNOTE');
    const text = pdfText(bytes);
    for (const shown of [
      'Contract Note',
      'Harbour Income Fund',
      'Bianca Investor',
      '2026-10-31',
      'USD 12.000000',
      'USD 100,000.00',
      'Subscription fee (2%)',
      'USD 2,000.00',
      'USD 98,000.00',
      '8,166.666666',
    ])
      expect(text, shown).toContain(shown);
    expect(contractNoteFileName(note)).toBe('contract-note-01JNOTE.pdf');
  });
});

describe('notices and contract notes in Chinese (the CJK worker)', () => {
  const facts = noticeFacts({
    fund: '华夏成长二期基金',
    investorName: '张伟',
    callNumber: 2,
    purpose: '收购项目',
    payTo: {
      currency: 'USD',
      bankName: '招商银行香港分行',
      accountName: '华夏成长二期基金有限合伙',
      accountNumber: '123456789',
      swiftBic: 'CMBCHKHH',
    },
  });
  const createdAt = new Date('2026-11-24T00:00:00Z');

  it('draws a zh-CN notice in Chinese with the Chinese fund, investor and bank names, which a reader reads back', async () => {
    const { drawNotice } = await import('./notice-pdf.js');
    const { CJK_FONTS } = await import('./notice-cjk-font.js');
    const { pdftotext } = await import('../../../test/support/pdf-text.js');
    const drawn = await drawNotice(facts, createdAt, { lang: 'zh-CN', fonts: CJK_FONTS });
    expect(drawn.lossy).toBe(false);
    const doc = await PDFDocument.load(drawn.bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('第 2 次资本催缴通知书');
    const text = await pdftotext(drawn.bytes);
    for (const shown of [
      '资本催缴通知书',
      '华夏成长二期基金',
      '投资者 张伟',
      '付款截止日期 2026年12月8日',
      '应付总额 USD 513,500.05',
      '本次催缴后剩余认缴承诺 USD 3,486,499.95',
      '招商银行香港分行',
      '华夏成长二期基金有限合伙',
      'CC-01JCALL-01JSUB',
      '付款方式',
    ])
      expect(text, shown).toContain(shown);
    expect(text).not.toContain('Capital Call Notice');
    expect(text).not.toContain('?');
  }, 30_000);

  it('cannot draw a Chinese name in the standard fonts: it says so, and the CJK font draws the English notice exactly', async () => {
    const { drawNotice } = await import('./notice-pdf.js');
    const { CJK_FONTS } = await import('./notice-cjk-font.js');
    const { pdftotext } = await import('../../../test/support/pdf-text.js');
    const english = { ...facts, fund: 'Alpine Growth Fund II', payTo: undefined, investorName: '张伟 (Wei Zhang)' };
    expect((await drawNotice(english, createdAt)).lossy).toBe(true);
    const drawn = await drawNotice(english, createdAt, { fonts: CJK_FONTS });
    expect(drawn.lossy).toBe(false);
    const text = await pdftotext(drawn.bytes);
    expect(text).toContain('Capital Call Notice');
    expect(text).toContain('Investor 张伟 (Wei Zhang)');
    expect(text).toContain('Due date 2026-12-08');
    expect(text).not.toContain('shown approximately');
  }, 30_000);

  it('draws a zh-CN contract note in Chinese', async () => {
    const { drawContractNote } = await import('./contract-note-pdf.js');
    const { CJK_FONTS } = await import('./notice-cjk-font.js');
    const { pdftotext } = await import('../../../test/support/pdf-text.js');
    const note = contractNote('港湾收益基金');
    const drawn = await drawContractNote({ note, investorName: '李娜' }, { lang: 'zh-CN', fonts: CJK_FONTS });
    expect(drawn.lossy).toBe(false);
    const text = await pdftotext(drawn.bytes);
    for (const shown of [
      '成交确认书',
      '港湾收益基金',
      '投资者 李娜',
      '交易日 2026年10月31日',
      '认购费（2%） USD 2,000.00',
      '净投资额 USD 98,000.00',
      '发行份额 8,166.666666',
    ])
      expect(text, shown).toContain(shown);
  }, 30_000);

  it('is where the notice worker sends a zh-CN document, or one its standard fonts drew lossy', async () => {
    const { drawnOrHandedOver } = await import('./notice-documents.js');
    const { STANDARD_FONTS } = await import('./notice-pdf.js');
    const bytes = new Uint8Array([1]);
    const drawn: string[] = [];
    const draw = (lossy: boolean) => async (fonts: unknown) => {
      drawn.push(fonts ? 'given' : 'standard');
      return { bytes, lossy };
    };
    expect(await drawnOrHandedOver('zh-CN', undefined, draw(false))).toBeUndefined();
    expect(drawn).toEqual([]); // not drawn at all: the CJK worker draws it in Chinese
    expect(await drawnOrHandedOver('en', undefined, draw(true))).toBeUndefined();
    expect(await drawnOrHandedOver('en', undefined, draw(false))).toBe(bytes);
    // The CJK worker keeps what its font drew, lossy or not (the attachment holds the exact text).
    expect(await drawnOrHandedOver('zh-CN', STANDARD_FONTS, draw(true))).toBe(bytes);
    expect(drawn).toEqual(['standard', 'standard', 'given']);
  });

  it('reads the font the bundling step copies, under the same name', async () => {
    const step = await import('../../../cdk/lib/constructs/cjk-font-asset.mjs');
    const { CJK_FONT_ASSET, CJK_FONT_SOURCE } = await import('./notice-cjk-font.js');
    expect(step.CJK_FONT_ASSET).toBe(CJK_FONT_ASSET);
    expect(step.CJK_FONT_SOURCE).toBe(CJK_FONT_SOURCE);
  });

  it('copies the font beside a bundle that names it, nowhere else, and stops the synthesis when it is missing', async () => {
    const { addCjkFontAsset, CJK_FONT_ASSET } = await import('../../../cdk/lib/constructs/cjk-font-asset.mjs');
    const { existsSync, mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'tranche-cjk-asset-'));
    try {
      writeFileSync(join(dir, 'index.mjs'), 'export const handler = () => 1;');
      expect(addCjkFontAsset(dir)).toBe(false);
      expect(existsSync(join(dir, CJK_FONT_ASSET))).toBe(false);
      writeFileSync(join(dir, 'index.mjs'), `const font = "./${CJK_FONT_ASSET}";`);
      expect(() => addCjkFontAsset(dir, join(dir, 'absent.ttc'))).toThrow(/apt-get install fonts-wqy-microhei/);
      const source = join(dir, 'font.ttc');
      writeFileSync(source, 'ttcf');
      expect(addCjkFontAsset(dir, source)).toBe(true);
      expect(existsSync(join(dir, CJK_FONT_ASSET))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('wraps Chinese text between characters, never before closing punctuation', async () => {
    const { breakable } = await import('./notice-pdf.js');
    expect(breakable('请于 2026年12月8日 前支付。Pay now')).toEqual([
      '请',
      '于',
      ' ',
      '2026',
      '年',
      '12',
      '月',
      '8',
      '日',
      ' ',
      '前',
      '支',
      '付',
      '。',
      'Pay ',
      'now',
    ]);
  });
});
