import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROUTE_LIST, type RouteDef } from '@tranche/shared/http/routes';
import { NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_STACK_RESOURCE_BUDGET } from '../lib/stacks/api-stack.js';
import { buildTrancheApp, type TrancheApp } from '../lib/tranche-app.js';
import { synthTestApp, type TestApp, testDir } from './synth.js';

/** CloudFormation's quotas per template (a nested stack's included). */
const LIMITS = { resources: 500, outputs: 200, parameters: 200 } as const;
/** A nested template goes through S3; CloudFormation reads at most 1 MB of it. */
const MAX_TEMPLATE_BYTES = 1_000_000;

const SYNTHETIC_ROUTES = 400;

/**
 * 400 routes built from the real ones: real handler modules (so synth finds their entries) and
 * their real `needs` (so grants, parameters and nag suppressions are those of real routes), each at
 * its own path and operationId, spread over the real folders as the route table is.
 */
const syntheticRoutes = (count: number): RouteDef[] =>
  Array.from({ length: count }, (_, i) => {
    const model = ROUTE_LIST[i % ROUTE_LIST.length]!;
    return { ...model, operationId: `synthetic${i}`, path: `/synthetic/${i}${model.path}` };
  });

const templateOf = (stack: Stack) => Template.fromStack(stack).toJSON() as Record<string, Record<string, unknown>>;
const count = (section: Record<string, unknown> | undefined) => Object.keys(section ?? {}).length;

describe(`a route table of ${SYNTHETIC_ROUTES} routes`, () => {
  let built: TestApp;
  let stacks: Stack[];
  const routes = syntheticRoutes(SYNTHETIC_ROUTES);

  beforeAll(() => {
    built = synthTestApp({}, { routes });
    stacks = built.app.node.findAll().filter((c): c is Stack => Stack.isStack(c));
  }, 600_000);
  afterAll(() => built?.cleanup());

  it('synthesizes every stack, root and nested, within CloudFormation limits', () => {
    const nested = stacks.filter((s) => s instanceof NestedStack);
    // 400 routes at ~7 resources each cannot fit fewer than 6 stacks of 500: the packing did cut.
    expect(nested.length).toBeGreaterThanOrEqual(Math.ceil((SYNTHETIC_ROUTES * 7) / ROUTE_STACK_RESOURCE_BUDGET));
    for (const stack of stacks) {
      const template = templateOf(stack);
      const where = stack.node.path;
      expect(count(template.Resources), where).toBeLessThanOrEqual(LIMITS.resources);
      expect(count(template.Outputs), where).toBeLessThanOrEqual(LIMITS.outputs);
      expect(count(template.Parameters), where).toBeLessThanOrEqual(LIMITS.parameters);
      expect(JSON.stringify(template).length, where).toBeLessThanOrEqual(MAX_TEMPLATE_BYTES);
      // The margin the packing promises: no route stack filled past its budget.
      if (stack instanceof NestedStack) {
        expect(count(template.Resources), where).toBeLessThanOrEqual(ROUTE_STACK_RESOURCE_BUDGET);
      }
    }
  });

  it('serves every route once, each function in the stack of its route', () => {
    expect(built.api.routeFunctions.size).toBe(SYNTHETIC_ROUTES);
    const keys = stacks.flatMap((s) =>
      Object.values((templateOf(s).Resources ?? {}) as Record<string, { Type: string; Properties: CfnRoute }>)
        .filter((r) => r.Type === 'AWS::ApiGatewayV2::Route')
        .map((r) => r.Properties.RouteKey),
    );
    expect(keys.filter((k) => k !== '$default').sort()).toEqual(routes.map((r) => `${r.method} /api${r.path}`).sort());
  });

  it('keeps a route in its stack when routes are added to the end of the table', () => {
    const stackOf = (app: TrancheApp) =>
      new Map([...app.api.routeFunctions].map(([operationId, fn]) => [operationId, Stack.of(fn).node.id]));
    const before = stackOf(built);
    // Packing happens as the app is built: no need to synthesize the grown table.
    const web = mkdtempSync(join(tmpdir(), 'tranche-web-'));
    try {
      writeFileSync(join(web, 'index.html'), '<!doctype html>');
      const grown = buildTrancheApp({
        tenant: 'acme',
        webAssetPath: web,
        outdir: testDir('grown'),
        context: { 'aws:cdk:bundling-stacks': [] },
        routes: [...routes, ...syntheticRoutes(SYNTHETIC_ROUTES + 20).slice(-20)],
      });
      const after = stackOf(grown);
      expect(after.size).toBe(SYNTHETIC_ROUTES + 20);
      for (const [operationId, stackId] of before) expect(after.get(operationId), operationId).toBe(stackId);
    } finally {
      rmSync(web, { recursive: true, force: true });
    }
  }, 600_000);
});

interface CfnRoute {
  RouteKey: string;
}
