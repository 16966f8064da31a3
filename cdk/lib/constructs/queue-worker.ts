import type { EventQueueTrigger, WorkerDef } from '@tranche/shared/infra/workers';
import { Duration } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { type AccessTargets, accessEnvironment, grantAccess } from './access.js';
import { deadLettersWithAlarm } from './dead-letters.js';
import { TrancheFunction } from './tranche-function.js';

export interface QueueWorkerProps {
  readonly worker: WorkerDef & { readonly trigger: EventQueueTrigger };
  readonly tenant: string;
  readonly environment: Record<string, string>;
  readonly targets: AccessTargets;
}

/** Default Lambda timeout (tranche-function.ts), for the queue's visibility timeout. */
const DEFAULT_TIMEOUT_SECONDS = 10;

/**
 * A worker fed through a queue of its own (an `eventQueue` trigger, shared/src/infra/workers.ts): the
 * dispatcher sends it the domain events it lists (functions/src/events/event-queues.ts), since the
 * table's stream allows only two readers. The queue invokes it with partial batch failures; a message
 * that fails `maxReceiveCount` times moves to an encrypted dead-letter queue, and an alarm fires as soon
 * as that queue holds anything. Messages are events of the catalogue (ids, names, formatted texts:
 * never bank details, which no event carries), so SQS-managed encryption suffices.
 */
export class QueueWorker extends Construct {
  readonly function: TrancheFunction;
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly deadLetterAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: QueueWorkerProps) {
    super(scope, id);
    const { worker, targets } = props;
    const { trigger } = worker;
    const timeoutSeconds = worker.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
    this.function = new TrancheFunction(this, 'Function', {
      module: worker.handler,
      description: `Tranche ${props.tenant} ${worker.name}: ${worker.description}`,
      environment: { ...props.environment, ...accessEnvironment(worker.needs, targets) },
      timeout: Duration.seconds(timeoutSeconds),
      ...(worker.memoryMb ? { memorySize: worker.memoryMb } : {}),
    });
    grantAccess(this.function.role, worker.needs, targets);

    const dead = deadLettersWithAlarm(this, {
      tenant: props.tenant,
      worker: worker.name,
      gaveUpOn: 'domain events',
      role: "the worker's event queue",
    });
    this.deadLetterQueue = dead.queue;
    this.deadLetterAlarm = dead.alarm;
    this.queue = new sqs.Queue(this, 'Events', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // AWS's advice for a Lambda source: six times the function's timeout, so a message being worked
      // on is not received a second time meanwhile (a batching window adds to it).
      visibilityTimeout: Duration.seconds(6 * timeoutSeconds + trigger.maxBatchingWindowSeconds),
      // Like the stream's records: an event older than a day is a dead letter, not work to do late.
      retentionPeriod: Duration.days(1),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: trigger.maxReceiveCount },
    });
    this.function.fn.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: trigger.batchSize,
        maxBatchingWindow: Duration.seconds(trigger.maxBatchingWindowSeconds),
        reportBatchItemFailures: true,
      }),
    );
  }
}
