import { DATA_ROOM_KEYS } from '../../infra/data-room.js';
import {
  CodeSentSchema,
  CodeValidatedSchema,
  ProjectRefQuerySchema,
  SignCodeBodySchema,
  SignDetailSchema,
  SignedCopySchema,
  SignerActionSchema,
  SignerParamsSchema,
  SignerRefSchema,
  SignerSelfSchema,
  SignProjectSchema,
  SignProjectStatusSchema,
} from '../../signing/sign.schema.js';
import type { RouteDef } from '../route-def.js';

/**
 * The signer's side of a signing project (issue 12; docs/signing.md "Signer side"). Public routes:
 * a signer with an account is recognised by their session cookie (checked in the handler against the
 * signer's `userId`), a signer without one by the emailed link token (header `x-signing-link`). Both
 * must pass the emailed code (/sign/validate), whose ticket (header `x-signing-ticket`) opens the
 * documents, the progress and the signature. A signer or link of another project or tenant is 404
 * (signingSignerNotFound), whatever is wrong with it, so nothing is learnt by guessing.
 */
const SIGNER_ERRORS = ['signingSignerNotFound', 'signingLinkExpired', 'UNAUTHENTICATED'] as const;

export const SIGN_ROUTES = {
  sendSigningCode: {
    operationId: 'sendSigningCode',
    method: 'POST',
    path: '/sign/captcha',
    handler: 'signing/signer/send-code',
    summary: 'Emails the signer a one-time code (10 minutes, single use); throttled per signer and per IP',
    tags: ['signing'],
    auth: 'public',
    roles: [],
    needs: { table: 'readWrite', mail: true },
    body: SignerRefSchema,
    response: CodeSentSchema,
    errors: [...SIGNER_ERRORS, 'signingNotYourTurn', 'signingLinkLocked', 'TRANSITION_NOT_ALLOWED', 'RATE_LIMITED'],
  },
  validateSigningCode: {
    operationId: 'validateSigningCode',
    method: 'POST',
    path: '/sign/validate',
    handler: 'signing/signer/validate-code',
    summary:
      'Checks the emailed code: at most 5 wrong codes per link across re-issued codes (the fifth locks it and tells the sender); answers a ticket for the documents',
    tags: ['signing'],
    auth: 'public',
    roles: [],
    body: SignCodeBodySchema,
    response: CodeValidatedSchema,
    errors: [
      ...SIGNER_ERRORS,
      'signingCodeInvalid',
      'signingCodeExpired',
      'signingCodeUsed',
      'signingLinkLocked',
      'signingNotYourTurn',
      'TRANSITION_NOT_ALLOWED',
      'RATE_LIMITED',
    ],
  },
  getSignProject: {
    operationId: 'getSignProject',
    method: 'GET',
    path: '/sign/project',
    handler: 'signing/signer/get-project',
    summary: 'The project as its signer sees it before the code: its name, sender, state, and the consent text',
    tags: ['signing'],
    auth: 'public',
    roles: [],
    query: SignerRefSchema,
    response: SignProjectSchema,
    errors: [...SIGNER_ERRORS],
    ownedIds: ['projectId', 'signerId'],
  },
  getSignProjectStatus: {
    operationId: 'getSignProjectStatus',
    method: 'GET',
    path: '/sign/project/status',
    handler: 'signing/signer/get-project-status',
    summary: "The project's progress: every signer's role, group and state (after the code)",
    tags: ['signing'],
    auth: 'public',
    roles: [],
    query: SignerRefSchema,
    response: SignProjectStatusSchema,
    errors: [...SIGNER_ERRORS, 'signingVerificationRequired'],
    ownedIds: ['projectId', 'signerId'],
  },
  getSignDetail: {
    operationId: 'getSignDetail',
    method: 'GET',
    path: '/sign/detail',
    handler: 'signing/signer/get-detail',
    summary:
      "The documents to sign with this signer's fields, a short-lived link to each source PDF and, once sealed, to the signed PDF (after the code); the first view is recorded",
    tags: ['signing'],
    auth: 'public',
    roles: [],
    // Records the first view (an audit event) and presigns the source PDF's GET.
    needs: {
      table: 'readWrite',
      dataRoom: [
        { actions: ['s3:GetObject'], prefixes: [DATA_ROOM_KEYS.signingSources, DATA_ROOM_KEYS.signingSealed] },
      ],
    },
    query: SignerRefSchema,
    response: SignDetailSchema,
    errors: [...SIGNER_ERRORS, 'signingVerificationRequired'],
    ownedIds: ['projectId', 'signerId'],
  },
  getSigner: {
    operationId: 'getSigner',
    method: 'GET',
    path: '/signer/{signerId}',
    handler: 'signing/signer/get-signer',
    summary: 'The signer themselves: state, consent, verification and signature times',
    tags: ['signing'],
    auth: 'public',
    roles: [],
    params: SignerParamsSchema,
    query: ProjectRefQuerySchema,
    response: SignerSelfSchema,
    errors: [...SIGNER_ERRORS],
    ownedIds: ['signerId', 'projectId'],
  },
  actAsSigner: {
    operationId: 'actAsSigner',
    method: 'POST',
    path: '/signer/{signerId}',
    handler: 'signing/signer/act',
    summary:
      'Consent to sign electronically, sign with field values (in turn; the last signature completes the project), or decline with a reason',
    tags: ['signing'],
    auth: 'public',
    roles: [],
    params: SignerParamsSchema,
    query: ProjectRefQuerySchema,
    body: SignerActionSchema,
    response: SignerSelfSchema,
    ownedIds: ['signerId', 'projectId'],
    errors: [
      ...SIGNER_ERRORS,
      'signingVerificationRequired',
      'signingConsentRequired',
      'signingNotYourTurn',
      'signingFieldValueMissing',
      'signingFieldValueInvalid',
      'TRANSITION_NOT_ALLOWED',
      'VERSION_CONFLICT',
    ],
  },
  getSignedCopy: {
    operationId: 'getSignedCopy',
    method: 'GET',
    path: '/sign/copy',
    handler: 'signing/signer/get-copy',
    summary:
      'The sealed PDFs of a completed project for a signer holding the emailed copy token (header x-signing-copy, 30 days): five-minute links; each link handed out is audited',
    tags: ['signing'],
    auth: 'public',
    roles: [],
    // Audits the links it hands out (an event on the project), and presigns the sealed PDFs' GETs.
    needs: { table: 'readWrite', dataRoom: [{ actions: ['s3:GetObject'], prefixes: [DATA_ROOM_KEYS.signingSealed] }] },
    query: SignerRefSchema,
    response: SignedCopySchema,
    errors: ['signingSignerNotFound', 'signingCopyExpired', 'signingNotSealed'],
    ownedIds: ['projectId', 'signerId'],
  },
} as const satisfies Record<string, RouteDef>;
