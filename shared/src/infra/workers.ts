import { DATA_ROOM_KEYS, DATA_ROOM_LIST_PREFIXES } from './data-room.js';
import type { FunctionAccess } from './needs.js';

/**
 * Handlers that no HTTP route invokes: table-stream consumers, Step Functions tasks, scheduled jobs
 * and signed webhooks. Like the route table, this one table is read by the CDK (one Lambda each, its
 * trigger, grants from `needs`: cdk/lib/stacks/api-stack.ts `createWorkers`, constructs/access.ts)
 * and by the local stack (which runs the same modules in process), so a worker declared here exists
 * everywhere.
 */

/**
 * Records of the table's stream (TABLE_DEF.stream). On AWS a Lambda event source mapping with
 * partial batch failures (the handler answers `batchItemFailures`), bisection of a failing batch,
 * bounded retries and a dead-letter queue; locally the same module is fed from DynamoDB Local's stream.
 */
export interface TableStreamTrigger {
  readonly kind: 'tableStream';
  /** Records per invocation, at most. */
  readonly batchSize: number;
  /** How long the poller may gather records before it invokes: the latency traded for fuller batches. */
  readonly maxBatchingWindowSeconds: number;
  /**
   * Retries of a failing record (after bisection has narrowed it down) before it goes to the
   * dead-letter queue. Bounded, so a poison record cannot hold up its shard for a day.
   */
  readonly retryAttempts: number;
  /** Records older than this go to the dead-letter queue instead of being processed late. */
  readonly maxRecordAgeSeconds: number;
  /**
   * Only records of these kinds and item `type`s reach the handler (a Lambda filter on AWS): every
   * other write to the table costs no invocation. The handler must still ignore anything else.
   */
  readonly filter: {
    readonly eventNames: readonly ('INSERT' | 'MODIFY' | 'REMOVE')[];
    readonly itemTypes: readonly string[];
    /**
     * Only outbox items of these domain events (the item's `name`), for a worker whose consumers
     * listen to a few: the others cost it no invocation. Absent: every item of `itemTypes`.
     */
    readonly domainEvents?: readonly string[];
  };
}

/**
 * DynamoDB allows at most two readers of a table's stream (more are throttled): the shared dispatcher
 * and one more. A worker whose consumers are too heavy for the dispatcher's bundle (pdf-lib, a
 * transliteration table) therefore gets its events through a queue of its own: the dispatcher hands
 * each event it lists over to that queue (`functions/src/events/event-queues.ts`, a consumer marked
 * like any other), and the queue invokes the worker with partial batch failures, bounded receives and
 * a dead-letter queue (SQS on AWS; locally the queue stand-in of local/event-queues.ts).
 */
export const MAX_TABLE_STREAM_READERS = 2;

export interface EventQueueTrigger {
  readonly kind: 'eventQueue';
  /** The domain events (names of the events catalogue) the dispatcher hands over. */
  readonly events: readonly string[];
  /** Messages per invocation, at most. */
  readonly batchSize: number;
  /** How long the queue may gather messages before it invokes. */
  readonly maxBatchingWindowSeconds: number;
  /** Deliveries of a failing message before it goes to the dead-letter queue. */
  readonly maxReceiveCount: number;
}

/** An EventBridge schedule: `rate(5 minutes)` or `cron(...)` as EventBridge writes them. */
export interface ScheduleTrigger {
  readonly kind: 'schedule';
  readonly expression: string;
}

/** A task state of a state machine (`${fn:<module>}` in its ASL, state-machines.ts). */
export interface StepFunctionsTaskTrigger {
  readonly kind: 'stepFunctionsTask';
}

/** A signed callback from a third party, on its own path (not in the route table: no session, no CSRF). */
export interface WebhookTrigger {
  readonly kind: 'webhook';
  readonly path: string;
}

/**
 * An EventBridge rule on the account's default bus: events of `source` and `detailType` about the
 * data-room bucket (`detail.s3ObjectDetails.bucketName`), such as GuardDuty Malware Protection for
 * S3's scan results. Locally the stand-in that plays the service sends the same event shape
 * (local/malware-scanner.ts).
 */
export interface DataRoomEventTrigger {
  readonly kind: 'dataRoomEvent';
  readonly source: string;
  readonly detailType: string;
}

export type WorkerTrigger =
  | TableStreamTrigger
  | EventQueueTrigger
  | ScheduleTrigger
  | StepFunctionsTaskTrigger
  | WebhookTrigger
  | DataRoomEventTrigger;

export interface WorkerDef {
  /** Unique; the CDK's construct id and the local stack's log label. */
  readonly name: string;
  /** Handler module below `functions/src`, without extension; it exports `handler`. */
  readonly handler: string;
  readonly trigger: WorkerTrigger;
  /**
   * Everything the handler touches, stated in full (no default, unlike a route's). Reading the
   * stream that triggers it comes with a `tableStream` trigger and need not be listed.
   */
  readonly needs: FunctionAccess;
  /** Default 10 seconds. */
  readonly timeoutSeconds?: number;
  /** Default 512 MB. */
  readonly memoryMb?: number;
  readonly description: string;
}

export const WORKERS = [
  {
    name: 'dispatchEvents',
    handler: 'events/dispatch',
    description: 'Delivers domain events from the outbox (the table stream) to their consumers',
    trigger: {
      kind: 'tableStream',
      // Small batches, gathered for at most a second: consumers send mail, so a batch is slow work,
      // and a user waits for some of it (the bench's event path targets p99 <= 2 s locally).
      batchSize: 10,
      maxBatchingWindowSeconds: 1,
      retryAttempts: 5,
      // The stream keeps records 24 hours; an event a day late is a dead letter, not a notification.
      maxRecordAgeSeconds: 6 * 3600,
      // The outbox items only (functions/src/_lib/db/commit.ts writes `type: 'DOMAIN_EVENT'` once per
      // event); their TTL removals and every other write stay out of the dispatcher.
      filter: { eventNames: ['INSERT'], itemTypes: ['DOMAIN_EVENT'] },
    },
    // Consumers mark each event done (conditional put, idempotent by event id), write what it
    // causes, and email its recipients with links to the portal; the inbox texts what is urgent
    // (a capital call due within 2 days, functions/src/events/inbox.ts). Scenario journeys start in
    // the journey worker (journeyEvents), not here.
    needs: { table: 'readWrite', mail: true, sms: true, portalLinks: true },
    // Ten events, each with a few consumers that may send mail: well past a route's 10 seconds.
    timeoutSeconds: 60,
  },
  {
    // The KYC review's consumers (functions/src/events/kyc.ts) in a Lambda of their own, because
    // screening loads the list and the transliteration table, which the shared dispatcher must not
    // carry for every event; fed through its own queue by the dispatcher (the stream allows two readers).
    name: 'kycEvents',
    handler: 'kyc/dispatch-kyc',
    description:
      'Screens submitted profiles and opens their KYC cases; moves cases on uploads; rescreens after a list change',
    trigger: {
      kind: 'eventQueue',
      // Exactly the events KYC_CONSUMERS listen to (functions/src/kyc/dispatch-kyc.test.ts holds them equal).
      events: ['PROFILE_SUBMITTED', 'PROFILE_DOCUMENT_ADDED', 'SCREENING_LIST_CHANGED', 'KYC_RESCREEN_REQUESTED'],
      batchSize: 10,
      maxBatchingWindowSeconds: 1,
      maxReceiveCount: 5,
    },
    // Reads profiles, tenant settings and cases, commits cases and events; reads the screening list
    // from the data-room bucket (the operators' list, else the deployed sample; list-source.ts).
    needs: {
      table: 'readWrite',
      dataRoom: [
        { actions: ['s3:GetObject'], prefixes: [DATA_ROOM_KEYS.screeningList] },
        { actions: ['s3:ListBucket'], prefixes: [DATA_ROOM_LIST_PREFIXES.screeningList] },
      ],
    },
    // A rescreen fan-out commits batches of 40 events; screening a profile parses the list on a cold start.
    timeoutSeconds: 120,
    memoryMb: 1024,
  },
  {
    // Issue 12 (docs/signing.md "Completion"): checking an uploaded source PDF and sealing a completed
    // project need pdf-lib, node-forge and @signpdf (~850 KB), which neither an API handler (400 KB) nor
    // the shared dispatcher may carry; the stream has no third reader, so the dispatcher hands these
    // two events to this worker's queue.
    name: 'signingWorker',
    handler: 'signing/signing-worker',
    description: 'Checks uploaded source PDFs, and seals completed signing projects (stored under Object Lock)',
    trigger: {
      kind: 'eventQueue',
      // Exactly the events SIGNING_WORKER_CONSUMERS listen to (functions/src/signing/signing-worker.test.ts).
      // Issue 13: SCENARIO_NODE_OPENED (a SIGN node: the agreement's project) and SUBSCRIPTION_COUNTERSIGN_REQUESTED.
      events: [
        'SIGNING_PDF_UPLOADED',
        'SIGNING_PROJECT_COMPLETED',
        'SCENARIO_NODE_OPENED',
        'SUBSCRIPTION_COUNTERSIGN_REQUESTED',
      ],
      // One project's documents at a time: each may be 25 MB, sealed in memory.
      batchSize: 1,
      maxBatchingWindowSeconds: 0,
      maxReceiveCount: 5,
    },
    // Reads projects, files, seals and the tenant; makes or reads the tenant's sealing certificate (its
    // key sealed and opened under the `sealing` purpose only); reads source PDFs, copies a checked upload
    // to its kept key, writes sealed PDFs under Object Lock retention.
    needs: {
      table: 'readWrite',
      secretBox: 'sealAndOpen',
      secretBoxPurpose: 'sealing',
      dataRoom: [
        { actions: ['s3:GetObject', 's3:DeleteObject'], prefixes: [DATA_ROOM_KEYS.signingUploads] },
        { actions: ['s3:GetObject', 's3:PutObject'], prefixes: [DATA_ROOM_KEYS.signingSources] },
        { actions: ['s3:PutObject', 's3:PutObjectRetention'], prefixes: [DATA_ROOM_KEYS.signingSealed] },
        // Issue 13: a fund's subscription agreement (a checked product document) and a sealed agreement
        // are read to make the subscription's signing PDFs; never written.
        { actions: ['s3:GetObject'], prefixes: [DATA_ROOM_KEYS.documents, DATA_ROOM_KEYS.signingSealed] },
      ],
    },
    // A 20-page, two-signer agreement seals in ~0.35 s warm (bench/signing.ts); a cold start loads
    // ~850 KB, and a project may hold ten documents of up to 25 MB.
    timeoutSeconds: 120,
    memoryMb: 1536,
  },
  {
    // Issue 13's consumers (functions/src/events/journey-consumers.ts) in a Lambda of their own: scenario
    // validation, compilation and defaults, the subscription service and the e-signature records took
    // the shared dispatcher over the 400 KB budget.
    name: 'journeyEvents',
    handler: 'scenario/dispatch-journeys',
    description:
      "Starts and follows subscriptions' scenario journeys, their signing projects and the fund's reservation waitlist",
    trigger: {
      kind: 'eventQueue',
      // Exactly the events JOURNEY_CONSUMERS listen to (functions/src/events/event-queues.test.ts holds them equal).
      events: [
        'INTEREST_EXPRESSED',
        'RESERVATION_OPENED',
        'SCENARIO_EMAIL_REQUESTED',
        'SCENARIO_JOURNEY_COMPLETED',
        'SCENARIO_JOURNEY_REWOUND',
        'SCENARIO_JOURNEY_STARTED',
        'SCENARIO_LINK_RESEND_REQUESTED',
        'SCENARIO_NODE_COMPLETED',
        'SCENARIO_NODE_OPENED',
        'SCENARIO_NOT_PASSED',
        'SIGNER_SIGNED',
        'SIGNING_PROJECT_COMPLETED',
        'SIGNING_PROJECT_DECLINED',
        'SIGNING_PROJECT_EXPIRED',
        'SIGNING_PROJECT_SEALED',
        'SIGNING_PROJECT_VOIDED',
        'SUBSCRIPTION_CANCELLED',
        'SUBSCRIPTION_COUNTERSIGNED',
        'SUBSCRIPTION_CREATED',
        'SUBSCRIPTION_EXPIRED',
        'SUBSCRIPTION_REJECTED',
        'SUBSCRIPTION_STATUS_CHANGED',
        'SUBSCRIPTION_WITHDRAWN',
      ],
      batchSize: 10,
      maxBatchingWindowSeconds: 1,
      maxReceiveCount: 5,
    },
    // Commits subscriptions, journeys and their events; starts journeys (publishing the tenant's default
    // scenario on its first use) and completes a sign node when its project is signed (SendTaskSuccess);
    // stops the executions that can no longer finish (a replaced journey, a subscription that ended);
    // emails co-holders their links and sends the scenario's own emails.
    needs: {
      table: 'readWrite',
      mail: true,
      portalLinks: true,
      scenario: ['publish', 'start', 'respond', 'stop'],
    },
    timeoutSeconds: 60,
  },
  {
    // Issue 14's consumers (functions/src/events/money.ts) in a Lambda of their own: their decimal
    // maths and ledger services took the shared dispatcher over the 400 KB budget, and a capital
    // call's fan-out to every investor should not hold up other events' emails.
    name: 'moneyEvents',
    handler: 'money/dispatch-money',
    description:
      'Opens investments on countersigned subscriptions, writes call notices, tells holders of a NAV, and moves subscription statuses with the money',
    trigger: {
      kind: 'eventQueue',
      // Exactly the events MONEY_CONSUMERS listen to (functions/src/events/event-queues.test.ts holds them equal).
      events: [
        'SUBSCRIPTION_COUNTERSIGNED',
        'CAPITAL_CALL_RELEASED',
        'CAPITAL_CALL_NOTICES_PAGED',
        'NAV_POSTED',
        'CAPITAL_CALL_ISSUED',
        'CAPITAL_CALL_PAYMENT_RECORDED',
        'FUNDS_RECEIVED',
        'CAPITAL_CALL_RECEIPT_CONFIRMED',
        'CAPITAL_CALL_NOTICE_CORRECTED',
        // Dealing and distributions (functions/src/events/money-dealing.ts).
        'DISTRIBUTION_DECLARED',
        'DISTRIBUTION_PAYMENT_RECORDED',
        'DEALING_RUN',
        'REDEMPTION_CONFIRMED',
        'REDEMPTION_DEALT',
        'REDEMPTION_PAID',
        'REDEMPTION_CORRECTED',
        'CONTRACT_NOTE_ISSUED',
      ],
      batchSize: 10,
      maxBatchingWindowSeconds: 1,
      maxReceiveCount: 5,
    },
    // Reads calls, investments, products and subscriptions; commits notices, ledger entries, subscription
    // status changes and their events (the inbox's consumers in the shared dispatcher tell the investors).
    needs: { table: 'readWrite' },
    // A call's notices fan out eight commits at a time, 500 investors per delivery (CAPITAL_CALL_NOTICES_PAGED).
    timeoutSeconds: 300,
  },
  {
    // Issue 14 (docs/money.md "Notices, currency, reversals"): each investor's capital call notice as
    // an ILPA-shaped PDF. pdf-lib (~500 KB minified) fits neither an API handler (400 KB) nor the
    // shared dispatcher, so the dispatcher hands the notice event to this worker's queue.
    name: 'moneyNotices',
    handler: 'money/notice-worker',
    description:
      "Renders each investor's capital call notice PDF and each contract note PDF, and stores them for the portal's download links",
    trigger: {
      kind: 'eventQueue',
      // Exactly the events MONEY_NOTICE_CONSUMERS listen to (functions/src/money/notice-worker.test.ts):
      // each call notice's PDF, and each contract note's (docs/money.md "Contract note PDF"); a notice
      // the operator's backfill found without its PDF (CALL_NOTICE_PDF_REQUESTED).
      events: ['CAPITAL_CALL_ISSUED', 'CONTRACT_NOTE_ISSUED', 'CALL_NOTICE_PDF_REQUESTED'],
      batchSize: 10,
      maxBatchingWindowSeconds: 1,
      maxReceiveCount: 5,
    },
    // Reads the notice, the investment's ledger and the investor's name; writes the PDF and its record.
    needs: { table: 'readWrite', dataRoom: [{ actions: ['s3:PutObject'], prefixes: [DATA_ROOM_KEYS.callNotices] }] },
    // A notice renders in tens of milliseconds warm; a call's notices arrive in batches of ten.
    timeoutSeconds: 60,
    memoryMb: 1024,
  },
  {
    // Issue 14 (docs/money.md "Notice and contract note PDFs in Chinese"): the notices and contract notes
    // the standard fonts cannot draw (a zh-CN investor's, a name outside WinAnsi), which the notice
    // worker hands over. fontkit (~740 KB) and the CJK font (5 MB, beside the bundle) in a Lambda of
    // their own keep the notice worker, which draws every English notice, within its budget.
    name: 'moneyNoticesCjk',
    handler: 'money/notice-cjk-worker',
    description:
      'Renders the capital call notices and contract notes that need a CJK font (Chinese, or names outside the standard fonts)',
    trigger: {
      kind: 'eventQueue',
      // Exactly the events MONEY_NOTICE_CJK_CONSUMERS listen to (functions/src/money/notice-worker.test.ts).
      events: ['MONEY_PDF_CJK_REQUESTED'],
      batchSize: 10,
      maxBatchingWindowSeconds: 1,
      maxReceiveCount: 5,
    },
    // As the notice worker: reads the notice or contract note, the ledger and the investor; writes the
    // PDF and its record. The font is read from the function's own code, which needs no grant.
    needs: { table: 'readWrite', dataRoom: [{ actions: ['s3:PutObject'], prefixes: [DATA_ROOM_KEYS.callNotices] }] },
    // A cold start reads the 5 MB font; a Chinese notice then renders in ~0.2-0.4 s.
    timeoutSeconds: 60,
    memoryMb: 1024,
  },
  {
    name: 'screeningListCheck',
    handler: 'kyc/screening-list-check',
    description:
      "Compares the screening list's version with the one each tenant was last screened against; a change starts a rescreen",
    // Daily, after OpenSanctions' daily publication (docs/profiles.md "Loading the real list").
    trigger: { kind: 'schedule', expression: 'cron(30 6 * * ? *)' },
    needs: {
      table: 'readWrite',
      dataRoom: [
        { actions: ['s3:GetObject'], prefixes: [DATA_ROOM_KEYS.screeningList] },
        { actions: ['s3:ListBucket'], prefixes: [DATA_ROOM_LIST_PREFIXES.screeningList] },
      ],
    },
    timeoutSeconds: 300,
    memoryMb: 1024,
  },
  {
    name: 'kycExpiry',
    handler: 'kyc/kyc-expiry',
    description: 'Moves verified profiles whose KYC approval is past its validUntil (12 months) to Expired',
    trigger: { kind: 'schedule', expression: 'cron(45 6 * * ? *)' },
    needs: { table: 'readWrite' },
    timeoutSeconds: 300,
  },
  {
    name: 'inboxDaily',
    handler: 'inbox/daily',
    description: "The inbox's daily job: each user's digest email, and reminders of capital calls due within 2 days",
    // 07:00 UTC: morning in Europe, afternoon in Asia, before the US day starts.
    trigger: { kind: 'schedule', expression: 'cron(0 7 * * ? *)' },
    // Reads the waiting digests and due tasks (platform-wide indexes), removes the digest entries,
    // commits the reminder events; emails the digests with links to the portal.
    needs: { table: 'readWrite', mail: true, portalLinks: true },
    timeoutSeconds: 300,
  },
  {
    name: 'subscriptionExpiry',
    handler: 'subscription/expiry-job',
    description:
      'Expires subscriptions past their deadline (an allocation not taken up in 14 days, a journey or a documents request untouched for 30), releasing their capacity',
    // 06:15 UTC, before the inbox digest (07:00): an expiry today is in today's digest.
    trigger: { kind: 'schedule', expression: 'cron(15 6 * * ? *)' },
    // Reads every tenant's subscription queue; commits each EXPIRE (status, capacity, queue, event).
    needs: { table: 'readWrite' },
    timeoutSeconds: 300,
  },
  {
    name: 'signingDaily',
    handler: 'signing/signer/daily',
    description:
      'Signing projects: expires open projects past their expiry date (signers cancelled), reminds signers whose turn it is every N days',
    // 06:30 UTC, before the inbox digest (07:00): a project expired today is in today's digest.
    trigger: { kind: 'schedule', expression: 'cron(30 6 * * ? *)' },
    // Reads every tenant's open projects and commits expiries and reminder events; the emails go
    // from the reminder events' consumer (signing-links.ts).
    needs: { table: 'readWrite' },
    timeoutSeconds: 300,
  },
  {
    name: 'eligibilityRenewals',
    handler: 'eligibility/renewals',
    description:
      'Opens a renewal task to the investor for each eligibility evidence within 30 days of expiry, once per evidence',
    // 06:00 UTC, before the inbox's digest (07:00), so a renewal task opened today is in today's digest.
    trigger: { kind: 'schedule', expression: 'cron(0 6 * * ? *)' },
    // Reads the platform-wide renewal index and the profiles it names; commits the renewal events.
    needs: { table: 'readWrite' },
    timeoutSeconds: 300,
  },
  {
    name: 'moneyDealing',
    handler: 'money/dealing-schedule',
    description:
      "Runs each open-ended share class's next due redemption dealing date once its date has come and its NAV is approved (as SYSTEM)",
    // 05:00 UTC, before the inbox's digest (07:00): the dealt and gated messages are in that day's digest.
    trigger: { kind: 'schedule', expression: 'cron(0 5 * * ? *)' },
    // Reads each tenant's redemptions, runs and NAVs; commits each run (its fills are the money worker's).
    needs: { table: 'readWrite' },
    timeoutSeconds: 300,
  },
  {
    name: 'startScenario',
    handler: 'flow/start-scenario',
    description: 'Scenario flow, step 1: checks the execution input and stamps the start time',
    trigger: { kind: 'stepFunctionsTask' },
    needs: { table: 'none' },
  },
  {
    name: 'openHumanStep',
    handler: 'flow/open-human-step',
    description: 'Scenario flow, human step: records the waiting step with its task token',
    trigger: { kind: 'stepFunctionsTask' },
    needs: { table: 'readWrite' },
  },
  // Issue 13: the task functions of every published scenario version's state machine
  // (shared/src/scenario/compile.ts SCENARIO_FUNCTIONS; docs/subscriptions.md "Scenario flows").
  {
    name: 'scenarioOpenNode',
    handler: 'scenario/open-node',
    description: 'Scenario journey, human node: records the node as current with its task token',
    trigger: { kind: 'stepFunctionsTask' },
    needs: { table: 'readWrite' },
  },
  {
    name: 'scenarioRunSystemNode',
    handler: 'scenario/run-system-node',
    description:
      'Scenario journey, system node: changes a declared subscription field or asks for an email or inbox message',
    trigger: { kind: 'stepFunctionsTask' },
    needs: { table: 'readWrite' },
  },
  {
    name: 'scenarioFinishJourney',
    handler: 'scenario/finish-journey',
    description: 'Scenario journey, end node: marks the journey complete',
    trigger: { kind: 'stepFunctionsTask' },
    needs: { table: 'readWrite' },
  },
  {
    name: 'recordScanResult',
    handler: 'files/record-scan-result',
    description: "Records GuardDuty's malware verdict on an uploaded file (CLEAN is copied to its kept key)",
    trigger: {
      kind: 'dataRoomEvent',
      source: 'aws.guardduty',
      detailType: 'GuardDuty Malware Protection Object Scan Result',
    },
    // Inspects an upload not yet inspected (HEAD, first bytes; ListBucket for the 404), copies a
    // clean one to its kept key, deletes the upload, and records each step.
    needs: {
      table: 'readWrite',
      dataRoom: [
        { actions: ['s3:GetObject', 's3:DeleteObject'], prefixes: [DATA_ROOM_KEYS.fileUploads] },
        { actions: ['s3:PutObject'], prefixes: [DATA_ROOM_KEYS.files] },
        { actions: ['s3:ListBucket'], prefixes: [DATA_ROOM_LIST_PREFIXES.uploads] },
      ],
    },
    timeoutSeconds: 30,
  },
  {
    name: 'uploadSweep',
    handler: 'files/upload-sweep',
    description:
      'Removes uploads never attached to a profile a day after they were registered (the item, the upload and its clean copy)',
    // 05:30 UTC, a quiet hour before the other daily jobs.
    trigger: { kind: 'schedule', expression: 'cron(30 5 * * ? *)' },
    // Reads each tenant's unattached-uploads index, deletes file items (conditionally) and their objects.
    needs: {
      table: 'readWrite',
      dataRoom: [{ actions: ['s3:DeleteObject'], prefixes: [DATA_ROOM_KEYS.fileUploads, DATA_ROOM_KEYS.files] }],
    },
    timeoutSeconds: 300,
  },
] as const satisfies readonly WorkerDef[];

export type WorkerName = (typeof WORKERS)[number]['name'];
