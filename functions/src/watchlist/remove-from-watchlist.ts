import { WATCHLIST_ROUTES } from '@tranche/shared/http/routes/watchlist.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { unsaveFund } from './unsave-fund.js';

export const handler = httpApi(WATCHLIST_ROUTES.removeFromWatchlist, async (ctx) =>
  ok(await unsaveFund(sessionActor(ctx), ctx.params.productId)),
);
