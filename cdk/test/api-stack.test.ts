import { ROUTE_LIST, routeKey } from '@tranche/shared/http/routes';
import { routeAccess, type ScenarioMachineAction } from '@tranche/shared/infra/needs';
import { STATE_MACHINES, stepModules } from '@tranche/shared/infra/state-machines';
import { ENV } from '@tranche/shared/infra/table';
import { SCENARIO_FUNCTIONS } from '@tranche/shared/scenario/compile';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_SIZING } from '../lib/routes.js';
import { API_THROTTLE, scenarioMachinePrefix } from '../lib/stacks/api-stack.js';
import {
  type ApiStacks,
  apiStacks,
  CDK_PROVIDER_ID,
  type CfnJson,
  defaultTestApp,
  functionProperties,
  functionStatements,
  logicalIdIn,
  nagFindings,
  ourFunctionIds,
  type Resources,
  resourcesOf,
  statementsOfRole,
  type TrancheApp,
} from './synth.js';

let built: TrancheApp;
let template: Template;
let resources: Resources;
/** The Api stack and its nested route stacks. */
let stacks: ApiStacks;

beforeAll(() => {
  built = defaultTestApp();
  template = Template.fromStack(built.api);
  resources = template.toJSON().Resources as Resources;
  stacks = apiStacks(built);
});

const ofType = (type: string, from: Resources = resources) => Object.entries(from).filter(([, r]) => r.Type === type);
const everywhere = (type: string) =>
  stacks.flatMap(({ resources: r }) => ofType(type, r).map(([id, res]) => ({ id, res, r })));

/** The Lambda logical id an API route invokes: Route -> Integration -> IntegrationUri GetAtt (same template). */
const targetFunction = (route: Record<string, CfnJson>, from: Resources): string => {
  const integrationId = route.Properties.Target['Fn::Join'][1][1].Ref as string;
  const uri = from[integrationId]!.Properties!.IntegrationUri as { 'Fn::GetAtt': [string, string] };
  return uri['Fn::GetAtt'][0];
};

describe('Tranche-<tenant>-Api', () => {
  it('has no unsuppressed cdk-nag finding (nested route stacks included)', () => {
    expect(nagFindings(built.api)).toEqual([]);
  });

  it("keeps every stack of the API well under CloudFormation's 500 resources", () => {
    for (const { stack, resources: r } of stacks) {
      expect(Object.keys(r).length, stack.node.path).toBeLessThan(400);
    }
    expect(ofType('AWS::CloudFormation::Stack')).toHaveLength(built.api.routeStacks.size);
  });

  it('serves exactly the route table under /api, plus the $default catch-all', () => {
    const keys = everywhere('AWS::ApiGatewayV2::Route').map(({ res }) => res.Properties!.RouteKey as string);
    expect(new Set(keys.filter((k) => k !== '$default'))).toEqual(new Set(ROUTE_LIST.map(routeKey)));
    expect(keys.filter((k) => k === '$default')).toHaveLength(1);
    expect(keys).toHaveLength(ROUTE_LIST.length + 1);
  });

  it('has exactly one Lambda per route, plus not-found, the step functions, the stream workers and nothing else of ours', () => {
    const routes = everywhere('AWS::ApiGatewayV2::Route');
    const routeTargets = routes
      .filter(({ res }) => res.Properties!.RouteKey !== '$default')
      .map(({ res, r }) => ({ key: res.Properties!.RouteKey as string, fn: targetFunction(res, r), r }));
    expect(new Set(routeTargets.map((t) => `${t.fn}`)).size).toBe(ROUTE_LIST.length);
    for (const route of ROUTE_LIST) {
      const target = routeTargets.find((t) => t.key === routeKey(route))!;
      const fn = built.api.routeFunctions.get(route.operationId);
      expect(fn).toBeDefined();
      expect(logicalIdIn(fn!.fn)).toBe(target.fn);
      expect(resourcesOf(stacks, fn!.fn)).toBe(target.r);
      expect(target.r[target.fn]!.Properties!.Description).toContain(routeKey(route));
    }
    const defaultRoute = routes.find(({ res }) => res.Properties!.RouteKey === '$default')!;
    expect(defaultRoute.r).toBe(resources);
    const notFound = targetFunction(defaultRoute.res, resources);
    const stepIds = [...built.api.stepFunctions.values()].map((f) => logicalIdIn(f.fn));
    // The fixed machines' steps and the scenario machines' task functions (made at publish time).
    expect([...built.api.stepFunctions.keys()].sort()).toEqual(
      [
        ...new Set([...STATE_MACHINES.flatMap((m) => stepModules(m.definition)), ...Object.values(SCENARIO_FUNCTIONS)]),
      ].sort(),
    );
    const workerIds = [...built.api.streamWorkers.values(), ...built.api.queueWorkers.values()].map((w) =>
      logicalIdIn(w.function.fn),
    );
    expect([...built.api.streamWorkers.keys()]).toEqual(['dispatchEvents']);
    // Fed through their own queues by the dispatcher (docs/decisions.md, "Heavy event workers behind queues").
    expect([...built.api.queueWorkers.keys()]).toEqual([
      'kycEvents',
      'signingWorker',
      'journeyEvents',
      'moneyEvents',
      'moneyNotices',
      'moneyNoticesCjk',
    ]);
    // Scheduled jobs, webhooks and event-rule workers (the inbox's daily job, the KYC and eligibility
    // jobs, the scheduled dealing run, the malware scan's verdicts).
    const jobIds = [...built.api.workerFunctions.values()].map((f) => logicalIdIn(f.fn));
    expect([...built.api.workerFunctions.keys()]).toEqual([
      'screeningListCheck',
      'kycExpiry',
      'inboxDaily',
      'subscriptionExpiry',
      'signingDaily',
      'eligibilityRenewals',
      'moneyDealing',
      'recordScanResult',
      'uploadSweep',
    ]);
    expect(ourFunctionIds(built.api)).toEqual(new Set([notFound, ...stepIds, ...workerIds, ...jobIds]));
    for (const { stack, resources: r } of stacks.slice(1)) {
      const ids = routeTargets.filter((t) => t.r === r).map((t) => t.fn);
      expect(ourFunctionIds(stack)).toEqual(new Set(ids));
    }
    const others = stacks.flatMap(({ stack, resources: r }) =>
      ofType('AWS::Lambda::Function', r).filter(([id]) => !ourFunctionIds(stack).has(id)),
    );
    expect(others.filter(([id]) => !CDK_PROVIDER_ID.test(id))).toEqual([]);
  });

  it('runs every function on Node 22 / arm64 with its own log group, tracing, 512 MB, 10 s and the shared env', () => {
    // Routes sized otherwise (ROUTE_SIZING; their values are pinned by catalogue-access.test.ts) and
    // the stream workers (their size is the worker's, pinned by events.test.ts).
    const sized = new Set([
      ...Object.keys(ROUTE_SIZING).map((operationId) => logicalIdIn(built.api.routeFunctions.get(operationId)!.fn)),
      ...[...built.api.streamWorkers.values(), ...built.api.queueWorkers.values()].map((w) =>
        logicalIdIn(w.function.fn),
      ),
      // The scheduled jobs (their timeout is the worker's: the inbox's daily job has 300 s).
      ...[...built.api.workerFunctions.values()].map((f) => logicalIdIn(f.fn)),
    ]);
    let count = 0;
    for (const { stack, resources: r } of stacks) {
      const ours = ourFunctionIds(stack);
      const functions = ofType('AWS::Lambda::Function', r).filter(([id]) => ours.has(id));
      count += functions.length;
      const logGroupIds = new Set<string>();
      for (const [id, fn] of functions) {
        const p = fn.Properties as Record<string, CfnJson>;
        expect(p.Runtime).toBe('nodejs22.x');
        expect(p.Architectures).toEqual(['arm64']);
        expect(p.Handler).toBe('index.handler');
        expect(p.TracingConfig).toEqual({ Mode: 'Active' });
        if (!sized.has(id)) {
          expect(p.MemorySize, id).toBe(512);
          expect(p.Timeout, id).toBe(10);
        }
        const logGroupId = p.LoggingConfig.LogGroup.Ref as string;
        expect(r[logGroupId]!.Type).toBe('AWS::Logs::LogGroup');
        expect(r[logGroupId]!.Properties!.RetentionInDays).toBeGreaterThan(0);
        logGroupIds.add(logGroupId);
        const env = p.Environment.Variables as Record<string, unknown>;
        expect(env.NODE_OPTIONS).toBe('--enable-source-maps');
        for (const name of [ENV.table, ENV.dataRoomBucket, ENV.userPoolId, ENV.userPoolClientId, ENV.mailFrom]) {
          expect(env[name]).toBeDefined();
        }
      }
      expect(logGroupIds.size).toBe(functions.length);
    }
    expect(count).toBeGreaterThan(ROUTE_LIST.length);
  });

  it('gives route functions the scenario state machine ARN', () => {
    for (const fn of built.api.routeFunctions.values()) {
      const env = functionProperties(stacks, fn).Environment as { Variables: Record<string, unknown> };
      // From a nested route stack the ARN arrives as a parameter of the parent's state machine.
      expect(JSON.stringify(env.Variables[ENV.scenarioStateMachineArn])).toMatch(/ScenarioFlow/);
    }
  });

  it('grants GET routes read-only table access (unless declared to audit) and other routes read/write, never Scan', () => {
    for (const route of ROUTE_LIST) {
      const actions = functionStatements(stacks, built.api.routeFunctions.get(route.operationId)!).flatMap((s) =>
        Array.isArray(s.Action) ? s.Action : [s.Action],
      );
      const dynamo = actions.filter((a) => a.startsWith('dynamodb:'));
      expect(dynamo, routeKey(route)).toContain('dynamodb:GetItem');
      expect(dynamo).toContain('dynamodb:Query');
      expect(dynamo).not.toContain('dynamodb:Scan');
      const writes = dynamo.filter((a) => /Put|Update|Delete|Write/.test(a));
      if (route.method === 'GET' && routeAccess(route).table === 'read') expect(writes, routeKey(route)).toEqual([]);
      else expect(writes, routeKey(route)).toContain('dynamodb:PutItem');
      expect(
        actions.some((a) => a.endsWith('*') && a !== 'xray:*'),
        routeKey(route),
      ).toBe(false);
    }
  });

  it('has an access-logged, throttled $default stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] }, Format: Match.anyValue() },
      DefaultRouteSettings: {
        ThrottlingRateLimit: API_THROTTLE.rateLimit,
        ThrottlingBurstLimit: API_THROTTLE.burstLimit,
      },
    });
  });

  it('creates each state machine as Standard, logged (ALL) and traced, invoking its step functions by ARN', () => {
    const machines = ofType('AWS::StepFunctions::StateMachine');
    expect(machines).toHaveLength(STATE_MACHINES.length);
    for (const { name, definition } of STATE_MACHINES) {
      const machine = built.api.stateMachines.get(name)!;
      const p = resources[logicalIdIn(machine)]!.Properties as Record<string, CfnJson>;
      expect(p.StateMachineType).toBe('STANDARD');
      expect(p.LoggingConfiguration.Level).toBe('ALL');
      expect(p.TracingConfiguration).toEqual({ Enabled: true });
      const body = JSON.stringify(p.DefinitionString);
      expect(body).not.toContain('${fn:');
      for (const module of stepModules(definition)) {
        const fnId = logicalIdIn(built.api.stepFunctions.get(module)!.fn);
        expect(body).toContain(`{"Fn::GetAtt":["${fnId}","Arn"]}`);
      }
      const invoke = statementsOfRole(resources, p.RoleArn['Fn::GetAtt'][0]).find(
        (s) => s.Action === 'lambda:InvokeFunction',
      );
      expect(invoke?.Resource).toEqual(
        expect.arrayContaining(
          stepModules(definition).map((m) => ({
            'Fn::GetAtt': [logicalIdIn(built.api.stepFunctions.get(m)!.fn), 'Arn'],
          })),
        ),
      );
    }
  });
});

describe('scenario state machines on AWS (created at publish time)', () => {
  const prefix = scenarioMachinePrefix('acme');
  const arnOf = (resource: string) =>
    JSON.stringify({
      'Fn::Join': [
        '',
        [
          'arn:',
          { Ref: 'AWS::Partition' },
          ':states:',
          { Ref: 'AWS::Region' },
          ':',
          { Ref: 'AWS::AccountId' },
          resource,
        ],
      ],
    });
  const machines = arnOf(`:stateMachine:${prefix}-*`);
  const executions = arnOf(`:execution:${prefix}-*:*`);
  /** `states:` and `iam:PassRole` statements of a function's role, as JSON lines. */
  const scenarioStatements = (fn: Parameters<typeof functionStatements>[1]) =>
    functionStatements(stacks, fn)
      .filter((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]).some((a: string) => /^states:|^iam:/.test(a)))
      .map((s) => ({ actions: [s.Action].flat().sort(), resource: JSON.stringify(s.Resource) }));

  it('names every machine within 80 characters and never shares a prefix between deployments', () => {
    expect(prefix).toBe('tscn-acme');
    const long = scenarioMachinePrefix('a-very-long-deployment-name-of-32');
    expect(long.length).toBeLessThanOrEqual(19);
    expect(long).not.toBe(scenarioMachinePrefix('a-very-long-deployment-name-of-33'));
    // <prefix>-<tenant ULID>-<scenario ULID>-v<6 digits>
    expect(`${long}-${'0'.repeat(26)}-${'0'.repeat(26)}-v999999`.length).toBeLessThanOrEqual(80);
  });

  it('runs the machines as a role that invokes exactly the three task functions', () => {
    const roleId = logicalIdIn(built.api.scenarioMachines.role as never);
    expect(resources[roleId]!.Properties!.AssumeRolePolicyDocument).toMatchObject({
      Statement: [{ Principal: { Service: 'states.amazonaws.com' } }],
    });
    const statements = statementsOfRole(resources, roleId);
    const invoke = statements.filter((s) => [s.Action].flat().includes('lambda:InvokeFunction'));
    expect(invoke).toHaveLength(1);
    expect(invoke[0]!.Resource).toHaveLength(3);
    expect(invoke[0]!.Resource).toEqual(
      expect.arrayContaining(
        Object.values(SCENARIO_FUNCTIONS).map((m) => ({
          'Fn::GetAtt': [logicalIdIn(built.api.stepFunctions.get(m)!.fn), 'Arn'],
        })),
      ),
    );
    // Nothing else but log delivery.
    const others = statements.filter((s) => !invoke.includes(s)).flatMap((s) => [s.Action].flat());
    expect(others.every((a: string) => a.startsWith('logs:'))).toBe(true);
  });

  it('lets the publisher create, update and tag the machines under the prefix and pass exactly their role', () => {
    const publish = scenarioStatements(built.api.routeFunctions.get('publishScenario')!);
    expect(publish).toEqual(
      expect.arrayContaining([
        {
          actions: ['states:CreateStateMachine', 'states:TagResource', 'states:UpdateStateMachine'],
          resource: machines,
        },
        { actions: ['iam:PassRole'], resource: expect.stringContaining('ScenarioMachineRole') },
      ]),
    );
    expect(publish).toHaveLength(2);
    const env = (
      functionProperties(stacks, built.api.routeFunctions.get('publishScenario')!).Environment as {
        Variables: Record<string, unknown>;
      }
    ).Variables;
    expect(env[ENV.scenarioMachinePrefix]).toBe(prefix);
    expect(JSON.stringify(env[ENV.scenarioMachineRoleArn])).toMatch(/ScenarioMachineRole/);
    expect(JSON.stringify(env[ENV.scenarioMachineLogGroupArn])).toMatch(/ScenarioMachineLogs/);
    const arns = JSON.stringify(env[ENV.scenarioFunctionArns]);
    for (const module of Object.values(SCENARIO_FUNCTIONS)) expect(arns).toContain(module);
  });

  it('grants each route exactly the scenario actions its needs declare, on those machines only', () => {
    // What the journey routes declare (the handlers' Step Functions calls: functions/src/scenario).
    const declared = (operationId: string) =>
      routeAccess(ROUTE_LIST.find((r) => r.operationId === operationId)!).scenario;
    expect(declared('publishScenario')).toEqual(['publish']);
    for (const id of ['submitNodeResult', 'submitQuestionnaire', 'submitTempTokenForm'])
      expect(declared(id), id).toEqual(['respond']);
    expect([...(declared('deleteNodeResult') ?? [])].sort()).toEqual(['start', 'stop']);
    const ACTIONS: Record<ScenarioMachineAction, string[]> = {
      publish: ['states:CreateStateMachine', 'states:UpdateStateMachine', 'states:TagResource', 'iam:PassRole'],
      start: ['states:StartExecution'],
      respond: ['states:SendTaskSuccess', 'states:SendTaskFailure'],
      stop: ['states:StopExecution'],
    };
    for (const route of ROUTE_LIST) {
      const fn = built.api.routeFunctions.get(route.operationId)!;
      const wanted = routeAccess(route).scenario ?? [];
      const statements = scenarioStatements(fn);
      expect(statements.flatMap((s) => s.actions).sort(), route.operationId).toEqual(
        wanted.flatMap((a) => ACTIONS[a]).sort(),
      );
      for (const { actions, resource } of statements) {
        if (actions.includes('iam:PassRole')) expect(resource).toMatch(/ScenarioMachineRole/);
        else expect(resource, route.operationId).toBe(actions.includes('states:StopExecution') ? executions : machines);
      }
      const env = (functionProperties(stacks, fn).Environment as { Variables: Record<string, unknown> }).Variables;
      expect(env[ENV.scenarioMachinePrefix], route.operationId).toBe(wanted.length ? prefix : undefined);
      // Only a publisher holds the role and the function ARNs.
      expect(env[ENV.scenarioMachineRoleArn] !== undefined, route.operationId).toBe(wanted.includes('publish'));
    }
    // The journey worker starts journeys, publishes a tenant's default on its first use, completes a
    // sign node when its project is signed and stops the executions that can no longer finish (on the
    // machines' executions only); the shared dispatcher holds no scenario grant.
    const journeys = scenarioStatements(built.api.queueWorkers.get('journeyEvents')!.function);
    expect(journeys.flatMap((s) => s.actions).sort()).toEqual([
      'iam:PassRole',
      'states:CreateStateMachine',
      'states:SendTaskFailure',
      'states:SendTaskSuccess',
      'states:StartExecution',
      'states:StopExecution',
      'states:TagResource',
      'states:UpdateStateMachine',
    ]);
    for (const { actions, resource } of journeys) {
      if (actions.includes('states:StopExecution')) expect(resource).toBe(executions);
    }
    expect(scenarioStatements(built.api.streamWorkers.get('dispatchEvents')!.function)).toEqual([]);
  });
});
