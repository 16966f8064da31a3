import { SIGNING_ROUTES } from '@tranche/shared/http/routes/signing.routes';
import { httpApi, ok } from '#lib/http-api';
import { companySeals } from './seals.service.js';

export const handler = httpApi(SIGNING_ROUTES.listCompanySeals, async (ctx) =>
  ok(await companySeals(ctx.session.tenantId)),
);
