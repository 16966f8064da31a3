import { safeText } from '../common.schema.js';
import * as z from '../lazy-zod.js';
import { CountryCodeSchema } from './iso-3166.js';

/** One country as GET /meta-country/query answers it. */
export const CountrySchema = z.object({
  /** ISO 3166-1 alpha-2, e.g. `HK`. */
  code: CountryCodeSchema,
  /** ISO 3166-1 alpha-3, e.g. `HKG`. */
  alpha3: z.string().regex(/^[A-Z]{3}$/),
  /** ISO 3166-1 numeric, three digits, e.g. `344`. */
  numeric: z.string().regex(/^\d{3}$/),
  name: z.object({ en: z.string(), 'zh-CN': z.string() }),
  /** International dialling code with its plus, e.g. `+852`; null where no telephone numbering plan exists (Antarctica, Bouvet Island…). */
  dialCode: z
    .string()
    .regex(/^\+\d{1,4}$/)
    .nullable(),
  /** Whether investors from this country may use the tenant's portal (LP settings `openCountries`). */
  open: z.boolean(),
});
export type Country = z.infer<typeof CountrySchema>;

export const CountryQuerySchema = z.strictObject({
  /** Free text: matched against names in both languages (with common aliases), codes and the dial code. */
  q: safeText({ max: 60 }).optional(),
  /** An exact ISO 3166-1 alpha-2 or alpha-3 code, any case. */
  code: z
    .string()
    .regex(/^[A-Za-z]{2,3}$/, 'Must be an ISO 3166-1 alpha-2 or alpha-3 code')
    .optional(),
  /** `true`: only the open countries; `false`: only the closed ones. */
  open: z.enum(['true', 'false']).optional(),
});
export type CountryQuery = z.infer<typeof CountryQuerySchema>;

export const CountryListSchema = z.object({ items: z.array(CountrySchema) });
