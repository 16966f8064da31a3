import { TABLE_DEF } from '@tranche/shared/infra/table';
import { USER_POOL_DEF } from '@tranche/shared/infra/user-pool';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CfnJson, defaultTestApp, nagFindings, type TrancheApp } from './synth.js';

let built: TrancheApp;
let template: Template;

beforeAll(() => {
  built = defaultTestApp();
  template = Template.fromStack(built.data);
});

const onlyResource = (type: string, props: Record<string, unknown> = {}) => {
  const found = template.findResources(type, props);
  const entries = Object.values(found);
  expect(entries).toHaveLength(1);
  return entries[0]!;
};

describe('Tranche-<tenant>-Data', () => {
  it('is named after the tenant deployment', () => {
    expect(built.data.stackName).toBe('Tranche-acme-Data');
  });

  it('has no unsuppressed cdk-nag finding', () => {
    expect(nagFindings(built.data)).toEqual([]);
  });

  it('creates the table from TABLE_DEF: keys, GSIs (projection ALL), TTL, on demand', () => {
    const table = onlyResource('AWS::DynamoDB::Table');
    const p = table.Properties!;
    expect(p.KeySchema).toEqual([
      { AttributeName: TABLE_DEF.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_DEF.sortKey, KeyType: 'RANGE' },
    ]);
    expect(p.GlobalSecondaryIndexes).toEqual(
      TABLE_DEF.gsis.map((g) => ({
        IndexName: g.indexName,
        KeySchema: [
          { AttributeName: g.partitionKey, KeyType: 'HASH' },
          { AttributeName: g.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
    const keyNames = [
      TABLE_DEF.partitionKey,
      TABLE_DEF.sortKey,
      ...TABLE_DEF.gsis.flatMap((g) => [g.partitionKey, g.sortKey]),
    ];
    expect(p.AttributeDefinitions).toEqual(
      expect.arrayContaining(keyNames.map((AttributeName) => ({ AttributeName, AttributeType: 'S' }))),
    );
    expect(p.AttributeDefinitions).toHaveLength(keyNames.length);
    expect(p.TimeToLiveSpecification).toEqual({ AttributeName: TABLE_DEF.ttlAttribute, Enabled: true });
    expect(p.BillingMode).toBe('PAY_PER_REQUEST');
  });

  it('protects the table: PITR, deletion protection, encryption at rest, retained', () => {
    const table = onlyResource('AWS::DynamoDB::Table') as {
      Properties: Record<string, unknown>;
      DeletionPolicy?: string;
    };
    expect(table.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(table.Properties.DeletionProtectionEnabled).toBe(true);
    expect(table.Properties.SSESpecification).toEqual({ SSEEnabled: true });
    expect(table.DeletionPolicy).toBe('Retain');
  });

  it('keeps the data room versioned, encrypted, private, TLS-only, logged and retained, with CORS for presigned PUT', () => {
    const bucket = onlyResource('AWS::S3::Bucket', { Properties: { VersioningConfiguration: Match.anyValue() } }) as {
      Properties: Record<string, CfnJson>;
      DeletionPolicy?: string;
    };
    const p = bucket.Properties;
    expect(p.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(p.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe(
      'AES256',
    );
    expect(p.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(p.LoggingConfiguration.DestinationBucketName).toBeDefined();
    const [rule] = p.CorsConfiguration.CorsRules;
    expect(rule.AllowedMethods).toEqual(expect.arrayContaining(['PUT', 'GET']));
    expect(rule.AllowedOrigins).toEqual(['https://*.cloudfront.net']);
    expect(p.ObjectLockEnabled).toBe(true);
    expect(bucket.DeletionPolicy).toBe('Retain');

    const policies = template.findResources('AWS::S3::BucketPolicy');
    const denyInsecure = Object.values(policies).some((pol) =>
      JSON.stringify(pol.Properties.PolicyDocument).includes('"aws:SecureTransport":"false"'),
    );
    expect(denyInsecure).toBe(true);
  });

  it('gives the user pool immutable tenantId/role attributes, a 12-character minimum and deletion protection', () => {
    const pool = onlyResource('AWS::Cognito::UserPool') as {
      Properties: Record<string, CfnJson>;
      DeletionPolicy?: string;
    };
    const schema = pool.Properties.Schema as { Name: string; Mutable: boolean }[];
    for (const { name } of USER_POOL_DEF.customAttributes) {
      expect(schema.find((a) => a.Name === name)).toMatchObject({ Mutable: false, AttributeDataType: 'String' });
    }
    expect(pool.Properties.Policies.PasswordPolicy.MinimumLength).toBe(USER_POOL_DEF.passwordMinLength);
    expect(pool.Properties.DeletionProtection).toBe('ACTIVE');
    expect(pool.Properties.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(true);
    expect(pool.DeletionPolicy).toBe('Retain');
  });

  it('lets the app client read but never write custom attributes, with the API auth flows', () => {
    const client = onlyResource('AWS::Cognito::UserPoolClient').Properties as Record<string, string[]>;
    expect(client.WriteAttributes!.length).toBeGreaterThan(0);
    expect(client.WriteAttributes!.filter((a) => a.startsWith('custom:'))).toEqual([]);
    expect(client.ReadAttributes).toEqual(expect.arrayContaining(['custom:tenantId', 'custom:role']));
    expect([...client.ExplicitAuthFlows!].sort()).toEqual([...USER_POOL_DEF.clientAuthFlows].sort());
    expect(client.GenerateSecret).toBe(false);
  });
});
