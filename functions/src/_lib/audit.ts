import { clock } from './clock.js';

export interface Actor {
  userId: string;
  tenantId: string;
  requestId: string;
  at: string;
}

/** The actor of a signed-in request: the session's user, in the request's tenant, now. */
export const sessionActor = (ctx: { tenantId: string; requestId: string; session: { userId: string } }): Actor => ({
  tenantId: ctx.tenantId,
  userId: ctx.session.userId,
  requestId: ctx.requestId,
  at: clock.nowIso(),
});
