import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { ENV } from '@tranche/shared/infra/table';
import { type EventQueueTrigger, WORKERS, type WorkerDef } from '@tranche/shared/infra/workers';
import type { SQSBatchResponse, SQSRecord } from 'aws-lambda';

/**
 * The local stand-in for the queues of `eventQueue` workers (shared/src/infra/workers.ts) and their
 * Lambda event source mappings. It speaks the one call the dispatcher makes, SQS's JSON-protocol
 * SendMessage (functions/src/events/event-queues.ts, signed like any AWS call; the signature is not
 * checked here), on its own port, and invokes each worker's module with batches of SQS records as
 * Lambda would:
 *
 * - the worker runs in a process of its own (local/events-worker.ts, as the stream workers do); if it
 *   dies, the batch is received again;
 * - a message reported in `batchItemFailures` is received again after a short wait, until it has been
 *   received `maxReceiveCount` times; then it goes to the dead letters (`stats().deadLetters`).
 */
export type QueueWorker = WorkerDef & { readonly trigger: EventQueueTrigger };

export const QUEUE_WORKERS: readonly QueueWorker[] = (WORKERS as readonly WorkerDef[]).filter(
  (w): w is QueueWorker => w.trigger.kind === 'eventQueue',
);

interface Message {
  messageId: string;
  body: string;
  receiveCount: number;
  visibleAt: number;
}

export interface EventQueueStats {
  received: Record<string, number>;
  delivered: Record<string, number>;
  deadLetters: { worker: string; messageId: string; body: string; at: string }[];
}

interface Options {
  /** The handlers' environment: the workers run with it (plus the queue variables this adds). */
  env: Record<string, string>;
  log?: (line: string) => void;
  /** Wait before a failed message is received again (SQS: the visibility timeout). */
  retryDelayMs?: number;
  /** The queue-fed workers to serve (default: every `eventQueue` worker of WORKERS; tests pass their own). */
  workers?: readonly QueueWorker[];
}

const POLL_MS = 50;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolveBody, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
    });
    req.on('end', () => resolveBody(text));
    req.on('error', reject);
  });

const answer = (res: ServerResponse, status: number, body: object) => {
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
  res.end(JSON.stringify(body));
};

export const startEventQueues = async (opts: Options) => {
  const log = opts.log ?? (() => undefined);
  const retryDelayMs = opts.retryDelayMs ?? 500;
  const workers = opts.workers ?? QUEUE_WORKERS;
  const queues = new Map<string, Message[]>(workers.map((w) => [w.name, []]));
  const stats: EventQueueStats = { received: {}, delivered: {}, deadLetters: [] };
  let stopped = false;

  const server = createServer((req, res) => {
    void (async () => {
      const target = req.headers['x-amz-target'];
      if (req.method !== 'POST' || target !== 'AmazonSQS.SendMessage') {
        answer(res, 400, { __type: 'com.amazonaws.sqs#UnsupportedOperation', message: `${target} is not served` });
        return;
      }
      const input = JSON.parse(await readBody(req)) as { QueueUrl?: string; MessageBody?: string };
      const name = input.QueueUrl?.split('/').pop() ?? '';
      const queue = queues.get(name);
      if (!queue || typeof input.MessageBody !== 'string') {
        answer(res, 400, { __type: 'com.amazonaws.sqs#QueueDoesNotExist', message: `No queue ${input.QueueUrl}` });
        return;
      }
      const messageId = randomUUID();
      queue.push({ messageId, body: input.MessageBody, receiveCount: 0, visibleAt: 0 });
      stats.received[name] = (stats.received[name] ?? 0) + 1;
      answer(res, 200, { MessageId: messageId });
    })().catch((error: Error) => answer(res, 500, { __type: 'InternalFailure', message: error.message }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const queueUrls = Object.fromEntries(workers.map((w) => [w.name, `${endpoint}/000000000000/${w.name}`]));
  const queueEnv = { AWS_ENDPOINT_URL_SQS: endpoint, [ENV.eventQueueUrls]: JSON.stringify(queueUrls) };
  const env = { ...opts.env, ...queueEnv };

  const run = async (worker: QueueWorker) => {
    let child: ChildProcess | undefined;
    let seq = 0;
    const waiting = new Map<number, (r: SQSBatchResponse | Error) => void>();
    const start = () => {
      const c = fork(resolve(import.meta.dirname, 'events-worker.ts'), [worker.handler], {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        serialization: 'advanced',
      });
      c.stderr?.on('data', (d: Buffer) => log(`[${worker.name}] ${d.toString().trimEnd()}`));
      c.stdout?.on('data', (d: Buffer) => {
        for (const line of d.toString().split('\n'))
          if (line.includes('"level":"ERROR"')) log(`[${worker.name}] ${line}`);
      });
      c.on('message', (m: { id: number; response?: SQSBatchResponse; error?: string }) => {
        waiting.get(m.id)?.(m.response ?? new Error(m.error ?? `${worker.name} failed`));
        waiting.delete(m.id);
      });
      c.on('exit', (code) => {
        if (child === c) child = undefined;
        for (const [id, done] of waiting) {
          waiting.delete(id);
          done(new Error(`${worker.name} exited (${code}) during the invocation`));
        }
      });
      return c;
    };
    const invoke = (records: SQSRecord[]) =>
      new Promise<SQSBatchResponse | Error>((done) => {
        child ??= start();
        const id = ++seq;
        waiting.set(id, done);
        child.send({ id, records });
      });
    const queue = queues.get(worker.name) ?? [];
    // Started now, not on the first message: loading a worker's modules takes seconds under tsx, which
    // the first event of a journey or a KYC case would otherwise wait (Lambda's cold start is ~0.3 s).
    child = start();
    while (!stopped) {
      const now = Date.now();
      const batch = queue.filter((m) => m.visibleAt <= now).slice(0, worker.trigger.batchSize);
      if (batch.length === 0) {
        await sleep(POLL_MS);
        continue;
      }
      for (const m of batch) {
        m.receiveCount++;
        m.visibleAt = Number.POSITIVE_INFINITY;
      }
      const records = batch.map(
        (m): SQSRecord => ({
          messageId: m.messageId,
          receiptHandle: m.messageId,
          body: m.body,
          attributes: {
            ApproximateReceiveCount: String(m.receiveCount),
            SentTimestamp: String(now),
            SenderId: 'local',
            ApproximateFirstReceiveTimestamp: String(now),
          },
          messageAttributes: {},
          md5OfBody: '',
          eventSource: 'aws:sqs',
          eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:${worker.name}`,
          awsRegion: 'us-east-1',
        }),
      );
      const result = await invoke(records);
      const failed =
        result instanceof Error
          ? new Set(batch.map((m) => m.messageId))
          : new Set(result.batchItemFailures.map((f) => f.itemIdentifier));
      if (result instanceof Error) log(`[${worker.name}] ${result.message}; the batch is received again`);
      for (const m of batch) {
        const index = queue.indexOf(m);
        if (!failed.has(m.messageId)) {
          queue.splice(index, 1);
          stats.delivered[worker.name] = (stats.delivered[worker.name] ?? 0) + 1;
        } else if (m.receiveCount >= worker.trigger.maxReceiveCount) {
          queue.splice(index, 1);
          stats.deadLetters.push({
            worker: worker.name,
            messageId: m.messageId,
            body: m.body,
            at: new Date().toISOString(),
          });
          log(`[${worker.name}] message ${m.messageId} moved to the dead letters after ${m.receiveCount} receives`);
        } else {
          m.visibleAt = Date.now() + retryDelayMs;
        }
      }
    }
    child?.kill('SIGKILL');
  };
  const running = workers.map((w) => run(w));

  return {
    /** What the dispatcher and the workers need to reach the queues. */
    env: queueEnv,
    stats: (): EventQueueStats => structuredClone(stats),
    /** Messages sent and not yet delivered or dead (tests wait for 0). */
    pending: () => [...queues.values()].reduce((n, q) => n + q.length, 0),
    stop: async () => {
      stopped = true;
      await Promise.all(running);
      await new Promise((r) => server.close(r));
    },
  };
};
export type EventQueues = Awaited<ReturnType<typeof startEventQueues>>;
