import { buildOpenApi } from '@tranche/shared/http/openapi';
import { ROUTE_LIST, route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';

let doc: ReturnType<typeof buildOpenApi> | undefined;

export const handler = httpApi(route('getOpenApi'), async () => {
  doc ??= buildOpenApi(ROUTE_LIST, { version: '0.1.0' });
  return ok(doc, { headers: { 'cache-control': 'public, max-age=300' } });
});
