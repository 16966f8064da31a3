import { MAX_WATCHLIST } from '@tranche/shared/watchlist/watchlist.schema';
import { DomainError } from '#lib/errors';

/** What a save or a removal does to the watchlist, decided from what was read. */
export type WatchDecision = 'write' | 'unchanged';

export interface SaveFacts {
  /** Whether the catalogue shows the fund to investors now (published or closed, in this tenant). */
  visible: boolean;
  /** Whether the fund is on the investor's watchlist already. */
  saved: boolean;
  /** How many funds the watchlist holds. */
  count: number;
}

/**
 * Saving: a fund the investor cannot see does not exist for them (a draft, another tenant's id);
 * saving a saved fund changes nothing, so a repeated PUT answers as the first did; a full watchlist
 * refuses a new fund, naming its size.
 */
export const decideSave = ({ visible, saved, count }: SaveFacts): WatchDecision => {
  if (saved) return 'unchanged';
  if (!visible) throw new DomainError('productIsNotExist');
  if (count >= MAX_WATCHLIST) throw new DomainError('watchlistFull', { max: MAX_WATCHLIST });
  return 'write';
};

/**
 * Removing: a saved fund always comes off, even one unpublished since (the investor saw it, and must
 * be able to let go of it); removing an unsaved fund changes nothing if the investor could save it,
 * and is a 404 otherwise, as for any id they cannot see.
 */
export const decideRemove = ({ visible, saved }: Omit<SaveFacts, 'count'>): WatchDecision => {
  if (saved) return 'write';
  if (!visible) throw new DomainError('productIsNotExist');
  return 'unchanged';
};

/** Most recently saved first; the id breaks a tie so the order is stable. */
export const newestFirst = <E extends { productId: string; savedAt: string }>(entries: readonly E[]): E[] =>
  [...entries].sort((a, b) =>
    a.savedAt === b.savedAt ? (a.productId < b.productId ? -1 : 1) : a.savedAt < b.savedAt ? 1 : -1,
  );
