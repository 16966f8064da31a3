import { describe, expect, it } from 'vitest';
import { LANGS } from '../i18n/langs.js';
import {
  CONTRACT_TAG_KEYS,
  CONTRACT_TAGS,
  ContractTagListSchema,
  contractTagList,
  templateTags,
} from './contract-tags.js';

describe('contract tags', () => {
  it('answers every tag, labelled in each language, in the shape the route declares', () => {
    for (const lang of LANGS) {
      const list = contractTagList(lang);
      expect(ContractTagListSchema.parse(list)).toEqual(list);
      expect(list.tags.map((t) => t.key)).toEqual(CONTRACT_TAG_KEYS);
      for (const t of list.tags) {
        expect(t.label).toBe(CONTRACT_TAGS[t.key].label[lang]);
        expect(t.placeholder).toBe(`{{${t.key}}}`);
      }
    }
    expect(contractTagList('zh-CN').tags.find((t) => t.key === 'SHARE_CLASS')?.label).toBe('份额类别');
  });

  it('has the tags a subscription order needs, and no bank detail', () => {
    for (const k of [
      'INVESTOR_NAME',
      'SUBSCRIPTION_AMOUNT',
      'SHARE_CLASS',
      'SUBSCRIPTION_DATE',
      'SIGNING_DATE',
    ] as const) {
      expect(CONTRACT_TAG_KEYS).toContain(k);
    }
    expect(CONTRACT_TAG_KEYS.filter((k) => /BANK|IBAN|ACCOUNT|SWIFT/.test(k))).toEqual([]);
    expect(CONTRACT_TAGS.SUBSCRIPTION_AMOUNT.valueType).toBe('AMOUNT');
    expect(CONTRACT_TAGS.SIGNING_DATE.valueType).toBe('DATE');
  });

  it('finds the tags a template uses and names the unknown ones', () => {
    expect(
      templateTags('I, {{INVESTOR_NAME}}, subscribe {{ SUBSCRIPTION_AMOUNT }} of {{SHARE_CLAS}}; {{INVESTOR_NAME}}'),
    ).toEqual({
      known: ['INVESTOR_NAME', 'SUBSCRIPTION_AMOUNT'],
      unknown: ['SHARE_CLAS'],
    });
    expect(templateTags('no tags, {single} braces')).toEqual({ known: [], unknown: [] });
  });
});
