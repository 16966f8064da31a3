import { ROUTE_LIST } from '@tranche/shared/http/routes';
import { STATE_MACHINES } from '@tranche/shared/infra/state-machines';
import { ENV } from '@tranche/shared/infra/table';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeKey, stepModules } from '../lib/routes.js';
import { API_THROTTLE } from '../lib/stacks/api-stack.js';
import {
  CDK_PROVIDER_ID,
  type CfnJson,
  nagFindings,
  ourFunctionIds,
  type Resources,
  synthTestApp,
  type TestApp,
} from './synth.js';

let built: TestApp;
let template: Template;
let resources: Resources;

beforeAll(() => {
  built = synthTestApp();
  template = Template.fromStack(built.api);
  resources = template.toJSON().Resources as Resources;
});
afterAll(() => built.cleanup());

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const logicalIdOf = (construct: { node: { defaultChild?: unknown } }) =>
  built.api.resolve(built.api.getLogicalId(construct.node.defaultChild as never)) as string;

/** The Lambda logical id an API route invokes: Route -> Integration -> IntegrationUri GetAtt. */
const targetFunction = (route: Record<string, CfnJson>): string => {
  const integrationId = route.Properties.Target['Fn::Join'][1][1].Ref as string;
  const uri = resources[integrationId]!.Properties!.IntegrationUri as { 'Fn::GetAtt': [string, string] };
  return uri['Fn::GetAtt'][0];
};

const policyActionsOf = (roleLogicalId: string): string[] =>
  ofType('AWS::IAM::Policy')
    .filter(([, p]) => JSON.stringify(p.Properties!.Roles).includes(`"${roleLogicalId}"`))
    .flatMap(([, p]) => (p.Properties!.PolicyDocument as { Statement: { Action: string | string[] }[] }).Statement)
    .flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));

const roleOf = (fnLogicalId: string): string =>
  (resources[fnLogicalId]!.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];

describe('Tranche-<tenant>-Api', () => {
  it('has no unsuppressed cdk-nag finding', () => {
    expect(nagFindings(built.api)).toEqual([]);
  });

  it('serves exactly the route table under /api, plus the $default catch-all', () => {
    const keys = ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties!.RouteKey as string);
    expect(new Set(keys.filter((k) => k !== '$default'))).toEqual(new Set(ROUTE_LIST.map(routeKey)));
    expect(keys.filter((k) => k === '$default')).toHaveLength(1);
    expect(keys).toHaveLength(ROUTE_LIST.length + 1);
  });

  it('has exactly one Lambda per route, plus not-found, the step functions and nothing else of ours', () => {
    const routes = ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r);
    const routeTargets = routes
      .filter((r) => r.Properties!.RouteKey !== '$default')
      .map((r) => ({ key: r.Properties!.RouteKey as string, fn: targetFunction(r) }));
    expect(new Set(routeTargets.map((t) => t.fn)).size).toBe(ROUTE_LIST.length);
    for (const route of ROUTE_LIST) {
      const target = routeTargets.find((t) => t.key === routeKey(route))!;
      expect(built.api.routeFunctions.get(route.operationId)).toBeDefined();
      expect(logicalIdOf(built.api.routeFunctions.get(route.operationId)!.fn)).toBe(target.fn);
      expect(resources[target.fn]!.Properties!.Description).toContain(routeKey(route));
    }
    const notFound = targetFunction(routes.find((r) => r.Properties!.RouteKey === '$default')!);
    const stepIds = [...built.api.stepFunctions.values()].map((f) => logicalIdOf(f.fn));
    expect([...built.api.stepFunctions.keys()].sort()).toEqual(
      [...new Set(STATE_MACHINES.flatMap((m) => stepModules(m.definition)))].sort(),
    );
    const ours = ourFunctionIds(built.api);
    expect(ours).toEqual(new Set([...routeTargets.map((t) => t.fn), notFound, ...stepIds]));
    const others = ofType('AWS::Lambda::Function').filter(([id]) => !ours.has(id));
    expect(others.filter(([id]) => !CDK_PROVIDER_ID.test(id))).toEqual([]);
  });

  it('runs every function on Node 22 / arm64 with its own log group, tracing, 512 MB, 10 s and the shared env', () => {
    const ours = ourFunctionIds(built.api);
    const functions = ofType('AWS::Lambda::Function').filter(([id]) => ours.has(id));
    expect(functions.length).toBeGreaterThan(ROUTE_LIST.length);
    const logGroupIds = new Set<string>();
    for (const [, fn] of functions) {
      const p = fn.Properties as Record<string, CfnJson>;
      expect(p.Runtime).toBe('nodejs22.x');
      expect(p.Architectures).toEqual(['arm64']);
      expect(p.Handler).toBe('index.handler');
      expect(p.TracingConfig).toEqual({ Mode: 'Active' });
      expect(p.MemorySize).toBe(512);
      expect(p.Timeout).toBe(10);
      const logGroupId = p.LoggingConfig.LogGroup.Ref as string;
      expect(resources[logGroupId]!.Type).toBe('AWS::Logs::LogGroup');
      expect(resources[logGroupId]!.Properties!.RetentionInDays).toBeGreaterThan(0);
      logGroupIds.add(logGroupId);
      const env = p.Environment.Variables as Record<string, unknown>;
      expect(env.NODE_OPTIONS).toBe('--enable-source-maps');
      for (const name of [ENV.table, ENV.dataRoomBucket, ENV.userPoolId, ENV.userPoolClientId, ENV.mailFrom]) {
        expect(env[name]).toBeDefined();
      }
    }
    expect(logGroupIds.size).toBe(functions.length);
  });

  it('gives route functions the scenario state machine ARN', () => {
    for (const fn of built.api.routeFunctions.values()) {
      const env = resources[logicalIdOf(fn.fn)]!.Properties!.Environment as { Variables: Record<string, unknown> };
      expect(env.Variables[ENV.scenarioStateMachineArn]).toEqual({ Ref: expect.stringMatching(/^ScenarioFlow/) });
    }
  });

  it('grants GET routes read-only table access and other routes read/write, never Scan', () => {
    for (const route of ROUTE_LIST) {
      const actions = policyActionsOf(roleOf(logicalIdOf(built.api.routeFunctions.get(route.operationId)!.fn)));
      const dynamo = actions.filter((a) => a.startsWith('dynamodb:'));
      expect(dynamo).toContain('dynamodb:GetItem');
      expect(dynamo).toContain('dynamodb:Query');
      expect(dynamo).not.toContain('dynamodb:Scan');
      const writes = dynamo.filter((a) => /Put|Update|Delete|Write/.test(a));
      if (route.method === 'GET') expect(writes, routeKey(route)).toEqual([]);
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
      const p = resources[logicalIdOf(machine)]!.Properties as Record<string, CfnJson>;
      expect(p.StateMachineType).toBe('STANDARD');
      expect(p.LoggingConfiguration.Level).toBe('ALL');
      expect(p.TracingConfiguration).toEqual({ Enabled: true });
      const body = JSON.stringify(p.DefinitionString);
      expect(body).not.toContain('${fn:');
      for (const module of stepModules(definition)) {
        const fnId = logicalIdOf(built.api.stepFunctions.get(module)!.fn);
        expect(body).toContain(`{"Fn::GetAtt":["${fnId}","Arn"]}`);
      }
      const invoke = ofType('AWS::IAM::Policy')
        .filter(([, pol]) => JSON.stringify(pol.Properties!.Roles).includes(p.RoleArn['Fn::GetAtt'][0]))
        .flatMap(([, pol]) => (pol.Properties!.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement)
        .find((s) => s.Action === 'lambda:InvokeFunction');
      expect(invoke?.Resource).toEqual(
        expect.arrayContaining(
          stepModules(definition).map((m) => ({
            'Fn::GetAtt': [logicalIdOf(built.api.stepFunctions.get(m)!.fn), 'Arn'],
          })),
        ),
      );
    }
  });
});
