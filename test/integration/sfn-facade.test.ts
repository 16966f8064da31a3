import {
  CreateStateMachineCommand,
  DeleteStateMachineCommand,
  DescribeExecutionCommand,
  type DescribeExecutionCommandOutput,
  DescribeStateMachineCommand,
  ExecutionDoesNotExist,
  GetExecutionHistoryCommand,
  InvalidDefinition,
  InvalidToken,
  ListStateMachinesCommand,
  SendTaskFailureCommand,
  SendTaskHeartbeatCommand,
  SendTaskSuccessCommand,
  SFNClient,
  StartExecutionCommand,
  StateMachineAlreadyExists,
  StateMachineDoesNotExist,
  StopExecutionCommand,
  TaskDoesNotExist,
  TaskTimedOut,
} from '@aws-sdk/client-sfn';
import { SCENARIO_FLOW_DEFINITION } from '@tranche/shared/infra/state-machines';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseOpenHumanStepInput } from '../../functions/src/flow/open-human-step.js';
import { handler as startScenario } from '../../functions/src/flow/start-scenario.js';
import { type SfnFacade, startSfnFacade } from '../../local/sfn/facade.js';

/**
 * The local Step Functions facade, driven only through the unchanged @aws-sdk/client-sfn client.
 * Self-contained: its own facade on a free port and in-test Lambda handlers (no DynamoDB needed).
 */

type Handler = (payload: unknown) => Promise<unknown>;
const functions = new Map<string, Handler>();
const calls = new Map<string, unknown[]>();

const register = (name: string, impl: Handler) => {
  calls.set(name, []);
  functions.set(name, async (payload) => {
    calls.get(name)?.push(payload);
    return impl(payload);
  });
};

let facade: SfnFacade;
let sfn: SFNClient;

beforeAll(async () => {
  facade = await startSfnFacade({
    port: 0,
    resolveFunction: (name) => functions.get(name),
  });
  sfn = new SFNClient({
    endpoint: facade.url,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts: 1,
  });
});

afterAll(async () => {
  sfn?.destroy();
  await facade?.close();
});

beforeEach(() => {
  functions.clear();
  calls.clear();
});

/** Polls `probe` until `done` holds, for at most `timeoutMs`; fails with the last value otherwise. */
const until = async <T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> => {
  const started = Date.now();
  let last: T | undefined;
  while (Date.now() - started < timeoutMs) {
    last = await probe();
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(last)}`);
};

const describeExecution = (executionArn: string) => sfn.send(new DescribeExecutionCommand({ executionArn }));
const untilStatus = (executionArn: string, status: DescribeExecutionCommandOutput['status']) =>
  until(
    () => describeExecution(executionArn),
    (d) => d.status === status,
  );
const callsOf = (name: string) =>
  until(
    async () => calls.get(name) ?? [],
    (list) => list.length > 0,
  );

let machineCounter = 0;
const createMachine = async (definition: object, name = `m-${++machineCounter}-${Date.now()}`) => {
  const { stateMachineArn } = await sfn.send(
    new CreateStateMachineCommand({
      name,
      definition: JSON.stringify(definition),
      roleArn: 'arn:aws:iam::000000000000:role/local',
    }),
  );
  return stateMachineArn!;
};

const approvalFlow = (approveExtras: object = {}) => ({
  StartAt: 'Prepare',
  States: {
    Prepare: { Type: 'Pass', Parameters: { 'orderId.$': '$.orderId', stage: 'prepared' }, Next: 'Enrich' },
    Enrich: {
      Type: 'Task',
      Resource: 'arn:aws:states:::lambda:invoke',
      Parameters: { FunctionName: 'enrich', 'Payload.$': '$' },
      ResultSelector: { 'value.$': '$.Payload', 'statusCode.$': '$.StatusCode' },
      ResultPath: '$.enrich',
      Next: 'Approve',
    },
    Approve: {
      Type: 'Task',
      Resource: 'arn:aws:states:::lambda:invoke.waitForTaskToken',
      Parameters: {
        FunctionName: 'ask-human',
        Payload: { 'orderId.$': '$.orderId', 'token.$': '$$.Task.Token', 'sameToken.$': '$$.Task.Token' },
      },
      ResultPath: '$.approval',
      Next: 'Done',
      ...approveExtras,
    },
    Done: { Type: 'Succeed' },
  },
});

type AskHumanPayload = { orderId: string; token: string; sameToken: string };

const startApproval = async (definition: object) => {
  register('enrich', async (p) => ({ seen: p, score: 7 }));
  register('ask-human', async () => ({ notified: true }));
  const stateMachineArn = await createMachine(definition);
  const { executionArn, startDate } = await sfn.send(
    new StartExecutionCommand({ stateMachineArn, input: JSON.stringify({ orderId: 'o-1', ignored: true }) }),
  );
  expect(startDate).toBeInstanceOf(Date);
  const [payload] = (await callsOf('ask-human')) as AskHumanPayload[];
  return { stateMachineArn, executionArn: executionArn!, payload: payload! };
};

describe('Step Functions facade through @aws-sdk/client-sfn', () => {
  it('runs Pass -> lambda:invoke -> waitForTaskToken -> Succeed, parking until SendTaskSuccess', async () => {
    const { executionArn, payload } = await startApproval(approvalFlow());

    expect(payload.orderId).toBe('o-1');
    expect(payload.token).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(payload.sameToken).toBe(payload.token); // one token per state, however often it is referenced
    expect(calls.get('enrich')).toEqual([{ orderId: 'o-1', stage: 'prepared' }]);

    // Parked: still RUNNING a while after the callback function returned.
    await new Promise((r) => setTimeout(r, 100));
    const running = await describeExecution(executionArn);
    expect(running.status).toBe('RUNNING');
    expect(running.output).toBeUndefined();
    expect(JSON.parse(running.input!)).toEqual({ orderId: 'o-1', ignored: true });
    const parkedHistory = await until(
      () => sfn.send(new GetExecutionHistoryCommand({ executionArn })),
      (h) => (h.events ?? []).some((e) => e.type === 'TaskSubmitted'),
    );
    expect(parkedHistory.events?.at(-1)?.type).toBe('TaskSubmitted');

    await sfn.send(new SendTaskHeartbeatCommand({ taskToken: payload.token }));
    await sfn.send(
      new SendTaskSuccessCommand({ taskToken: payload.token, output: JSON.stringify({ approved: true, by: 'alice' }) }),
    );

    const done = await untilStatus(executionArn, 'SUCCEEDED');
    expect(JSON.parse(done.output!)).toEqual({
      orderId: 'o-1',
      stage: 'prepared',
      enrich: { value: { seen: { orderId: 'o-1', stage: 'prepared' }, score: 7 }, statusCode: 200 },
      approval: { approved: true, by: 'alice' },
    });
    expect(done.stopDate!.getTime()).toBeGreaterThanOrEqual(done.startDate!.getTime());

    const history = await sfn.send(new GetExecutionHistoryCommand({ executionArn }));
    expect(history.events?.map((e) => e.type)).toEqual([
      'ExecutionStarted',
      'PassStateEntered',
      'PassStateExited',
      'TaskStateEntered',
      'TaskScheduled',
      'TaskStarted',
      'TaskSucceeded',
      'TaskStateExited',
      'TaskStateEntered',
      'TaskScheduled',
      'TaskStarted',
      'TaskSubmitted',
      'TaskSucceeded',
      'TaskStateExited',
      'SucceedStateEntered',
      'SucceedStateExited',
      'ExecutionSucceeded',
    ]);
    expect(history.events?.map((e) => e.id)).toEqual(history.events?.map((_, i) => i + 1));
    expect(history.events?.[0]?.timestamp).toBeInstanceOf(Date);
    const submitted = history.events?.find((e) => e.type === 'TaskSubmitted');
    expect(JSON.parse(submitted?.taskSubmittedEventDetails?.output ?? 'null')).toMatchObject({
      Payload: { notified: true },
      StatusCode: 200,
    });

    // The token is spent: a second answer is refused.
    await expect(
      sfn.send(new SendTaskSuccessCommand({ taskToken: payload.token, output: '{}' })),
    ).rejects.toBeInstanceOf(TaskTimedOut);
  });

  it('SendTaskFailure fails the state: a matching Catch takes over, otherwise the execution FAILS', async () => {
    const definition = approvalFlow({
      Catch: [{ ErrorEquals: ['Rejected'], ResultPath: '$.failure', Next: 'Declined' }],
    });
    (definition.States as Record<string, object>).Declined = {
      Type: 'Pass',
      Result: 'declined',
      ResultPath: '$.outcome',
      End: true,
    };

    const caught = await startApproval(definition);
    await sfn.send(
      new SendTaskFailureCommand({ taskToken: caught.payload.token, error: 'Rejected', cause: 'investor declined' }),
    );
    const handled = await untilStatus(caught.executionArn, 'SUCCEEDED');
    const output = JSON.parse(handled.output!);
    expect(output.failure).toEqual({ Error: 'Rejected', Cause: 'investor declined' });
    expect(output.outcome).toBe('declined');
    expect(output.approval).toBeUndefined();

    const uncaught = await startApproval(definition);
    await sfn.send(
      new SendTaskFailureCommand({ taskToken: uncaught.payload.token, error: 'Withdrawn', cause: 'gone' }),
    );
    const failed = await untilStatus(uncaught.executionArn, 'FAILED');
    expect(failed.error).toBe('Withdrawn');
    expect(failed.cause).toBe('gone');
    expect(failed.output).toBeUndefined();
    const history = await sfn.send(new GetExecutionHistoryCommand({ executionArn: uncaught.executionArn }));
    expect(history.events?.at(-1)).toMatchObject({
      type: 'ExecutionFailed',
      executionFailedEventDetails: { error: 'Withdrawn', cause: 'gone' },
    });
    expect(
      history.events?.some((e) => e.type === 'TaskFailed' && e.taskFailedEventDetails?.error === 'Withdrawn'),
    ).toBe(true);
  });

  it('answers unknown or malformed task tokens with TaskDoesNotExist / InvalidToken', async () => {
    const unknown = 'A'.repeat(64);
    await expect(sfn.send(new SendTaskSuccessCommand({ taskToken: unknown, output: '{}' }))).rejects.toBeInstanceOf(
      TaskDoesNotExist,
    );
    await expect(sfn.send(new SendTaskFailureCommand({ taskToken: unknown, error: 'X' }))).rejects.toBeInstanceOf(
      TaskDoesNotExist,
    );
    await expect(sfn.send(new SendTaskHeartbeatCommand({ taskToken: unknown }))).rejects.toBeInstanceOf(
      TaskDoesNotExist,
    );
    await expect(
      sfn.send(new SendTaskSuccessCommand({ taskToken: 'not a token', output: '{}' })),
    ).rejects.toBeInstanceOf(InvalidToken);
  });

  it('answers StartExecution on an unknown state machine with StateMachineDoesNotExist', async () => {
    const stateMachineArn = 'arn:aws:states:us-east-1:000000000000:stateMachine:no-such-machine';
    const error = await sfn.send(new StartExecutionCommand({ stateMachineArn, input: '{}' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StateMachineDoesNotExist);
    expect((error as Error).message).toContain('no-such-machine');
    expect((error as { $metadata: { httpStatusCode: number } }).$metadata.httpStatusCode).toBe(400);
    await expect(
      sfn.send(
        new DescribeExecutionCommand({ executionArn: `${stateMachineArn.replace('stateMachine', 'execution')}:x` }),
      ),
    ).rejects.toBeInstanceOf(ExecutionDoesNotExist);
  });

  it('manages state machines: idempotent create, conflicts, invalid definitions, describe, list, delete', async () => {
    const definition = { StartAt: 'P', States: { P: { Type: 'Pass', End: true } } };
    const name = `crud-${Date.now()}`;
    const arn = await createMachine(definition, name);
    expect(arn).toBe(`arn:aws:states:us-east-1:000000000000:stateMachine:${name}`);
    expect(await createMachine(definition, name)).toBe(arn);
    await expect(
      createMachine({ StartAt: 'Q', States: { Q: { Type: 'Pass', End: true } } }, name),
    ).rejects.toBeInstanceOf(StateMachineAlreadyExists);
    await expect(createMachine({ StartAt: 'Missing', States: {} })).rejects.toBeInstanceOf(InvalidDefinition);
    await expect(
      createMachine({
        StartAt: 'S',
        States: { S: { Type: 'Task', Resource: 'arn:aws:states:::sqs:sendMessage', End: true } },
      }),
    ).rejects.toThrow(/not run|does not run/);

    const described = await sfn.send(new DescribeStateMachineCommand({ stateMachineArn: arn }));
    expect(described).toMatchObject({ name, status: 'ACTIVE', type: 'STANDARD' });
    expect(JSON.parse(described.definition!)).toEqual(definition);
    const listed = await sfn.send(new ListStateMachinesCommand({}));
    expect(listed.stateMachines?.map((m) => m.stateMachineArn)).toContain(arn);

    await sfn.send(new DeleteStateMachineCommand({ stateMachineArn: arn }));
    await expect(sfn.send(new DescribeStateMachineCommand({ stateMachineArn: arn }))).rejects.toBeInstanceOf(
      StateMachineDoesNotExist,
    );
  });

  it('StopExecution aborts a parked execution and spends its token', async () => {
    const { executionArn, payload } = await startApproval(approvalFlow());
    const { stopDate } = await sfn.send(
      new StopExecutionCommand({ executionArn, error: 'Cancelled', cause: 'by test' }),
    );
    expect(stopDate).toBeInstanceOf(Date);
    const stopped = await describeExecution(executionArn);
    expect(stopped).toMatchObject({ status: 'ABORTED', error: 'Cancelled', cause: 'by test' });
    await expect(
      sfn.send(new SendTaskSuccessCommand({ taskToken: payload.token, output: '{}' })),
    ).rejects.toBeInstanceOf(TaskTimedOut);
    const history = await until(
      () => sfn.send(new GetExecutionHistoryCommand({ executionArn })),
      (h) => h.events?.at(-1)?.type === 'ExecutionAborted',
    );
    expect(history.events?.at(-1)?.executionAbortedEventDetails).toEqual({ error: 'Cancelled', cause: 'by test' });
  });

  it('reports a Lambda error like AWS (error = errorType) and supports direct Lambda ARN resources', async () => {
    register('boom', async () => {
      throw new RangeError('out of range');
    });
    register('double', async (p) => ({ n: (p as { n: number }).n * 2 }));
    const stateMachineArn = await createMachine({
      StartAt: 'Direct',
      States: {
        Direct: { Type: 'Task', Resource: 'arn:aws:lambda:us-east-1:000000000000:function:double', Next: 'Boom' },
        Boom: {
          Type: 'Task',
          Resource: 'arn:aws:states:::lambda:invoke',
          Parameters: { FunctionName: 'boom', 'Payload.$': '$' },
          End: true,
        },
      },
    });
    const { executionArn } = await sfn.send(new StartExecutionCommand({ stateMachineArn, input: '{"n":21}' }));
    const failed = await untilStatus(executionArn!, 'FAILED');
    expect(calls.get('boom')).toEqual([{ n: 42 }]);
    expect(failed.error).toBe('RangeError');
    expect(JSON.parse(failed.cause!)).toEqual({ errorType: 'RangeError', errorMessage: 'out of range' });
  });

  it('parks parallel branches on distinct tokens and gives a retried callback task a fresh token', async () => {
    register('ask', async () => ({}));
    const callback = (branch: string, extra: object = {}) => ({
      Type: 'Task',
      Resource: 'arn:aws:states:::lambda:invoke.waitForTaskToken',
      Parameters: { FunctionName: 'ask', Payload: { branch, 'token.$': '$$.Task.Token' } },
      End: true,
      ...extra,
    });
    const stateMachineArn = await createMachine({
      StartAt: 'Both',
      States: {
        Both: {
          Type: 'Parallel',
          End: true,
          Branches: [
            { StartAt: 'Left', States: { Left: callback('left') } },
            {
              StartAt: 'Right',
              States: {
                Right: callback('right', {
                  Retry: [{ ErrorEquals: ['TryAgain'], IntervalSeconds: 1, MaxAttempts: 1 }],
                }),
              },
            },
          ],
        },
      },
    });
    const { executionArn } = await sfn.send(new StartExecutionCommand({ stateMachineArn, input: '{}' }));
    type Ask = { branch: string; token: string };
    const asked = await until(
      async () => (calls.get('ask') ?? []) as Ask[],
      (list) => list.length === 2,
    );
    const left = asked.find((a) => a.branch === 'left')!;
    const right = asked.find((a) => a.branch === 'right')!;
    expect(left.token).not.toBe(right.token);

    await sfn.send(new SendTaskFailureCommand({ taskToken: right.token, error: 'TryAgain', cause: 'once more' }));
    const retried = await until(
      async () => (calls.get('ask') ?? []) as Ask[],
      (list) => list.length === 3,
    );
    const retry = retried[2]!;
    expect(retry.branch).toBe('right');
    expect(new Set([left.token, right.token, retry.token]).size).toBe(3);
    expect((await describeExecution(executionArn!)).status).toBe('RUNNING');

    await sfn.send(new SendTaskSuccessCommand({ taskToken: retry.token, output: '"R"' }));
    await sfn.send(new SendTaskSuccessCommand({ taskToken: left.token, output: '"L"' }));
    const done = await untilStatus(executionArn!, 'SUCCEEDED');
    expect(JSON.parse(done.output!)).toEqual(['L', 'R']);
  });

  it('answers unknown operations and malformed bodies with AWS-shaped 400 errors', async () => {
    const post = (target: string, body: string) =>
      fetch(facade.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': target },
        body,
      });
    const unknown = await post('AWSStepFunctions.FlyToTheMoon', '{}');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ __type: 'UnknownOperationException' });
    const malformed = await post('AWSStepFunctions.StartExecution', '{not json');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ __type: 'SerializationException' });
    const missing = await post('AWSStepFunctions.StartExecution', '{}');
    expect(await missing.json()).toMatchObject({ __type: 'ValidationException' });
  });
});

describe('SCENARIO_FLOW_DEFINITION on the facade', () => {
  const TENANT = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
  const SCENARIO = '01BX5ZZKBKACTAV9WEVGEMMVRZ';

  /** `${fn:<module>}` -> the real start-scenario (pure) and a stub for open-human-step (no DynamoDB). */
  const registerFlowFunctions = () => {
    register('${fn:flow/start-scenario}', (p) => startScenario(p));
    register('${fn:flow/open-human-step}', async (p) => {
      parseOpenHumanStepInput(p); // the real handler's input contract
      return { stepId: 'STEP-1' };
    });
  };

  it('parses, runs the start step, parks on the human step and finishes with its answer', async () => {
    registerFlowFunctions();
    const stateMachineArn = await createMachine(SCENARIO_FLOW_DEFINITION, 'scenario-flow');
    const { executionArn } = await sfn.send(
      new StartExecutionCommand({
        stateMachineArn,
        input: JSON.stringify({ tenantId: TENANT, scenarioId: SCENARIO, kind: 'onboarding' }),
      }),
    );
    const [step] = (await callsOf('${fn:flow/open-human-step}')) as {
      scenario: { tenantId: string; scenarioId: string; startedAt: string };
      taskToken: string;
    }[];
    expect(step?.scenario).toEqual({ tenantId: TENANT, scenarioId: SCENARIO, startedAt: expect.any(String) });
    expect(Number.isNaN(Date.parse(step!.scenario.startedAt))).toBe(false);
    expect((await describeExecution(executionArn!)).status).toBe('RUNNING');

    await sfn.send(
      new SendTaskSuccessCommand({
        taskToken: step!.taskToken,
        output: JSON.stringify({ stepId: 'STEP-1', answer: 'yes' }),
      }),
    );
    const done = await untilStatus(executionArn!, 'SUCCEEDED');
    expect(JSON.parse(done.output!)).toEqual({ scenario: step!.scenario, step: { stepId: 'STEP-1', answer: 'yes' } });
  });

  it('fails the execution with the start step error on bad input', async () => {
    registerFlowFunctions();
    const stateMachineArn = await createMachine(SCENARIO_FLOW_DEFINITION, 'scenario-flow');
    const { executionArn } = await sfn.send(
      new StartExecutionCommand({ stateMachineArn, input: JSON.stringify({ tenantId: 'nope', scenarioId: SCENARIO }) }),
    );
    const failed = await untilStatus(executionArn!, 'FAILED');
    expect(failed.error).toBe('InvalidScenarioInput');
    expect(JSON.parse(failed.cause!).errorMessage).toContain('tenantId');
    expect(calls.get('${fn:flow/open-human-step}')).toEqual([]);
  });
});
