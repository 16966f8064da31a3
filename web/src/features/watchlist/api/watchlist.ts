import { useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useCurrentUser } from '@/features/session';
import { apiFetch } from '@/lib/api';

// Under 'session': the watchlist is the signed-in investor's, and signing in or out drops it.
export const watchlistKey = () => ['session', 'watchlist'] as const;

/** Whether the signed-in user keeps a watchlist (investors do; the team and visitors do not). */
export const useKeepsWatchlist = (): boolean => useCurrentUser().data?.role === 'LP';

/** The investor's saved funds; nothing is asked for anyone else. */
export const useWatchlist = () => {
  const keeps = useKeepsWatchlist();
  return useSWR(keeps ? watchlistKey() : null, () => apiFetch('listWatchlist'));
};

/**
 * Saving and removing one fund. While the call is out the bookmark shows what was asked for, so the
 * press is answered at once; then the list is read again. A refused change leaves the list as it
 * was and is kept in `error` for the caller to show.
 */
export const useWatchToggle = (productId: string) => {
  const { data } = useWatchlist();
  const { mutate } = useSWRConfig();
  const [pending, setPending] = useState<boolean>();
  const [error, setError] = useState<unknown>();
  const listed = data?.items.some((p) => p.productId === productId) ?? false;

  const toggle = async () => {
    if (pending !== undefined) return;
    const save = !listed;
    setPending(save);
    setError(undefined);
    try {
      await apiFetch(save ? 'saveToWatchlist' : 'removeFromWatchlist', { params: { productId } });
      await mutate(watchlistKey());
    } catch (e) {
      setError(e);
    } finally {
      setPending(undefined);
    }
  };

  return { saved: pending ?? listed, busy: pending !== undefined, error, toggle };
};
