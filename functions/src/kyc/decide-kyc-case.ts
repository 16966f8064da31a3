import { KYC_ROUTES } from '@tranche/shared/http/routes/kyc.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { decideCase } from './kyc.service.js';

export const handler = httpApi(KYC_ROUTES.decideKycCase, async (ctx) =>
  ok(await decideCase(sessionActor(ctx), ctx.session.role, ctx.params.caseId, ctx.body)),
);
