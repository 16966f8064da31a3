import { SIGNING_ROUTES } from '@tranche/shared/http/routes/signing.routes';
import { sessionActor } from '#lib/audit';
import { created, httpApi } from '#lib/http-api';
import { addCompanySeal } from './seals.service.js';

export const handler = httpApi(SIGNING_ROUTES.addCompanySeal, async (ctx) =>
  created(await addCompanySeal(sessionActor(ctx), ctx.session.role, ctx.body)),
);
