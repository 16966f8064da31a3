import { describe, expect, it } from 'vitest';
import type { EditorField } from './fields';
import { changeKind, fillBySigner, fillFromData, tagOptions, tagPlaceholder, tagsFor, tagsOfFields } from './tags';

const text: EditorField = {
  fieldId: 'f1',
  kind: 'TEXT',
  pageIndex: 0,
  x: 72,
  y: 100,
  width: 160,
  height: 20,
  signerId: 's1',
  required: true,
};

describe('fields filled from data (contract tags)', () => {
  it('offers tags to TEXT and DATE only, and only date-valued tags to a DATE field', () => {
    expect(tagsFor('SIGNATURE')).toEqual([]);
    expect(tagsFor('CHECKBOX')).toEqual([]);
    expect(tagsFor('TEXT')).toContain('INVESTOR_NAME');
    expect(tagsFor('TEXT')).toContain('SUBSCRIPTION_DATE');
    expect(tagsFor('DATE')).toEqual(['SUBSCRIPTION_DATE', 'SIGNING_DATE', 'COUNTERSIGNING_DATE']);
  });

  it('labels the choice in the reader’s language, grouped as the catalogue groups them', () => {
    const en = tagOptions('DATE', 'en', (g) => g);
    expect(en).toEqual([
      { group: 'SUBSCRIPTION', items: [{ value: 'SUBSCRIPTION_DATE', label: 'Subscription date' }] },
      {
        group: 'SIGNING',
        items: [
          { value: 'SIGNING_DATE', label: 'Signing date' },
          { value: 'COUNTERSIGNING_DATE', label: 'Countersigning date' },
        ],
      },
    ]);
    expect(tagOptions('TEXT', 'zh-CN', (g) => g)[0]?.items[0]).toEqual({ value: 'INVESTOR_NAME', label: '投资者姓名' });
    expect(tagPlaceholder('INVESTOR_NAME', 'en')).toBe('{Investor name}');
  });

  it('drops the signer when filled from data and the tag when given back to a signer', () => {
    const tagged = fillFromData(text, 'INVESTOR_NAME');
    expect(tagged).toMatchObject({ signerId: null, tag: 'INVESTOR_NAME' });
    const back = fillBySigner(tagged, 's2');
    expect(back.signerId).toBe('s2');
    expect('tag' in back).toBe(false);
  });

  it('takes the first offered tag when none is named, and refuses a tag the kind does not take', () => {
    expect(fillFromData(text).tag).toBe('INVESTOR_NAME');
    expect(fillFromData({ ...text, kind: 'DATE' }, 'INVESTOR_NAME').tag).toBe('SUBSCRIPTION_DATE');
    expect(fillFromData({ ...text, kind: 'SIGNATURE' })).toEqual({ ...text, kind: 'SIGNATURE' });
  });

  it('clears the tag when the kind changes to one a tag cannot fill, handing the field to a signer', () => {
    const tagged = fillFromData(text, 'INVESTOR_NAME');
    const signature = changeKind(tagged, 'SIGNATURE', 's1');
    expect(signature).toMatchObject({ kind: 'SIGNATURE', signerId: 's1' });
    expect(signature.tag).toBeUndefined();
  });

  it('keeps a tag the new kind takes, and swaps one it does not for a date tag', () => {
    const date = fillFromData(text, 'SIGNING_DATE');
    expect(changeKind(date, 'DATE', 's1')).toMatchObject({ kind: 'DATE', tag: 'SIGNING_DATE', signerId: null });
    const name = fillFromData(text, 'INVESTOR_NAME');
    expect(changeKind(name, 'DATE', 's1')).toMatchObject({ kind: 'DATE', tag: 'SUBSCRIPTION_DATE', signerId: null });
    // A signer's field keeps its signer whatever the kind.
    expect(changeKind(text, 'CHECKBOX', 's2')).toMatchObject({ kind: 'CHECKBOX', signerId: 's1' });
  });

  it('lists the tags the fields carry once each, in catalogue order (the values asked for at sending)', () => {
    expect(tagsOfFields([{ tag: 'SIGNING_DATE' }, {}, { tag: 'INVESTOR_NAME' }, { tag: 'SIGNING_DATE' }])).toEqual([
      'INVESTOR_NAME',
      'SIGNING_DATE',
    ]);
  });
});
