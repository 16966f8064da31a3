import type { WatchStatus } from '@tranche/shared/watchlist/watchlist.schema';
import type { Actor } from '#lib/audit';
import { commit, event } from '#lib/db/commit';
import {
  bumpVersion,
  isVisibleProduct,
  productStillVisible,
  putEntry,
  readEntries,
  readVersion,
} from './watchlist.repo.js';
import { decideSave } from './watchlist.rules.js';

/**
 * Saves a catalogue fund to the investor's watchlist. The product's state is checked again inside
 * the transaction, so a fund unpublished between the read and the write is refused, not saved; two
 * saves racing for the same fund end with one entry and one FUND_SAVED event; saves of different
 * funds racing near the limit are decided one after the other (the watchlist's version).
 */
export const saveFund = (actor: Actor, productId: string): Promise<WatchStatus> =>
  commit(actor, async () => {
    // The version first, then the entries: a save that commits between the two reads moves the version
    // past the one read, so this save is refused and decided again. Read side by side, the entries could
    // be the older of the two, and a save decided on a stale count would pass the limit.
    const version = await readVersion(actor.tenantId, actor.userId);
    const [visible, entries] = await Promise.all([
      isVisibleProduct(actor.tenantId, productId),
      readEntries(actor.tenantId, actor.userId),
    ]);
    const existing = entries.find((e) => e.productId === productId);
    const decision = decideSave({ visible, saved: existing !== undefined, count: entries.length });
    if (decision === 'unchanged' && existing) {
      return { steps: [], events: [], result: { productId, saved: true, savedAt: existing.savedAt } };
    }
    const entry = { productId, savedAt: actor.at };
    return {
      steps: [
        { item: putEntry(actor.tenantId, actor.userId, entry) },
        { item: productStillVisible(actor.tenantId, productId), refusal: 'productIsNotExist' },
        { item: bumpVersion(actor.tenantId, actor.userId, version) },
      ],
      events: [event('FUND_SAVED', actor.userId, { productId })],
      result: { productId, saved: true, savedAt: entry.savedAt },
    };
  });
