/**
 * The single DynamoDB table, defined once. The CDK stack and the local stack both create it from
 * this definition, and a test compares the synthesized template with the local table.
 */
export interface GsiDef {
  readonly indexName: string;
  readonly partitionKey: string;
  readonly sortKey: string;
}

export const TABLE_DEF = {
  partitionKey: 'PK',
  sortKey: 'SK',
  ttlAttribute: 'ttl',
  gsis: [
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
  ] as readonly GsiDef[],
  /**
   * The table's stream carries the domain events of the outbox to their dispatcher (WORKERS,
   * workers.ts). The new image is all it needs: an outbox item is written once and never updated.
   */
  stream: 'NEW_IMAGE',
} as const;

/** Logical names of the stateful resources; the deployed names are passed in by environment. */
export const ENV = {
  table: 'TABLE_NAME',
  dataRoomBucket: 'DATA_ROOM_BUCKET',
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  scenarioStateMachineArn: 'SCENARIO_STATE_MACHINE_ARN',
  /** Issue 13: the name prefix of the per-version scenario machines (functions/src/scenario/sfn.ts). */
  scenarioMachinePrefix: 'SCENARIO_MACHINE_PREFIX',
  /** The role the scenario machines run as (the publisher passes it to CreateStateMachine). */
  scenarioMachineRoleArn: 'SCENARIO_MACHINE_ROLE_ARN',
  /** JSON `{module: functionArn}` of the scenario task functions, for the compiled definitions. */
  scenarioFunctionArns: 'SCENARIO_FUNCTION_ARNS',
  /** The log group the scenario machines log to (events, never execution data). */
  scenarioMachineLogGroupArn: 'SCENARIO_MACHINE_LOG_GROUP_ARN',
  mailFrom: 'MAIL_FROM',
  /** `recaptcha` in deployments, `test` locally; anything else refuses every captcha (functions/src/_lib/captcha.ts). */
  captchaProvider: 'CAPTCHA_PROVIDER',
  /** Secrets Manager id of the reCAPTCHA secret key, read at run time (never in the template). */
  recaptchaSecretId: 'RECAPTCHA_SECRET_ID',
  /** The reCAPTCHA site key the forms render with (public by design; get-tenant-info hands it out). */
  recaptchaSiteKey: 'RECAPTCHA_SITE_KEY',
  /** The portal's address for emailed links, resolved at deploy time (from an SSM parameter when synth cannot know it). */
  portalBaseUrl: 'PORTAL_BASE_URL',
  /** Secrets Manager id of the origin-verify secret CloudFront sends (shared/src/infra/edge.ts). */
  originVerifySecretId: 'ORIGIN_VERIFY_SECRET_ID',
  /** KMS key of the secret box (envelope encryption of TOTP secrets); locally a generated AES key instead. */
  secretBoxKeyId: 'SECRET_BOX_KMS_KEY_ID',
  secretBoxLocalKey: 'SECRET_BOX_LOCAL_KEY',
  /** The page cursors' sealing key (base64, 32 bytes): the local stack only; deployed, it derives from the origin-verify secret. */
  pageCursorKey: 'PAGE_CURSOR_KEY',
  /** Secrets Manager id of the platform operator's key (operator routes), read at run time. */
  operatorKeySecretId: 'OPERATOR_KEY_SECRET_ID',
  /** The operator key as a plain value: the local stack only (a fresh one per start). */
  operatorKey: 'OPERATOR_KEY',
  /** The dispatcher's map of queue-fed worker name to its queue URL (functions/src/events/event-queues.ts). */
  eventQueueUrls: 'EVENT_QUEUE_URLS',
} as const;

/**
 * The value the Data stack seeds the portal-address parameter with, so that the Api stack (deployed
 * before the Web stack, which writes the CloudFront address) can resolve it on a first deploy. The
 * functions refuse it rather than email links to nowhere (`.invalid` never resolves, RFC 2606).
 */
export const PORTAL_ADDRESS_PENDING = 'https://portal-address-pending.invalid';
