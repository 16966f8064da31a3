import { existsSync } from 'node:fs';
import { ENV, TABLE_DEF } from '@tranche/shared/infra/table';
import { type TableStreamTrigger, WORKERS, type WorkerDef } from '@tranche/shared/infra/workers';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlerEntry } from '../lib/paths.js';
import {
  type ApiStacks,
  apiStacks,
  type CfnJson,
  defaultTestApp,
  functionProperties,
  functionStatements,
  logicalIdIn,
  nagFindings,
  type Resources,
  synthTestApp,
  type TestApp,
  type TrancheApp,
} from './synth.js';

/**
 * The domain-event path on AWS (issue 8): the table's stream, the dispatcher with partial batch
 * failures, bisection, bounded retries, a dead-letter queue and an alarm on its depth; the
 * dispatcher's grants come from its `needs` in WORKERS, through the same code as the routes'.
 */
const dispatcher = WORKERS.find((w) => w.name === 'dispatchEvents')! as WorkerDef & { trigger: TableStreamTrigger };

let built: TrancheApp;
let stacks: ApiStacks;
let api: Resources;
let mapping: Record<string, CfnJson>;

beforeAll(() => {
  built = defaultTestApp();
  stacks = apiStacks(built);
  api = stacks[0]!.resources;
  const mappings = Object.values(api).filter((r) => r.Type === 'AWS::Lambda::EventSourceMapping');
  // One per stream worker (the dispatcher) and one per queue-fed worker (the KYC review's, sealing).
  expect(mappings).toHaveLength(
    WORKERS.filter((w) => w.trigger.kind === 'tableStream' || w.trigger.kind === 'eventQueue').length,
  );
  const own = mappings.find(
    (m) => JSON.stringify(m.Properties!.FunctionName) === JSON.stringify({ Ref: logicalIdIn(worker().function.fn) }),
  );
  mapping = own!.Properties as Record<string, CfnJson>;
});

const worker = () => built.api.streamWorkers.get('dispatchEvents')!;

describe('the table stream', () => {
  it('is on, with the view TABLE_DEF declares (the local table gets the same)', () => {
    Template.fromStack(built.data).hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: TABLE_DEF.stream },
    });
    expect(TABLE_DEF.stream).toBe('NEW_IMAGE');
  });
});

describe('the domain-event dispatcher', () => {
  it('runs the events/dispatch module, which exists', () => {
    expect(dispatcher.handler).toBe('events/dispatch');
    expect(existsSync(handlerEntry(dispatcher.handler))).toBe(true);
    const fn = functionProperties(stacks, worker().function);
    expect(fn.Description).toContain('dispatchEvents');
    expect(fn.Timeout).toBe(dispatcher.timeoutSeconds);
    expect(fn.Environment.Variables[ENV.table]).toBeDefined();
    expect(fn.Environment.Variables[ENV.mailFrom]).toBe('no-reply@example.com');
    // Emailed links: the portal address, resolved from its SSM parameter at deploy time (no custom
    // domain in this synth), so the dispatcher itself never reads SSM.
    expect(JSON.stringify(fn.Environment.Variables[ENV.portalBaseUrl])).toMatch(
      /SsmParameterValuetrancheacmeportaladdress/,
    );
  });

  it('reads the table stream from the oldest record, in small batches, reporting partial failures', () => {
    expect(JSON.stringify(mapping.EventSourceArn)).toMatch(/TableStreamArn|StreamArn/);
    expect(mapping.FunctionName).toEqual({ Ref: logicalIdIn(worker().function.fn) });
    expect(mapping).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: dispatcher.trigger.batchSize,
      MaximumBatchingWindowInSeconds: dispatcher.trigger.maxBatchingWindowSeconds,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: dispatcher.trigger.retryAttempts,
      MaximumRecordAgeInSeconds: dispatcher.trigger.maxRecordAgeSeconds,
      ParallelizationFactor: 1,
    });
    // Bounded: a poison record cannot hold its shard for the stream's whole 24 hours.
    expect(mapping.MaximumRetryAttempts).toBeGreaterThan(0);
    expect(mapping.MaximumRetryAttempts).toBeLessThanOrEqual(10);
  });

  it('is invoked for new outbox items only', () => {
    const patterns = (mapping.FilterCriteria.Filters as { Pattern: string }[]).map((f) => JSON.parse(f.Pattern));
    expect(patterns).toEqual([{ eventName: ['INSERT'], dynamodb: { NewImage: { type: { S: ['DOMAIN_EVENT'] } } } }]);
  });

  it('sends what it gives up on to an encrypted, TLS-only dead-letter queue, and alarms on its depth', () => {
    const queueId = logicalIdIn(worker().deadLetterQueue);
    expect(mapping.DestinationConfig).toEqual({
      OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } },
    });
    const queue = api[queueId]!.Properties as Record<string, CfnJson>;
    expect(queue.SqsManagedSseEnabled).toBe(true);
    expect(queue.MessageRetentionPeriod).toBe(14 * 24 * 3600);
    const policies = Object.values(api).filter(
      (r) => r.Type === 'AWS::SQS::QueuePolicy' && JSON.stringify(r.Properties!.Queues).includes(queueId),
    );
    expect(JSON.stringify(policies)).toContain('"aws:SecureTransport":"false"');

    const alarm = api[logicalIdIn(worker().deadLetterAlarm)]!.Properties as Record<string, CfnJson>;
    expect(alarm).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }],
      ComparisonOperator: 'GreaterThanThreshold',
      Threshold: 0,
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
    });
  });

  it('may do what its needs say, read its stream and fill its dead-letter queue, and nothing else', () => {
    const statements = functionStatements(stacks, worker().function);
    const allowed = statements
      .filter((s) => s.Effect === 'Allow')
      .flatMap((s) => [s.Action].flat() as string[])
      .filter((a) => !a.startsWith('logs:') && !a.startsWith('xray:'));
    expect(new Set(allowed)).toEqual(
      new Set([
        // table: readWrite, never Scan
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:ConditionCheckItem',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
        'dynamodb:BatchWriteItem',
        // the stream (the event source mapping's own grant)
        'dynamodb:ListStreams',
        'dynamodb:DescribeStream',
        'dynamodb:GetRecords',
        'dynamodb:GetShardIterator',
        // mail (the portal address is in the environment: no SSM read)
        'ses:SendEmail',
        // the inbox texts what is urgent (a capital call due within 2 days)
        'sns:Publish',
        // the on-failure destination
        'sqs:SendMessage',
        'sqs:GetQueueAttributes',
        'sqs:GetQueueUrl',
      ]),
    );
    // Sending: to its dead-letter queue (the on-failure destination) and to the queue-fed workers' queues.
    const arn = (id: string) => JSON.stringify({ 'Fn::GetAtt': [id, 'Arn'] });
    expect(
      statements
        .filter((s) => [s.Action].flat().includes('sqs:SendMessage'))
        .flatMap((s) => [s.Resource].flat())
        .map((r) => JSON.stringify(r))
        .sort(),
    ).toEqual(
      [
        arn(logicalIdIn(worker().deadLetterQueue)),
        ...[...built.api.queueWorkers.values()].map((q) => arn(logicalIdIn(q.queue))),
      ].sort(),
    );
    // Texts go to phone numbers only: publishing to any topic is denied (constructs/access.ts `sms`).
    const denied = statements.filter((s) => s.Effect === 'Deny' && [s.Action].flat().includes('sns:Publish'));
    expect(denied).toHaveLength(1);
  });

  it('keeps the Api stack nag-clean', () => {
    expect(nagFindings(built.api)).toEqual([]);
  });
});

describe('the queue-fed workers', () => {
  const queued = () => [...built.api.queueWorkers.values()];
  const kyc = () => built.api.queueWorkers.get('kycEvents')!;

  it('exist for every eventQueue worker, and the stream has at most two readers', () => {
    expect([...built.api.queueWorkers.keys()].sort()).toEqual(
      WORKERS.filter((w) => w.trigger.kind === 'eventQueue')
        .map((w) => w.name)
        .sort(),
    );
    expect(built.api.streamWorkers.size).toBeLessThanOrEqual(2);
  });

  it('are invoked by their own queue with partial batch failures; a failing message ends in a dead-letter queue', () => {
    const own = Object.values(api).find(
      (r) =>
        r.Type === 'AWS::Lambda::EventSourceMapping' &&
        JSON.stringify(r.Properties!.FunctionName) === JSON.stringify({ Ref: logicalIdIn(kyc().function.fn) }),
    );
    expect(own!.Properties).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [logicalIdIn(kyc().queue), 'Arn'] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const queue = api[logicalIdIn(kyc().queue)]!.Properties!;
    expect(queue).toMatchObject({
      SqsManagedSseEnabled: true,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [logicalIdIn(kyc().deadLetterQueue), 'Arn'] } },
    });
    // Longer than the function may run: a message being worked on is not received twice meanwhile.
    const fn = functionProperties(stacks, kyc().function);
    expect(queue.VisibilityTimeout as number).toBeGreaterThan(fn.Timeout as number);
  });

  it('are fed by the dispatcher, which knows each queue URL and may send to those queues only', () => {
    const env = functionProperties(stacks, worker().function).Environment.Variables;
    const urls = JSON.stringify(env[ENV.eventQueueUrls]);
    for (const q of queued()) expect(urls).toContain(logicalIdIn(q.queue));
    // One statement of SendMessage alone, on the queues (the dead-letter queue's grant is the mapping's own).
    const sends = functionStatements(stacks, worker().function).filter(
      (s) => JSON.stringify([s.Action].flat()) === JSON.stringify(['sqs:SendMessage']),
    );
    expect(
      sends
        .flatMap((s) => [s.Resource].flat())
        .map((r) => JSON.stringify(r))
        .sort(),
    ).toEqual(
      queued()
        .map((q) => JSON.stringify({ 'Fn::GetAtt': [logicalIdIn(q.queue), 'Arn'] }))
        .sort(),
    );
  });

  it('refuses a third reader of the table stream', () => {
    const reader: WorkerDef = {
      ...dispatcher,
      name: 'thirdReader',
    };
    const second: WorkerDef = { ...dispatcher, name: 'secondReader' };
    expect(() => synthTestApp({}, { workers: [...WORKERS, second, reader] })).toThrow(/DynamoDB allows 2 readers/);
  });
});

describe('the worker table', () => {
  it('names each worker once, each handler module present', () => {
    expect(new Set(WORKERS.map((w) => w.name)).size).toBe(WORKERS.length);
    for (const w of WORKERS) expect(existsSync(handlerEntry(w.handler)), w.handler).toBe(true);
  });

  it('refuses a state machine task that WORKERS does not declare', () => {
    const workers = WORKERS.filter((w) => w.handler !== 'flow/open-human-step');
    expect(() => synthTestApp({}, { workers })).toThrow(/flow\/open-human-step.*no stepFunctionsTask/);
  });

  it('refuses a schedule EventBridge cannot read and a webhook on a path a route has', () => {
    const job = (trigger: WorkerDef['trigger']): WorkerDef[] => [
      ...WORKERS,
      { name: 'job', handler: dispatcher.handler, description: 'test', trigger, needs: { table: 'read' } },
    ];
    expect(() => synthTestApp({}, { workers: job({ kind: 'schedule', expression: 'every day' }) })).toThrow(
      /job: every day is not an EventBridge rate/,
    );
    expect(() => synthTestApp({}, { workers: job({ kind: 'webhook', path: '/tenants' }) })).toThrow(
      /job: POST \/tenants is route createTenant's/,
    );
  });
});

describe('scheduled and webhook workers', () => {
  let app: TestApp;
  let root: Resources;
  let rootStacks: ApiStacks;
  const extra: WorkerDef[] = [
    {
      name: 'nightlyJob',
      handler: dispatcher.handler,
      description: 'test schedule',
      trigger: { kind: 'schedule', expression: 'cron(0 3 * * ? *)' },
      needs: { table: 'read' },
    },
    {
      name: 'signedHook',
      handler: dispatcher.handler,
      description: 'test webhook',
      trigger: { kind: 'webhook', path: '/webhooks/test' },
      needs: { table: 'readWrite', mail: true },
    },
  ];

  beforeAll(() => {
    app = synthTestApp({}, { workers: [...WORKERS, ...extra] });
    rootStacks = apiStacks(app);
    root = rootStacks[0]!.resources;
  });
  afterAll(() => app.cleanup());

  const fnId = (name: string) => logicalIdIn(app.api.workerFunctions.get(name)!.fn);
  const actionsOf = (name: string) =>
    functionStatements(rootStacks, app.api.workerFunctions.get(name)!)
      .filter((s) => s.Effect === 'Allow')
      .flatMap((s) => [s.Action].flat() as string[]);

  it('runs a scheduled worker from an EventBridge rule, with the grants of its needs', () => {
    // The test job's rule, beside the real ones (the inbox's daily job).
    const rules = Object.values(root).filter(
      (r) => r.Type === 'AWS::Events::Rule' && JSON.stringify(r.Properties!.Targets).includes(fnId('nightlyJob')),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]!.Properties).toMatchObject({
      ScheduleExpression: 'cron(0 3 * * ? *)',
      State: 'ENABLED',
      Targets: [{ Arn: { 'Fn::GetAtt': [fnId('nightlyJob'), 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 2 } }],
    });
    const permissions = Object.values(root).filter(
      (r) => r.Type === 'AWS::Lambda::Permission' && r.Properties!.Principal === 'events.amazonaws.com',
    );
    expect(permissions.map((p) => p.Properties!.FunctionName)).toContainEqual({
      'Fn::GetAtt': [fnId('nightlyJob'), 'Arn'],
    });
    const actions = actionsOf('nightlyJob');
    expect(actions).toContain('dynamodb:Query');
    expect(actions).not.toContain('dynamodb:PutItem');
    expect(actions.some((a) => a.startsWith('ses:') || a.startsWith('secretsmanager:'))).toBe(false);
  });

  it("runs the inbox's daily job every day at 07:00 UTC, with mail and the table, and no SMS of its own", () => {
    const rules = Object.values(root).filter(
      (r) => r.Type === 'AWS::Events::Rule' && JSON.stringify(r.Properties!.Targets).includes(fnId('inboxDaily')),
    );
    expect(rules.map((r) => r.Properties!.ScheduleExpression)).toEqual(['cron(0 7 * * ? *)']);
    const actions = actionsOf('inboxDaily');
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:UpdateItem', 'ses:SendEmail']));
    expect(actions).not.toContain('sns:Publish');
  });

  it('runs the scheduled dealing every day at 05:00 UTC, with the table and no mail (its fills and messages are the consumers’)', () => {
    const rules = Object.values(root).filter(
      (r) => r.Type === 'AWS::Events::Rule' && JSON.stringify(r.Properties!.Targets).includes(fnId('moneyDealing')),
    );
    expect(rules.map((r) => r.Properties!.ScheduleExpression)).toEqual(['cron(0 5 * * ? *)']);
    const actions = actionsOf('moneyDealing');
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:GetItem', 'dynamodb:PutItem']));
    expect(actions.some((a) => a.startsWith('ses:') || a.startsWith('s3:') || a.startsWith('states:'))).toBe(false);
  });

  it('serves a webhook as a POST route of the API outside the route table, behind the origin check', () => {
    const routes = Object.values(root).filter(
      (r) => r.Type === 'AWS::ApiGatewayV2::Route' && r.Properties!.RouteKey === 'POST /api/webhooks/test',
    );
    expect(routes).toHaveLength(1);
    const integrationId = (routes[0]!.Properties!.Target as CfnJson)['Fn::Join'][1][1].Ref as string;
    expect(root[integrationId]!.Properties!.IntegrationUri).toEqual({ 'Fn::GetAtt': [fnId('signedHook'), 'Arn'] });
    const fn = functionProperties(rootStacks, app.api.workerFunctions.get('signedHook')!);
    expect(fn.Environment.Variables[ENV.originVerifySecretId]).toBeDefined();
    const actions = actionsOf('signedHook');
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:PutItem', 'ses:SendEmail', 'secretsmanager:GetSecretValue']),
    );
  });

  it('stays nag-clean', () => {
    expect(nagFindings(app.api)).toEqual([]);
  });
});
