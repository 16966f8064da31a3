import { PLATFORM_ROUTES } from '@tranche/shared/http/routes/platform.routes';
import { DomainError } from '#lib/errors';
import { httpApi, ok } from '#lib/http-api';
import { runBackfill } from '../money/backfills.js';
import { tenantIdByPrefix } from '../tenant/tenant.repo.js';

export const handler = httpApi(PLATFORM_ROUTES.runBackfill, async (ctx) => {
  const tenantId = await tenantIdByPrefix(ctx.query.tenant);
  if (!tenantId) throw new DomainError('TenantNotExist');
  return ok(await runBackfill(ctx.params.backfill, { tenantId, cursor: ctx.query.cursor }, ctx.requestId));
});
