/**
 * The first screen's API reads that index.html's early script started before the app's entry ran
 * (web/vite-plugin-early-preload.ts), by URL. The API client takes each over once instead of asking
 * again; once the first screen has what it asked for, the rest are dropped, so no later read is ever
 * answered from them.
 */
type EarlyResponses = Map<string, Promise<Response>>;

declare global {
  interface Window {
    __trancheEarly?: EarlyResponses | null;
  }
}

/** The early answer to a GET of `url`, if the early script asked for it and nobody has taken it yet. */
export const takeEarlyResponse = (url: string): Promise<Response> | undefined => {
  const early = typeof window === 'undefined' ? undefined : window.__trancheEarly;
  const response = early?.get(url);
  if (response) early?.delete(url);
  return response;
};

/**
 * Called when the app starts: from here on the early script (if it has not run yet: a cached entry
 * can run first) starts nothing, and what it did start is available to take.
 */
export const claimEarlyResponses = (): void => {
  if (!('__trancheEarly' in window)) window.__trancheEarly = null;
};

/** Drops what the first screen did not take: a later read asks the server. */
export const dropEarlyResponses = (): void => {
  window.__trancheEarly?.clear();
};
