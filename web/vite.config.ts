import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { apiRoutesPlugin } from './vite-plugin-api-routes.ts';
import { appShellScrollBarClassPlugin } from './vite-plugin-scroll-bar-class.ts';

const apiOrigin = process.env.API_ORIGIN;

export default defineConfig({
  plugins: [react(), apiRoutesPlugin(), appShellScrollBarClassPlugin()],
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
