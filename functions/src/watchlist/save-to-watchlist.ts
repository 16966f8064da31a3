import { WATCHLIST_ROUTES } from '@tranche/shared/http/routes/watchlist.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { saveFund } from './save-fund.js';

export const handler = httpApi(WATCHLIST_ROUTES.saveToWatchlist, async (ctx) =>
  ok(await saveFund(sessionActor(ctx), ctx.params.productId)),
);
