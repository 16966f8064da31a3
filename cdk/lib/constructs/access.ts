import { TABLE_DEF } from '@tranche/shared/infra/table';
import { Stack } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { NagSuppressions } from 'cdk-nag';
import type { FunctionAccess } from '../routes.js';

export interface AccessTargets {
  readonly table: dynamodb.ITable;
  readonly dataRoomBucket: s3.IBucket;
  readonly userPool: cognito.IUserPool;
  readonly mailFrom: string;
  readonly scenarioStateMachine?: sfn.IStateMachine;
}

// No Scan: request paths only read by key (STYLE.md). Transactions need only the per-item actions.
const TABLE_READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
const TABLE_WRITE = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
const COGNITO_ADMIN = [
  'cognito-idp:AdminInitiateAuth',
  'cognito-idp:AdminRespondToAuthChallenge',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:AssociateSoftwareToken',
  'cognito-idp:VerifySoftwareToken',
  'cognito-idp:RevokeToken',
];

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
  if (access.userPool) {
    role.addToPolicy(new iam.PolicyStatement({ actions: COGNITO_ADMIN, resources: [targets.userPool.userPoolArn] }));
  }
  if (access.dataRoom) {
    const read = ['s3:GetObject', 's3:GetObjectVersion', 's3:GetObjectTagging'];
    const write = ['s3:PutObject', 's3:PutObjectTagging', 's3:PutObjectRetention', 's3:DeleteObject'];
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: access.dataRoom === 'read' ? read : [...read, ...write],
        resources: [targets.dataRoomBucket.arnForObjects('*')],
      }),
    );
    NagSuppressions.addResourceSuppressions(
      role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'Data-room object keys are created at run time (tenant-prefixed by the API, which checks the tenant before presigning); the grant is limited to objects of this one bucket.',
          // The bucket ARN reaches this stack as a cross-stack import (`Tranche-<t>-Data:ExportsOutput…DataRoom…Arn…`).
          appliesTo: [{ regex: '/^Resource::.*DataRoom[0-9A-F]{8}.*Arn.*\\/\\*$/' }],
        },
      ],
      true,
    );
  }
  if (access.scenario) {
    const machine = targets.scenarioStateMachine;
    if (!machine) throw new Error('scenario access needs the scenario state machine');
    if (access.scenario === 'start') machine.grantStartExecution(role);
    else machine.grantTaskResponse(role);
  }
  if (access.mail) {
    const stack = Stack.of(role);
    const domain = targets.mailFrom.split('@')[1];
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [stack.formatArn({ service: 'ses', resource: 'identity', resourceName: domain })],
        conditions: { StringEquals: { 'ses:FromAddress': targets.mailFrom } },
      }),
    );
  }
};
