import { MAX_SIGNATURE_PNG_BYTES, type SigningField } from '@tranche/shared/signing/signing.schema';
import { describe, expect, it } from 'vitest';
import { signaturePng } from '../seal/fixtures.js';
import {
  checkValues,
  isPastExpiry,
  isWinAnsi,
  maskEmail,
  reminderDue,
  SIGNATURE_PNG_MAX_BYTES,
  type SignerFieldRef,
} from './rules.js';
import { checkSecret, issueSecret } from './tokens.js';

const field = (fieldId: string, kind: SigningField['kind'], required = true): SignerFieldRef => ({
  documentId: 'doc',
  field: { fieldId, kind, pageIndex: 0, x: 10, y: 10, width: 100, height: 30, signerId: 's1', required },
});
const png = signaturePng().toString('base64');
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return {
      code: (error as { code?: string }).code,
      details: (error as { details?: Record<string, unknown> }).details,
    };
  }
  throw new Error('did not throw');
};

describe("a signer's field values", () => {
  const fields = [
    field('sig', 'SIGNATURE'),
    field('date', 'DATE'),
    field('ok', 'CHECKBOX'),
    field('note', 'TEXT', false),
  ];

  it('takes a PNG or typed text for a signature, text for a date, a tick for a checkbox; an optional field may stay empty', () => {
    const out = checkValues(
      fields,
      [
        { fieldId: 'sig', type: 'image', png },
        { fieldId: 'date', type: 'text', text: '2026-11-24' },
        { fieldId: 'ok', type: 'checkbox', checked: true },
      ],
      'LP',
      new Set(),
    );
    expect(out.get('sig')?.type).toBe('image');
    expect(out.has('note')).toBe(false);
    const typed = checkValues(
      fields,
      [
        { fieldId: 'sig', type: 'text', text: 'Ada Lovelace' },
        { fieldId: 'date', type: 'text', text: '24/11/2026' },
        { fieldId: 'ok', type: 'checkbox', checked: true },
      ],
      'LP',
      new Set(),
    );
    expect(typed.get('sig')).toEqual({ type: 'text', text: 'Ada Lovelace' });
  });

  it('names the required field left empty (an unticked required checkbox is empty)', () => {
    expect(
      codeOf(() =>
        checkValues(
          fields,
          [
            { fieldId: 'sig', type: 'image', png },
            { fieldId: 'date', type: 'text', text: '2026-11-24' },
            { fieldId: 'ok', type: 'checkbox', checked: false },
          ],
          'LP',
          new Set(),
        ),
      ),
    ).toEqual({ code: 'signingFieldValueMissing', details: { field: 'ok' } });
  });

  it.each([
    ['a field that is not theirs', { fieldId: 'other', type: 'text', text: 'x' }, 'other'],
    ['a date given as an image', { fieldId: 'date', type: 'image', png }, 'date'],
    [
      'bytes that are not a PNG',
      { fieldId: 'sig', type: 'image', png: Buffer.from('GIF89a-not-a-png').toString('base64') },
      'sig',
    ],
    ['typed text the standard fonts cannot show', { fieldId: 'sig', type: 'text', text: '王小明' }, 'sig'],
    ['a seal by an investor', { fieldId: 'sig', type: 'seal', sealId: 'x' }, 'sig'],
  ] as const)('refuses %s, naming the field', (_, value, name) => {
    const refused = codeOf(() => checkValues(fields, [value], 'LP', new Set()));
    expect(refused.code).toBe('signingFieldValueInvalid');
    expect(refused.details?.field).toBe(name);
  });

  it('lets only a GP signer place one of the tenant’s own seals', () => {
    const seal = [field('seal', 'SEAL')];
    expect(
      checkValues(seal, [{ fieldId: 'seal', type: 'seal', sealId: 'S1' }], 'GP', new Set(['S1'])).get('seal'),
    ).toEqual({ type: 'seal', sealId: 'S1' });
    expect(
      codeOf(() => checkValues(seal, [{ fieldId: 'seal', type: 'seal', sealId: 'S2' }], 'GP', new Set(['S1']))).code,
    ).toBe('signingFieldValueInvalid');
    expect(
      codeOf(() => checkValues(seal, [{ fieldId: 'seal', type: 'seal', sealId: 'S1' }], 'WITNESS', new Set(['S1'])))
        .code,
    ).toBe('signingFieldValueInvalid');
  });

  it('refuses a value given twice', () => {
    const twice = codeOf(() =>
      checkValues(
        fields,
        [
          { fieldId: 'date', type: 'text', text: 'a' },
          { fieldId: 'date', type: 'text', text: 'b' },
        ],
        'LP',
        new Set(),
      ),
    );
    expect(twice).toMatchObject({ code: 'signingFieldValueInvalid', details: { field: 'date' } });
  });

  it('holds the manager side’s PNG limit', () => {
    expect(SIGNATURE_PNG_MAX_BYTES).toBe(MAX_SIGNATURE_PNG_BYTES);
  });

  it('knows the standard fonts’ alphabet', () => {
    expect(isWinAnsi('Zoë Müller – “signed” €5')).toBe(true);
    expect(isWinAnsi('Ζωή')).toBe(false);
    expect(isWinAnsi('line\nbreak')).toBe(false);
  });
});

describe('reminders and expiry', () => {
  const now = new Date('2026-11-24T06:30:00.000Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * 24 * 3600_000).toISOString();

  it('reminds a signer whose turn it is every N days, counted from the later of notice and last reminder', () => {
    expect(reminderDue({ state: 'NOTIFIED', notifiedAt: daysAgo(3) }, 3, now)).toBe(true);
    expect(reminderDue({ state: 'NOTIFIED', notifiedAt: daysAgo(2.9) }, 3, now)).toBe(false);
    expect(reminderDue({ state: 'VERIFIED', notifiedAt: daysAgo(10), remindedAt: daysAgo(1) }, 3, now)).toBe(false);
    expect(reminderDue({ state: 'VERIFIED', notifiedAt: daysAgo(10), remindedAt: daysAgo(3) }, 3, now)).toBe(true);
  });

  it('never reminds a signer who is waiting, done or locked', () => {
    for (const state of ['WAITING', 'SIGNED', 'DECLINED', 'CANCELLED', 'LOCKED'])
      expect(reminderDue({ state, notifiedAt: daysAgo(30) }, 3, now), state).toBe(false);
  });

  it('expires a project at its expiry instant, not before', () => {
    expect(isPastExpiry(now.toISOString(), now)).toBe(true);
    expect(isPastExpiry(new Date(now.getTime() + 1).toISOString(), now)).toBe(false);
    expect(isPastExpiry(undefined, now)).toBe(false);
  });
});

describe('link tokens and tickets', () => {
  const now = new Date('2026-11-24T00:00:00.000Z');

  it('opens with the token only, stores only its hash, and ends at the sooner of its lifetime and the project’s expiry', () => {
    const { token, stored } = issueSecret(now, 14 * 24 * 3600_000, '2026-11-30T00:00:00.000Z');
    expect(stored.hash).not.toContain(token);
    expect(stored.expiresAt).toBe('2026-11-30T00:00:00.000Z');
    expect(checkSecret(stored, token, now)).toBe('ok');
    expect(checkSecret(stored, `${token}x`, now)).toBe('wrong');
    expect(checkSecret(stored, undefined, now)).toBe('missing');
    expect(checkSecret(undefined, token, now)).toBe('wrong');
    expect(checkSecret(stored, token, new Date('2026-11-30T00:00:00.000Z'))).toBe('expired');
  });

  it('masks an address', () => {
    expect(maskEmail('ada@investor.example')).toBe('a***@investor.example');
  });
});
