import { PLATFORM_ROUTES } from '@tranche/shared/http/routes/platform.routes';
import { httpApi, ok } from '#lib/http-api';
import { runBackfill } from '../money/backfills.js';

export const handler = httpApi(PLATFORM_ROUTES.runBackfill, async (ctx) =>
  ok(await runBackfill(ctx.params.backfill, ctx.query, ctx.requestId)),
);
