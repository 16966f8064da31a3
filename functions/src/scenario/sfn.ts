import { substituteFunctions } from '@tranche/shared/infra/state-machines';
import { type AwsService, jsonError, signedRequest } from '#lib/aws/signed-request';

/**
 * The Step Functions calls of scenario flows, the same against AWS and the local facade
 * (local/sfn/facade.ts, AWS_ENDPOINT_URL_SFN).
 *
 * Each published scenario version is its own state machine, created when it is published (its name
 * says tenant, scenario and version, so publishing the same version again finds the same machine:
 * CreateStateMachine is idempotent for an identical name and definition). On AWS the deployment gives
 * the machines' role (SCENARIO_MACHINE_ROLE_ARN) and the ARNs of the three scenario task functions
 * (SCENARIO_FUNCTION_ARNS, JSON `{module: arn}`), which replace the `${fn:<module>}` placeholders;
 * locally there is neither, and the facade resolves the placeholders to the handler modules in process.
 */
const LOCAL_ROLE = 'arn:aws:iam::000000000000:role/local';

/**
 * Step Functions' AWS JSON 1.0 API as single signed calls (#lib/aws/signed-request), like mail and
 * Cognito: @aws-sdk/client-sfn put every journey route over the 400 KB bundle budget.
 */
const STATES: AwsService = { signingName: 'states', envName: 'SFN' };

const call = async <Out>(operation: string, input: object): Promise<Out> => {
  const { body } = await signedRequest(
    STATES,
    {
      method: 'POST',
      path: '/',
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `AWSStepFunctions.${operation}` },
      body: JSON.stringify(input),
    },
    jsonError,
  );
  const text = new TextDecoder().decode(body);
  return (text ? JSON.parse(text) : {}) as Out;
};

const functionArns = (): Record<string, string> | undefined => {
  const raw = process.env.SCENARIO_FUNCTION_ARNS;
  return raw ? (JSON.parse(raw) as Record<string, string>) : undefined;
};

export const machineName = (tenantId: string, scenarioId: string, version: number): string =>
  `${process.env.SCENARIO_MACHINE_PREFIX ?? 'tranche-scn'}-${tenantId}-${scenarioId}-v${version}`.slice(0, 80);

export const createScenarioMachine = async (
  tenantId: string,
  scenarioId: string,
  version: number,
  definition: unknown,
): Promise<string> => {
  const arns = functionArns();
  const body = arns
    ? substituteFunctions(definition, (module) => {
        const arn = arns[module];
        if (!arn) throw new Error(`No deployed function for ${module}`);
        return arn;
      })
    : JSON.stringify(definition);
  const name = machineName(tenantId, scenarioId, version);
  const roleArn = process.env.SCENARIO_MACHINE_ROLE_ARN ?? LOCAL_ROLE;
  // On AWS the machines log events (never execution data: it carries investor answers and task
  // tokens) to the deployment's log group; the local facade keeps its own history.
  const logGroupArn = process.env.SCENARIO_MACHINE_LOG_GROUP_ARN;
  const loggingConfiguration = logGroupArn
    ? {
        level: 'ERROR',
        includeExecutionData: false,
        destinations: [{ cloudWatchLogsLogGroup: { logGroupArn: `${logGroupArn.replace(/:\*$/, '')}:*` } }],
      }
    : undefined;
  try {
    const { stateMachineArn } = await call<{ stateMachineArn?: string }>('CreateStateMachine', {
      name,
      definition: body,
      roleArn,
      type: 'STANDARD',
      ...(loggingConfiguration
        ? {
            loggingConfiguration,
            tags: [
              { key: 'tranche:tenant', value: tenantId },
              { key: 'tranche:scenario', value: scenarioId },
            ],
          }
        : {}),
    });
    if (!stateMachineArn) throw new Error('CreateStateMachine returned no ARN');
    return stateMachineArn;
  } catch (error) {
    // The version's machine exists with another definition: on AWS, a publish retried after the task
    // functions were replaced by a deployment (new ARNs). The version's graph never changes once
    // published, so the machine is brought to this definition. Locally the facade's answer stands.
    if ((error as Error).name !== 'StateMachineAlreadyExists' || !arns) throw error;
    const region = process.env.AWS_REGION ?? 'us-east-1';
    const account = roleArn.split(':')[4];
    const partition = roleArn.split(':')[1] ?? 'aws';
    const stateMachineArn = `arn:${partition}:states:${region}:${account}:stateMachine:${name}`;
    await call('UpdateStateMachine', {
      stateMachineArn,
      definition: body,
      roleArn,
      ...(loggingConfiguration ? { loggingConfiguration } : {}),
    });
    return stateMachineArn;
  }
};

/** Starts a journey's execution; its name is the journey run's id, so a retried start finds the same one. */
export const startExecution = async (stateMachineArn: string, name: string, input: unknown): Promise<string> => {
  try {
    const { executionArn } = await call<{ executionArn?: string }>('StartExecution', {
      stateMachineArn,
      name,
      input: JSON.stringify(input),
    });
    if (!executionArn) throw new Error('StartExecution returned no ARN');
    return executionArn;
  } catch (error) {
    // A redelivered start: the execution of that name exists already (AWS answers this only when the
    // input differs; the local facade always does). Its ARN follows from the machine's.
    if ((error as Error).name === 'ExecutionAlreadyExists') {
      return `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
    }
    throw error;
  }
};

/** Stops a run that "back" replaces; one already ended is fine. */
export const stopExecution = async (executionArn: string, cause: string): Promise<void> => {
  try {
    await call('StopExecution', { executionArn, cause });
  } catch (error) {
    if (!['ExecutionDoesNotExist', 'ValidationException'].includes((error as Error).name)) throw error;
  }
};

/** Names of the errors that say a task token is no longer waiting (stopped, timed out, answered). */
const GONE = new Set(['TaskTimedOut', 'TaskDoesNotExist', 'InvalidToken']);

/** Completes a waiting human node; false when the token is no longer waiting. */
export const sendTaskSuccess = async (taskToken: string, output: unknown): Promise<boolean> => {
  try {
    await call('SendTaskSuccess', { taskToken, output: JSON.stringify(output) });
    return true;
  } catch (error) {
    if (GONE.has((error as Error).name)) return false;
    throw error;
  }
};

export const sendTaskFailure = async (taskToken: string, error: string, cause: string): Promise<boolean> => {
  try {
    await call('SendTaskFailure', { taskToken, error, cause });
    return true;
  } catch (e) {
    if (GONE.has((e as Error).name)) return false;
    throw e;
  }
};
