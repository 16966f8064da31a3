import { route } from '@tranche/shared/http/routes';
import { clock } from '#lib/clock';
import { httpApi, ok } from '#lib/http-api';
import { putGpSettings } from './tenant.repo.js';

export const handler = httpApi(route('updateGpSettings'), async ({ tenantId, session, body, requestId }) =>
  ok(await putGpSettings(tenantId, body, { tenantId, userId: session.userId, requestId, at: clock.nowIso() })),
);
