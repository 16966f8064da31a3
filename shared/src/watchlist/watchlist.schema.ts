import { IdSchema, IsoDateTimeSchema } from '../common.schema.js';
import * as z from '../lazy-zod.js';
import { ProductSummarySchema } from '../product/product.schema.js';

/**
 * How many funds one investor may keep on their watchlist. A watchlist is read whole (one Query of
 * the investor's partition, then one BatchGet per 100 funds), so it stays small on purpose: a
 * shortlist, not a second catalogue.
 */
export const MAX_WATCHLIST = 100;

/** One saved fund as the home page lists it: the catalogue summary and when it was saved. */
export const WatchlistItemSchema = ProductSummarySchema.extend({ savedAt: IsoDateTimeSchema });
export type WatchlistItem = z.infer<typeof WatchlistItemSchema>;

/** The investor's watchlist, most recently saved first; only funds the catalogue shows today. */
export const WatchlistSchema = z.object({ items: z.array(WatchlistItemSchema) });
export type Watchlist = z.infer<typeof WatchlistSchema>;

/** The answer to a save or a removal: whether the fund is on the watchlist now. */
export const WatchStatusSchema = z.object({
  productId: IdSchema,
  saved: z.boolean(),
  savedAt: IsoDateTimeSchema.optional(),
});
export type WatchStatus = z.infer<typeof WatchStatusSchema>;
