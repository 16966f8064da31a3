import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteDef } from '@tranche/shared/http/routes';
import type { WorkerDef } from '@tranche/shared/infra/workers';
import { App, Aspects, Tags } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readDeploymentConfig } from './config.js';
import { FEATURE_FLAGS } from './feature-flags.js';
import { ApiStack } from './stacks/api-stack.js';
import { DataStack } from './stacks/data-stack.js';
import { WebStack } from './stacks/web-stack.js';

export interface TrancheAppOptions {
  readonly tenant: string;
  /** The built web app (web/dist); must hold index.html. */
  readonly webAssetPath: string;
  /** Extra CDK context (domainNames, certificateArn, webAclArn, mailFrom, `aws:cdk:bundling-stacks`, ...). */
  readonly context?: Record<string, unknown>;
  /** Where to write the cloud assembly; the CLI passes it through CDK_OUTDIR. */
  readonly outdir?: string;
  /** Another route table or worker table than the shared ones: tests only (the 400-route limits test). */
  readonly routes?: readonly RouteDef[];
  readonly workers?: readonly WorkerDef[];
}

export interface TrancheApp {
  readonly app: App;
  readonly data: DataStack;
  readonly api: ApiStack;
  readonly web: WebStack;
}

/**
 * One tenant deployment's stack set: `Tranche-<tenant>-Data` (stateful, retained), `-Api` and `-Web`.
 * Stacks are environment-agnostic so synth needs no credentials; `cdk deploy` takes the account and
 * region from the CLI's environment.
 */
export const buildTrancheApp = (opts: TrancheAppOptions): TrancheApp => {
  if (!existsSync(join(opts.webAssetPath, 'index.html'))) {
    throw new Error(
      `The web app is not built: ${join(opts.webAssetPath, 'index.html')} is missing. Run \`npm run build -w web\` (or \`npm run synth\`) first.`,
    );
  }
  const app = new App({
    context: { ...FEATURE_FLAGS, ...opts.context, tenant: opts.tenant },
    ...(opts.outdir ? { outdir: opts.outdir } : {}),
  });
  const context = { ...app.node.getAllContext() } as Record<string, unknown>;
  const config = readDeploymentConfig(opts.tenant, context);
  const prefix = `Tranche-${config.tenant}`;

  const data = new DataStack(app, `${prefix}-Data`, {
    config,
    description: `Tranche ${config.tenant}: table, data room, user pool (retained)`,
    terminationProtection: true,
  });
  const api = new ApiStack(app, `${prefix}-Api`, {
    config,
    description: `Tranche ${config.tenant}: HTTP API, route functions, scenario flows`,
    table: data.table,
    dataRoomBucket: data.dataRoomBucket,
    userPool: data.userPool,
    userPoolClient: data.userPoolClient,
    secretBoxKey: data.secretBoxKey,
    recaptchaSecret: data.recaptchaSecret,
    ...(opts.routes ? { routes: opts.routes } : {}),
    ...(opts.workers ? { workers: opts.workers } : {}),
  });
  const web = new WebStack(app, `${prefix}-Web`, {
    config,
    description: `Tranche ${config.tenant}: web app and CloudFront`,
    httpApi: api.httpApi,
    originVerifySecret: api.originVerifySecret,
    webAssetPath: opts.webAssetPath,
  });

  Tags.of(app).add('app', 'tranche');
  Tags.of(app).add('tranche:tenant', config.tenant);
  Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
  return { app, data, api, web };
};
