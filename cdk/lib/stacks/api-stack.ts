import { createHash } from 'node:crypto';
import { apiPath, ROUTE_LIST, type RouteDef, type RouteKey, routeKey } from '@tranche/shared/http/routes';
import { routeAccess } from '@tranche/shared/infra/needs';
import {
  SCENARIO_MACHINE,
  STATE_MACHINES,
  stepModules,
  substituteFunctions,
} from '@tranche/shared/infra/state-machines';
import { ENV } from '@tranche/shared/infra/table';
import {
  type EventQueueTrigger,
  MAX_TABLE_STREAM_READERS,
  type TableStreamTrigger,
  WORKERS,
  type WorkerDef,
} from '@tranche/shared/infra/workers';
import { SCENARIO_FUNCTIONS } from '@tranche/shared/scenario/compile';
import { CfnOutput, CfnResource, Duration, NestedStack, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as eventsTargets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { type DeploymentConfig, portalAddressParameterName } from '../config.js';
import {
  type AccessTargets,
  accessEnvironment,
  grantAccess,
  type ScenarioMachineTargets,
} from '../constructs/access.js';
import { QueueWorker } from '../constructs/queue-worker.js';
import { StreamWorker } from '../constructs/stream-worker.js';
import { LAMBDA_LOG_RETENTION, TrancheFunction } from '../constructs/tranche-function.js';
import { NOT_FOUND_HANDLER, ROUTE_FILES, ROUTE_SIZING } from '../routes.js';

export interface ApiStackProps extends StackProps {
  readonly config: DeploymentConfig;
  readonly table: dynamodb.ITable;
  readonly dataRoomBucket: s3.IBucket;
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  readonly secretBoxKey: kms.IKey;
  readonly recaptchaSecret: secretsmanager.ISecret;
  /** The route table; the shared one unless a test synthesizes another (cdk/test/limits.test.ts). */
  readonly routes?: readonly RouteDef[];
  /** The non-HTTP handlers; the shared WORKERS unless a test says otherwise. */
  readonly workers?: readonly WorkerDef[];
}

/** An HTTP API integration times out after 30 seconds: a route function must answer before that. */
export const MAX_ROUTE_TIMEOUT_SECONDS = 29;

/** Stage-wide defaults per deployment; the API's own lockout and rate rules sit behind them. */
export const API_THROTTLE = { rateLimit: 200, burstLimit: 400 } as const;

/**
 * Resources a nested route stack is filled to. CloudFormation refuses a stack of more than 500;
 * the rest is margin: for a route that gains a resource, for CDK helpers that add one per stack,
 * and so that a deploy never meets the limit halfway through a change.
 */
export const ROUTE_STACK_RESOURCE_BUDGET = 350;

/** Resources of this stack's own template (a nested stack's resources are not its parent's). */
const resourceCount = (stack: Stack): number =>
  stack.node.findAll().filter((c) => c instanceof CfnResource && Stack.of(c) === stack).length;

/** `tenant/get-tenant-info` -> `TenantGetTenantInfo` */
const constructId = (module: string): string =>
  module
    .split(/[/-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/**
 * The name prefix of a deployment's scenario state machines (functions/src/scenario/sfn.ts names each
 * `<prefix>-<tenantId>-<scenarioId>-v<n>`, at most 80 characters, with two 26-character ULIDs): at
 * most 19 characters, so no name is cut (a cut name would lose its version). The deployment name when
 * it fits, else its start and a hash of the whole, so two deployments never share a prefix.
 */
export const scenarioMachinePrefix = (tenant: string): string => {
  const plain = `tscn-${tenant}`;
  if (plain.length <= 19) return plain;
  return `tscn-${tenant.slice(0, 6)}-${createHash('sha256').update(tenant).digest('hex').slice(0, 6)}`;
};

/**
 * The HTTP API (one Lambda per route of the shared route table, under `/api`) and the scenario
 * state machines with their step functions.
 */
export class ApiStack extends Stack {
  readonly httpApi: apigwv2.HttpApi;
  readonly routeFunctions = new Map<string, TrancheFunction>();
  /**
   * The route functions, routes and integrations live in nested stacks, cut by resource count
   * (`packRoutes`): about seven resources a route, one stack would pass CloudFormation's 500 at
   * about 70 routes. Keyed by construct id (`RoutesAuth`, `RoutesAuthPart2`…).
   */
  readonly routeStacks = new Map<string, NestedStack>();
  readonly stepFunctions = new Map<string, TrancheFunction>();
  /** Table-stream consumers (WORKERS), by worker name: the domain-event dispatcher. */
  readonly streamWorkers = new Map<string, StreamWorker>();
  /** Workers fed through a queue of their own by the dispatcher (`eventQueue` triggers). */
  readonly queueWorkers = new Map<string, QueueWorker>();
  /** Scheduled jobs and webhooks (WORKERS), by worker name. */
  readonly workerFunctions = new Map<string, TrancheFunction>();
  readonly stateMachines = new Map<string, sfn.StateMachine>();
  /** What the per-version scenario machines run as and invoke (created at publish time, not here). */
  readonly scenarioMachines: ScenarioMachineTargets;
  /**
   * The origin-verify secret: CloudFront sends it to the API origin (Web stack), every route
   * checks it (functions/src/_lib/origin.ts), so execute-api cannot be called around CloudFront.
   */
  readonly originVerifySecret: secretsmanager.Secret;
  /**
   * The platform operator's key (docs/decisions.md "Platform operator"): only operator routes
   * (`auth: 'operator'`, such as POST /tenants) may read it; `npm run tenant:create` presents it.
   */
  readonly operatorKeySecret: secretsmanager.Secret;
  /** Every route this stack deploys: what the files of ROUTE_FILES (the API description) are built from. */
  private readonly routes: readonly RouteDef[];

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config } = props;
    const routes = props.routes ?? ROUTE_LIST;
    this.routes = routes;
    const workers: readonly WorkerDef[] = props.workers ?? WORKERS;
    const baseEnvironment: Record<string, string> = {
      [ENV.table]: props.table.tableName,
      [ENV.dataRoomBucket]: props.dataRoomBucket.bucketName,
      [ENV.userPoolId]: props.userPool.userPoolId,
      [ENV.userPoolClientId]: props.userPoolClient.userPoolClientId,
      [ENV.mailFrom]: config.mailFrom,
    };
    const targets: AccessTargets = {
      table: props.table,
      dataRoomBucket: props.dataRoomBucket,
      userPool: props.userPool,
      mailFrom: config.mailFrom,
      secretBoxKey: props.secretBoxKey,
      captchaProvider: config.captchaProvider,
      recaptchaSecret: props.recaptchaSecret,
      ...(config.recaptchaSiteKey ? { recaptchaSiteKey: config.recaptchaSiteKey } : {}),
      // Configured, or else the parameter the Web stack writes, resolved by CloudFormation at deploy
      // time (a stack parameter of SSM type: the CDK CLI never skips deploying a stack that has one,
      // so each `cdk deploy` picks up a new value; nothing reads SSM at run time).
      portalBaseUrl:
        config.portalBaseUrl ??
        ssm.StringParameter.valueForStringParameter(this, portalAddressParameterName(config.tenant)),
    };
    this.originVerifySecret = new secretsmanager.Secret(this, 'OriginVerifySecret', {
      description: `Tranche ${config.tenant}: the header value CloudFront sends to the API origin`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    NagSuppressions.addResourceSuppressions(this.originVerifySecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'Rotated by hand with a deploy (docs/identity.md "Client IP"): the API accepts the current and the previous version, and the Web stack picks up the new value when it is deployed; an automatic rotation would not update CloudFront.',
      },
    ]);

    // Generated alphanumeric, so it always fits the key's shape (OPERATOR_KEY_PATTERN).
    this.operatorKeySecret = new secretsmanager.Secret(this, 'OperatorKeySecret', {
      description: `Tranche ${config.tenant}: the platform operator's key for the operator routes (POST /api/tenants)`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    });
    NagSuppressions.addResourceSuppressions(this.operatorKeySecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'Rotated by hand (put-secret-value with a new 64-character key): the operator routes accept the current and the previous version, so a rotation refuses nobody mid-way; there is no second party to update.',
      },
    ]);
    new CfnOutput(this, 'OperatorKeySecretArn', {
      value: this.operatorKeySecret.secretArn,
      description: 'The operator key for npm run tenant:create (TRANCHE_OPERATOR_KEY)',
    });

    // Step handlers first: the route functions get the state machine ARN, never the other way round.
    for (const { name, definition } of STATE_MACHINES) {
      for (const module of stepModules(definition)) {
        if (this.stepFunctions.has(module)) continue;
        const worker = workers.find((w) => w.handler === module && w.trigger.kind === 'stepFunctionsTask');
        if (!worker)
          throw new Error(`State machine ${name} invokes ${module}, which WORKERS has as no stepFunctionsTask`);
        const access = worker.needs;
        const fn = new TrancheFunction(this, `Step${constructId(module)}`, {
          module,
          description: `Tranche ${config.tenant} step ${module}`,
          environment: { ...baseEnvironment, ...accessEnvironment(access, targets) },
        });
        grantAccess(fn.role, access, targets);
        this.stepFunctions.set(module, fn);
      }
      this.stateMachines.set(name, this.createStateMachine(name, definition, config));
    }

    this.scenarioMachines = this.createScenarioMachineAccess(workers, config, baseEnvironment, targets);
    const scenarioStateMachine = this.stateMachines.get(SCENARIO_MACHINE);
    const routeEnvironment = {
      ...baseEnvironment,
      ...(scenarioStateMachine ? { [ENV.scenarioStateMachineArn]: scenarioStateMachine.stateMachineArn } : {}),
      [ENV.originVerifySecretId]: this.originVerifySecret.secretArn,
    };
    const routeTargets: AccessTargets = { ...targets, scenarioMachines: this.scenarioMachines };

    const notFound = new TrancheFunction(this, 'RouteNotFound', {
      module: NOT_FOUND_HANDLER,
      description: `Tranche ${config.tenant} $default route (catalogued 404/405)`,
      environment: routeEnvironment,
    });
    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      apiName: `tranche-${config.tenant}`,
      description: `Tranche ${config.tenant} API (served under /api through CloudFront)`,
      createDefaultStage: false,
      defaultIntegration: new HttpLambdaIntegration('NotFoundIntegration', notFound.fn),
    });
    this.createStage(config);

    this.packRoutes(routes, config, routeEnvironment, routeTargets);
    this.createWorkers(workers, routes, props.table, config, routeTargets, {
      worker: {
        ...baseEnvironment,
        ...(scenarioStateMachine ? { [ENV.scenarioStateMachineArn]: scenarioStateMachine.stateMachineArn } : {}),
      },
      webhook: routeEnvironment,
    });

    const noAuthorizer = [
      {
        id: 'AwsSolutions-APIG4',
        reason:
          'Sessions are opaque tokens in HttpOnly cookies, verified in every handler against server-side session records (revocable at once); public routes are public by the spec. A gateway authorizer could not check revocation without the same table read.',
      },
    ];
    NagSuppressions.addResourceSuppressions(this.httpApi, noAuthorizer, true);
    for (const nested of this.routeStacks.values()) NagSuppressions.addResourceSuppressions(nested, noAuthorizer, true);

    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
  }

  private createStage(config: DeploymentConfig): void {
    const accessLogs = new logs.LogGroup(this, 'ApiAccessLogs', { retention: LAMBDA_LOG_RETENTION });
    new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      description: `Tranche ${config.tenant} default stage`,
      throttle: API_THROTTLE,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            method: '$context.httpMethod',
            path: '$context.path',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            integrationLatencyMs: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });
  }

  /**
   * Puts the routes into nested stacks by resource count. Routes are taken folder by folder
   * (`auth`, `product`…, sorted), each folder's in route-table order, and fill the folder's stack
   * until the next route would pass ROUTE_STACK_RESOURCE_BUDGET; then the folder's next stack opens
   * (`RoutesAuth`, `RoutesAuthPart2`…). So a route keeps its stack when routes are added to another
   * folder or appended to its own (moving a route between stacks replaces its function and route:
   * CloudFormation may then create the route key in the new stack before deleting it from the old
   * one, which API Gateway refuses). A folder's first stack has the id the per-folder stacks had.
   */
  private packRoutes(
    routes: readonly RouteDef[],
    config: DeploymentConfig,
    environment: Record<string, string>,
    targets: AccessTargets,
  ): void {
    const byFolder = new Map<string, RouteDef[]>();
    for (const route of routes) {
      const folder = route.handler.split('/')[0]!;
      byFolder.set(folder, [...(byFolder.get(folder) ?? []), route]);
    }
    // The most resources one route has added so far: the room a stack must have left for the next.
    let routeCost = 0;
    for (const folder of [...byFolder.keys()].sort()) {
      let part = 1;
      let scope = this.routeStack(folder, part, config);
      for (const route of byFolder.get(folder)!) {
        const before = resourceCount(scope);
        if (before > 0 && before + routeCost > ROUTE_STACK_RESOURCE_BUDGET) {
          part += 1;
          scope = this.routeStack(folder, part, config);
        }
        const start = resourceCount(scope);
        this.addRoute(route, scope, config, environment, targets);
        routeCost = Math.max(routeCost, resourceCount(scope) - start);
      }
    }
  }

  private addRoute(
    route: RouteDef,
    scope: NestedStack,
    config: DeploymentConfig,
    environment: Record<string, string>,
    targets: AccessTargets,
  ): void {
    const id = constructId(route.operationId);
    const access = routeAccess(route);
    const sizing = ROUTE_SIZING[route.operationId as RouteKey];
    if (sizing?.timeoutSeconds && sizing.timeoutSeconds > MAX_ROUTE_TIMEOUT_SECONDS) {
      throw new Error(`${route.operationId}: a route function times out after at most ${MAX_ROUTE_TIMEOUT_SECONDS} s`);
    }
    const fn = new TrancheFunction(scope, `Route${id}`, {
      module: route.handler,
      description: `Tranche ${config.tenant} ${routeKey(route)}`,
      environment: {
        ...environment,
        ...accessEnvironment(access, targets),
        ...(route.auth === 'operator' ? { [ENV.operatorKeySecretId]: this.operatorKeySecret.secretArn } : {}),
      },
      ...(sizing?.timeoutSeconds ? { timeout: Duration.seconds(sizing.timeoutSeconds) } : {}),
      ...(sizing?.memoryMb ? { memorySize: sizing.memoryMb } : {}),
      files: ROUTE_FILES[route.operationId as RouteKey]?.(this.routes),
    });
    grantAccess(fn.role, access, targets);
    // Every route checks the origin-verify header against the secret's current and previous version.
    fn.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        resources: [this.originVerifySecret.secretArn],
      }),
    );
    // Operator routes, and only they, read the operator key: it follows from `auth`, so no route can
    // be an operator route without it, and no tenant route can read it.
    if (route.auth === 'operator') {
      fn.role.addToPolicy(
        new iam.PolicyStatement({
          actions: ['secretsmanager:GetSecretValue'],
          resources: [this.operatorKeySecret.secretArn],
        }),
      );
    }
    new apigwv2.HttpRoute(scope, `${id}Route`, {
      httpApi: this.httpApi,
      routeKey: apigwv2.HttpRouteKey.with(apiPath(route), apigwv2.HttpMethod[route.method]),
      integration: new HttpLambdaIntegration(`${id}Integration`, fn.fn),
    });
    this.routeFunctions.set(route.operationId, fn);
  }

  /** The `part`th nested stack of a handler folder's routes, created on first use. */
  private routeStack(folder: string, part: number, config: DeploymentConfig): NestedStack {
    const id = `Routes${constructId(folder)}${part > 1 ? `Part${part}` : ''}`;
    let nested = this.routeStacks.get(id);
    if (!nested) {
      nested = new NestedStack(this, id, {
        description: `Tranche ${config.tenant}: ${folder} routes${part > 1 ? ` (part ${part})` : ''}`,
      });
      this.routeStacks.set(id, nested);
    }
    return nested;
  }

  /**
   * The non-HTTP handlers other than Step Functions tasks (those are made with their state
   * machines): table-stream consumers (StreamWorker), scheduled jobs (an EventBridge rule) and
   * webhooks (a POST route of the API outside the route table, with the routes' origin check).
   */
  private createWorkers(
    workers: readonly WorkerDef[],
    routes: readonly RouteDef[],
    table: dynamodb.ITable,
    config: DeploymentConfig,
    targets: AccessTargets,
    environment: { readonly worker: Record<string, string>; readonly webhook: Record<string, string> },
  ): void {
    const names = new Set<string>();
    const readers = workers.filter((w) => w.trigger.kind === 'tableStream');
    if (readers.length > MAX_TABLE_STREAM_READERS) {
      throw new Error(
        `${readers.map((w) => w.name).join(', ')} all read the table's stream; DynamoDB allows ${MAX_TABLE_STREAM_READERS} readers (give the others an eventQueue trigger)`,
      );
    }
    for (const worker of workers) {
      if (names.has(worker.name)) throw new Error(`Worker ${worker.name} is declared twice`);
      names.add(worker.name);
      const { trigger } = worker;
      const id = `Worker${constructId(worker.name)}`;
      if (trigger.kind === 'stepFunctionsTask') {
        // Made with the fixed state machines or for the scenario machines; one that neither uses is a mistake.
        if (!this.stepFunctions.has(worker.handler))
          throw new Error(`Worker ${worker.name}: no state machine invokes ${worker.handler}`);
        continue;
      }
      if (trigger.kind === 'tableStream') {
        const stream = new StreamWorker(this, id, {
          worker: worker as WorkerDef & { trigger: TableStreamTrigger },
          table,
          tenant: config.tenant,
          environment: environment.worker,
          targets,
        });
        this.streamWorkers.set(worker.name, stream);
        continue;
      }
      if (trigger.kind === 'eventQueue') {
        const queued = new QueueWorker(this, id, {
          worker: worker as WorkerDef & { trigger: EventQueueTrigger },
          tenant: config.tenant,
          environment: environment.worker,
          targets,
        });
        this.queueWorkers.set(worker.name, queued);
        continue;
      }
      const env = trigger.kind === 'webhook' ? environment.webhook : environment.worker;
      const fn = new TrancheFunction(this, id, {
        module: worker.handler,
        description: `Tranche ${config.tenant} ${worker.name}: ${worker.description}`,
        environment: { ...env, ...accessEnvironment(worker.needs, targets) },
        ...(worker.timeoutSeconds ? { timeout: Duration.seconds(worker.timeoutSeconds) } : {}),
        ...(worker.memoryMb ? { memorySize: worker.memoryMb } : {}),
      });
      grantAccess(fn.role, worker.needs, targets);
      this.workerFunctions.set(worker.name, fn);
      if (trigger.kind === 'schedule') {
        if (!/^(rate|cron)\(.+\)$/.test(trigger.expression)) {
          throw new Error(`Worker ${worker.name}: ${trigger.expression} is not an EventBridge rate(...) or cron(...)`);
        }
        new events.Rule(this, `${id}Schedule`, {
          description: `Tranche ${config.tenant} ${worker.name}`,
          schedule: events.Schedule.expression(trigger.expression),
          // A missed run is retried briefly; the next scheduled run is the real retry.
          targets: [new eventsTargets.LambdaFunction(fn.fn, { retryAttempts: 2, maxEventAge: Duration.hours(1) })],
        });
      } else if (trigger.kind === 'dataRoomEvent') {
        // Only events about this deployment's data-room bucket (GuardDuty's scan results, issue 11).
        new events.Rule(this, `${id}Rule`, {
          description: `Tranche ${config.tenant} ${worker.name}`,
          eventPattern: {
            source: [trigger.source],
            detailType: [trigger.detailType],
            detail: { s3ObjectDetails: { bucketName: [targets.dataRoomBucket.bucketName] } },
          },
          // A verdict missed here is still read from the object's tag when the investor's page asks.
          targets: [new eventsTargets.LambdaFunction(fn.fn, { retryAttempts: 8, maxEventAge: Duration.hours(6) })],
        });
      } else {
        if (trigger.kind === 'webhook' && worker.timeoutSeconds && worker.timeoutSeconds > MAX_ROUTE_TIMEOUT_SECONDS) {
          throw new Error(`${worker.name}: a webhook times out after at most ${MAX_ROUTE_TIMEOUT_SECONDS} s`);
        }
        const taken = routes.find((r) => r.method === 'POST' && r.path === trigger.path);
        if (taken) throw new Error(`Worker ${worker.name}: POST ${trigger.path} is route ${taken.operationId}'s`);
        // A third party calls through CloudFront like everyone else: the origin check applies.
        fn.role.addToPolicy(
          new iam.PolicyStatement({
            actions: ['secretsmanager:GetSecretValue'],
            resources: [this.originVerifySecret.secretArn],
          }),
        );
        const route = new apigwv2.HttpRoute(this, `${id}Route`, {
          httpApi: this.httpApi,
          routeKey: apigwv2.HttpRouteKey.with(apiPath(trigger), apigwv2.HttpMethod.POST),
          integration: new HttpLambdaIntegration(`${id}Integration`, fn.fn),
        });
        NagSuppressions.addResourceSuppressions(route, [
          {
            id: 'AwsSolutions-APIG4',
            reason:
              "A webhook's caller is a third party that signs its body: the handler checks that signature (and the origin header), which a gateway authorizer cannot see.",
          },
        ]);
      }
    }
    this.connectEventQueues(readers[0]?.name);
  }

  /**
   * The dispatcher (the first stream worker) hands the events of each queue-fed worker to its queue
   * (functions/src/events/event-queues.ts): it may send to those queues only, and finds their URLs
   * in EVENT_QUEUE_URLS.
   */
  private connectEventQueues(dispatcherName: string | undefined): void {
    if (this.queueWorkers.size === 0) return;
    const dispatcher = dispatcherName ? this.streamWorkers.get(dispatcherName) : undefined;
    if (!dispatcher) throw new Error('Queue-fed workers need the dispatcher (a tableStream worker) to feed them');
    const urls: Record<string, string> = {};
    for (const [name, worker] of this.queueWorkers) urls[name] = worker.queue.queueUrl;
    // SendMessage alone (grantSendMessages would add GetQueueAttributes and GetQueueUrl, which it never calls).
    dispatcher.function.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['sqs:SendMessage'],
        resources: [...this.queueWorkers.values()].map((w) => w.queue.queueArn),
      }),
    );
    dispatcher.function.fn.addEnvironment(ENV.eventQueueUrls, Stack.of(this).toJsonString(urls));
  }

  /**
   * The scenario state machines (one per published version, created by the publish route through the
   * Step Functions API: docs/decisions.md "Scenario state machines on AWS") need what the template can
   * give ahead of them: their three task functions (WORKERS of kind stepFunctionsTask,
   * SCENARIO_FUNCTIONS), the role they run as (invoking exactly those functions, and log delivery)
   * and the log group they log to. Routes and workers reach them through `needs.scenario`.
   */
  private createScenarioMachineAccess(
    workers: readonly WorkerDef[],
    config: DeploymentConfig,
    baseEnvironment: Record<string, string>,
    targets: AccessTargets,
  ): ScenarioMachineTargets {
    const prefix = scenarioMachinePrefix(config.tenant);
    const functionArns: Record<string, string> = {};
    for (const module of Object.values(SCENARIO_FUNCTIONS)) {
      const worker = workers.find((w) => w.handler === module && w.trigger.kind === 'stepFunctionsTask');
      if (!worker) throw new Error(`Scenario machines invoke ${module}, which WORKERS has as no stepFunctionsTask`);
      let fn = this.stepFunctions.get(module);
      if (!fn) {
        fn = new TrancheFunction(this, `Step${constructId(module)}`, {
          module,
          description: `Tranche ${config.tenant} scenario task ${module}`,
          environment: { ...baseEnvironment, ...accessEnvironment(worker.needs, targets) },
        });
        grantAccess(fn.role, worker.needs, targets);
        this.stepFunctions.set(module, fn);
      }
      functionArns[module] = fn.fn.functionArn;
    }
    const logGroup = new logs.LogGroup(this, 'ScenarioMachineLogs', {
      // The vendedlogs prefix keeps Step Functions' log delivery out of the account's resource-policy size limit.
      logGroupName: `/aws/vendedlogs/states/${prefix}`,
      retention: LAMBDA_LOG_RETENTION,
    });
    const role = new iam.Role(this, 'ScenarioMachineRole', {
      assumedBy: new iam.ServicePrincipal('states.amazonaws.com'),
      description: `Tranche ${config.tenant}: the scenario state machines (${prefix}-*) invoke their task functions`,
    });
    // The exact function ARNs (unqualified), not `<arn>:*`: compiled definitions name them so.
    role.addToPolicy(
      new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: Object.values(functionArns) }),
    );
    // Log delivery is configured per machine at creation; these actions take no resource (AWS docs,
    // "IAM policies for logging to CloudWatch Logs").
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: [
          'logs:CreateLogDelivery',
          'logs:GetLogDelivery',
          'logs:UpdateLogDelivery',
          'logs:DeleteLogDelivery',
          'logs:ListLogDeliveries',
          'logs:PutResourcePolicy',
          'logs:DescribeResourcePolicies',
          'logs:DescribeLogGroups',
        ],
        resources: ['*'],
      }),
    );
    NagSuppressions.addResourceSuppressions(
      role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'Step Functions log delivery (logs:*LogDelivery, PutResourcePolicy, DescribeResourcePolicies, DescribeLogGroups) supports no resource-level permissions.',
          appliesTo: ['Resource::*'],
        },
      ],
      true,
    );
    return { prefix, role, functionArns, logGroupArn: logGroup.logGroupArn };
  }

  private createStateMachine(name: string, definition: unknown, config: DeploymentConfig): sfn.StateMachine {
    const id = constructId(name);
    const logGroup = new logs.LogGroup(this, `${id}Logs`, {
      // The vendedlogs prefix keeps Step Functions' log delivery out of the account's resource-policy size limit.
      logGroupName: `/aws/vendedlogs/states/tranche-${config.tenant}-${name}`,
      retention: LAMBDA_LOG_RETENTION,
    });
    const arnOf = (module: string): string => {
      const fn = this.stepFunctions.get(module);
      if (!fn) throw new Error(`No step function for ${module}`);
      return fn.fn.functionArn;
    };
    const machine = new sfn.StateMachine(this, id, {
      stateMachineName: `tranche-${config.tenant}-${name}`,
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromString(substituteFunctions(definition, arnOf)),
      // Execution data carries investor data and task tokens: log events, not payloads.
      logs: { destination: logGroup, level: sfn.LogLevel.ALL, includeExecutionData: false },
      tracingEnabled: true,
    });
    // The exact function ARNs the definition names (unqualified), not `<arn>:*`.
    machine.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: stepModules(definition).map(arnOf),
      }),
    );
    NagSuppressions.addResourceSuppressions(
      machine.role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'Step Functions log delivery (logs:*LogDelivery, DescribeLogGroups) and X-Ray (PutTraceSegments, GetSamplingRules) support no resource-level permissions.',
          appliesTo: ['Resource::*'],
        },
      ],
      true,
    );
    return machine;
  }
}
