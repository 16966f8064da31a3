/**
 * The client-storage key of `key` in a portal's namespace (its tenant prefix, else its host name):
 * `tranche:<namespace>:<key>`. Its own module, without imports, because the early script
 * (web/vite-plugin-early-preload.ts) reads the visitor's storage before the app runs and builds its
 * keys from this at build time.
 */
export const storageKey = (namespace: string, key: string): string => `tranche:${namespace}:${key}`;
