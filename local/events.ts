import { type ChildProcess, fork } from 'node:child_process';
import { resolve } from 'node:path';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import { type TableStreamTrigger, WORKERS, type WorkerDef } from '@tranche/shared/infra/workers';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';

/**
 * The local stand-in for Lambda's DynamoDB-stream event source mapping: it reads DynamoDB Local's
 * stream of the table and invokes the dispatcher (functions/src/events/dispatch.ts, the module the
 * WORKERS table names) with batches, as AWS would:
 *
 * - only the records the worker's filter names reach it (outbox INSERTs), in batches of its size;
 * - the dispatcher runs in a worker process of its own (local/events-worker.ts), as a Lambda runs
 *   apart from its event source: if it dies mid-batch, the poller starts a new one and delivers the
 *   batch again, and the stream position never moves past a batch that was not answered;
 * - a partial batch failure redelivers from the first failed record; after `retryAttempts` the rest of
 *   the batch goes to the dead letters (AWS: the on-failure destination queue) and the shard moves on.
 *
 * `crashAfter(eventId)` makes the worker of the invocation whose batch holds that event exit right
 * after handling it (the dead dispatcher of the redelivery test); `pause`/`resume` hold the batches
 * (to gather several in one). The crash is tied to an event, not to "the next batch": on a shared
 * stack other files' events may be in a batch read just before the pause, which would take the crash
 * (or, with fewer records than asked, answer without crashing at all).
 */
/** How often an idle shard is read again: the floor under an event's delivery time. */
export const POLL_MS = 100;

const isStreamWorker = (w: WorkerDef): w is WorkerDef & { trigger: TableStreamTrigger } =>
  w.trigger.kind === 'tableStream';
/** Every worker fed by the table's stream; the first is the dispatcher of every consumer (gateway's /_local/events). */
export const STREAM_WORKERS = (WORKERS as readonly WorkerDef[]).filter(isStreamWorker);
export const DISPATCHER = STREAM_WORKERS[0];

export interface DeadBatch {
  shardId: string;
  firstSequenceNumber: string;
  lastSequenceNumber: string;
  records: number;
  reason: string;
  at: string;
}

export interface DispatcherStats {
  invocations: number;
  delivered: number;
  crashes: number;
  retries: number;
  paused: boolean;
  deadBatches: DeadBatch[];
  /** Records read from the stream and not yet handled: the queue a new event waits behind. */
  backlog: number;
  /** How old the last handled record was when its batch was answered (its stream time to done). */
  lagMs: number;
  /** The largest such age so far. */
  maxLagMs: number;
}

interface Options {
  dynamoEndpoint: string;
  tableName: string;
  streamArn: string;
  /** The handlers' environment (endpoints, table, mail): the worker runs with it. */
  env: Record<string, string>;
  pollMs?: number;
  /** Which stream worker to run (default: the first, the domain-event dispatcher). */
  worker?: WorkerDef & { trigger: TableStreamTrigger };
  log?: (line: string) => void;
}

type Invocation = { id: number; records: DynamoDBRecord[]; crashAfter?: number };

/**
 * The Streams client reads an empty map attribute (`{"M": {}}` on the wire) back as `{}`, which no
 * AttributeValue is; Lambda's event carries `{"M": {}}`. Put the type back, all the way down.
 */
const asWire = (value: unknown): unknown => {
  if (typeof value !== 'object' || value === null || value instanceof Uint8Array) return value;
  const entries = Object.entries(value);
  if (entries.length === 0) return { M: {} };
  const [type, inner] = entries[0] as [string, unknown];
  if (type === 'M') return { M: Object.fromEntries(Object.entries(inner as object).map(([k, v]) => [k, asWire(v)])) };
  if (type === 'L') return { L: (inner as unknown[]).map(asWire) };
  return value;
};
const imageOf = (image: Record<string, unknown> | undefined) =>
  image && (Object.fromEntries(Object.entries(image).map(([k, v]) => [k, asWire(v)])) as never);

const toLambdaRecord = (r: StreamRecord, streamArn: string): DynamoDBRecord => ({
  eventID: r.eventID,
  eventName: r.eventName as DynamoDBRecord['eventName'],
  eventVersion: r.eventVersion,
  eventSource: 'aws:dynamodb',
  awsRegion: r.awsRegion ?? 'us-east-1',
  eventSourceARN: streamArn,
  dynamodb: {
    ...(r.dynamodb?.ApproximateCreationDateTime
      ? { ApproximateCreationDateTime: r.dynamodb.ApproximateCreationDateTime.getTime() / 1000 }
      : {}),
    Keys: imageOf(r.dynamodb?.Keys),
    NewImage: imageOf(r.dynamodb?.NewImage),
    SequenceNumber: r.dynamodb?.SequenceNumber,
    SizeBytes: r.dynamodb?.SizeBytes,
    StreamViewType: r.dynamodb?.StreamViewType as never,
  },
});

const eventIdOf = (r: DynamoDBRecord) =>
  (r.dynamodb?.NewImage as Record<string, AttributeValue> | undefined)?.eventId?.S;

/** The event source mapping's filter (WORKERS): only these records cost an invocation. */
const passesFilter = (filter: TableStreamTrigger['filter'], r: StreamRecord) => {
  const image = (r.dynamodb?.NewImage ?? r.dynamodb?.OldImage) as Record<string, AttributeValue> | undefined;
  return (
    filter.eventNames.includes(r.eventName as never) &&
    filter.itemTypes.includes(image?.type?.S as never) &&
    (filter.domainEvents === undefined || filter.domainEvents.includes(image?.name?.S as never))
  );
};

export const startEventDispatcher = async (opts: Options) => {
  const def = opts.worker ?? DISPATCHER;
  if (!def) throw new Error('No tableStream worker in shared/src/infra/workers.ts');
  const { trigger } = def;
  const log = opts.log ?? (() => undefined);
  const pollMs = opts.pollMs ?? POLL_MS;
  const streams = new DynamoDBStreamsClient({
    endpoint: opts.dynamoEndpoint,
    region: opts.env.AWS_REGION ?? 'us-east-1',
    credentials: {
      accessKeyId: opts.env.AWS_ACCESS_KEY_ID ?? 'local',
      secretAccessKey: opts.env.AWS_SECRET_ACCESS_KEY ?? 'local',
    },
  });
  const stats: DispatcherStats = {
    invocations: 0,
    delivered: 0,
    crashes: 0,
    retries: 0,
    paused: false,
    deadBatches: [],
    backlog: 0,
    lagMs: 0,
    maxLagMs: 0,
  };
  let stopped = false;
  let crashAfterEvent: string | undefined;
  let worker: ChildProcess | undefined;
  let invocationSeq = 0;
  const pending = new Map<number, { resolve: (r: DynamoDBBatchResponse) => void; reject: (e: Error) => void }>();

  const startWorker = (): ChildProcess => {
    const child = fork(resolve(import.meta.dirname, 'events-worker.ts'), [def.handler], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    child.stderr?.on('data', (d: Buffer) => log(`[dispatcher] ${d.toString().trimEnd()}`));
    // Its structured log: errors are shown (a consumer that fails says why), the rest is kept quiet.
    child.stdout?.on('data', (d: Buffer) => {
      for (const line of d.toString().split('\n')) if (line.includes('"level":"ERROR"')) log(`[dispatcher] ${line}`);
    });
    child.on('message', (message: { id: number; response?: DynamoDBBatchResponse; error?: string }) => {
      const waiter = pending.get(message.id);
      if (!waiter) return;
      pending.delete(message.id);
      if (message.response) waiter.resolve(message.response);
      else waiter.reject(new Error(message.error ?? 'the dispatcher failed'));
    });
    child.on('exit', (code) => {
      if (worker === child) worker = undefined;
      for (const [id, waiter] of pending) {
        pending.delete(id);
        waiter.reject(new Error(`the dispatcher exited (${code}) during the invocation`));
      }
    });
    return child;
  };

  const invoke = (records: DynamoDBRecord[]): Promise<DynamoDBBatchResponse> => {
    worker ??= startWorker();
    const id = ++invocationSeq;
    const at = crashAfterEvent === undefined ? -1 : records.findIndex((r) => eventIdOf(r) === crashAfterEvent);
    const crashAfter = at === -1 ? undefined : at + 1;
    if (crashAfter !== undefined) crashAfterEvent = undefined;
    stats.invocations++;
    return new Promise((resolveCall, reject) => {
      pending.set(id, { resolve: resolveCall, reject });
      worker?.send({ id, records, crashAfter } satisfies Invocation);
    });
  };

  /** Delivers one batch until it is answered without failures, retrying as the event source mapping does. */
  const deliver = async (shardId: string, batch: DynamoDBRecord[]) => {
    let remaining = batch;
    for (let attempt = 0; remaining.length > 0 && !stopped; attempt++) {
      while (stats.paused && !stopped) await sleep(50);
      let failedFrom: number;
      let reason: string;
      try {
        const answer = await invoke(remaining);
        const failed = new Set(answer.batchItemFailures.map((f) => f.itemIdentifier));
        failedFrom = remaining.findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
        if (failedFrom === -1) {
          stats.delivered += remaining.length;
          const created = remaining.at(-1)?.dynamodb?.ApproximateCreationDateTime;
          if (created) {
            stats.lagMs = Math.max(0, Date.now() - created * 1000);
            stats.maxLagMs = Math.max(stats.maxLagMs, stats.lagMs);
          }
          return;
        }
        reason = `record ${remaining[failedFrom]?.dynamodb?.SequenceNumber} failed`;
      } catch (error) {
        stats.crashes++;
        failedFrom = 0;
        reason = (error as Error).message;
        log(`[dispatcher] ${reason}; the batch is delivered again`);
      }
      stats.delivered += failedFrom;
      remaining = remaining.slice(failedFrom);
      if (attempt >= trigger.retryAttempts) {
        stats.deadBatches.push({
          shardId,
          firstSequenceNumber: remaining[0]?.dynamodb?.SequenceNumber ?? '',
          lastSequenceNumber: remaining.at(-1)?.dynamodb?.SequenceNumber ?? '',
          records: remaining.length,
          reason,
          at: new Date().toISOString(),
        });
        log(`[dispatcher] ${remaining.length} records sent to the dead letters: ${reason}`);
        return;
      }
      stats.retries++;
      await sleep(Math.min(2_000, 100 * 2 ** attempt));
    }
  };

  const iterators = new Map<string, string | undefined>();
  const discoverShards = async () => {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: opts.streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      if (!shard.ShardId || iterators.has(shard.ShardId)) continue;
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: opts.streamArn,
          ShardId: shard.ShardId,
          ShardIteratorType: 'TRIM_HORIZON',
        }),
      );
      iterators.set(shard.ShardId, ShardIterator);
    }
  };

  const loop = async () => {
    let sinceDiscovery = Number.POSITIVE_INFINITY;
    while (!stopped) {
      try {
        if (sinceDiscovery > 2_000) {
          await discoverShards();
          sinceDiscovery = 0;
        }
        let busy = false;
        for (const [shardId, iterator] of iterators) {
          // Paused: the stream is not read either, so what is written meanwhile comes as one batch.
          if (!iterator || stopped || stats.paused) continue;
          const out = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
          const records = (out.Records ?? [])
            .filter((r) => passesFilter(trigger.filter, r))
            .map((r) => toLambdaRecord(r, opts.streamArn));
          const size = trigger.batchSize;
          for (let i = 0; i < records.length && !stopped; i += size) {
            stats.backlog = records.length - i;
            await deliver(shardId, records.slice(i, i + size));
          }
          stats.backlog = 0;
          iterators.set(shardId, out.NextShardIterator);
          busy ||= (out.Records ?? []).length > 0;
        }
        if (!busy) {
          await sleep(pollMs);
          sinceDiscovery += pollMs;
        }
      } catch (error) {
        if (!stopped) log(`[dispatcher] stream read failed: ${(error as Error).message}`);
        await sleep(500);
        sinceDiscovery = Number.POSITIVE_INFINITY;
      }
    }
  };
  const running = loop();

  return {
    stats: () => ({ ...stats, deadBatches: [...stats.deadBatches] }),
    pause: () => {
      stats.paused = true;
    },
    resume: () => {
      stats.paused = false;
    },
    /** The dispatcher of the batch that holds this event dies right after handling it, before answering. */
    crashAfter: (eventId: string) => {
      crashAfterEvent = eventId;
    },
    stop: async () => {
      stopped = true;
      worker?.kill('SIGKILL');
      await running;
      streams.destroy();
    },
  };
};
export type EventDispatcher = Awaited<ReturnType<typeof startEventDispatcher>>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
