import { describe, expect, it } from 'vitest';
import { gpKycEn } from '@/features/gp-kyc/locales/en';
import { gpKycZhCN } from '@/features/gp-kyc/locales/zh-CN';
import { createI18n } from '@/i18n';
import { readKycHistory } from './history';
import type { kycCase } from './kyc-case.fixture';

const i18nIn = (lang: 'en' | 'zh-CN') => {
  const i18n = createI18n(lang);
  i18n.addResourceBundle('en', 'translation', gpKycEn, true, false);
  i18n.addResourceBundle('zh-CN', 'translation', gpKycZhCN, true, false);
  return i18n;
};

const history: ReturnType<typeof kycCase>['history'] = [
  { eventId: 'E1', action: 'KYC_CASE_OPENED', at: '2026-11-20T09:00:00.000Z', actorId: 'SYSTEM', to: 'IN_REVIEW' },
  {
    eventId: 'E2',
    action: 'KYC_CASE_DECIDED',
    at: '2026-11-21T10:00:00.000Z',
    actorId: 'U-ADMIN',
    decision: 'REQUEST_DOCUMENTS',
    from: 'IN_REVIEW',
    to: 'DOCUMENTS_REQUESTED',
    reason: 'Owner named like a listed person',
    documents: { kinds: ['PROOF_OF_IDENTITY', 'PROOF_OF_ADDRESS'], note: 'A certified copy, please' },
  },
  {
    eventId: 'E3',
    action: 'KYC_CASE_DOCUMENTS_ADDED',
    at: '2026-11-22T08:00:00.000Z',
    actorId: 'SYSTEM',
    from: 'DOCUMENTS_REQUESTED',
    to: 'DOCUMENTS_UPLOADED',
  },
  {
    eventId: 'E4',
    action: 'KYC_CASE_DECIDED',
    at: '2026-11-22T09:00:00.000Z',
    actorId: 'U-OTHER',
    decision: 'APPROVE',
    from: 'DOCUMENTS_UPLOADED',
    to: 'APPROVED',
    reason: 'Different date of birth and nationality',
  },
];

describe('readKycHistory', () => {
  it('reads the trail newest first, as sentences with the reason, the move and what was asked for', () => {
    const i18n = i18nIn('en');
    const entries = readKycHistory(history, { t: i18n.t, lang: 'en', userId: 'U-ADMIN' });
    expect(entries.map((e) => e.id)).toEqual(['E4', 'E3', 'E2', 'E1']);
    expect(entries.map((e) => e.sentence)).toEqual([
      'A team member approved the profile',
      'The investor added documents',
      'You asked the investor for documents',
      'The system opened the case',
    ]);
    expect(entries[2]?.details).toEqual([
      'Reason: Owner named like a listed person',
      'Status: In review → Documents requested',
      'Asked for: Proof of identity, Proof of address',
      'Message: A certified copy, please',
    ]);
  });

  it('names the actor when the entry carries a name, and keeps an unknown action readable', () => {
    const i18n = i18nIn('en');
    const [entry] = readKycHistory(
      [
        {
          eventId: 'X',
          action: 'KYC_CASE_REASSIGNED',
          at: '2026-11-22T09:00:00.000Z',
          actorId: 'U-9',
          actorName: 'Ada Admin',
        } as never,
      ],
      { t: i18n.t, lang: 'en' },
    );
    expect(entry?.sentence).toBe('Ada Admin: KYC_CASE_REASSIGNED');
  });

  it('reads in Simplified Chinese with the lifecycle labels and requirement names in Chinese', () => {
    const i18n = i18nIn('zh-CN');
    const entries = readKycHistory(history, { t: i18n.t, lang: 'zh-CN', userId: 'U-ADMIN' });
    expect(entries[2]?.sentence).toBe('您要求投资者补充文件');
    expect(entries[2]?.details[1]).toBe('状态：审核中 → 已要求补充文件');
  });
});
