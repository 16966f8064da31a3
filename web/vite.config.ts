import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { apiRoutesPlugin } from './vite-plugin-api-routes.ts';
import { earlyPreloadPlugin } from './vite-plugin-early-preload.ts';
import { appShellScrollBarClassPlugin } from './vite-plugin-scroll-bar-class.ts';

const apiOrigin = process.env.API_ORIGIN;

/** The tenant and the portal's settings, which every first screen reads (app/preload.ts). */
const FIRST_SCREEN_REQUESTS = [{ operationId: 'getTenantInfo' }, { operationId: 'getLpSettings' }];

export default defineConfig({
  plugins: [
    react(),
    apiRoutesPlugin(),
    appShellScrollBarClassPlugin(),
    // The landing page and a fund's page, opened directly, start fetching their data (and code)
    // before the entry has run (issue 9): the requests app/preload.ts makes for them, written alike.
    earlyPreloadPlugin([
      {
        path: /^\/$/,
        requests: [
          ...FIRST_SCREEN_REQUESTS,
          {
            operationId: 'listProducts',
            query: { limit: 24 },
            unlessStored: { key: 'productListSearchConditions', value: { text: '', openness: 'ALL' } },
          },
        ],
      },
      {
        path: /^\/products\/([^/]+)\/?$/,
        module: 'src/features/products/routes/product-detail-page.tsx',
        requests: [
          ...FIRST_SCREEN_REQUESTS,
          { operationId: 'getProduct', query: { productId: '$1' } },
          {
            operationId: 'getProductPortalComponents',
            params: { productId: '$1' },
            query: { visibilityState: 'SHOW' },
          },
        ],
      },
    ]),
  ],
  // `@/lib/format` instead of `../../../lib/format`; the same mapping is in tsconfig.json `paths`.
  // A regex on `@/` so scoped packages (`@mantine/core`) are never caught by it.
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
  server: apiOrigin ? { proxy: { '/api': { target: apiOrigin, changeOrigin: false } } } : {},
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (the first screen's code) in one file, the entry,
          // instead of ~40 small shared chunks: on a phone network each is a request of its own, and
          // over HTTP/1.1's few connections they queue; one file also compresses 14 KB smaller
          // (docs/decisions.md, "First paint and main thread"). Lazily loaded pages keep their chunks.
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
        // An `.mjs` asset (pdf.js's worker, imported with `?url`) is written as `.js`: every server
        // we use types `.js` as JavaScript, and a module worker served as anything else is refused
        // under `X-Content-Type-Options: nosniff` (docs/signing.md "Web").
        assetFileNames: (asset) =>
          asset.names.some((name) => name.endsWith('.mjs'))
            ? 'assets/[name]-[hash].js'
            : 'assets/[name]-[hash][extname]',
      },
    },
  },
});
