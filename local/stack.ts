import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { CreateStateMachineCommand, SFNClient } from '@aws-sdk/client-sfn';
import { contentSecurityPolicy } from '@tranche/shared/infra/edge';
import { SCENARIO_MACHINE, STATE_MACHINES, stepModuleOf } from '@tranche/shared/infra/state-machines';
import { ENV } from '@tranche/shared/infra/table';
import { cjkFontPath } from '../functions/src/money/notice-cjk-font-file.js';
import { createUserPool, startCognito } from './cognito.js';
import { createTable, startDynamo } from './dynamo.js';
import { startEventQueues } from './event-queues.js';
import { type EventDispatcher, STREAM_WORKERS, startEventDispatcher } from './events.js';
import { createGateway } from './gateway.js';
import { startMalwareScanner } from './malware-scanner.js';
import { Outbox, outboxServiceHandler } from './outbox.js';
import { freePort } from './ports.js';
import { killAllSync, stopChild } from './processes.js';
import { createBucket, startS3 } from './s3.js';
import { startSchedules } from './schedules.js';
import { type SeededTenant, seedDemo } from './seed.js';
import { startSfnFacade } from './sfn/facade.js';

const ROOT = resolve(import.meta.dirname, '..');

export interface LocalStack {
  url: string;
  port: number;
  /** The environment the handlers run with: endpoints, names, credentials. */
  env: Record<string, string>;
  tenants: SeededTenant[];
  outbox: Outbox;
  events: EventDispatcher;
  stop(): Promise<void>;
}

export interface StackOptions {
  /** Gateway port; 0 picks a free one. Every stand-in always gets a free port of its own. */
  port: number;
  /**
   * The gateway's address: loopback unless told otherwise (`HOST=0.0.0.0 npm start` shares it),
   * because it serves the local mailbox with every emailed code. The stand-ins always listen on
   * loopback: only this process and the browser on this machine talk to them.
   */
  host?: string;
  webDir?: string;
  /** Working folder for s3rver and cognito-local, wiped at start. */
  dataDir?: string;
  log?: (line: string) => void;
  /** Whether scheduled jobs also run by the clock (the default), or only when run at /_local/schedules. */
  scheduleTimers?: boolean;
}

const listen = (server: Server, port: number, host: string): Promise<number> =>
  new Promise((resolvePort, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolvePort(typeof address === 'object' && address ? address.port : port);
    });
  });

const close = (server: Server): Promise<void> => new Promise((r) => server.close(() => r()));

/**
 * Starts the whole product locally: DynamoDB Local, s3rver, cognito-local, the Step Functions
 * facade and the outbox on free ports; creates the table, bucket, user pool and state machines
 * from the same definitions as the CDK stack; seeds the demo tenants; serves API and web app on
 * one origin. Everything is ephemeral: each start begins empty and re-seeds.
 */
export const startLocalStack = async (opts: StackOptions): Promise<LocalStack> => {
  const log = opts.log ?? (() => undefined);
  const runId = `${process.pid}-${Date.now()}`;
  const dataDir = opts.dataDir ?? resolve(ROOT, '.local', runId);
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', killAllSync);

  try {
    const [dynamoPort, s3Port, cognitoPort, outboxPort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    const [dynamo, s3, cognito] = await Promise.all([
      startDynamo(dynamoPort, log),
      startS3(s3Port, resolve(dataDir, 's3')),
      startCognito(cognitoPort, resolve(dataDir, 'cognito'), log),
    ]);
    stops.push(
      () => stopChild(dynamo.child),
      () => s3.close(),
      () => stopChild(cognito.child),
    );

    const outbox = new Outbox();
    const outboxServer = createServer((req, res) => void outboxServiceHandler(outbox)(req, res));
    await listen(outboxServer, outboxPort, '127.0.0.1');
    stops.push(() => close(outboxServer));

    const functionsDir = resolve(ROOT, 'functions/src');
    const sfnFacade = await startSfnFacade({
      resolveFunction: (name) => {
        const module = stepModuleOf(name);
        if (!module) return undefined;
        return async (payload: unknown) => {
          const { handler } = await import(pathToFileURL(resolve(functionsDir, `${module}.ts`)).href);
          return handler(payload);
        };
      },
      log,
    });
    stops.push(() => sfnFacade.close());

    const tableName = 'tranche-local';
    const bucket = 'tranche-data-room-local';
    const env: Record<string, string> = {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
      AWS_ENDPOINT_URL_SFN: sfnFacade.url,
      AWS_ENDPOINT_URL_SESV2: `http://127.0.0.1:${outboxPort}`,
      AWS_ENDPOINT_URL_SNS: `http://127.0.0.1:${outboxPort}`,
      AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
      AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
      S3_FORCE_PATH_STYLE: 'true',
      [ENV.table]: tableName,
      [ENV.dataRoomBucket]: bucket,
      [ENV.mailFrom]: 'no-reply@tranche.local',
      // Identity (docs/identity.md): the captcha adapter that accepts only its documented test token.
      [ENV.captchaProvider]: 'test',
      // The secret box's local key provider (KMS has no stand-in): a fresh key-encryption key per start.
      [ENV.secretBoxLocalKey]: randomBytes(32).toString('base64'),
      // The page cursors' sealing key (functions/src/_lib/db/cursor.ts): fresh per start, like the rest.
      [ENV.pageCursorKey]: randomBytes(32).toString('base64'),
      // The platform operator's key (operator routes such as POST /tenants): fresh per start, like a
      // deployment's Secrets Manager secret; `npm start` writes it to .local/operator-key.
      [ENV.operatorKey]: randomBytes(32).toString('base64url'),
    };

    const port = opts.port || (await freePort());
    const url = `http://localhost:${port}`;
    // Emailed links (reset, activation, MFA login) point at the portal's configured address.
    env[ENV.portalBaseUrl] = url;

    await createTable(dynamo.client, tableName);
    await createBucket(s3.endpoint, bucket, [url]);
    const pool = await createUserPool(cognito.client, 'tranche-local');
    env[ENV.userPoolId] = pool.userPoolId;
    env[ENV.userPoolClientId] = pool.clientId;
    const sfn = new SFNClient({
      endpoint: sfnFacade.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'l', secretAccessKey: 'l' },
    });
    for (const machine of STATE_MACHINES) {
      const { stateMachineArn } = await sfn.send(
        new CreateStateMachineCommand({
          name: machine.name,
          definition: JSON.stringify(machine.definition),
          roleArn: 'arn:aws:iam::000000000000:role/local',
          type: 'STANDARD',
        }),
      );
      if (machine.name === SCENARIO_MACHINE && stateMachineArn) env[ENV.scenarioStateMachineArn] = stateMachineArn;
    }
    // Handlers run in this process: they read the same environment a Lambda would get. It is set
    // before the gateway listens, so no handler module is ever loaded without it.
    Object.assign(process.env, env);
    // GuardDuty Malware Protection's stand-in: scans each upload s3rver stores, tags it and sends
    // the scan-result event to the same worker module as the EventBridge rule on AWS.
    const scanner = startMalwareScanner({
      endpoint: s3.endpoint,
      bucket,
      onEvent: s3.onEvent,
      workerModule: resolve(functionsDir, 'files/record-scan-result.ts'),
      log,
    });
    stops.push(() => scanner.drain());

    const tenants = await seedDemo({
      dynamo: dynamo.client,
      cognito: cognito.client,
      tableName,
      userPoolId: pool.userPoolId,
    });
    // The money PDFs' CJK worker draws with Debian's font (docs/money.md "Notice and contract note PDFs
    // in Chinese"): a machine without it is told at start, not at the first Chinese notice.
    cjkFontPath();
    // The queues of the workers the dispatcher hands events to (sealing, screening): started first,
    // so the dispatcher and every handler know their addresses (local/event-queues.ts).
    const eventQueues = await startEventQueues({ env, log });
    stops.push(() => eventQueues.stop());
    Object.assign(env, eventQueues.env);
    Object.assign(process.env, eventQueues.env);
    // Domain events: the dispatcher reads the table's stream as the Lambda event source mapping does.
    const { Table } = await dynamo.client.send(new DescribeTableCommand({ TableName: tableName }));
    if (!Table?.LatestStreamArn) throw new Error(`${tableName} has no stream`);
    const events = await startEventDispatcher({
      dynamoEndpoint: dynamo.endpoint,
      tableName,
      streamArn: Table.LatestStreamArn,
      env,
      log,
    });
    stops.push(() => events.stop());
    // Further stream workers (the KYC screening's own dispatcher): each reads the stream on its own, as
    // each event source mapping does on AWS.
    for (const worker of STREAM_WORKERS.slice(1)) {
      const more = await startEventDispatcher({
        dynamoEndpoint: dynamo.endpoint,
        tableName,
        streamArn: Table.LatestStreamArn,
        env,
        log,
        worker,
      });
      stops.push(() => more.stop());
    }
    // Scheduled jobs (the inbox's daily digest and reminders): EventBridge's stand-in.
    const schedules = startSchedules(log, { timers: opts.scheduleTimers ?? true });
    stops.push(async () => schedules.stop());
    const gateway = createGateway({
      webDir: opts.webDir ?? resolve(ROOT, 'web/dist'),
      outbox,
      events,
      schedules,
      contentSecurityPolicy: contentSecurityPolicy({
        captchaProvider: env[ENV.captchaProvider],
        // Presigned links point at s3rver: the browser uploads to it and shows the logo from it.
        dataRoomOrigins: [new URL(s3.endpoint).origin],
      }),
    });
    await listen(gateway, port, opts.host ?? '127.0.0.1');
    stops.push(() => close(gateway));
    return { url, port, env, tenants, outbox, events, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};
