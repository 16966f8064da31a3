import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * An API request a page's first screen makes, as the app makes it (app/preload.ts): the operation,
 * its path parameters and its query in the order the app's fetcher writes them. A value `$1` is the
 * page path's first capture group (a fund's id).
 */
export interface EarlyRequest {
  readonly operationId: string;
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string | number>>;
  /**
   * Asked for only while the visitor's stored value under this client-storage key is absent or equal
   * to `value` (the landing page's first page follows the search the visitor left there).
   */
  readonly unlessStored?: { readonly key: string; readonly value: unknown };
}

/** A page opened directly whose code and first data the browser should start fetching before the app's entry has run. */
export interface EarlyPage {
  /** Tested against the path after the portal's `/t/<prefix>` basename. */
  readonly path: RegExp;
  /** The page module that app-routes.tsx imports lazily, relative to the web package (none: in the entry). */
  readonly module?: string;
  readonly requests: readonly EarlyRequest[];
}

const chunkOf = (bundle: OutputBundle, moduleId: string): OutputChunk | undefined =>
  Object.values(bundle).find(
    (file): file is OutputChunk => file.type === 'chunk' && file.isDynamicEntry && file.facadeModuleId === moduleId,
  );

/** The chunk, every chunk it imports statically (transitively) but what index.html loads already, and their CSS. */
const filesOf = (bundle: OutputBundle, chunk: OutputChunk) => {
  const entries = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk' && file.isEntry);
  const loaded = new Set(entries.flatMap((entry) => [entry.fileName, ...entry.imports]));
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (file: string) => {
    const next = bundle[file];
    if (next?.type !== 'chunk' || loaded.has(file) || js.has(file)) return;
    js.add(file);
    for (const sheet of next.viteMetadata?.importedCss ?? []) css.add(sheet);
    for (const imported of next.imports) visit(imported);
  };
  visit(chunk.fileName);
  return { js: [...js], css: [...css] };
};

/** Stands for the page's capture in a URL built here; the script puts the encoded capture in its place. */
const CAPTURE = 'EarlyCapture1';

/** The URL as web/src/lib/api.ts `apiUrl` writes it (path parameters encoded, query in the given order). */
const urlOf = (paths: Readonly<Record<string, string>>, request: EarlyRequest, apiBase: string) => {
  const path = paths[request.operationId];
  if (!path) throw new Error(`early preload: unknown operation ${request.operationId}`);
  const fill = (value: string) => (value === '$1' ? CAPTURE : value);
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = request.params?.[name];
    if (value === undefined) throw new Error(`early preload: ${request.operationId} needs ${name}`);
    return encodeURIComponent(fill(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query ?? {})) search.append(key, fill(String(value)));
  const text = search.toString();
  return `${apiBase}${filled}${text ? `?${text}` : ''}`;
};

/**
 * A page opened directly (the landing page, a fund's link in an email) renders only once the app's
 * 160 KB entry has downloaded and run, asked for the page's data and, for a lazily loaded page, its
 * code, and those have arrived: on Lighthouse's phone network each step is a round trip after the
 * entry, on the path to the page's largest paint (issue 9). This plugin writes a tiny script, loaded
 * `async` from index.html ahead of the entry, that for the page at the address starts those requests
 * at once: `<link rel="modulepreload">` (and `preload` for the CSS) for the page's chunks, and the
 * first screen's API calls, kept by URL in `window.__trancheEarly` for the app's API client to take
 * over (web/src/lib/early-responses.ts) instead of asking again.
 *
 * The script asks as the app does (same URL, `Accept: application/json`, the portal's
 * `X-Tenant-Prefix`, same-origin credentials); these reads answer the same in either language, so
 * the missing `Accept-Language` changes nothing (the client never shows a server's message). The
 * file names come from the bundle and the script's name carries its content hash like every asset,
 * so it is cached immutably and changes when a chunk does. A CSP allowing only `'self'` scripts
 * admits it (an inline script would not be). When the entry runs first (a cached entry), it marks
 * `window.__trancheEarly` and the script does nothing.
 */
export const earlyPreloadPlugin = (pages: readonly EarlyPage[], apiBase = '/api'): Plugin => {
  let root = '';
  let base = '/';
  return {
    name: 'tranche:early-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    async generateBundle(_options, bundle) {
      const { ROUTES } = await import('../shared/src/http/routes.ts');
      const { PREFIX_PATH } = await import('./src/lib/portal-location.ts');
      const { storageKey } = await import('./src/lib/storage-key.ts');
      const [keyBefore, keyAfter] = storageKey('\u0000', '').split('\u0000');
      const paths: Record<string, string> = Object.fromEntries(
        Object.values(ROUTES).map((r) => [r.operationId, r.path] as const),
      );
      const routes = pages.map((page) => {
        const chunk = page.module ? chunkOf(bundle, resolve(root, page.module)) : undefined;
        if (page.module && !chunk) throw new Error(`early preload: no lazily loaded chunk for ${page.module}`);
        const files = chunk ? filesOf(bundle, chunk) : { js: [], css: [] };
        return {
          path: page.path.source,
          js: files.js.map((f) => base + f),
          css: files.css.map((f) => base + f),
          api: page.requests.map((request) => ({
            url: urlOf(paths, request, apiBase),
            ...(request.unlessStored ? { unlessStored: request.unlessStored } : {}),
          })),
        };
      });
      const source = `(() => {
  if ('__trancheEarly' in window) return;
  const early = new Map();
  window.__trancheEarly = early;
  const routes = ${JSON.stringify(routes)};
  // As web/src/lib/portal-location.ts reads the address, and storage.ts the visitor's storage.
  const prefix = new RegExp(${JSON.stringify(PREFIX_PATH.source)}).exec(location.pathname)?.[1] ?? null;
  const path = location.pathname.slice(prefix ? prefix.length + 3 : 0) || '/';
  const namespace = prefix ?? (location.hostname.toLowerCase() || 'default');
  const stored = (key) => {
    try {
      const raw = localStorage.getItem(${JSON.stringify(keyBefore)} + namespace + ${JSON.stringify(keyAfter)} + key);
      return raw === null ? undefined : raw;
    } catch {
      return undefined;
    }
  };
  let match = null;
  const route = routes.find((r) => (match = new RegExp(r.path).exec(path)));
  if (!route) return;
  let capture = '';
  try {
    capture = encodeURIComponent(decodeURIComponent(match[1] ?? ''));
  } catch {
    return;
  }
  const add = (rel, href, as) => {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    if (as) link.as = as;
    link.crossOrigin = '';
    document.head.appendChild(link);
  };
  for (const href of route.js) add('modulepreload', href);
  for (const href of route.css) add('preload', href, 'style');
  const headers = prefix ? { Accept: 'application/json', 'X-Tenant-Prefix': prefix } : { Accept: 'application/json' };
  for (const request of route.api) {
    const kept = request.unlessStored && stored(request.unlessStored.key);
    if (kept !== undefined && kept !== JSON.stringify(request.unlessStored.value)) continue;
    const url = request.url.replaceAll(${JSON.stringify(CAPTURE)}, capture);
    const response = fetch(url, { headers, credentials: 'same-origin' });
    response.catch(() => undefined);
    early.set(url, response);
  }
})();
`;
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      const fileName = `assets/early-preload-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('early preload: index.html is not in the bundle');
      const tag = `<script async src="${base}${fileName}"></script>`;
      const page = String(html.source);
      if (!page.includes('<script type="module"')) throw new Error('early preload: no module script in index.html');
      html.source = page.replace('<script type="module"', `${tag}\n    <script type="module"`);
    },
  };
};
