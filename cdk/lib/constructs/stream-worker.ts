import type { TableStreamTrigger, WorkerDef } from '@tranche/shared/infra/workers';
import { Duration } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { type AccessTargets, accessEnvironment, grantAccess } from './access.js';
import { deadLettersWithAlarm } from './dead-letters.js';
import { TrancheFunction } from './tranche-function.js';

export interface StreamWorkerProps {
  readonly worker: WorkerDef & { readonly trigger: TableStreamTrigger };
  readonly table: dynamodb.ITable;
  readonly tenant: string;
  readonly environment: Record<string, string>;
  readonly targets: AccessTargets;
}

/**
 * A consumer of the table's stream: its function (grants from the worker's `needs`), the event
 * source mapping and what catches its failures. A failing record is retried on its own (partial
 * batch failures: the rest of the batch is delivered; bisection narrows a batch that throws as a
 * whole), a bounded number of times, then its stream coordinates go to an encrypted dead-letter
 * queue, and an alarm fires as soon as that queue holds anything.
 */
export class StreamWorker extends Construct {
  readonly function: TrancheFunction;
  readonly deadLetterQueue: sqs.Queue;
  readonly deadLetterAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: StreamWorkerProps) {
    super(scope, id);
    const { worker, table, targets } = props;
    const { trigger } = worker;
    this.function = new TrancheFunction(this, 'Function', {
      module: worker.handler,
      description: `Tranche ${props.tenant} ${worker.name}: ${worker.description}`,
      environment: { ...props.environment, ...accessEnvironment(worker.needs, targets) },
      ...(worker.timeoutSeconds ? { timeout: Duration.seconds(worker.timeoutSeconds) } : {}),
      ...(worker.memoryMb ? { memorySize: worker.memoryMb } : {}),
    });
    grantAccess(this.function.role, worker.needs, targets);

    // Lambda's on-failure destination for a stream holds the record's shard and sequence numbers,
    // not the item: nothing of an investor's data sits in the queue, SQS-managed encryption suffices.
    const dead = deadLettersWithAlarm(this, {
      tenant: props.tenant,
      worker: worker.name,
      gaveUpOn: 'stream records',
      role: "the stream's event source mapping",
    });
    this.deadLetterQueue = dead.queue;
    this.deadLetterAlarm = dead.alarm;

    this.function.fn.addEventSource(
      new DynamoEventSource(table, {
        // From the oldest record the stream keeps: events written while the mapping is being
        // created or was disabled are delivered, not skipped (consumers are idempotent by event id).
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: trigger.batchSize,
        maxBatchingWindow: Duration.seconds(trigger.maxBatchingWindowSeconds),
        retryAttempts: trigger.retryAttempts,
        maxRecordAge: Duration.seconds(trigger.maxRecordAgeSeconds),
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        // One batch per shard at a time: events of one partition reach consumers in commit order.
        parallelizationFactor: 1,
        onFailure: new SqsDlq(this.deadLetterQueue),
        filters: [
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.or(...trigger.filter.eventNames),
            dynamodb: {
              NewImage: {
                type: { S: lambda.FilterRule.or(...trigger.filter.itemTypes) },
                // A worker for a few events is invoked for those alone (the KYC worker).
                ...(trigger.filter.domainEvents
                  ? { name: { S: lambda.FilterRule.or(...trigger.filter.domainEvents) } }
                  : {}),
              },
            },
          }),
        ],
      }),
    );
  }
}
