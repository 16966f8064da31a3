import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { SignUpSchema } from './auth/auth.schema.js';
import { LocalizedLineSchema, LocalizedTextSchema, safeText } from './common.schema.js';
import { CreateProductDocumentSchema, MarketingFolderInputSchema } from './product/product.schema.js';
import { PolicyContentSchema } from './tenant/policy.schema.js';
import { BrandingSchema } from './tenant/tenant.schema.js';

const line = safeText({ max: 100 });
const paragraphs = safeText({ max: 100, multiline: true });

/** The paths of the fields a value fails on. */
const failing = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
};

describe('the shared text rule', () => {
  it.each([
    ['NUL', 'Ann\u0000a'],
    ['BEL', 'Ann\u0007a'],
    ['ESC', 'Ann\u001b[31ma'],
    ['DEL', 'Ann\u007fa'],
    ['a C1 control (NEL)', 'Ann\u0085a'],
    ['RIGHT-TO-LEFT OVERRIDE', 'invoice\u202efdp.exe'],
    ['LEFT-TO-RIGHT EMBEDDING', 'a\u202ab'],
    ['FIRST STRONG ISOLATE', 'a\u2068b'],
    ['POP DIRECTIONAL ISOLATE', 'a\u2069b'],
    ['a lone high surrogate', 'a\ud83db'],
    ['a lone low surrogate', 'a\ude00b'],
    ['a high surrogate at the end', 'ab\ud83d'],
  ])('refuses %s', (_, value) => {
    expect(line.safeParse(value).success).toBe(false);
    expect(paragraphs.safeParse(value).success).toBe(false);
  });

  it('normalises to NFC: a decomposed name is stored composed', () => {
    const decomposed = 'Zo\u0065\u0308 Mu\u0308ller';
    expect(decomposed).not.toBe(decomposed.normalize('NFC'));
    expect(line.parse(decomposed)).toBe('Zo\u00eb M\u00fcller');
    expect(line.parse('  Zo\u00eb  ')).toBe('Zo\u00eb');
  });

  it('keeps what people do type: other scripts, emoji (paired surrogates), accents, RTL letters', () => {
    for (const ok of ['阿尔卑斯成长基金一期', 'Fund 🚀 I', 'Crème brûlée', 'صندوق النمو', 'O’Brien & Co.']) {
      expect(line.parse(ok)).toBe(ok);
    }
  });

  it('allows line feeds and tabs only in multi-line text, and turns CR LF into LF', () => {
    expect(line.safeParse('one\ntwo').success).toBe(false);
    expect(line.safeParse('one\ttwo').success).toBe(false);
    expect(paragraphs.parse('one\r\n\ttwo')).toBe('one\n\ttwo');
    expect(paragraphs.safeParse('one\rtwo').success).toBe(false);
  });

  it('refuses blank text where text is required, after trimming', () => {
    expect(line.safeParse(' \t ').success).toBe(false);
    expect(safeText({ min: 0, max: 10 }).parse('  ')).toBe('');
  });

  it('names the field at fault in the shared schemas', () => {
    expect(
      failing(SignUpSchema, {
        email: 'a@example.com',
        password: 'a long enough passphrase',
        displayName: 'Eve\u202e',
        captchaToken: 'x',
      }),
    ).toEqual(['displayName']);
    expect(failing(MarketingFolderInputSchema, { name: { en: 'Q1', 'zh-CN': '一\u0000' } })).toEqual(['name.zh-CN']);
    expect(failing(LocalizedLineSchema, { en: 'Two\nlines' })).toEqual(['en']);
    expect(LocalizedTextSchema.parse({ en: 'Two\nparagraphs' })).toEqual({ en: 'Two\nparagraphs' });
    expect(
      failing(PolicyContentSchema, {
        kind: 'PRIVACY',
        title: { en: 'Privacy\u0007' },
        body: { en: 'First.\n\nSecond.' },
        requireAcceptance: false,
      }),
    ).toEqual(['title.en']);
    expect(
      failing(BrandingSchema, {
        displayName: 'Acme\u001b',
        primaryColor: '#1c7ed6',
        logoText: 'AC',
        tagline: { en: '' },
      }),
    ).toEqual(['displayName']);
    expect(
      failing(CreateProductDocumentSchema, {
        kind: 'OTHER',
        title: { en: 'Deck' },
        fileName: 'deck\u202efdp.pdf',
        contentType: 'application/pdf',
        size: 10,
      }),
    ).toEqual(['fileName']);
  });
});
