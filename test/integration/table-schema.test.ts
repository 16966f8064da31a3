import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { synthTestApp } from '../../cdk/test/synth.js';
import { stack } from '../support/api.js';

interface KeyElement {
  AttributeName?: string;
  KeyType?: string;
}
const keySchema = (keys: KeyElement[] | undefined) => (keys ?? []).map((k) => `${k.AttributeName}:${k.KeyType}`);

/** The local table and the deployed one come from one definition; this proves they did not drift. */
describe('the local table', () => {
  const app = synthTestApp();
  afterAll(() => app.cleanup());

  it("has the synthesized template's key schema, GSIs and stream", async () => {
    const resources = Template.fromStack(app.data).findResources('AWS::DynamoDB::Table');
    const [table] = Object.values(resources) as { Properties: Record<string, unknown> }[];
    const cfn = table!.Properties as {
      KeySchema: KeyElement[];
      GlobalSecondaryIndexes: { IndexName: string; KeySchema: KeyElement[]; Projection: { ProjectionType: string } }[];
      StreamSpecification: { StreamViewType: string };
    };

    const client = new DynamoDBClient({});
    const { Table } = await client.send(new DescribeTableCommand({ TableName: stack.env.TABLE_NAME }));

    expect(keySchema(Table?.KeySchema)).toEqual(keySchema(cfn.KeySchema));
    const local = (Table?.GlobalSecondaryIndexes ?? [])
      .map((g) => ({ name: g.IndexName, keys: keySchema(g.KeySchema), projection: g.Projection?.ProjectionType }))
      .sort((a, b) => String(a.name).localeCompare(String(b.name)));
    const deployed = cfn.GlobalSecondaryIndexes.map((g) => ({
      name: g.IndexName,
      keys: keySchema(g.KeySchema),
      projection: g.Projection.ProjectionType,
    })).sort((a, b) => a.name.localeCompare(b.name));
    expect(local).toEqual(deployed);
    expect(local.length).toBeGreaterThan(0);
    // The domain-event dispatcher reads the stream in both places: same view of each record.
    expect(Table?.StreamSpecification).toEqual({
      StreamEnabled: true,
      StreamViewType: cfn.StreamSpecification.StreamViewType,
    });
    expect(cfn.StreamSpecification.StreamViewType).toBe('NEW_IMAGE');
  });
});
