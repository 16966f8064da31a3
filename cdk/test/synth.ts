import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CfnElement, Stack, Stage } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { VALIDATION_REPORT_FILE } from 'aws-cdk-lib/cx-api';
import { inject } from 'vitest';
import { TrancheFunction } from '../lib/constructs/tranche-function.js';
import { buildTrancheApp, type TrancheApp, type TrancheAppOptions } from '../lib/tranche-app.js';

export interface TestApp extends TrancheApp {
  readonly cleanup: () => void;
}

export interface SynthOptions {
  /**
   * Run the CDK's built-in CloudFormation template validation during synthesis (a WebAssembly
   * schema check: 6 of a synthesis's 11 s of CPU). It only prints warnings, never fails, so the
   * tests assert its report (`cfnValidationFindings`) where it runs: the default deployment and the
   * custom-domain one. Off for apps made for a few assertions (extra routes or workers, one setting
   * changed, 400 routes), where its warnings were only ever printed.
   */
  readonly cfnValidation?: boolean;
}

/**
 * A new temp dir under the run's own (global-setup.ts), removed when the run ends, failed tests or
 * not: for an App's cloud assembly (the CDK's own default, /tmp/cdk.outXXXX, is never removed).
 */
export const testDir = (name: string): string => mkdtempSync(join(inject('cdkTestDir') ?? tmpdir(), `${name}-`));

/**
 * The app as the tests see it: no bundling (no esbuild runs), a stand-in web build and the cloud
 * assembly in temp dirs, both removed by `cleanup` (an assembly is 29 MB).
 */
export const synthTestApp = (
  context: Record<string, unknown> = {},
  tables: Pick<TrancheAppOptions, 'routes' | 'workers'> = {},
  { cfnValidation = false }: SynthOptions = {},
): TestApp => {
  const web = testDir('web');
  const outdir = testDir('cdk-out');
  const cleanup = () => {
    rmSync(web, { recursive: true, force: true });
    rmSync(outdir, { recursive: true, force: true });
  };
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Tranche</title>');
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'assets', 'index-abc123.js'), 'export {};');
  // The CDK reads this switch when it synthesizes; put back at once (the files share one process).
  const validation = process.env.CDK_VALIDATION;
  try {
    const built = buildTrancheApp({
      tenant: 'acme',
      webAssetPath: web,
      outdir,
      context: { 'aws:cdk:bundling-stacks': [], ...context },
      ...tables,
    });
    // Set either way, so a CDK_VALIDATION=false in the shell cannot switch off a validation a test asserts.
    process.env.CDK_VALIDATION = cfnValidation ? 'true' : 'false';
    built.app.synth();
    return { ...built, cleanup };
  } catch (error) {
    // A test that expects synthesis to fail leaves no temp dir behind.
    cleanup();
    throw error;
  } finally {
    if (validation === undefined) delete process.env.CDK_VALIDATION;
    else process.env.CDK_VALIDATION = validation;
  }
};

/**
 * What the CDK's CloudFormation template validation found in an app's synthesis, as readable lines
 * (its stacks; the CDK does not validate nested stacks' templates). Throws if it did not run, so a
 * check for none cannot pass by the validation being off.
 */
export const cfnValidationFindings = (app: Stage): string[] => {
  const file = join(app.synth().directory, VALIDATION_REPORT_FILE);
  if (!existsSync(file)) throw new Error(`no ${VALIDATION_REPORT_FILE}: the CloudFormation validation did not run`);
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    pluginReports: {
      pluginName: string;
      violations: { ruleName: string; description: string; violatingConstructs: { constructPath: string }[] }[];
    }[];
  };
  return report.pluginReports.flatMap((r) =>
    r.violations.flatMap((v) =>
      v.violatingConstructs.map((c) => `${r.pluginName} ${v.ruleName} at ${c.constructPath}: ${v.description}`),
    ),
  );
};

/**
 * The default deployment, synthesized once per process and shared by every file that only reads it
 * (`synthTestApp()` gives a fresh one). The cdk project runs its files one after another in one
 * process without isolation (vitest.config.ts), so this is one synthesis of the 275 functions
 * instead of one per file. Kept on globalThis, so a second evaluation of this module finds it too.
 */
export const defaultTestApp = (): TrancheApp => {
  const shared = globalThis as { trancheDefaultTestApp?: TestApp };
  if (!shared.trancheDefaultTestApp) {
    // Its temp dirs go with the run's (global-setup.ts).
    shared.trancheDefaultTestApp = synthTestApp({}, {}, { cfnValidation: true });
  }
  return shared.trancheDefaultTestApp;
};

/**
 * Unsuppressed cdk-nag errors and warnings on a stack (nested stacks' included), as readable lines.
 * Read from the cloud assembly the app's one synthesis made: `Annotations.fromStack` would
 * synthesize the whole app again (it forces it), which took 3 s per call for the same messages.
 * Matches as `findError`/`findWarning('*', Match.stringLikeRegexp('AwsSolutions-'))` did.
 */
export const nagFindings = (stack: Stack): string[] => {
  const stage = Stage.of(stack);
  if (!stage) throw new Error(`${stack.node.path} is in no app`);
  const messages = stage.synth().getStackArtifact(stack.artifactId).messages;
  const nag = Match.stringLikeRegexp('AwsSolutions-');
  const of = (level: string) => messages.filter((m) => m.level === level && !nag.test(m.entry.data).hasFailed());
  return [...of('error'), ...of('warning')].map((m) => `${m.id}: ${String(m.entry.data).slice(0, 160)}`);
};

type Resources = Record<
  string,
  { Type: string; Properties?: Record<string, unknown>; Metadata?: Record<string, unknown> }
>;

/** A construct's logical id in its own stack's template (a nested stack's, for route functions). */
export const logicalIdIn = (construct: { node: { defaultChild?: unknown } }): string => {
  const stack = Stack.of(construct as never);
  return stack.resolve(stack.getLogicalId(construct.node.defaultChild as CfnElement)) as string;
};

/** Logical ids of the functions this app defines (TrancheFunction) in this stack itself, as opposed to CDK-internal providers. */
export const ourFunctionIds = (stack: Stack): Set<string> =>
  new Set(
    stack.node
      .findAll()
      .filter((c): c is TrancheFunction => c instanceof TrancheFunction && Stack.of(c) === stack)
      .map((c) => logicalIdIn(c.fn)),
  );

export type ApiStacks = { stack: Stack; resources: Resources }[];

const apiStacksOf = new WeakMap<Stack, ApiStacks>();

/**
 * The Api stack and its nested route stacks, each with its template's resources: parsed once per
 * app (0.4 s a time), as the templates of a synthesized app do not change. Read only.
 */
export const apiStacks = (built: TrancheApp): ApiStacks => {
  let stacks = apiStacksOf.get(built.api);
  if (!stacks) {
    stacks = [built.api, ...built.api.routeStacks.values()].map((stack) => ({
      stack,
      resources: Template.fromStack(stack).toJSON().Resources as Resources,
    }));
    apiStacksOf.set(built.api, stacks);
  }
  return stacks;
};

/** The resources of the template (of `stacks`) a construct is in. */
export const resourcesOf = (stacks: ApiStacks, construct: { node: { defaultChild?: unknown } }): Resources =>
  stacks.find(({ stack }) => stack === Stack.of(construct as never))!.resources;

/** A function's `AWS::Lambda::Function` properties, from the template it is in. */
export const functionProperties = (stacks: ApiStacks, fn: TrancheFunction): Record<string, CfnJson> =>
  resourcesOf(stacks, fn.fn)[logicalIdIn(fn.fn)]!.Properties as Record<string, CfnJson>;

/** An IAM policy statement as synthesized. */
export interface Statement {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource: CfnJson;
  Condition?: CfnJson;
}

/** The statements of every `AWS::IAM::Policy` of one template that is attached to the role. */
export const statementsOfRole = (resources: Resources, roleLogicalId: string): Statement[] =>
  Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties!.Roles).includes(`"${roleLogicalId}"`))
    .flatMap((p) => (p.Properties!.PolicyDocument as { Statement: Statement[] }).Statement);

/** What a function's own role may do: the statements of its policies, in the template it is in. */
export const functionStatements = (stacks: ApiStacks, fn: TrancheFunction): Statement[] =>
  statementsOfRole(resourcesOf(stacks, fn.fn), functionProperties(stacks, fn).Role['Fn::GetAtt'][0]);

/** CDK-internal singleton providers (BucketDeployment, AwsCustomResource), recognised by their fixed ids. */
export const CDK_PROVIDER_ID = /^(CustomCDKBucketDeployment[0-9A-F]{32}|AWS[0-9a-f]{32})/;

export type { Resources, TrancheApp };

/** A node of a synthesized CloudFormation template, walked by shape in assertions. */
// biome-ignore lint/suspicious/noExplicitAny: template JSON is untyped; the assertions themselves check its shape.
export type CfnJson = any;
