import { CAPITAL_CALL_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { exportNotices } from './call.records.js';

export const handler = httpApi(CAPITAL_CALL_ROUTES.exportCallNotices, async (ctx) =>
  ok(await exportNotices(sessionActor(ctx), ctx.session.role, ctx.params.callId)),
);
