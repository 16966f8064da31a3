import type { Plugin } from 'vite';

const ID = 'virtual:api-routes';
const RESOLVED_ID = `\0${ID}`;

/**
 * `virtual:api-routes`: the route table's operationId -> { method, path }, computed at build time from
 * shared/src/http/routes.ts. The browser gets the methods and paths without the zod schemas, handler
 * names or role lists, and the two can never drift.
 */
export const apiRoutesPlugin = (): Plugin => ({
  name: 'tranche:api-routes',
  resolveId(id) {
    return id === ID ? RESOLVED_ID : undefined;
  },
  async load(id) {
    if (id !== RESOLVED_ID) return undefined;
    const routesFile = new URL('../shared/src/http/routes.ts', import.meta.url);
    this.addWatchFile(routesFile.pathname);
    const { ROUTES } = await import('../shared/src/http/routes.ts');
    const table = Object.fromEntries(
      Object.values(ROUTES).map((r) => [r.operationId, { method: r.method, path: r.path }] as const),
    );
    return `export default ${JSON.stringify(table, null, 2)};\n`;
  },
});
