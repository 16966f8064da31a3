import type { HttpMethod } from '../http/route-def.js';

/**
 * What a handler may touch besides writing its own logs and traces: the vocabulary routes
 * (`RouteDef.needs`) and non-HTTP handlers (`WorkerDef.needs`, workers.ts) declare beside their
 * definition. The CDK turns it into least-privilege grants and the environment they need
 * (cdk/lib/constructs/access.ts), the same code for both; nothing else grants a function anything.
 */

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
export type DataRoomObjectAction =
  | 's3:GetObject'
  | 's3:PutObject'
  | 's3:DeleteObject'
  | 's3:AbortMultipartUpload'
  /** Reading GuardDuty's `GuardDutyMalwareScanStatus` tag of an upload (issue 11, files). */
  | 's3:GetObjectTagging'
  /** Writing an object under Object Lock retention (sealed PDFs, issue 12: the signing worker only). */
  | 's3:PutObjectRetention';

/**
 * `actions` on the data-room keys matching `prefixes` (IAM patterns, data-room.ts). For
 * `s3:ListBucket` the prefixes are the `s3:prefix` values allowed (the bucket is the resource).
 */
export interface DataRoomGrant {
  readonly actions: readonly (DataRoomObjectAction | 's3:ListBucket')[];
  readonly prefixes: readonly string[];
}

/** What a function may do to the scenario state machines of its deployment (FunctionAccess.scenario). */
export type ScenarioMachineAction = 'publish' | 'start' | 'respond' | 'stop';

/** Everything a function may do, resolved: the table access is always stated. */
export interface FunctionAccess {
  readonly table: 'none' | 'read' | 'readWrite';
  /** Exactly these Cognito admin calls, on the deployment's user pool. */
  readonly userPool?: readonly CognitoAdminAction[];
  /** Exactly these data-room actions, each on its key prefixes; never the whole bucket. */
  readonly dataRoom?: readonly DataRoomGrant[];
  /**
   * The per-version scenario state machines (issue 13; docs/decisions.md "Scenario state machines on
   * AWS"), all named under the deployment's prefix: `publish` creates them (passing the machines'
   * role), `start` starts journeys, `respond` completes or fails a waiting human node, `stop` ends a
   * run that "back" replaces.
   */
  readonly scenario?: readonly ScenarioMachineAction[];
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
  /**
   * The secret box's KMS key: `seal` new secrets (GenerateDataKey), `open` stored ones (Decrypt), or
   * both (a save that compares with the stored secret before sealing the new one).
   */
  readonly secretBox?: 'seal' | 'open' | 'sealAndOpen';
  /**
   * Whose envelopes the grant covers (the encryption-context purpose KMS checks, shared/src/infra/
   * secret-box.ts): authenticator seeds unless said.
   */
  readonly secretBoxPurpose?: 'totp' | 'bankNumber' | 'sealing';
}

/**
 * What a route declares: only what differs from the default. The default is the table alone, read
 * for a GET and read/write for any other method; a GET that writes (an audit event of a download
 * link it hands out) says `table: 'readWrite'`, a route that never reads the table could say
 * `'none'`. Add to a route's `needs` when its handler starts calling another service.
 */
export type RouteNeeds = Partial<FunctionAccess>;

/** The table access a route gets when its `needs` do not say: GETs read, everything else writes. */
export const defaultTableAccess = (method: HttpMethod): FunctionAccess['table'] =>
  method === 'GET' ? 'read' : 'readWrite';

/** A route's access: the default for its method, with what its `needs` state on top. */
export const routeAccess = (route: {
  readonly method: HttpMethod;
  readonly needs?: RouteNeeds | undefined;
}): FunctionAccess => ({
  table: defaultTableAccess(route.method),
  ...route.needs,
});
