import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENV } from '@tranche/shared/infra/table';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventQueues, type QueueWorker, startEventQueues } from './event-queues.js';

/**
 * The local SQS stand-in and its Lambda-like delivery, with a worker of the test's own
 * (local/fixtures/queue-worker.ts): partial batch failures are received again, a message that keeps
 * failing goes to the dead letters after maxReceiveCount receives, and a worker that dies mid-batch
 * gets the whole batch again. The KYC, signing and money integration tests run the real workers on it.
 */
const WORKER: QueueWorker = {
  name: 'testQueue',
  handler: '../../local/fixtures/queue-worker',
  description: 'test',
  trigger: { kind: 'eventQueue', events: [], batchSize: 10, maxBatchingWindowSeconds: 0, maxReceiveCount: 3 },
  needs: { table: 'none' },
} as unknown as QueueWorker;

let queues: EventQueues;
let dir: string;
let log: string;

const send = async (body: object) => {
  const urls = JSON.parse(queues.env[ENV.eventQueueUrls] as string) as Record<string, string>;
  const res = await fetch(`${queues.env.AWS_ENDPOINT_URL_SQS}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.SendMessage' },
    body: JSON.stringify({ QueueUrl: urls[WORKER.name], MessageBody: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const settled = async () => {
  const deadline = Date.now() + 30_000;
  while (queues.pending() > 0) {
    if (Date.now() > deadline) throw new Error(`${queues.pending()} messages still pending`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** Each message's receive counts, in the order the worker saw them. */
const receives = () => {
  const byId: Record<string, number[]> = {};
  for (const line of readFileSync(log, 'utf8').trim().split('\n')) {
    const [id, n] = line.split(' ');
    byId[id as string] = [...(byId[id as string] ?? []), Number(n)];
  }
  return byId;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'event-queues-'));
  log = join(dir, 'receives.log');
  queues = await startEventQueues({ env: { QUEUE_TEST_LOG: log }, workers: [WORKER], retryDelayMs: 20 });
});
afterAll(async () => {
  await queues?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the local event queues', () => {
  it('receives a failed message again until it succeeds, and dead-letters one that keeps failing', async () => {
    const sent = await send({ id: 'ok' });
    expect(sent.status).toBe(200);
    expect(sent.body.MessageId).toEqual(expect.any(String));
    await send({ id: 'flaky', failTimes: 2 });
    await send({ id: 'poison', failTimes: 99 });
    await settled();

    const seen = receives();
    expect(seen.ok).toEqual([1]);
    expect(seen.flaky).toEqual([1, 2, 3]);
    expect(seen.poison).toEqual([1, 2, 3]);
    const stats = queues.stats();
    expect(stats.received[WORKER.name]).toBe(3);
    expect(stats.delivered[WORKER.name]).toBe(2);
    expect(stats.deadLetters.map((d) => JSON.parse(d.body).id)).toEqual(['poison']);
  });

  it('sends the whole batch again when the worker dies in the middle of it', async () => {
    rmSync(log, { force: true });
    // Sent before the worker polls again, so both are likely in one batch; either way each is
    // delivered, and the crashed receive is followed by a second one.
    await Promise.all([send({ id: 'before-crash' }), send({ id: 'crash', crash: true })]);
    await settled();
    const seen = receives();
    expect(seen.crash).toEqual([1, 2]);
    expect(seen['before-crash']?.at(-1)).toBeGreaterThanOrEqual(1);
    expect(queues.stats().deadLetters).toHaveLength(1);
  });

  it('refuses a queue it does not serve and an operation it does not speak', async () => {
    const res = await fetch(`${queues.env.AWS_ENDPOINT_URL_SQS}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.SendMessage' },
      body: JSON.stringify({ QueueUrl: 'http://x/000000000000/nope', MessageBody: '{}' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { __type: string }).__type).toMatch(/QueueDoesNotExist/);
    const receive = await fetch(`${queues.env.AWS_ENDPOINT_URL_SQS}/`, {
      method: 'POST',
      headers: { 'x-amz-target': 'AmazonSQS.ReceiveMessage' },
      body: '{}',
    });
    expect(receive.status).toBe(400);
  });
});
