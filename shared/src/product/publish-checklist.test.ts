import { describe, expect, it } from 'vitest';
import {
  checklistBlockers,
  checklistWarnings,
  goLiveRefusal,
  type PublishCheckId,
  type PublishFacts,
  publishChecklist,
} from './publish-checklist.js';

/** A fund with everything a checklist asks for, in a portal offering English and Chinese, USD and EUR. */
const complete = (): PublishFacts => ({
  product: {
    name: { en: 'Harbour Growth Fund', 'zh-CN': '港湾成长基金' },
    summary: { en: 'Growth equity.', 'zh-CN': '成长期股权。' },
    description: { en: 'A diversified portfolio.', 'zh-CN': '多元化投资组合。' },
    fundType: 'CLOSE_ENDED',
    investmentPermission: 'ALLOW_INVESTMENT',
    openness: 'OPEN',
    currency: 'USD',
    minInvestment: '100000.00',
    closingDate: '2027-06-30',
    managementFee: { type: 'PERCENTAGE', display: 'FLAT', value: '2' },
  },
  shareClasses: [
    {
      name: { en: 'Class A', 'zh-CN': 'A类' },
      currency: 'USD',
      minInvestment: '100000',
      managementFee: { type: 'PERCENTAGE', display: 'FLAT', value: '2' },
      subscriptionFee: { type: 'PERCENTAGE', display: 'OTHER', note: { en: 'Negotiable', 'zh-CN': '可协商' } },
    },
  ],
  documents: [{ title: { en: 'Factsheet', 'zh-CN': '概况' }, kind: 'MARKETING', state: 'READY' }],
  folders: [{ name: { en: 'Investor pack', 'zh-CN': '投资者资料包' } }],
  contract: {
    terms: { en: 'Terms', 'zh-CN': '条款' },
    agreementDocumentId: '01J00000000000000000000000',
    requiresSignature: true,
  },
  tenant: { languages: ['en', 'zh-CN'], currencies: ['USD', 'EUR'] },
});

const failing = (facts: PublishFacts) =>
  publishChecklist(facts)
    .checks.filter((c) => !c.ok)
    .map((c) => c.id);
const checkOf = (facts: PublishFacts, id: PublishCheckId) => publishChecklist(facts).checks.find((c) => c.id === id);

describe('publishChecklist', () => {
  it('passes every check of a complete fund, and lets it go live without confirmation', () => {
    const list = publishChecklist(complete());
    expect(list.checks.map((c) => c.id)).toEqual([
      'shareClasses',
      'contract',
      'documents',
      'documentsReady',
      'minimumInvestment',
      'currencies',
      'closingDate',
      'description',
      'chineseText',
    ]);
    expect(list.checks.every((c) => c.ok)).toBe(true);
    expect(goLiveRefusal(list, [])).toBeUndefined();
  });

  it('requires a share class, always', () => {
    const facts = { ...complete(), shareClasses: [] };
    expect(checkOf(facts, 'shareClasses')).toEqual({ id: 'shareClasses', level: 'required', ok: false });
    expect(goLiveRefusal(publishChecklist(facts), ['shareClasses'])).toBe('productNeedsShareClass');
  });

  it('requires the contract of a fund open for investment, and only recommends it for one that takes interest only', () => {
    const open = { ...complete(), contract: undefined };
    expect(checkOf(open, 'contract')).toMatchObject({ level: 'required', ok: false, gaps: [{ subject: 'contract' }] });
    expect(publishChecklist(open).takesMoney).toBe(true);
    expect(goLiveRefusal(publishChecklist(open), ['contract'])).toBe('productNeedsContract');

    for (const product of [
      { ...open.product, openness: 'COMING_SOON' as const },
      { ...open.product, investmentPermission: 'ONLY_EXPRESS_INTEREST' as const },
    ]) {
      const interestOnly = { ...open, product };
      expect(publishChecklist(interestOnly).takesMoney).toBe(false);
      expect(checkOf(interestOnly, 'contract')).toMatchObject({ level: 'recommended', ok: false });
      expect(goLiveRefusal(publishChecklist(interestOnly), [])).toBe('productChecklistUnconfirmed');
      expect(goLiveRefusal(publishChecklist(interestOnly), ['contract'])).toBeUndefined();
    }
  });

  it('requires the agreement when the contract asks investors to sign', () => {
    const facts = complete();
    facts.contract = { terms: facts.contract!.terms, requiresSignature: true };
    expect(checkOf(facts, 'contract')).toMatchObject({
      ok: false,
      gaps: [{ subject: 'contract', field: 'agreementDocumentId' }],
    });
    facts.contract.requiresSignature = false;
    expect(checkOf(facts, 'contract')?.ok).toBe(true);
  });

  it('warns of no ready document, and names documents still uploading or rejected', () => {
    const facts = complete();
    facts.documents = [
      { title: { en: 'Deck' }, kind: 'MARKETING', state: 'UPLOADING' },
      { title: { en: 'PPM' }, kind: 'OFFERING', state: 'REJECTED' },
    ];
    expect(failing(facts)).toEqual(['documents', 'documentsReady', 'chineseText']);
    expect(checkOf(facts, 'documentsReady')?.gaps).toEqual([
      { subject: 'document', name: { en: 'Deck' }, field: 'state', value: 'UPLOADING' },
      { subject: 'document', name: { en: 'PPM' }, field: 'state', value: 'REJECTED' },
    ]);
    expect(checkOf({ ...facts, documents: [] }, 'documents')).toEqual({
      id: 'documents',
      level: 'recommended',
      ok: false,
    });
  });

  it('warns of a zero minimum, a currency the portal does not offer, a closed-ended fund without a close and no description', () => {
    const facts = complete();
    facts.product = {
      ...facts.product,
      minInvestment: '0.00',
      currency: 'HKD',
      closingDate: undefined,
      description: undefined,
    };
    facts.shareClasses = [{ ...facts.shareClasses[0]!, minInvestment: '0', currency: 'GBP' }];
    expect(failing(facts)).toEqual(['minimumInvestment', 'currencies', 'closingDate', 'description']);
    expect(checkOf(facts, 'minimumInvestment')?.gaps).toEqual([
      { subject: 'product', field: 'minInvestment' },
      { subject: 'shareClass', name: { en: 'Class A', 'zh-CN': 'A类' }, field: 'minInvestment' },
    ]);
    expect(checkOf(facts, 'currencies')?.gaps).toEqual([
      { subject: 'product', field: 'currency', value: 'HKD' },
      { subject: 'shareClass', name: { en: 'Class A', 'zh-CN': 'A类' }, field: 'currency', value: 'GBP' },
    ]);
    // An open-ended fund has no closing date to give.
    expect(checkOf({ ...facts, product: { ...facts.product, fundType: 'OPEN_ENDED' } }, 'closingDate')?.ok).toBe(true);
  });

  it('lists every translatable text without its Chinese where the portal offers Chinese, and none otherwise', () => {
    const facts = complete();
    facts.product = {
      ...facts.product,
      summary: { en: 'Growth equity.', 'zh-CN': '  ' },
      performanceFee: { type: 'PERCENTAGE', display: 'OTHER', note: { en: 'Hurdle 8%' } },
    };
    facts.shareClasses = [{ ...facts.shareClasses[0]!, name: { en: 'Class I' } }];
    facts.documents = [{ title: { en: 'Factsheet' }, kind: 'MARKETING', state: 'READY' }];
    facts.folders = [{ name: { en: 'Pack' } }];
    facts.contract = { ...facts.contract!, terms: { en: 'Terms' } };
    expect(checkOf(facts, 'chineseText')?.gaps).toEqual([
      { subject: 'product', field: 'summary' },
      { subject: 'product', field: 'performanceFee.note' },
      { subject: 'shareClass', name: { en: 'Class I' }, field: 'name' },
      { subject: 'document', name: { en: 'Factsheet' }, field: 'title' },
      { subject: 'folder', name: { en: 'Pack' }, field: 'name' },
      { subject: 'contract', field: 'terms' },
    ]);
    const englishOnly = { ...facts, tenant: { languages: ['en' as const], currencies: facts.tenant.currencies } };
    expect(checkOf(englishOnly, 'chineseText')).toBeUndefined();
    expect(goLiveRefusal(publishChecklist(englishOnly), [])).toBeUndefined();
  });

  it('separates what blocks from what asks for confirmation', () => {
    const facts = { ...complete(), shareClasses: [], documents: [], contract: undefined };
    const list = publishChecklist(facts);
    expect(checklistBlockers(list)).toEqual([
      { id: 'shareClasses', code: 'productNeedsShareClass' },
      { id: 'contract', code: 'productNeedsContract' },
    ]);
    expect(checklistWarnings(list)).toEqual(['documents']);
  });
});
