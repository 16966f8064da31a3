import { DATA_ROOM_KEYS, SCREENING_LIST_SOURCE_ENV } from '@tranche/shared/infra/data-room';
import type { DataRoomGrant, FunctionAccess, ScenarioMachineAction } from '@tranche/shared/infra/needs';
import { BANK_NUMBER_PURPOSE, SEALING_KEY_PURPOSE, TOTP_SECRET_PURPOSE } from '@tranche/shared/infra/secret-box';
import { ENV, TABLE_DEF } from '@tranche/shared/infra/table';
import { ArnFormat, Stack } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';

export interface AccessTargets {
  readonly table: dynamodb.ITable;
  readonly dataRoomBucket: s3.IBucket;
  readonly userPool: cognito.IUserPool;
  readonly mailFrom: string;
  /** The per-version scenario state machines' name prefix, role and task functions (issue 13). */
  readonly scenarioMachines?: ScenarioMachineTargets;
  /** The secret box's key (Data stack). */
  readonly secretBoxKey: kms.IKey;
  readonly captchaProvider: 'recaptcha' | 'test';
  readonly recaptchaSecret: secretsmanager.ISecret;
  /** Public reCAPTCHA site key (context `recaptchaSiteKey`), for the forms' widget. */
  readonly recaptchaSiteKey?: string;
  /** The portal address: a value, or a token CloudFormation resolves from SSM at deploy time. */
  readonly portalBaseUrl: string;
}

/**
 * What the scenario state machines created at publish time are made of (docs/decisions.md "Scenario
 * state machines on AWS"): they are not in the template, so grants name them by prefix.
 */
export interface ScenarioMachineTargets {
  /** Every machine is named `<prefix>-<tenantId>-<scenarioId>-v<n>` (functions/src/scenario/sfn.ts). */
  readonly prefix: string;
  /** The role every scenario machine runs as: it may invoke the task functions, nothing else of ours. */
  readonly role: iam.IRole;
  /** Handler module -> deployed function ARN, for the `${fn:<module>}` placeholders of compiled definitions. */
  readonly functionArns: Readonly<Record<string, string>>;
  readonly logGroupArn: string;
}

/**
 * The environment a function needs for its access (names only: ARNs and ids, never a secret value);
 * the base environment (table, pool, MAIL_FROM…) is the stack's.
 */
export const accessEnvironment = (access: FunctionAccess, targets: AccessTargets): Record<string, string> => ({
  ...(access.portalLinks ? { [ENV.portalBaseUrl]: targets.portalBaseUrl } : {}),
  ...(access.captcha
    ? {
        [ENV.captchaProvider]: targets.captchaProvider,
        ...(targets.captchaProvider === 'recaptcha'
          ? { [ENV.recaptchaSecretId]: targets.recaptchaSecret.secretArn }
          : {}),
      }
    : {}),
  ...(access.captchaWidget
    ? {
        [ENV.captchaProvider]: targets.captchaProvider,
        ...(targets.captchaProvider === 'recaptcha' && targets.recaptchaSiteKey
          ? { [ENV.recaptchaSiteKey]: targets.recaptchaSiteKey }
          : {}),
      }
    : {}),
  ...(access.secretBox ? { [ENV.secretBoxKeyId]: targets.secretBoxKey.keyArn } : {}),
  ...scenarioEnvironment(access.scenario, targets.scenarioMachines),
  // A function granted the screening list reads it from the bucket (functions/src/screening/list-source.ts).
  ...(access.dataRoom?.some((g) => g.prefixes.includes(DATA_ROOM_KEYS.screeningList))
    ? { [SCREENING_LIST_SOURCE_ENV]: 's3' }
    : {}),
});

const scenarioEnvironment = (
  actions: readonly ScenarioMachineAction[] | undefined,
  machines: ScenarioMachineTargets | undefined,
): Record<string, string> => {
  if (!actions?.length || !machines) return {};
  return {
    [ENV.scenarioMachinePrefix]: machines.prefix,
    // Only the publisher compiles definitions and hands the role to Step Functions. The ARNs are
    // tokens inside the JSON text, which CloudFormation joins at deploy time.
    ...(actions.includes('publish')
      ? {
          [ENV.scenarioMachineRoleArn]: machines.role.roleArn,
          [ENV.scenarioFunctionArns]: JSON.stringify(machines.functionArns),
          [ENV.scenarioMachineLogGroupArn]: machines.logGroupArn,
        }
      : {}),
  };
};

// No Scan: request paths only read by key (STYLE.md). Transactions need only the per-item actions.
const TABLE_READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
const TABLE_WRITE = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

/** Adds exactly the permissions `access` names to `role`: the table and its indexes by name, nothing by wildcard where avoidable. */
export const grantAccess = (role: iam.Role, access: FunctionAccess, targets: AccessTargets): void => {
  if (access.table !== 'none') {
    const { tableArn } = targets.table;
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: access.table === 'read' ? TABLE_READ : [...TABLE_READ, ...TABLE_WRITE],
        resources: [tableArn, ...TABLE_DEF.gsis.map((g) => `${tableArn}/index/${g.indexName}`)],
      }),
    );
  }
  if (access.userPool?.length) {
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: access.userPool.map((a) => `cognito-idp:${a}`),
        resources: [targets.userPool.userPoolArn],
      }),
    );
  }
  if (access.dataRoom?.length) grantDataRoom(role, access.dataRoom, targets.dataRoomBucket);
  if (access.scenario?.length) grantScenarioMachines(role, access.scenario, targets);
  const stack = Stack.of(role);
  if (access.mail) {
    const domain = targets.mailFrom.split('@')[1];
    // SES v2 SendEmail (simple content) is authorised as ses:SendEmail on the sending identity.
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [stack.formatArn({ service: 'ses', resource: 'identity', resourceName: domain })],
        conditions: { StringEquals: { 'ses:FromAddress': targets.mailFrom } },
      }),
    );
  }
  if (access.sms) {
    // Publishing to a phone number has no resource ARN, so the Allow must name "*"; the Deny keeps
    // it from reaching any topic of the account: SMS only.
    role.addToPolicy(new iam.PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }));
    role.addToPolicy(
      new iam.PolicyStatement({
        effect: iam.Effect.DENY,
        actions: ['sns:Publish'],
        resources: [`arn:${stack.partition}:sns:*:*:*`],
      }),
    );
    NagSuppressions.addResourceSuppressions(
      role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'SNS Publish to a phone number (SMS codes) has no resource ARN, so IAM needs "*"; a Deny on every topic ARN in the same policy limits it to SMS.',
          appliesTo: ['Resource::*'],
        },
      ],
      true,
    );
  }
  if (access.captcha && targets.captchaProvider === 'recaptcha') {
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        resources: [targets.recaptchaSecret.secretArn],
      }),
    );
  }
  if (access.secretBox) {
    role.addToPolicy(
      new iam.PolicyStatement({
        actions:
          access.secretBox === 'sealAndOpen'
            ? ['kms:GenerateDataKey', 'kms:Decrypt']
            : [access.secretBox === 'seal' ? 'kms:GenerateDataKey' : 'kms:Decrypt'],
        resources: [targets.secretBoxKey.keyArn],
        // Only data keys of the declared purpose (authenticator seeds unless said): another purpose's
        // context is refused by KMS, so a bank-number grant opens no seed and the reverse.
        conditions: {
          StringEquals: {
            'kms:EncryptionContext:purpose':
              access.secretBoxPurpose === 'bankNumber'
                ? BANK_NUMBER_PURPOSE
                : access.secretBoxPurpose === 'sealing'
                  ? SEALING_KEY_PURPOSE
                  : TOTP_SECRET_PURPOSE,
          },
        },
      }),
    );
  }
};

/**
 * The per-version scenario machines are created at run time (publish), so they cannot be named one by
 * one: each action is granted on the machines (or their executions) under the deployment's prefix,
 * which no other deployment's machines share; publishing may pass exactly the machines' role, to Step
 * Functions only.
 */
const grantScenarioMachines = (
  role: iam.Role,
  actions: readonly ScenarioMachineAction[],
  targets: AccessTargets,
): void => {
  const machines = targets.scenarioMachines;
  if (!machines) throw new Error('scenario access needs the scenario machines (prefix, role, task functions)');
  const stack = Stack.of(role);
  const arn = (resource: 'stateMachine' | 'execution', resourceName: string) =>
    stack.formatArn({ service: 'states', resource, resourceName, arnFormat: ArnFormat.COLON_RESOURCE_NAME });
  const machineArn = arn('stateMachine', `${machines.prefix}-*`);
  const executionArn = arn('execution', `${machines.prefix}-*:*`);
  const on = (resource: string, ...names: string[]) =>
    role.addToPolicy(new iam.PolicyStatement({ actions: names.map((n) => `states:${n}`), resources: [resource] }));
  if (actions.includes('publish')) {
    // Update: a retried publish whose definition names other function ARNs (a redeployed function).
    on(machineArn, 'CreateStateMachine', 'UpdateStateMachine', 'TagResource');
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [machines.role.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'states.amazonaws.com' } },
      }),
    );
  }
  if (actions.includes('start')) on(machineArn, 'StartExecution');
  // Task tokens belong to an execution of a machine; IAM checks them against the machine's ARN.
  if (actions.includes('respond')) on(machineArn, 'SendTaskSuccess', 'SendTaskFailure');
  if (actions.includes('stop')) on(executionArn, 'StopExecution');
  const prefix = escapeRegex(machines.prefix);
  NagSuppressions.addResourceSuppressions(
    role,
    [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          "Scenario state machines are created when a version is published (one per version, named <prefix>-<tenant>-<scenario>-v<n>), so they exist in no template: the grant names the deployment's prefix, which only this deployment's scenario machines carry, and executions under them.",
        appliesTo: [
          {
            regex: `/^Resource::arn:<AWS::Partition>:states:<AWS::Region>:<AWS::AccountId>:(stateMachine|execution):${prefix}-\\*(:\\*)?$/`,
          },
        ],
      },
    ],
    true,
  );
};

/** A key pattern must start with a fixed folder: `*` or an empty prefix would be the whole bucket. */
const KEY_PATTERN = /^[a-z][a-z0-9-]*\/[\w*./-]*$/;

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The data-room grants: object actions on `<bucket>/<pattern>` per grant, s3:ListBucket on the
 * bucket with the patterns as `s3:prefix` conditions. cdk-nag's wildcard finding is suppressed for
 * exactly these patterns (object keys hold run-time ids), not for the bucket as a whole.
 */
const grantDataRoom = (role: iam.Role, grants: readonly DataRoomGrant[], bucket: s3.IBucket): void => {
  const patterns = new Set<string>();
  for (const { actions, prefixes } of grants) {
    if (actions.length === 0 || prefixes.length === 0) throw new Error('a data-room grant needs actions and prefixes');
    for (const prefix of prefixes) {
      if (!KEY_PATTERN.test(prefix)) throw new Error(`data-room prefix ${prefix} does not start with a fixed folder`);
    }
    const objectActions = actions.filter((a) => a !== 's3:ListBucket');
    if (objectActions.length > 0) {
      role.addToPolicy(
        new iam.PolicyStatement({
          actions: [...objectActions],
          resources: prefixes.map((p) => bucket.arnForObjects(p)),
        }),
      );
      for (const p of prefixes) patterns.add(p);
    }
    if (actions.includes('s3:ListBucket')) {
      role.addToPolicy(
        new iam.PolicyStatement({
          actions: ['s3:ListBucket'],
          resources: [bucket.bucketArn],
          conditions: { StringLike: { 's3:prefix': [...prefixes] } },
        }),
      );
    }
  }
  if (patterns.size === 0) return;
  NagSuppressions.addResourceSuppressions(
    role,
    [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'Data-room object keys hold ids made at run time (tenant, product, document, upload); each grant names the key layout of one kind of object (shared/src/infra/data-room.ts), never the whole bucket, and the API checks the tenant before it reads, writes or presigns.',
        // The bucket ARN reaches the route stack as a parameter of a cross-stack import (`…DataRoom<hash>…Arn…`).
        appliesTo: [...patterns].map((p) => ({
          regex: `/^Resource::.*DataRoom[0-9A-F]{8}.*Arn.*\\/${escapeRegex(p)}$/`,
        })),
      },
    ],
    true,
  );
};
