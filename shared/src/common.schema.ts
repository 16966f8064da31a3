import * as z from 'zod';
import { LANGS } from './i18n/langs.js';

/** Ids are ULIDs (26 Crockford base32 characters). */
export const IdSchema = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Must be a ULID');

export const LangSchema = z.enum(LANGS);

/** Free text in each language the tenant offers; English is always present. */
export const LocalizedTextSchema = z.strictObject({
  en: z.string().min(1).max(2000),
  'zh-CN': z.string().min(1).max(2000).optional(),
});
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

export const IsoDateTimeSchema = z.iso.datetime({ offset: false });
export const IsoDateSchema = z.iso.date();

export const HexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Must be a colour such as #1c7ed6');

/** Cursor pagination shared by every list route. */
export const PageQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  /** Opaque: the schema checks its shape, the server checks that it is one it issued for this list. */
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,1024}$/, 'Must be a page cursor from a previous answer')
    .optional(),
});

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().optional() });

export const EmptySchema = z.strictObject({});
export const OkSchema = z.object({ ok: z.literal(true) });
