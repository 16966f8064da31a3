/**
 * Amazon States Language definitions shared by the CDK stack and the local Step Functions facade.
 * Lambda task resources are written as `${fn:<handler>}` placeholders: CDK substitutes the deployed
 * function ARNs, the local facade maps each placeholder to the handler module in-process.
 */
export const SCENARIO_FLOW_DEFINITION = {
  Comment: 'A guided scenario: each human step waits for its task token until the investor completes it.',
  StartAt: 'Start',
  States: {
    Start: {
      Type: 'Task',
      Resource: 'arn:aws:states:::lambda:invoke',
      Parameters: { FunctionName: '${fn:flow/start-scenario}', 'Payload.$': '$' },
      ResultSelector: { 'scenario.$': '$.Payload' },
      Next: 'AwaitInvestorStep',
    },
    AwaitInvestorStep: {
      Type: 'Task',
      Resource: 'arn:aws:states:::lambda:invoke.waitForTaskToken',
      Parameters: {
        FunctionName: '${fn:flow/open-human-step}',
        Payload: { 'scenario.$': '$.scenario', 'taskToken.$': '$$.Task.Token' },
      },
      ResultPath: '$.step',
      Next: 'Done',
    },
    Done: { Type: 'Succeed' },
  },
} as const;

/** The scenario flow's state machine name (CDK names the resource after it; the local stack matches on it). */
export const SCENARIO_MACHINE = 'scenario-flow';
export const STATE_MACHINES = [{ name: SCENARIO_MACHINE, definition: SCENARIO_FLOW_DEFINITION }] as const;

/** A Task's `Resource` names a handler module as `${fn:<module>}`; CDK and the local stack resolve it. */
const PLACEHOLDER = /\$\{fn:([\w/-]+)\}/g;

/** The handler modules a state-machine definition invokes, from its `${fn:<module>}` placeholders. */
export const stepModules = (definition: unknown): string[] => [
  ...new Set([...JSON.stringify(definition).matchAll(PLACEHOLDER)].map((m) => m[1]!)),
];

/** Replaces every `${fn:<module>}` placeholder of a definition with `resolve(module)`. */
export const substituteFunctions = (definition: unknown, resolve: (module: string) => string): string =>
  JSON.stringify(definition).replace(PLACEHOLDER, (_match, module: string) => resolve(module));

/** The module a Task resource names, when it is exactly one placeholder (the local stack's resolver). */
export const stepModuleOf = (resource: string): string | undefined =>
  new RegExp(`^${PLACEHOLDER.source}$`).exec(resource)?.[1];
