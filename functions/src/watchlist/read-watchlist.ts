import type { Watchlist } from '@tranche/shared/watchlist/watchlist.schema';
import { toSummary } from '../product/product.items.js';
import { getCatalogueProducts } from '../product/product.repo.js';
import { readEntries } from './watchlist.repo.js';
import { newestFirst } from './watchlist.rules.js';

/** BatchGet's limit of keys per call. */
const BATCH = 100;

/**
 * The investor's saved funds as catalogue summaries, most recently saved first. A fund the catalogue
 * no longer shows (unpublished to a draft) is left out but stays saved: it comes back if republished.
 */
export const readWatchlist = async (tenantId: string, userId: string): Promise<Watchlist> => {
  const entries = newestFirst(await readEntries(tenantId, userId));
  const savedAt = new Map(entries.map((e) => [e.productId, e.savedAt]));
  const ids = entries.map((e) => e.productId);
  const batches = Array.from({ length: Math.ceil(ids.length / BATCH) }, (_, i) =>
    ids.slice(i * BATCH, (i + 1) * BATCH),
  );
  const products = (await Promise.all(batches.map((batch) => getCatalogueProducts(tenantId, batch)))).flat();
  return {
    items: products.map((p) => ({ ...toSummary(p), savedAt: savedAt.get(p.productId)! })),
  };
};
