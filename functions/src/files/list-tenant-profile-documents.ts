import { FILES_ROUTES } from '@tranche/shared/http/routes/files.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { listTenantDocuments } from './profile-documents.service.js';

export const handler = httpApi(FILES_ROUTES.listTenantProfileDocuments, async (ctx) =>
  ok(await listTenantDocuments(sessionActor(ctx), ctx.session.role, ctx.params.tenantId, ctx.query.profileId)),
);
