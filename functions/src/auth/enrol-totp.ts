import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from './context.js';
import { enrolTotp } from './totp-enrolment.service.js';

export const handler = httpApi(IDENTITY_ROUTES.enrolTotp, async (ctx) =>
  ok(await enrolTotp(portalCtx(ctx), ctx.session)),
);
