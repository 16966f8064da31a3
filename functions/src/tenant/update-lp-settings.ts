import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { clock } from '#lib/clock';
import { httpApi, ok } from '#lib/http-api';
import { putLpSettings } from './tenant.repo.js';

export const handler = httpApi(TENANT_ROUTES.updateLpSettings, async ({ tenantId, session, body, requestId }) =>
  ok(await putLpSettings(tenantId, body, { tenantId, userId: session.userId, requestId, at: clock.nowIso() })),
);
