import { FILES_ROUTES } from '@tranche/shared/http/routes/files.routes';
import { sessionActor } from '#lib/audit';
import { created, httpApi } from '#lib/http-api';
import { addDocument } from './profile-documents.service.js';

export const handler = httpApi(FILES_ROUTES.addProfileDocument, async (ctx) =>
  created(await addDocument(sessionActor(ctx), ctx.session.role, ctx.params.profileId, ctx.body)),
);
