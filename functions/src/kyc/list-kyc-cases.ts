import { KYC_ROUTES } from '@tranche/shared/http/routes/kyc.routes';
import { DEFAULT_QUEUE_STATUS } from '@tranche/shared/profile/kyc.schema';
import { httpApi, ok } from '#lib/http-api';
import { listQueue } from './kyc.repo.js';

export const handler = httpApi(KYC_ROUTES.listKycCases, async ({ session, query }) =>
  ok(await listQueue(session.tenantId, query.status ?? DEFAULT_QUEUE_STATUS, query.limit ?? 20, query.cursor)),
);
