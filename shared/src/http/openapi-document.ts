import { buildOpenApi } from './openapi.js';
import type { RouteDef } from './route-def.js';
import { ROUTE_LIST } from './routes.js';

/** The version the API description states. */
export const OPENAPI_VERSION = '0.1.0';

/** The file the `getOpenApi` function serves, written beside its bundle when it is deployed. */
export const OPENAPI_ASSET = 'openapi.json';

/**
 * The API description of every route, as `GET /openapi.json` serves it. Deployed, it is built once
 * at synthesis from the routes the stack deploys and shipped beside the function's bundle
 * (cdk/lib/stacks/api-stack.ts), so the function carries neither the route table's schemas nor the
 * JSON Schema writer; from source (local stack, tests) the handler builds it here on first use.
 */
export const openApiDocument = (routes: readonly RouteDef[] = ROUTE_LIST) =>
  buildOpenApi(routes, { version: OPENAPI_VERSION });
