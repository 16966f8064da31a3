import { KYC_ROUTES } from '@tranche/shared/http/routes/kyc.routes';
import { DomainError } from '#lib/errors';
import { httpApi, ok } from '#lib/http-api';
import { readCasePartition, toKycCase } from './kyc.repo.js';

export const handler = httpApi(KYC_ROUTES.getKycCase, async ({ session, params }) => {
  // The tenant is in the key: another tenant's case id reads nothing here and is answered like an unknown one.
  const whole = await readCasePartition(session.tenantId, params.caseId);
  if (!whole) throw new DomainError('KYC_CASE_NOT_EXISTS');
  return ok(await toKycCase(session.tenantId, whole, session.role));
});
