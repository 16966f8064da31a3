import './polyfill.js';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  ExecutionAbortedError,
  ExecutionError,
  ExecutionTimeoutError,
  StateMachine,
  type StateMachineDefinition,
} from 'aws-local-stepfunctions';

/**
 * The in-memory Step Functions service behind the facade: state machines, executions, task tokens and
 * execution history. Everything lives in this process only: the local stack is ephemeral and re-creates
 * its state machines from the shared definitions every time it starts (like DynamoDB Local in memory).
 *
 * ASL is interpreted by aws-local-stepfunctions. Every Task state is overridden with a local handler
 * (`taskResourceLocalHandlers`) that calls the Lambda handler module in-process:
 *  - `arn:aws:states:::lambda:invoke`: result wrapped as `{ Payload, StatusCode: 200, ExecutedVersion }`;
 *  - `arn:aws:states:::lambda:invoke.waitForTaskToken`: the function gets the payload, then the state is
 *    parked on a promise keyed by its task token until SendTaskSuccess / SendTaskFailure;
 *  - a Lambda ARN or bare function name: direct invoke, result unwrapped.
 */

export const REGION = 'us-east-1';
export const ACCOUNT = '000000000000';

export type LambdaHandler = (payload: unknown) => Promise<unknown>;
export type ResolveFunction = (functionName: string) => LambdaHandler | undefined;

/** An error the API answers with 400 and `{"__type": type, "message": message}`. */
export class SfnError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = type;
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type RunResult = ReturnType<StateMachine['run']>;
type LibEvent = RunResult['eventLogs'] extends AsyncGenerator<infer E> ? E : never;

export type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';

export interface HistoryEvent {
  timestamp: Date;
  type: string;
  id: number;
  previousEventId: number;
  [details: string]: unknown;
}

type TaskKind =
  | { kind: 'invoke'; resource: 'invoke' }
  | { kind: 'callback'; resource: 'invoke.waitForTaskToken' }
  | { kind: 'direct'; functionName: string };

export interface MachineRecord {
  arn: string;
  name: string;
  definition: string;
  roleArn: string;
  type: string;
  creationDate: Date;
  interpreter: StateMachine;
  tasks: Map<string, TaskKind>;
}

export interface ExecutionRecord {
  arn: string;
  name: string;
  machine: MachineRecord;
  status: ExecutionStatus;
  input: string;
  output?: string;
  error?: string;
  cause?: string;
  startDate: Date;
  stopDate?: Date;
  history: HistoryEvent[];
  /** The token `$$.Task.Token` yields until the Task state being entered takes it. */
  pendingToken?: string;
  openTokens: Set<string>;
  abort: () => void;
}

interface ParkedTask {
  token: string;
  execution: ExecutionRecord;
  stateName: string;
  resolve: (output: Json) => void;
  reject: (error: Error) => void;
}

/** AWS names: 1-80 characters, no whitespace, brackets, wildcards, special characters or control characters. */
const NAME_RE = /^(?!.*\p{Cc})[^\s<>{}[\]?*"#%\\^|~`$&,;:/]{1,80}$/u;
const MACHINE_ARN_RE = /^arn:aws[a-z-]*:states:[a-z0-9-]+:\d{12}:stateMachine:([^:]+)$/;
const EXECUTION_ARN_RE = /^arn:aws[a-z-]*:states:[a-z0-9-]+:\d{12}:(?:execution|express):([^:]+):([^:]+)$/;
const LAMBDA_ARN_RE = /^arn:aws[a-z-]*:lambda:[a-z0-9-]+:\d{12}:function:([^:]+)(?::[^:]+)?$/;
const TOKEN_RE = /^[A-Za-z0-9_-]{64}$/;
/** Node's setTimeout overflows past 2^31-1 ms (and then fires at once): the interpreter's timers must stay below. */
const MAX_TIMER_SECONDS = 2_147_483;

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const toJson = (value: unknown): Json => JSON.parse(JSON.stringify(value ?? null)) as Json;
const stringify = (value: unknown) => JSON.stringify(value ?? null);
/** Let the interpreter's event log catch up (it is drained in microtasks) before we add our own events. */
const yieldToEventLog = () => new Promise<void>((resolve) => setImmediate(resolve));

const classifyResource = (resource: string): TaskKind | undefined => {
  if (resource === 'arn:aws:states:::lambda:invoke') return { kind: 'invoke', resource: 'invoke' };
  if (resource === 'arn:aws:states:::lambda:invoke.waitForTaskToken') {
    return { kind: 'callback', resource: 'invoke.waitForTaskToken' };
  }
  const arn = LAMBDA_ARN_RE.exec(resource);
  if (arn) return { kind: 'direct', functionName: resource };
  if (!resource.startsWith('arn:')) return { kind: 'direct', functionName: resource };
  return undefined;
};

type StatesObject = Record<string, Record<string, unknown>>;

/** Every Task state of a definition, including those nested in Parallel branches and Map processors. */
const collectTasks = (states: StatesObject, into: Map<string, TaskKind>): void => {
  for (const [name, state] of Object.entries(states)) {
    if (state.Type === 'Task') {
      const resource = String(state.Resource ?? '');
      const kind = classifyResource(resource);
      if (!kind) {
        throw new SfnError(
          'InvalidDefinition',
          `Invalid State Machine Definition: state '${name}' uses Resource '${resource}', which the local Step ` +
            'Functions facade does not run (supported: arn:aws:states:::lambda:invoke, ' +
            'arn:aws:states:::lambda:invoke.waitForTaskToken, a Lambda function ARN or name)',
        );
      }
      if (kind.kind !== 'direct') {
        const params = state.Parameters as Record<string, unknown> | undefined;
        if (!params || !('FunctionName' in params || 'FunctionName.$' in params)) {
          throw new SfnError(
            'InvalidDefinition',
            `Invalid State Machine Definition: SCHEMA_VALIDATION_FAILED: The field 'FunctionName' is required at /States/${name}/Parameters`,
          );
        }
      }
      if (into.has(name)) {
        throw new SfnError('InvalidDefinition', `Invalid State Machine Definition: duplicate state name '${name}'`);
      }
      into.set(name, kind);
    }
    if (state.Type === 'Parallel' && Array.isArray(state.Branches)) {
      for (const branch of state.Branches as { States?: StatesObject }[]) collectTasks(branch.States ?? {}, into);
    }
    if (state.Type === 'Map') {
      const processor = (state.ItemProcessor ?? state.Iterator) as { States?: StatesObject } | undefined;
      collectTasks(processor?.States ?? {}, into);
    }
  }
};

/**
 * The interpreter gives a Task with no TimeoutSeconds 60 s (AWS: practically unlimited, and a human step
 * may wait for days), and every timer must fit Node's 32-bit limit: patch a copy of the definition.
 */
const patchTimeouts = (states: StatesObject): void => {
  for (const state of Object.values(states)) {
    if (state.Type === 'Task' && state.TimeoutSecondsPath === undefined) {
      const given = typeof state.TimeoutSeconds === 'number' ? state.TimeoutSeconds : MAX_TIMER_SECONDS;
      state.TimeoutSeconds = Math.min(given, MAX_TIMER_SECONDS);
    }
    if (state.Type === 'Parallel' && Array.isArray(state.Branches)) {
      for (const branch of state.Branches as { States?: StatesObject }[]) patchTimeouts(branch.States ?? {});
    }
    if (state.Type === 'Map') {
      const processor = (state.ItemProcessor ?? state.Iterator) as { States?: StatesObject } | undefined;
      patchTimeouts(processor?.States ?? {});
    }
  }
};

const parseDefinition = (text: string): { interpreter: StateMachine; tasks: Map<string, TaskKind> } => {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new SfnError(
      'InvalidDefinition',
      `Invalid State Machine Definition: INVALID_JSON_DESCRIPTION: ${(error as Error).message}`,
    );
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || typeof parsed.States !== 'object') {
    throw new SfnError(
      'InvalidDefinition',
      "Invalid State Machine Definition: SCHEMA_VALIDATION_FAILED: 'States' is required",
    );
  }
  if (parsed.QueryLanguage === 'JSONata') {
    throw new SfnError(
      'InvalidDefinition',
      'The local Step Functions facade supports JSONPath definitions only, not JSONata',
    );
  }
  const tasks = new Map<string, TaskKind>();
  collectTasks(parsed.States as StatesObject, tasks);
  const patched = structuredClone(parsed);
  patchTimeouts(patched.States as StatesObject);
  if (typeof patched.TimeoutSeconds === 'number')
    patched.TimeoutSeconds = Math.min(patched.TimeoutSeconds, MAX_TIMER_SECONDS);
  try {
    // checkArn off: bare function names and `${fn:...}` placeholders are legal Resources here.
    const interpreter = new StateMachine(patched as unknown as StateMachineDefinition, {
      validationOptions: { checkArn: false },
    });
    return { interpreter, tasks };
  } catch (error) {
    throw new SfnError('InvalidDefinition', (error as Error).message.replace(/\s+/g, ' ').trim());
  }
};

/** A Lambda failure as Step Functions reports it: error = errorType, cause = the JSON error document. */
const lambdaError = (thrown: unknown): Error => {
  const errorType = thrown instanceof Error ? thrown.name : 'Error';
  const errorMessage = thrown instanceof Error ? thrown.message : String(thrown);
  const error = new Error(JSON.stringify({ errorType, errorMessage }));
  error.name = errorType;
  return error;
};

const namedError = (name: string, cause: string): Error => {
  const error = new Error(cause);
  error.name = name;
  return error;
};

export class SfnEngine {
  private readonly machines = new Map<string, MachineRecord>();
  private readonly executions = new Map<string, ExecutionRecord>();
  private readonly parked = new Map<string, ParkedTask>();
  private readonly closedTokens = new Set<string>();

  constructor(
    private readonly resolveFunction: ResolveFunction,
    private readonly log: (msg: string) => void = () => {},
  ) {}

  // ---------------------------------------------------------------- state machines

  createStateMachine(input: { name: string; definition: string; roleArn?: string; type?: string }): MachineRecord {
    if (!NAME_RE.test(input.name)) throw new SfnError('InvalidName', `Invalid Name: '${input.name}'`);
    const type = input.type ?? 'STANDARD';
    if (type !== 'STANDARD' && type !== 'EXPRESS') throw new SfnError('ValidationException', `Invalid type: '${type}'`);
    const arn = `arn:aws:states:${REGION}:${ACCOUNT}:stateMachine:${input.name}`;
    const existing = this.machines.get(arn);
    if (existing) {
      if (existing.definition === input.definition && existing.type === type) return existing;
      throw new SfnError('StateMachineAlreadyExists', `State Machine Already Exists: '${arn}'`);
    }
    const { interpreter, tasks } = parseDefinition(input.definition);
    const record: MachineRecord = {
      arn,
      name: input.name,
      definition: input.definition,
      roleArn: input.roleArn ?? `arn:aws:iam::${ACCOUNT}:role/local-sfn`,
      type,
      creationDate: new Date(),
      interpreter,
      tasks,
    };
    this.machines.set(arn, record);
    return record;
  }

  getStateMachine(arn: string): MachineRecord {
    if (!MACHINE_ARN_RE.test(arn)) throw new SfnError('InvalidArn', `Invalid Arn: '${arn}'`);
    const machine = this.machines.get(arn);
    if (!machine) throw new SfnError('StateMachineDoesNotExist', `State Machine Does Not Exist: '${arn}'`);
    return machine;
  }

  listStateMachines(): MachineRecord[] {
    return [...this.machines.values()];
  }

  /** Like AWS, deleting an unknown (well-formed) ARN succeeds; running executions run to their end. */
  deleteStateMachine(arn: string): void {
    if (!MACHINE_ARN_RE.test(arn)) throw new SfnError('InvalidArn', `Invalid Arn: '${arn}'`);
    this.machines.delete(arn);
  }

  // ---------------------------------------------------------------- executions

  startExecution(input: { stateMachineArn: string; name?: string; input?: string }): ExecutionRecord {
    const machine = this.getStateMachine(input.stateMachineArn);
    const name = input.name ?? randomUUID();
    if (!NAME_RE.test(name)) throw new SfnError('InvalidName', `Invalid Name: '${name}'`);
    const rawInput = input.input ?? '{}';
    let parsedInput: Json;
    try {
      parsedInput = JSON.parse(rawInput) as Json;
    } catch {
      throw new SfnError('InvalidExecutionInput', `Invalid State Machine Execution Input: '${rawInput.slice(0, 100)}'`);
    }
    const arn = `arn:aws:states:${REGION}:${ACCOUNT}:execution:${machine.name}:${name}`;
    const existing = this.executions.get(arn);
    if (existing) {
      if (existing.status === 'RUNNING' && existing.input === rawInput) return existing;
      throw new SfnError('ExecutionAlreadyExists', `Execution Already Exists: '${arn}'`);
    }

    const execution: ExecutionRecord = {
      arn,
      name,
      machine,
      status: 'RUNNING',
      input: rawInput,
      startDate: new Date(),
      history: [],
      openTokens: new Set(),
      abort: () => {},
    };
    this.executions.set(arn, execution);

    const context = {
      Execution: { Id: arn, Name: name, RoleArn: machine.roleArn },
      StateMachine: { Id: machine.arn, Name: machine.name },
      // `$$.Task.Token`: a fresh token per Task state attempt. Memoised so that several references in one
      // Parameters block see the same token; the Task handler takes it (synchronously) when it starts.
      Task: {
        get Token(): string {
          execution.pendingToken ??= randomBytes(48).toString('base64url');
          return execution.pendingToken;
        },
      },
    };
    const run = machine.interpreter.run(parsedInput, {
      overrides: { taskResourceLocalHandlers: this.taskHandlers(execution) },
      context,
    });
    execution.abort = run.abort;
    void this.consumeEvents(execution, run.eventLogs);
    run.result.then(
      (output) => {
        if (execution.status !== 'RUNNING') return;
        execution.status = 'SUCCEEDED';
        execution.output = stringify(output);
        this.finish(execution);
      },
      (error: unknown) => {
        if (execution.status !== 'RUNNING') return;
        if (error instanceof ExecutionAbortedError) {
          execution.status = 'ABORTED';
        } else if (error instanceof ExecutionTimeoutError) {
          execution.status = 'TIMED_OUT';
          execution.error = 'States.Timeout';
        } else {
          const cause = error instanceof ExecutionError ? (error.cause as Error | undefined) : (error as Error);
          execution.status = 'FAILED';
          execution.error = cause?.name ?? 'States.Runtime';
          execution.cause = cause?.message ?? String(error);
        }
        this.finish(execution);
      },
    );
    this.log(`sfn: started ${arn}`);
    return execution;
  }

  getExecution(arn: string): ExecutionRecord {
    if (!EXECUTION_ARN_RE.test(arn)) throw new SfnError('InvalidArn', `Invalid Arn: '${arn}'`);
    const execution = this.executions.get(arn);
    if (!execution) throw new SfnError('ExecutionDoesNotExist', `Execution Does Not Exist: '${arn}'`);
    return execution;
  }

  listExecutions(stateMachineArn: string, statusFilter?: string): ExecutionRecord[] {
    this.getStateMachine(stateMachineArn);
    return [...this.executions.values()]
      .filter((e) => e.machine.arn === stateMachineArn && (!statusFilter || e.status === statusFilter))
      .sort((a, b) => b.startDate.getTime() - a.startDate.getTime());
  }

  stopExecution(arn: string, error?: string, cause?: string): ExecutionRecord {
    const execution = this.getExecution(arn);
    if (execution.status !== 'RUNNING') return execution;
    execution.status = 'ABORTED';
    execution.error = error;
    execution.cause = cause;
    // Unpark first so the interpreter's pending Task (and its timeout timer) unwinds, then abort the run.
    for (const token of [...execution.openTokens]) {
      this.settle(token)?.reject(namedError('States.Runtime', 'Execution was stopped'));
    }
    execution.abort();
    this.finish(execution);
    this.log(`sfn: stopped ${arn}`);
    return execution;
  }

  /** Stop everything still running (server shutdown): no timer or parked promise outlives the facade. */
  stopAll(): void {
    for (const execution of this.executions.values()) {
      if (execution.status === 'RUNNING') this.stopExecution(execution.arn, 'Local.Shutdown', 'The facade was closed');
    }
  }

  // ---------------------------------------------------------------- task tokens

  sendTaskSuccess(token: string, output: string): void {
    let parsed: Json;
    try {
      parsed = JSON.parse(output) as Json;
    } catch {
      throw new SfnError('InvalidOutput', 'Invalid Output: the output is not valid JSON');
    }
    this.settle(this.checkToken(token))?.resolve(parsed);
  }

  sendTaskFailure(token: string, error?: string, cause?: string): void {
    // A failure without an error name still fails the state; States.ALL / States.TaskFailed catch it.
    this.settle(this.checkToken(token))?.reject(namedError(error ?? 'States.TaskFailed', cause ?? ''));
  }

  sendTaskHeartbeat(token: string): void {
    this.checkToken(token);
  }

  private checkToken(token: string): string {
    if (!TOKEN_RE.test(token)) throw new SfnError('InvalidToken', 'Invalid Token: the provided task token is invalid');
    if (this.closedTokens.has(token))
      throw new SfnError('TaskTimedOut', 'Task Timed Out: Provided task does not exist anymore');
    if (!this.parked.has(token))
      throw new SfnError('TaskDoesNotExist', 'Task Does Not Exist: no task holds this token');
    return token;
  }

  private settle(token: string): ParkedTask | undefined {
    const parked = this.parked.get(token);
    if (!parked) return undefined;
    this.parked.delete(token);
    this.closedTokens.add(token);
    parked.execution.openTokens.delete(token);
    return parked;
  }

  // ---------------------------------------------------------------- Task states

  private lookup(functionName: string): LambdaHandler {
    // `arn:...:function:name[:qualifier]` or `name:qualifier` also find a handler registered as `name`.
    const short =
      LAMBDA_ARN_RE.exec(functionName)?.[1] ??
      (/^[^:$]+:[^:]+$/.test(functionName) ? functionName.split(':')[0]! : functionName);
    const handler =
      this.resolveFunction(functionName) ?? (short !== functionName ? this.resolveFunction(short) : undefined);
    if (!handler) {
      throw namedError(
        'Lambda.ResourceNotFoundException',
        JSON.stringify({ errorType: 'ResourceNotFoundException', errorMessage: `Function not found: ${functionName}` }),
      );
    }
    return handler;
  }

  private async invoke(functionName: string, payload: unknown): Promise<Json> {
    const handler = this.lookup(functionName);
    try {
      return toJson(await handler(toJson(payload)));
    } catch (error) {
      throw lambdaError(error);
    }
  }

  private taskHandlers(execution: ExecutionRecord): Record<string, (input: Json) => Promise<Json>> {
    const handlers: Record<string, (input: Json) => Promise<Json>> = {};
    for (const [stateName, kind] of execution.machine.tasks) {
      handlers[stateName] = (input) => {
        // Synchronously, before any await: the token `$$.Task.Token` gave while this state's Parameters
        // were evaluated (nothing else runs between that evaluation and this call).
        const token = execution.pendingToken;
        execution.pendingToken = undefined;
        if (execution.status !== 'RUNNING') {
          return Promise.reject(namedError('States.Runtime', 'Execution was stopped'));
        }
        if (kind.kind === 'direct') return this.runDirect(execution, kind.functionName, input);
        return this.runIntegration(execution, stateName, kind, input, token);
      };
    }
    return handlers;
  }

  private async runDirect(execution: ExecutionRecord, functionName: string, input: Json): Promise<Json> {
    await yieldToEventLog();
    this.push(execution, 'LambdaFunctionScheduled', { resource: functionName, input: stringify(input) });
    this.push(execution, 'LambdaFunctionStarted');
    try {
      const output = await this.invoke(functionName, input);
      this.push(execution, 'LambdaFunctionSucceeded', { output: stringify(output) });
      return output;
    } catch (error) {
      const e = error as Error;
      this.push(execution, 'LambdaFunctionFailed', { error: e.name, cause: e.message });
      throw error;
    }
  }

  private async runIntegration(
    execution: ExecutionRecord,
    stateName: string,
    kind: Extract<TaskKind, { kind: 'invoke' | 'callback' }>,
    input: Json,
    pendingToken: string | undefined,
  ): Promise<Json> {
    const params = (input && typeof input === 'object' && !Array.isArray(input) ? input : {}) as Record<string, Json>;
    const base = { resourceType: 'lambda', resource: kind.resource };
    let parked: Promise<Json> | undefined;
    let token: string | undefined;
    if (kind.kind === 'callback') {
      // Register before invoking: the function may call SendTaskSuccess before it even returns.
      token = pendingToken ?? randomBytes(48).toString('base64url');
      let resolve!: (output: Json) => void;
      let reject!: (error: Error) => void;
      const promise = new Promise<Json>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      this.parked.set(token, { token, execution, stateName, resolve, reject });
      execution.openTokens.add(token);
      // Handled here so a stop that rejects it before we await it is not an unhandled rejection.
      promise.catch(() => {});
      parked = promise;
    }
    await yieldToEventLog();
    try {
      this.push(execution, 'TaskScheduled', { ...base, region: REGION, parameters: stringify(params) });
      this.push(execution, 'TaskStarted', base);
      if (typeof params.FunctionName !== 'string') {
        throw namedError('States.Runtime', `FunctionName must be a string in state '${stateName}'`);
      }
      const result = await this.invoke(params.FunctionName, params.Payload ?? {});
      const response = { ExecutedVersion: '$LATEST', Payload: result, StatusCode: 200 };
      if (!parked) {
        this.push(execution, 'TaskSucceeded', { ...base, output: stringify(response) });
        return toJson(response);
      }
      this.push(execution, 'TaskSubmitted', { ...base, output: stringify(response) });
      this.log(`sfn: ${execution.name}/${stateName} waits for its task token`);
      const output = await parked;
      this.push(execution, 'TaskSucceeded', { ...base, output: stringify(output) });
      return output;
    } catch (error) {
      if (token) this.settle(token);
      const e = error as Error;
      this.push(execution, 'TaskFailed', { ...base, error: e.name, cause: e.message });
      throw error;
    }
  }

  // ---------------------------------------------------------------- history

  private push(
    execution: ExecutionRecord,
    type: string,
    details?: object,
    key = `${lowerFirst(type)}EventDetails`,
  ): void {
    const id = execution.history.length + 1;
    const event: HistoryEvent = { timestamp: new Date(), type, id, previousEventId: id - 1 };
    if (details) event[key] = details;
    execution.history.push(event);
  }

  private async consumeEvents(execution: ExecutionRecord, events: AsyncGenerator<LibEvent>): Promise<void> {
    try {
      for await (const event of events) this.record(execution, event);
    } catch (error) {
      this.log(`sfn: event log of ${execution.arn} broke: ${(error as Error).message}`);
    }
  }

  private record(execution: ExecutionRecord, event: LibEvent): void {
    const data = { truncated: false };
    switch (event.type) {
      case 'ExecutionStarted':
        this.push(execution, 'ExecutionStarted', {
          input: stringify(event.input),
          inputDetails: data,
          roleArn: execution.machine.roleArn,
        });
        return;
      case 'StateEntered':
        this.push(
          execution,
          `${event.state.type}StateEntered`,
          { name: event.state.name, input: stringify(event.state.input), inputDetails: data },
          'stateEnteredEventDetails',
        );
        return;
      case 'StateExited':
        this.push(
          execution,
          `${event.state.type}StateExited`,
          { name: event.state.name, output: stringify(event.state.output), outputDetails: data },
          'stateExitedEventDetails',
        );
        return;
      case 'MapIterationStarted':
      case 'MapIterationSucceeded':
      case 'MapIterationFailed':
        this.push(execution, event.type, { name: event.parentState.name, index: event.index });
        return;
      case 'ExecutionSucceeded':
        this.push(execution, 'ExecutionSucceeded', { output: stringify(event.output), outputDetails: data });
        return;
      case 'ExecutionFailed':
        this.push(execution, 'ExecutionFailed', { error: event.Error, cause: String(event.Cause ?? '') });
        return;
      case 'ExecutionAborted':
        this.push(execution, 'ExecutionAborted', { error: execution.error, cause: execution.cause });
        return;
      case 'ExecutionTimeout':
        this.push(execution, 'ExecutionTimedOut', { error: 'States.Timeout' });
        return;
      default:
        // StateFailed / StateRetried / StateCaught / Parallel branch events have no AWS history event.
        return;
    }
  }

  private finish(execution: ExecutionRecord): void {
    execution.stopDate ??= new Date();
    this.log(`sfn: ${execution.arn} ${execution.status}${execution.error ? ` (${execution.error})` : ''}`);
  }
}
