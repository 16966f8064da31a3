import { apiPath, ROUTE_LIST, type RouteDef, type RouteKey, routeKey } from '@tranche/shared/http/routes';
import {
  SCENARIO_MACHINE,
  STATE_MACHINES,
  stepModules,
  substituteFunctions,
} from '@tranche/shared/infra/state-machines';
import { ENV } from '@tranche/shared/infra/table';
import { CfnOutput, Duration, NestedStack, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { type DeploymentConfig, portalBaseUrlParameterName } from '../config.js';
import { type AccessTargets, accessEnvironment, grantAccess } from '../constructs/access.js';
import { LAMBDA_LOG_RETENTION, TrancheFunction } from '../constructs/tranche-function.js';
import { NOT_FOUND_HANDLER, ROUTE_SIZING, routeAccess, STEP_ACCESS } from '../routes.js';

export interface ApiStackProps extends StackProps {
  readonly config: DeploymentConfig;
  readonly table: dynamodb.ITable;
  readonly dataRoomBucket: s3.IBucket;
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  readonly secretBoxKey: kms.IKey;
  readonly recaptchaSecret: secretsmanager.ISecret;
}

/** An HTTP API integration times out after 30 seconds: a route function must answer before that. */
export const MAX_ROUTE_TIMEOUT_SECONDS = 29;

/** Stage-wide defaults per deployment; the API's own lockout and rate rules sit behind them. */
export const API_THROTTLE = { rateLimit: 200, burstLimit: 400 } as const;

/** `tenant/get-tenant-info` -> `TenantGetTenantInfo` */
const constructId = (module: string): string =>
  module
    .split(/[/-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/**
 * The HTTP API (one Lambda per route of the shared route table, under `/api`) and the scenario
 * state machines with their step functions.
 */
export class ApiStack extends Stack {
  readonly httpApi: apigwv2.HttpApi;
  readonly routeFunctions = new Map<string, TrancheFunction>();
  /**
   * The route functions, routes and integrations live in one nested stack per handler folder
   * (`auth`, `user`, `product`…): seven resources a route would pass CloudFormation's 500 per stack
   * at about 70 routes. Grouping by folder keeps a route in the same nested stack as the table grows.
   */
  readonly routeStacks = new Map<string, NestedStack>();
  readonly stepFunctions = new Map<string, TrancheFunction>();
  readonly stateMachines = new Map<string, sfn.StateMachine>();
  /**
   * The origin-verify secret: CloudFront sends it to the API origin (Web stack), every route
   * checks it (functions/src/_lib/origin.ts), so execute-api cannot be called around CloudFront.
   */
  readonly originVerifySecret: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config } = props;
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
      portal: config.portalBaseUrl
        ? { baseUrl: config.portalBaseUrl }
        : { parameterName: portalBaseUrlParameterName(config.tenant) },
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

    // Step handlers first: the route functions get the state machine ARN, never the other way round.
    for (const { name, definition } of STATE_MACHINES) {
      for (const module of stepModules(definition)) {
        if (this.stepFunctions.has(module)) continue;
        const access = STEP_ACCESS[module];
        if (!access) throw new Error(`State machine ${name} invokes ${module}, which has no entry in STEP_ACCESS`);
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

    const scenarioStateMachine = this.stateMachines.get(SCENARIO_MACHINE);
    const routeEnvironment = {
      ...baseEnvironment,
      ...(scenarioStateMachine ? { [ENV.scenarioStateMachineArn]: scenarioStateMachine.stateMachineArn } : {}),
      [ENV.originVerifySecretId]: this.originVerifySecret.secretArn,
    };
    const routeTargets: AccessTargets = { ...targets, ...(scenarioStateMachine ? { scenarioStateMachine } : {}) };

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

    for (const route of ROUTE_LIST) this.addRoute(route, config, routeEnvironment, routeTargets);

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

  private addRoute(
    route: RouteDef,
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
    const scope = this.routeStack(route, config);
    const fn = new TrancheFunction(scope, `Route${id}`, {
      module: route.handler,
      description: `Tranche ${config.tenant} ${routeKey(route)}`,
      environment: { ...environment, ...accessEnvironment(access, targets) },
      ...(sizing?.timeoutSeconds ? { timeout: Duration.seconds(sizing.timeoutSeconds) } : {}),
      ...(sizing?.memoryMb ? { memorySize: sizing.memoryMb } : {}),
    });
    grantAccess(fn.role, access, targets);
    // Every route checks the origin-verify header against the secret's current and previous version.
    fn.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        resources: [this.originVerifySecret.secretArn],
      }),
    );
    new apigwv2.HttpRoute(scope, `${id}Route`, {
      httpApi: this.httpApi,
      routeKey: apigwv2.HttpRouteKey.with(apiPath(route), apigwv2.HttpMethod[route.method]),
      integration: new HttpLambdaIntegration(`${id}Integration`, fn.fn),
    });
    this.routeFunctions.set(route.operationId, fn);
  }

  /** The nested stack of a route's handler folder, created on first use. */
  private routeStack(route: RouteDef, config: DeploymentConfig): NestedStack {
    const folder = route.handler.split('/')[0]!;
    let nested = this.routeStacks.get(folder);
    if (!nested) {
      nested = new NestedStack(this, `Routes${constructId(folder)}`, {
        description: `Tranche ${config.tenant}: ${folder} routes`,
      });
      this.routeStacks.set(folder, nested);
    }
    return nested;
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
