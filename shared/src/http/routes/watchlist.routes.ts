import { PERMISSIONS } from '../../auth/permissions.js';
import { EmptySchema } from '../../common.schema.js';
import { ProductIdParamsSchema } from '../../product/product.schema.js';
import { WatchlistSchema, WatchStatusSchema } from '../../watchlist/watchlist.schema.js';
import type { RouteDef } from '../route-def.js';

/**
 * The investor's watchlist of catalogue funds (issue 9, "Investor home"). The spec names no path for
 * saved or favourite funds, so these sit beside its other investor-only paths (`/lp/...`), one
 * resource per saved fund: PUT saves and DELETE removes, each idempotent (saving a saved fund or
 * removing an unsaved one changes nothing and answers the same), so a double click or a retry after
 * a lost answer cannot flip the state back. docs/decisions.md, "Investor home and watchlist".
 */
export const WATCHLIST_ROUTES = {
  listWatchlist: {
    operationId: 'listWatchlist',
    method: 'GET',
    path: '/lp/watchlist',
    handler: 'watchlist/list-watchlist',
    summary: "The investor's saved funds, most recently saved first; only funds the catalogue shows",
    tags: ['watchlist'],
    auth: 'session',
    roles: PERMISSIONS.keepWatchlist,
    response: WatchlistSchema,
  },
  saveToWatchlist: {
    operationId: 'saveToWatchlist',
    method: 'PUT',
    path: '/lp/watchlist/{productId}',
    handler: 'watchlist/save-to-watchlist',
    summary: 'Saves a catalogue fund to the watchlist (saving it again changes nothing)',
    tags: ['watchlist'],
    auth: 'session',
    roles: PERMISSIONS.keepWatchlist,
    params: ProductIdParamsSchema,
    body: EmptySchema.optional(),
    response: WatchStatusSchema,
    errors: ['productIsNotExist', 'watchlistFull', 'VERSION_CONFLICT'],
    ownedIds: ['productId'],
  },
  removeFromWatchlist: {
    operationId: 'removeFromWatchlist',
    method: 'DELETE',
    path: '/lp/watchlist/{productId}',
    handler: 'watchlist/remove-from-watchlist',
    summary: 'Removes a fund from the watchlist (removing an unsaved catalogue fund changes nothing)',
    tags: ['watchlist'],
    auth: 'session',
    roles: PERMISSIONS.keepWatchlist,
    params: ProductIdParamsSchema,
    response: WatchStatusSchema,
    errors: ['productIsNotExist', 'VERSION_CONFLICT'],
    ownedIds: ['productId'],
  },
} as const satisfies Record<string, RouteDef>;
