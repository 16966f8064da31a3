import { OPENAPI_ASSET, openApiDocument } from '@tranche/shared/http/openapi-document';
import type { RouteDef, RouteKey } from '@tranche/shared/http/routes';

/*
 * What each route may touch is declared in its own definition (`RouteDef.needs`,
 * shared/src/http/routes/*.routes.ts); non-HTTP handlers are in shared/src/infra/workers.ts. This
 * file keeps what only the deployment cares about.
 */

/** A function's size where the defaults (10 s, 512 MB: tranche-function.ts) do not fit its work. */
export interface FunctionSizing {
  /** At most 29: the HTTP API gives up on an integration after 30 seconds. */
  readonly timeoutSeconds?: number;
  readonly memoryMb?: number;
}

/**
 * Per-route sizes. The folder zip streams up to 512 MB of documents from S3 back into S3 within one
 * request (marketing-folders.service.ts MAX_ZIP_INPUT_BYTES): it gets the longest time the HTTP API
 * allows and 1 GB, since Lambda scales CPU and network with memory.
 */
export const ROUTE_SIZING: Partial<Record<RouteKey, FunctionSizing>> = {
  downloadMarketingFolder: { timeoutSeconds: 29, memoryMb: 1024 },
  // A capital call's routes that read every part: 5,000 investors are a 5,000-item GSI read and a
  // 220 KB split (create, issue), or every notice and name (get, export) (docs/money.md "Capital calls
  // at scale"). The default 10 s was met on a loaded machine; 1 GB also gives the function more CPU.
  createCapitalCall: { timeoutSeconds: 29, memoryMb: 1024 },
  issueCapitalCall: { timeoutSeconds: 29, memoryMb: 1024 },
  getCapitalCall: { timeoutSeconds: 29, memoryMb: 1024 },
  exportCallNotices: { timeoutSeconds: 29, memoryMb: 1024 },
};

/**
 * Files a route's function reads at run time, built at synthesis and written beside its bundle
 * (TrancheFunction `files`). The API description is built from the routes this stack deploys, so
 * the function serving it carries no route schemas (functions/src/meta/get-openapi.ts).
 */
export const ROUTE_FILES: Partial<Record<RouteKey, (routes: readonly RouteDef[]) => Record<string, string>>> = {
  getOpenApi: (routes) => ({ [OPENAPI_ASSET]: JSON.stringify(openApiDocument(routes)) }),
};

/** The API's `$default` route: a catalogued 404/405 for whatever the table has no route for. */
export const NOT_FOUND_HANDLER = 'meta/not-found';
