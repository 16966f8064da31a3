import { FILES_ROUTES } from '@tranche/shared/http/routes/files.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { deleteDocument } from './profile-documents.service.js';

export const handler = httpApi(FILES_ROUTES.deleteProfileDocument, async (ctx) =>
  ok(await deleteDocument(sessionActor(ctx), ctx.session.role, ctx.params.profileId, ctx.params.documentId)),
);
