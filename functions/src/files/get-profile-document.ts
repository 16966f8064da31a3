import { FILES_ROUTES } from '@tranche/shared/http/routes/files.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { documentWithLink } from './profile-documents.service.js';

export const handler = httpApi(FILES_ROUTES.getProfileDocument, async (ctx) =>
  ok(await documentWithLink(sessionActor(ctx), ctx.session.role, ctx.params.profileId, ctx.params.documentId)),
);
