import { SIGNING_ROUTES } from '@tranche/shared/http/routes/signing.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { sealedDocumentLink } from './projects.service.js';

export const handler = httpApi(SIGNING_ROUTES.downloadSigningFile, async (ctx) =>
  ok(await sealedDocumentLink(sessionActor(ctx), ctx.session.role, ctx.query)),
);
