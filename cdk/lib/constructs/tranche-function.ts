import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Charset, NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { handlerEntry, LOCK_FILE, REPO_ROOT, ROOT_TSCONFIG } from '../paths.js';
import { afterBundlingCommands, BUNDLE_AWS_SDK, HANDLER_ESBUILD_OPTIONS } from './handler-bundling.js';

/**
 * Shell commands copying synthesized files beside a bundle: each is written to a temporary folder
 * now (bundling runs later in this synthesis, on this machine) and copied after esbuild.
 */
const copyFilesCommands = (files: Readonly<Record<string, string>> | undefined, outputDir: string): string[] => {
  if (!files || Object.keys(files).length === 0) return [];
  const dir = mkdtempSync(join(tmpdir(), 'tranche-fn-files-'));
  return Object.entries(files).map(([name, content]) => {
    if (basename(name) !== name) throw new Error(`A function file is a plain name, not a path: ${name}`);
    writeFileSync(join(dir, name), content);
    return `cp "${join(dir, name)}" "${join(outputDir, name)}"`;
  });
};

export const LAMBDA_LOG_RETENTION = logs.RetentionDays.THREE_MONTHS;

export interface TrancheFunctionProps {
  /** Handler module below functions/src, without extension; it exports `handler`. */
  readonly module: string;
  readonly description: string;
  readonly environment: Record<string, string>;
  /** Default 10 seconds. */
  readonly timeout?: Duration;
  /** Default 512 MB. */
  readonly memorySize?: number;
  /** Files the handler reads at run time, by name: built at synthesis and written beside the bundle. */
  readonly files?: Readonly<Record<string, string>>;
}

/**
 * Every Lambda of the app, with the defaults in one place: Node 22 on arm64, the shared esbuild
 * options, its own log group with a retention, active tracing, and a role of its own that may only
 * write to that log group (grants are added by the stacks, per function).
 */
export class TrancheFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: TrancheFunctionProps) {
    super(scope, id);
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: LAMBDA_LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Our own role instead of AWSLambdaBasicExecutionRole: it may write to this function's log group only.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Tranche ${props.module}`,
    });
    this.logGroup.grantWrite(this.role);

    const o = HANDLER_ESBUILD_OPTIONS;
    this.fn = new NodejsFunction(this, 'Fn', {
      entry: handlerEntry(props.module),
      handler: 'handler',
      description: props.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: lambda.Tracing.ACTIVE,
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      projectRoot: REPO_ROOT,
      depsLockFilePath: LOCK_FILE,
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
      bundling: {
        minify: o.minify,
        format: OutputFormat.ESM,
        target: o.target,
        platform: o.platform,
        banner: o.banner.js,
        mainFields: [...o.mainFields],
        externalModules: [...o.external],
        bundleAwsSDK: BUNDLE_AWS_SDK,
        sourceMap: o.sourcemap,
        sourcesContent: o.sourcesContent,
        sourceMapMode: SourceMapMode.DEFAULT,
        tsconfig: ROOT_TSCONFIG,
        charset: o.charset === 'utf8' ? Charset.UTF8 : Charset.ASCII,
        esbuildArgs: { '--legal-comments': o.legalComments },
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (inputDir, outputDir) => [
            ...afterBundlingCommands(inputDir, outputDir),
            ...copyFilesCommands(props.files, outputDir),
          ],
        },
      },
    });

    NagSuppressions.addResourceSuppressions(this.fn, [
      {
        id: 'AwsSolutions-L1',
        reason:
          'Node.js 22 is the runtime this project builds, tests and bundles for (esbuild target node22; the toolchain is verified on 20/22, not 24). Moving to nodejs24.x changes target and runtime together.',
      },
    ]);
    NagSuppressions.addResourceSuppressions(
      this.role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'X-Ray PutTraceSegments/PutTelemetryRecords support no resource-level permissions; active tracing needs them on "*".',
          appliesTo: ['Resource::*'],
        },
      ],
      true,
    );
  }
}
