import type { DomainEvent, EventName } from '@tranche/shared/events/catalogue';
import { ENV } from '@tranche/shared/infra/table';
import { type EventQueueTrigger, WORKERS, type WorkerDef } from '@tranche/shared/infra/workers';
import { type AwsService, jsonError, signedRequest } from '#lib/aws/signed-request';
import type { Consumer } from './consumer.js';

/**
 * The hand-over from the shared dispatcher to the workers fed through a queue of their own
 * (`eventQueue` triggers in shared/src/infra/workers.ts): the table's stream allows two readers, so
 * heavy consumers (sealing PDFs, screening) cannot each read it. For every such worker the dispatcher
 * runs one more consumer, `queue:<worker>`, whose effect is sending the event to that worker's queue,
 * marked like any effect (a redelivered event is not sent twice once its mark is written; a crash in
 * between sends it again, which the worker's own consumer marks absorb).
 *
 * The queue is SQS's JSON protocol, signed without the SDK client (#lib/aws/signed-request): on AWS
 * its URL comes from `EVENT_QUEUE_URLS` (a JSON map of worker name to queue URL, set by CDK on the
 * dispatcher); locally `AWS_ENDPOINT_URL_SQS` points at the local stack's queue stand-in
 * (local/event-queues.ts) and the URLs are its own.
 */
export const SQS: AwsService = { signingName: 'sqs', envName: 'SQS' };

/** The environment variable holding the queue URL of every queue-fed worker, by worker name. */
export const EVENT_QUEUE_URLS_ENV = ENV.eventQueueUrls;

export type EventQueueWorker = WorkerDef & { readonly trigger: EventQueueTrigger };

export const isEventQueueWorker = (w: WorkerDef): w is EventQueueWorker => w.trigger.kind === 'eventQueue';

/** The workers the dispatcher hands events to. */
export const EVENT_QUEUE_WORKERS: readonly EventQueueWorker[] = (WORKERS as readonly WorkerDef[]).filter(
  isEventQueueWorker,
);

const queueUrls = (): Record<string, string> => {
  const raw = process.env[EVENT_QUEUE_URLS_ENV];
  if (!raw) throw new Error(`${EVENT_QUEUE_URLS_ENV} is not set: the dispatcher cannot reach the event queues`);
  return JSON.parse(raw) as Record<string, string>;
};

/** Sends one event to a worker's queue (SQS SendMessage, JSON protocol). */
export const enqueueEvent = async (worker: string, event: DomainEvent): Promise<void> => {
  const queueUrl = queueUrls()[worker];
  if (!queueUrl) throw new Error(`No queue URL for the event queue of ${worker} in ${EVENT_QUEUE_URLS_ENV}`);
  await signedRequest(
    SQS,
    {
      method: 'POST',
      path: '/',
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.SendMessage' },
      body: JSON.stringify({
        QueueUrl: queueUrl,
        MessageBody: JSON.stringify(event),
        MessageAttributes: { name: { DataType: 'String', StringValue: event.name } },
      }),
    },
    jsonError,
  );
};

/** One consumer per queue-fed worker: the dispatcher's side of the hand-over. */
export const eventQueueConsumers = (workers: readonly EventQueueWorker[] = EVENT_QUEUE_WORKERS): Consumer[] =>
  workers.map((worker) => ({
    name: `queue:${worker.name}`,
    on: worker.trigger.events as readonly EventName[],
    effect: async (event, once) => {
      await once('', () => enqueueEvent(worker.name, event));
    },
  }));
