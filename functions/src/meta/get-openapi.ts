import { existsSync, readFileSync } from 'node:fs';
import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { httpApi, ok } from '#lib/http-api';

/** Must equal OPENAPI_ASSET in shared/src/http/openapi-document.ts (a test checks it). */
export const OPENAPI_ASSET = 'openapi.json';

/**
 * The module that builds the document from the route table. A variable, so esbuild leaves it out
 * of the bundle: it would bring every route's schemas and the JSON Schema writer (the bundle was
 * 448 KB with them, over the 400 KB target). Deployed, the document is a file beside the bundle.
 */
const BUILDER: string = '@tranche/shared/http/openapi-document';

let doc: unknown;

const load = async (): Promise<unknown> => {
  const asset = new URL(`./${OPENAPI_ASSET}`, import.meta.url);
  if (existsSync(asset)) return JSON.parse(readFileSync(asset, 'utf8'));
  const { openApiDocument } = (await import(BUILDER)) as typeof import('@tranche/shared/http/openapi-document');
  return openApiDocument();
};

export const handler = httpApi(TENANT_ROUTES.getOpenApi, async () => {
  doc ??= await load();
  return ok(doc, { headers: { 'cache-control': 'public, max-age=300' } });
});
