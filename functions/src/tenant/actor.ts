import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';

/** The audit actor of a GP request. */
export const gpActor = (ctx: { tenantId: string; session: { userId: string }; requestId: string }): Actor => ({
  tenantId: ctx.tenantId,
  userId: ctx.session.userId,
  requestId: ctx.requestId,
  at: clock.nowIso(),
});
