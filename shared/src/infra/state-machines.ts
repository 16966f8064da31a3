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

export const STATE_MACHINES = [{ name: 'scenario-flow', definition: SCENARIO_FLOW_DEFINITION }] as const;
