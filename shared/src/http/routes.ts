import { defineRoutes, mergeRouteGroups, type RouteDef } from './route-def.js';
import { BANK_ACCOUNT_ROUTES } from './routes/bank-account.routes.js';
import { CONSOLE_ROUTES } from './routes/console.routes.js';
import { FILES_ROUTES } from './routes/files.routes.js';
import { IDENTITY_ROUTES } from './routes/identity.routes.js';
import { INBOX_ROUTES } from './routes/inbox.routes.js';
import { KYC_ROUTES } from './routes/kyc.routes.js';
import { MODIFICATION_ROUTES } from './routes/modification.routes.js';
import { MONEY_ROUTES } from './routes/money.routes.js';
import { PLATFORM_ROUTES } from './routes/platform.routes.js';
import { PRODUCT_ROUTES } from './routes/product.routes.js';
import { PROFILE_ROUTES } from './routes/profile.routes.js';
import { SCENARIO_ROUTES } from './routes/scenario.routes.js';
import { SIGN_ROUTES } from './routes/sign.routes.js';
import { SIGNING_ROUTES } from './routes/signing.routes.js';
import { SUBSCRIPTION_ROUTES } from './routes/subscription.routes.js';
import { TENANT_ROUTES } from './routes/tenant.routes.js';
import { WATCHLIST_ROUTES } from './routes/watchlist.routes.js';

export { API_PREFIX, apiPath, compilePath, type HttpMethod, type RouteDef, routeKey } from './route-def.js';

/**
 * The route table: one object, composed from one file per domain under `routes/` so that work on
 * different domains does not collide. `defineRoutes` checks every key equals its operationId, and
 * `mergeRouteGroups` refuses an operationId declared in two groups.
 */
export const ROUTES = defineRoutes(
  mergeRouteGroups(
    TENANT_ROUTES,
    PRODUCT_ROUTES,
    IDENTITY_ROUTES,
    PLATFORM_ROUTES,
    CONSOLE_ROUTES,
    WATCHLIST_ROUTES,
    INBOX_ROUTES,
    PROFILE_ROUTES,
    FILES_ROUTES,
    KYC_ROUTES,
    BANK_ACCOUNT_ROUTES,
    SIGNING_ROUTES,
    SUBSCRIPTION_ROUTES,
    SCENARIO_ROUTES,
    MODIFICATION_ROUTES,
    MONEY_ROUTES,
    SIGN_ROUTES,
  ),
);

export type RouteKey = keyof typeof ROUTES;
export const ROUTE_LIST: readonly RouteDef[] = Object.values(ROUTES);
export const route = <K extends RouteKey>(key: K): (typeof ROUTES)[K] => ROUTES[key];
