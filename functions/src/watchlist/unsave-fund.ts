import type { WatchStatus } from '@tranche/shared/watchlist/watchlist.schema';
import type { Actor } from '#lib/audit';
import { commit, event } from '#lib/db/commit';
import { deleteEntry, isVisibleProduct, readEntry } from './watchlist.repo.js';
import { decideRemove } from './watchlist.rules.js';

/** Takes a fund off the investor's watchlist; a second removal changes nothing and answers the same. */
export const unsaveFund = (actor: Actor, productId: string): Promise<WatchStatus> =>
  commit(actor, async () => {
    const saved = (await readEntry(actor.tenantId, actor.userId, productId)) !== undefined;
    // The product is read only when nothing is saved: a saved fund comes off whatever its state now.
    const visible = saved || (await isVisibleProduct(actor.tenantId, productId));
    const result = { productId, saved: false };
    if (decideRemove({ visible, saved }) === 'unchanged') return { steps: [], events: [], result };
    return {
      steps: [{ item: deleteEntry(actor.tenantId, actor.userId, productId) }],
      events: [event('FUND_UNSAVED', actor.userId, { productId })],
      result,
    };
  });
