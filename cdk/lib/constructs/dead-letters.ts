import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';

/** A message a day old in the dead-letter queue is still there two weeks later: time to look at it. */
const DEAD_LETTER_RETENTION = Duration.days(14);

/**
 * The dead-letter queue of a worker (the stream's on-failure destination, or a queue-fed worker's
 * redrive target), encrypted and TLS-only, with an alarm as soon as it holds anything. Nothing reads
 * it automatically: an operator inspects and replays or redrives.
 */
export const deadLettersWithAlarm = (
  scope: Construct,
  props: { readonly tenant: string; readonly worker: string; readonly gaveUpOn: string; readonly role: string },
): { queue: sqs.Queue; alarm: cloudwatch.Alarm } => {
  const queue = new sqs.Queue(scope, 'DeadLetters', {
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: DEAD_LETTER_RETENTION,
  });
  NagSuppressions.addResourceSuppressions(queue, [
    {
      id: 'AwsSolutions-SQS3',
      reason: `This queue is the dead-letter destination of ${props.role}; nothing consumes it automatically (an operator inspects and replays), so it needs no dead-letter queue of its own.`,
    },
  ]);
  const alarm = new cloudwatch.Alarm(scope, 'DeadLettersAlarm', {
    alarmDescription: `Tranche ${props.tenant}: ${props.worker} gave up on ${props.gaveUpOn} (dead-letter queue not empty)`,
    metric: queue.metricApproximateNumberOfMessagesVisible({
      period: Duration.minutes(1),
      statistic: cloudwatch.Stats.MAXIMUM,
    }),
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    threshold: 0,
    evaluationPeriods: 1,
    // SQS reports no datapoint for an idle queue: that is an empty queue, not a reason to alarm.
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  });
  return { queue, alarm };
};
