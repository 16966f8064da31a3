import { LANGS } from './i18n/langs.js';
import * as z from './lazy-zod.js';

/** Ids are ULIDs (26 Crockford base32 characters). */
export const IdSchema = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Must be a ULID');

export const LangSchema = z.enum(LANGS);

// ---- Text people type

/** C0 and C1 control characters (Unicode category Cc): NUL, BEL, ESC, DEL... none belongs in a name. */
const CONTROLS = /\p{Cc}/u;
/** The same, less tab and line feed, which a multi-line text may hold. */
const CONTROLS_BUT_LINES = /[^\P{Cc}\t\n]/u;
/**
 * Bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): they make text
 * display in another order than it is stored (`invoice\u202Efdp.exe`), in the portal, in emails
 * and in the audit trail alike.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;
/** Half of a surrogate pair without its other half: not text, and not encodable as UTF-8. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface TextRule {
  /** At least this many characters after trimming (default 1: a required text is never blank). */
  min?: number;
  max: number;
  /** Paragraphs: line feeds and tabs are allowed (a CR LF becomes LF); otherwise one line. */
  multiline?: boolean;
}

/**
 * The one rule for free text (names, titles, descriptions, search words): normalised to NFC (so the
 * same name typed on two systems is stored, compared and searched alike) and trimmed; refused, with
 * the field named, when it holds control characters (but line feeds and tabs in multi-line text),
 * bidirectional overrides or isolates, or a lone surrogate.
 */
export const safeText = ({ min = 1, max, multiline = false }: TextRule) =>
  z
    .string()
    .overwrite((v) => (multiline ? v.replace(/\r\n/g, '\n') : v))
    .normalize('NFC')
    .trim()
    .min(min)
    .max(max)
    .refine((v) => !(multiline ? CONTROLS_BUT_LINES : CONTROLS).test(v), {
      message: multiline
        ? 'Must not contain control characters other than line breaks and tabs'
        : 'Must be one line without control characters',
    })
    .refine((v) => !BIDI_CONTROLS.test(v), { message: 'Must not contain bidirectional override characters' })
    .refine((v) => !LONE_SURROGATE.test(v), { message: 'Must not contain unpaired surrogate characters' });

const localized = (rule: TextRule) => z.strictObject({ en: safeText(rule), 'zh-CN': safeText(rule).optional() });

/** Free text in each language the tenant offers, paragraphs allowed; English is always present. */
export const LocalizedTextSchema = localized({ max: 2000, multiline: true });
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;
/** A name or title in each language the tenant offers: one line; English is always present. */
export const LocalizedLineSchema = localized({ max: 2000 });

export const IsoDateTimeSchema = z.iso.datetime({ offset: false });
export const IsoDateSchema = z.iso.date();

export const HexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Must be a colour such as #1c7ed6');

/** Cursor pagination shared by every list route. */
/** Opaque: the schema checks its shape, the server checks that it is one it issued for this list. */
export const PageCursorSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,1024}$/, 'Must be a page cursor from a previous answer')
  .optional();

export const PageQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: PageCursorSchema,
});

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().optional() });

export const EmptySchema = z.strictObject({});
export const OkSchema = z.object({ ok: z.literal(true) });
