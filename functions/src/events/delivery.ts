import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { checkEvent, type DomainEvent } from '@tranche/shared/events/catalogue';
import type {
  DynamoDBBatchResponse,
  DynamoDBRecord,
  DynamoDBStreamEvent,
  SQSBatchResponse,
  SQSEvent,
  SQSRecord,
} from 'aws-lambda';
import { clock } from '#lib/clock';
import { db, tableName } from '#lib/db/client';
import { PutCommand } from '#lib/db/commands';
import { keys } from '#lib/db/keys';
import { logger } from '#lib/logger';
import type { Consumer } from './consumer.js';
import { applyOnce, effectOnce } from './marks.js';

/**
 * The domain-event dispatcher: the table's stream feeds it the outbox items that changes commit
 * (`#lib/db/commit`), and it hands each event to the consumers that subscribe to it.
 *
 * On AWS it is a Lambda on the stream (reportBatchItemFailures, bisect on error, a dead-letter queue);
 * locally the same module is fed by local/events, which reads DynamoDB Local's stream the same way.
 * Records are handled one after another; a record whose consumer throws is reported as failed (the
 * rest of the batch is still handled) and the stream redelivers from it. No order between events is
 * promised (each outbox item is its own partition): consumers read the state they act on afresh. Consumers are idempotent by event
 * id (marks.ts), so a redelivered record changes nothing that was already done.
 *
 * An event that breaks the catalogue (unknown name, wrong version, payload failing its schema) can
 * never succeed: it goes to the dead-letter records with its reason, and no consumer sees it.
 */

type Image = Record<string, AttributeValue>;

/** The outbox item a stream record carries, if it is one (other items' changes are not events). */
export const outboxItemOf = (record: DynamoDBRecord): Record<string, unknown> | undefined => {
  if (record.eventName !== 'INSERT') return undefined;
  const image = record.dynamodb?.NewImage as Image | undefined;
  if (image?.type?.S !== 'DOMAIN_EVENT') return undefined;
  return unmarshall(image);
};

const deadLetter = async (item: Record<string, unknown>, reason: string) => {
  const tenantId = typeof item.tenantId === 'string' ? item.tenantId : undefined;
  const eventId = typeof item.eventId === 'string' ? item.eventId : 'unknown';
  logger.error('domain event sent to the dead letters', { eventId, tenantId, reason });
  if (!tenantId) return;
  const at = clock.nowIso();
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.deadLetter(tenantId, at, eventId), type: 'DEAD_LETTER', eventId, reason, event: item, at },
    }),
  );
};

const deliver = async (consumer: Consumer, event: DomainEvent) => {
  const applied =
    'records' in consumer
      ? await applyOnce(event, consumer.name, await consumer.records(event))
      : await consumer
          .effect(event, (key, effect) => effectOnce(event, key ? `${consumer.name}#${key}` : consumer.name, effect))
          .then(() => true);
  logger.info(applied ? 'event consumed' : 'event already consumed', {
    eventId: event.eventId,
    name: event.name,
    consumer: consumer.name,
  });
};

export interface DispatcherOptions {
  consumers: readonly Consumer[];
  /** Called after each record is fully handled (the local stack's fault injection uses it). */
  afterRecord?: (index: number) => void | Promise<void>;
}

/** Handles one stream batch; answers the records to redeliver (partial batch failure). */
export const createDispatcher = (options: DispatcherOptions) => {
  const handleRecord = async (record: DynamoDBRecord, index: number) => {
    const item = outboxItemOf(record);
    if (item) {
      const checked = checkEvent(item);
      if (!checked.ok) {
        await deadLetter(item, checked.reason);
      } else {
        const { event } = checked;
        logger.appendKeys({ tenantId: event.tenantId, requestId: event.requestId });
        for (const consumer of options.consumers.filter((c) => c.on.includes(event.name as never))) {
          await deliver(consumer, event).catch((error: unknown) => {
            logger.error('consumer failed; the record is delivered again', {
              error: error as Error,
              eventId: event.eventId,
              name: event.name,
              consumer: consumer.name,
            });
            throw error;
          });
        }
      }
    }
    await options.afterRecord?.(index);
  };
  return async (streamEvent: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    const processor = new BatchProcessor(EventType.DynamoDBStreams);
    const position = new Map(streamEvent.Records.map((r, i) => [r, i]));
    return processPartialResponse(
      streamEvent,
      (r: DynamoDBRecord) => handleRecord(r, position.get(r) ?? -1),
      processor,
      {
        // One at a time: a batch's emails go out at a pace the mail service accepts.
        processInParallel: false,
        throwOnFullBatchFailure: false,
      },
    );
  };
};

/**
 * The same delivery for a worker fed through its own queue (an `eventQueue` worker, event-queues.ts):
 * each message's body is an event the shared dispatcher has already checked and handed over. A
 * message whose consumer throws is reported as failed and received again, up to the queue's
 * `maxReceiveCount`, then it is moved to the queue's dead letters. A body that is not a valid event
 * (never sent by the dispatcher) goes to the table's dead letters at once.
 */
export const createQueueDispatcher = (options: DispatcherOptions) => {
  const handleMessage = async (message: SQSRecord) => {
    let item: Record<string, unknown>;
    try {
      item = JSON.parse(message.body) as Record<string, unknown>;
    } catch {
      logger.error('event queue message is not JSON; dropped', { messageId: message.messageId });
      return;
    }
    const checked = checkEvent(item);
    if (!checked.ok) {
      await deadLetter(item, checked.reason);
      return;
    }
    const { event } = checked;
    logger.appendKeys({ tenantId: event.tenantId, requestId: event.requestId });
    for (const consumer of options.consumers.filter((c) => c.on.includes(event.name as never))) {
      await deliver(consumer, event);
    }
  };
  return async (queueEvent: SQSEvent): Promise<SQSBatchResponse> =>
    processPartialResponse(queueEvent, handleMessage, new BatchProcessor(EventType.SQS), {
      processInParallel: false,
      throwOnFullBatchFailure: false,
    });
};
