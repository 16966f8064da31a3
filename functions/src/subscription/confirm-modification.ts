import { MODIFICATION_ROUTES } from '@tranche/shared/http/routes/modification.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { confirmModification } from './modification.service.js';
import { getSubscription } from './subscription.service.js';

export const handler = httpApi(MODIFICATION_ROUTES.confirmModification, async (ctx) => {
  const actor = sessionActor(ctx);
  await confirmModification(actor, ctx.session.role, ctx.params.subscriptionId, ctx.body);
  return ok(await getSubscription(actor, ctx.session.role, ctx.params.subscriptionId));
});
