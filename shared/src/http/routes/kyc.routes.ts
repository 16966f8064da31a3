import { PERMISSIONS } from '../../auth/permissions.js';
import {
  KycCaseIdParamsSchema,
  KycCaseSchema,
  KycDecisionBodySchema,
  KycQueuePageSchema,
  KycQueueQuerySchema,
} from '../../profile/kyc.schema.js';
import type { RouteDef } from '../route-def.js';

/**
 * The manager's KYC review (issue 11, deliver 5 and 6; docs/profiles.md "KYC review"). Cases are
 * opened by the screening consumer (functions/src/events/kyc.ts), never here; the team reads them and
 * admins decide. Another tenant's case is 404 (KYC_CASE_NOT_EXISTS), like an unknown one.
 */
export const KYC_ROUTES = {
  listKycCases: {
    operationId: 'listKycCases',
    method: 'GET',
    path: '/kyc/cases',
    handler: 'kyc/list-kyc-cases',
    summary: 'The KYC queue: cases of one status, newest first, with the count of every status',
    tags: ['kyc'],
    auth: 'session',
    roles: PERMISSIONS.readKycCases,
    query: KycQueueQuerySchema,
    response: KycQueuePageSchema,
  },
  getKycCase: {
    operationId: 'getKycCase',
    method: 'GET',
    path: '/kyc/cases/{caseId}',
    handler: 'kyc/get-kyc-case',
    summary:
      'One KYC case: the profile as screened, each subject with its matches, the identity check, risk and history',
    tags: ['kyc'],
    auth: 'session',
    roles: PERMISSIONS.readKycCases,
    params: KycCaseIdParamsSchema,
    response: KycCaseSchema,
    errors: ['KYC_CASE_NOT_EXISTS'],
    ownedIds: ['caseId'],
  },
  decideKycCase: {
    operationId: 'decideKycCase',
    method: 'POST',
    path: '/kyc/cases/{caseId}/decision',
    handler: 'kyc/decide-kyc-case',
    summary: 'Approve, reject, request documents or hand to sales support, with a reason, on the version read',
    tags: ['kyc'],
    auth: 'session',
    roles: PERMISSIONS.decideKycCases,
    params: KycCaseIdParamsSchema,
    body: KycDecisionBodySchema,
    response: KycCaseSchema,
    errors: [
      'KYC_CASE_NOT_EXISTS',
      'VERSION_CONFLICT',
      'TRANSITION_NOT_ALLOWED',
      'SCREEN_NOT_OPEN_COUNTRY',
      'SCREEN_UNDO',
      'IDENTITY_NOT_PASS',
    ],
    ownedIds: ['caseId'],
  },
} as const satisfies Record<string, RouteDef>;
