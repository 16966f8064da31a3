import { REDEMPTION_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { listOwn } from './redemption.records.js';

export const handler = httpApi(REDEMPTION_ROUTES.listRedemptions, async (ctx) =>
  ok({ items: await listOwn(sessionActor(ctx)) }),
);
