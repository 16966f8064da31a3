import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { apiRoutesPlugin } from './vite-plugin-api-routes.ts';

const apiOrigin = process.env.API_ORIGIN;

export default defineConfig({
  plugins: [react(), apiRoutesPlugin()],
  server: apiOrigin ? { proxy: { '/api': { target: apiOrigin, changeOrigin: false } } } : {},
  build: { target: 'es2022', sourcemap: true },
});
