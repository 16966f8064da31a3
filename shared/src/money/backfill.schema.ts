import { PageCursorSchema } from '../common.schema.js';
import * as z from '../lazy-zod.js';
import { TenantPrefixSchema } from '../tenant/tenant.schema.js';

/**
 * The operator's one-off money backfills (docs/money.md "Backfills"), one tenant at a time, a bounded
 * step per request: `investment-summaries` gives investments stored before the dashboard summaries
 * existed their #SUMMARY; `call-notice-pdfs` asks the notice worker to render the issued notices
 * written before it existed. Each is idempotent: a step only writes what is still missing.
 */
export const BACKFILLS = ['investment-summaries', 'call-notice-pdfs'] as const;
export type Backfill = (typeof BACKFILLS)[number];

export const BackfillParamsSchema = z.strictObject({ backfill: z.enum(BACKFILLS) });

/**
 * The tenant to walk, by its prefix (the operator's name for it, as in `tenant:create`; a tenant id
 * here would read as an id the tenant owns, which an operator route does not take), and where the
 * previous step stopped (its `nextCursor`).
 */
export const BackfillQuerySchema = z.strictObject({
  tenant: TenantPrefixSchema,
  cursor: PageCursorSchema,
});
export type BackfillQuery = z.infer<typeof BackfillQuerySchema>;

export const BackfillStepSchema = z.object({
  backfill: z.enum(BACKFILLS),
  tenantId: z.string(),
  /** Records looked at in this step (investments or issued notices). */
  examined: z.number().int(),
  /** Of those, the ones this step gave what they lacked (a summary written, a render asked for). */
  changed: z.number().int(),
  /** Lacking, but changed by someone else meanwhile: the next run looks at them again. */
  skipped: z.number().int(),
  /** Absent when the tenant is done. */
  nextCursor: z.string().optional(),
});
export type BackfillStep = z.infer<typeof BackfillStepSchema>;
