import { PROFILE_ROUTES } from '@tranche/shared/http/routes/profile.routes';
import { httpApi, ok } from '#lib/http-api';
import { listProfileMetas } from './profile.repo.js';
import { summaryOf } from './profile.service.js';

export const handler = httpApi(PROFILE_ROUTES.listProfileInfo, async ({ session }) =>
  ok({ items: (await listProfileMetas(session.tenantId, session.userId)).map((p) => summaryOf(p)) }),
);
