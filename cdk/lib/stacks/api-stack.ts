import type { RouteDef } from '@tranche/shared/http/routes';
import { STATE_MACHINES } from '@tranche/shared/infra/state-machines';
import { ENV } from '@tranche/shared/infra/table';
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import type { DeploymentConfig } from '../config.js';
import { type AccessTargets, grantAccess } from '../constructs/access.js';
import { LAMBDA_LOG_RETENTION, TrancheFunction } from '../constructs/tranche-function.js';
import {
  API_ROUTES,
  NOT_FOUND_HANDLER,
  routeAccess,
  STEP_ACCESS,
  stepModules,
  substituteFunctions,
} from '../routes.js';

export interface ApiStackProps extends StackProps {
  readonly config: DeploymentConfig;
  readonly table: dynamodb.ITable;
  readonly dataRoomBucket: s3.IBucket;
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
}

/** Stage-wide defaults per deployment; the API's own lockout and rate rules sit behind them. */
export const API_THROTTLE = { rateLimit: 200, burstLimit: 400 } as const;

const SCENARIO_MACHINE = 'scenario-flow';

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
  readonly stepFunctions = new Map<string, TrancheFunction>();
  readonly stateMachines = new Map<string, sfn.StateMachine>();

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
    };

    // Step handlers first: the route functions get the state machine ARN, never the other way round.
    for (const { name, definition } of STATE_MACHINES) {
      for (const module of stepModules(definition)) {
        if (this.stepFunctions.has(module)) continue;
        const access = STEP_ACCESS[module];
        if (!access) throw new Error(`State machine ${name} invokes ${module}, which has no entry in STEP_ACCESS`);
        const fn = new TrancheFunction(this, `Step${constructId(module)}`, {
          module,
          description: `Tranche ${config.tenant} step ${module}`,
          environment: baseEnvironment,
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

    for (const route of API_ROUTES) this.addRoute(route, config, routeEnvironment, routeTargets);

    NagSuppressions.addResourceSuppressions(
      this.httpApi,
      [
        {
          id: 'AwsSolutions-APIG4',
          reason:
            'Sessions are opaque tokens in HttpOnly cookies, verified in every handler against server-side session records (revocable at once); public routes are public by the spec. A gateway authorizer could not check revocation without the same table read.',
        },
      ],
      true,
    );

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
    const id = route.operationId.charAt(0).toUpperCase() + route.operationId.slice(1);
    const fn = new TrancheFunction(this, `Route${id}`, {
      module: route.handler,
      description: `Tranche ${config.tenant} ${route.method} /api${route.path}`,
      environment,
    });
    grantAccess(fn.role, routeAccess(route), targets);
    this.httpApi.addRoutes({
      path: `/api${route.path}`,
      methods: [apigwv2.HttpMethod[route.method]],
      integration: new HttpLambdaIntegration(`${id}Integration`, fn.fn),
    });
    this.routeFunctions.set(route.operationId, fn);
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
