import type { RouteDef, RouteKey } from '@tranche/shared/http/routes';
import { DATA_ROOM_KEYS, DATA_ROOM_LIST_PREFIXES } from './data-room.js';

/** The Cognito admin actions a function may call on the deployment's user pool. */
export type CognitoAdminAction =
  | 'AdminInitiateAuth'
  | 'AdminCreateUser'
  | 'AdminSetUserPassword'
  | 'AdminUpdateUserAttributes';

/**
 * What a function may do to data-room objects. Presigning needs the action the URL performs (a
 * presigned PUT is the function's own s3:PutObject); a server-side copy needs s3:GetObject on the
 * source and s3:PutObject on the target; a multipart upload needs s3:PutObject and, to give up,
 * s3:AbortMultipartUpload.
 */
export type DataRoomObjectAction = 's3:GetObject' | 's3:PutObject' | 's3:DeleteObject' | 's3:AbortMultipartUpload';

/**
 * `actions` on the data-room keys matching `prefixes` (IAM patterns, data-room.ts). For
 * `s3:ListBucket` the prefixes are the `s3:prefix` values allowed (the bucket is the resource).
 */
export interface DataRoomGrant {
  readonly actions: readonly (DataRoomObjectAction | 's3:ListBucket')[];
  readonly prefixes: readonly string[];
}

/** What a function may do besides writing its own logs and traces. */
export interface FunctionAccess {
  readonly table: 'none' | 'read' | 'readWrite';
  /** Exactly these Cognito admin calls, on the deployment's user pool. */
  readonly userPool?: readonly CognitoAdminAction[];
  /** Exactly these data-room actions, each on its key prefixes; never the whole bucket. */
  readonly dataRoom?: readonly DataRoomGrant[];
  /** Start scenario executions / answer their human steps. */
  readonly scenario?: 'start' | 'respond';
  /** Send mail through SES from MAIL_FROM. */
  readonly mail?: boolean;
  /** Send SMS (SNS Publish to a phone number; never to a topic). */
  readonly sms?: boolean;
  /** Build emailed links: the portal address (PORTAL_BASE_URL, or read from its SSM parameter). */
  readonly portalLinks?: boolean;
  /** Verify captchas: CAPTCHA_PROVIDER and the reCAPTCHA secret (read at run time). */
  readonly captcha?: boolean;
  /** Tell the forms which captcha widget to render: CAPTCHA_PROVIDER and the public site key, no secret. */
  readonly captchaWidget?: boolean;
  /** The secret box's KMS key: `seal` new secrets (GenerateDataKey), `open` stored ones (Decrypt). */
  readonly secretBox?: 'seal' | 'open';
}

const { documentUploads, documents, folderZips, logos } = DATA_ROOM_KEYS;

/**
 * Grants beyond the table default, per route. A route not listed here gets only the table: read for
 * GET, read/write otherwise; a GET that writes an audit event says `table: 'readWrite'`. Add a line
 * when a handler starts calling another service.
 *
 * The identity lines follow the code (functions/src/auth, functions/src/user; docs/identity.md):
 * Cognito calls are those of auth/credentials.ts each use-case makes (`passwordMatches` =
 * AdminInitiateAuth, `setPassword` = AdminSetUserPassword, `createLogin` = AdminCreateUser +
 * AdminSetUserPassword, `markEmailVerified` = AdminUpdateUserAttributes); `mail` where it emails,
 * including the lock alert of every route that counts sign-in attempts (auth/lock-alert.ts);
 * `portalLinks` where an email carries a link; `secretBox` where an authenticator seed is sealed or
 * opened (auth/totp-secret.ts). cdk/test/identity-access.test.ts pins every line.
 *
 * The data-room lines follow functions/src/_lib/aws/s3.ts as product-documents.service.ts,
 * marketing-folders.service.ts and tenant/logo.ts use it: a presigned PUT or GET is the action
 * itself; HEAD is s3:GetObject, plus s3:ListBucket on the prefix where a missing object must be a
 * 404; the copy of a checked upload reads the upload and writes the document; the folder zip reads
 * documents and writes its archive in parts. The two GETs that hand out a download link audit it
 * (documents.repo.ts `auditRead`), so they write the table. Every other catalogue and tenant route
 * uses the table only. cdk/test/catalogue-access.test.ts pins every line.
 */
export const ROUTE_ACCESS_EXTRAS: Partial<Record<RouteKey, Partial<FunctionAccess>>> = {
  signUp: { userPool: ['AdminCreateUser', 'AdminSetUserPassword'], mail: true, captcha: true },
  confirmSignUp: { userPool: ['AdminUpdateUserAttributes'] },
  signIn: { userPool: ['AdminInitiateAuth'], mail: true, portalLinks: true },
  sendMfaCode: { mail: true, sms: true, portalLinks: true },
  verifyMfa: { mail: true, portalLinks: true, secretBox: 'open' },
  verifyMfaLink: { mail: true, portalLinks: true },
  forgotPassword: { mail: true, portalLinks: true, captcha: true },
  resetPassword: { userPool: ['AdminInitiateAuth', 'AdminSetUserPassword'], mail: true },
  setPassword: { userPool: ['AdminSetUserPassword', 'AdminUpdateUserAttributes'] },
  changePassword: { userPool: ['AdminInitiateAuth', 'AdminSetUserPassword'], mail: true, portalLinks: true },
  enrolTotp: { secretBox: 'seal' },
  confirmTotp: { secretBox: 'open' },
  setMfaMethods: { userPool: ['AdminInitiateAuth'], mail: true, portalLinks: true },
  sendPhoneCode: { sms: true },
  inviteUser: { userPool: ['AdminCreateUser', 'AdminSetUserPassword'], mail: true, portalLinks: true },
  resendInvite: { mail: true, portalLinks: true },
  lockUser: { mail: true },

  createProductDocument: { dataRoom: [{ actions: ['s3:PutObject'], prefixes: [documentUploads] }] },
  completeProductDocument: {
    dataRoom: [
      { actions: ['s3:GetObject', 's3:DeleteObject'], prefixes: [documentUploads] },
      { actions: ['s3:PutObject'], prefixes: [documents] },
      { actions: ['s3:ListBucket'], prefixes: [DATA_ROOM_LIST_PREFIXES.uploads] },
    ],
  },
  getProductDocument: { table: 'readWrite', dataRoom: [{ actions: ['s3:GetObject'], prefixes: [documents] }] },
  deleteProductDocument: { dataRoom: [{ actions: ['s3:DeleteObject'], prefixes: [documents, documentUploads] }] },
  downloadMarketingFolder: {
    table: 'readWrite',
    dataRoom: [
      { actions: ['s3:GetObject'], prefixes: [documents] },
      { actions: ['s3:GetObject', 's3:PutObject', 's3:AbortMultipartUpload'], prefixes: [folderZips] },
      { actions: ['s3:ListBucket'], prefixes: [DATA_ROOM_LIST_PREFIXES.derived] },
    ],
  },

  createLogoUpload: { dataRoom: [{ actions: ['s3:PutObject'], prefixes: [logos] }] },
  // HEAD and the first bytes of the upload, delete of a refused or replaced logo, the new logo's link.
  updateBranding: {
    dataRoom: [
      { actions: ['s3:GetObject', 's3:DeleteObject'], prefixes: [logos] },
      { actions: ['s3:ListBucket'], prefixes: [DATA_ROOM_LIST_PREFIXES.logos] },
    ],
  },
  getTenantInfo: { captchaWidget: true, dataRoom: [{ actions: ['s3:GetObject'], prefixes: [logos] }] },
  getTenantConfig: { dataRoom: [{ actions: ['s3:GetObject'], prefixes: [logos] }] },
};

/** A function's size where the defaults (10 s, 512 MB: tranche-function.ts) do not fit its work. */
export interface FunctionSizing {
  /** At most 29: the HTTP API gives up on an integration after 30 seconds. */
  readonly timeoutSeconds?: number;
  readonly memoryMb?: number;
}

/**
 * Per-route sizes. The folder zip streams up to 512 MB of documents from S3 back into S3 within one
 * request (marketing-folders.service.ts MAX_ZIP_INPUT_BYTES): it gets the longest time the HTTP API
 * allows and 1 GB, since Lambda scales CPU and network with memory.
 */
export const ROUTE_SIZING: Partial<Record<RouteKey, FunctionSizing>> = {
  downloadMarketingFolder: { timeoutSeconds: 29, memoryMb: 1024 },
};

export const routeAccess = (route: RouteDef): FunctionAccess => ({
  table: route.method === 'GET' ? 'read' : 'readWrite',
  ...ROUTE_ACCESS_EXTRAS[route.operationId as RouteKey],
});

/** The API's `$default` route: a catalogued 404/405 for whatever the table has no route for. */
export const NOT_FOUND_HANDLER = 'meta/not-found';

/** Scenario-flow step handlers, by module; anything the ASL names and this map does not is refused. */
export const STEP_ACCESS: Record<string, FunctionAccess> = {
  'flow/start-scenario': { table: 'none' },
  'flow/open-human-step': { table: 'readWrite' },
};
