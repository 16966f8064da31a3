import { WATCHLIST_ROUTES } from '@tranche/shared/http/routes/watchlist.routes';
import { httpApi, ok } from '#lib/http-api';
import { readWatchlist } from './read-watchlist.js';

export const handler = httpApi(WATCHLIST_ROUTES.listWatchlist, async ({ session }) =>
  ok(await readWatchlist(session.tenantId, session.userId)),
);
