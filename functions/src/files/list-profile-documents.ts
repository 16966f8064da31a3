import { FILES_ROUTES } from '@tranche/shared/http/routes/files.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { listDocuments } from './profile-documents.service.js';

export const handler = httpApi(FILES_ROUTES.listProfileDocuments, async (ctx) =>
  ok(await listDocuments(sessionActor(ctx), ctx.session.role, ctx.params.profileId)),
);
