import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentDb, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, timeoutFor } from './commands.js';

/**
 * The wire format of the SDK-less document commands, against a stand-in that records each request
 * and answers what a test queues. DynamoDB Local runs every other path in the integration suite;
 * these are the conversions it cannot show one by one: binary values as base64 at any depth, a
 * cancelled transaction's reasons (items converted back), and the target header of each command.
 */
interface Seen {
  target: string;
  body: Record<string, unknown>;
}
let server: Server;
const seen: Seen[] = [];
const answers: { status: number; body: unknown; headers?: Record<string, string> }[] = [];

const read = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

beforeAll(async () => {
  server = createServer(async (req, res) => {
    seen.push({ target: String(req.headers['x-amz-target']), body: JSON.parse(await read(req)) });
    const answer = answers.shift() ?? { status: 200, body: {} };
    res.writeHead(answer.status, { 'content-type': 'application/x-amz-json-1.0', ...answer.headers });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  vi.stubEnv('AWS_REGION', 'us-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'local');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'local');
  vi.stubEnv('AWS_ENDPOINT_URL_DYNAMODB', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  seen.length = 0;
  answers.length = 0;
});

const bytes = (...b: number[]) => new Uint8Array(b);

describe('DynamoDB document commands without the SDK client', () => {
  it('sends binary values as base64 at every depth, and drops undefined attributes', async () => {
    await documentDb.send(
      new PutCommand({
        TableName: 't',
        Item: {
          pk: 'A',
          top: bytes(1, 2, 3),
          nested: { inner: bytes(255), list: [bytes(0, 1), 'text', { deep: bytes(9) }] },
          gone: undefined,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    expect(seen[0]?.target).toBe('DynamoDB_20120810.PutItem');
    expect(seen[0]?.body).toEqual({
      TableName: 't',
      Item: {
        pk: { S: 'A' },
        top: { B: 'AQID' },
        nested: {
          M: {
            inner: { B: '/w==' },
            list: { L: [{ B: 'AAE=' }, { S: 'text' }, { M: { deep: { B: 'CQ==' } } }] },
          },
        },
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
  });

  it('reads base64 binaries back as bytes, and numbers as numbers', async () => {
    answers.push({
      status: 200,
      body: { Item: { pk: { S: 'A' }, sig: { B: 'AQID' }, n: { N: '42.5' }, m: { M: { b: { B: '/w==' } } } } },
    });
    const { Item } = await documentDb.send(new GetCommand({ TableName: 't', Key: { pk: 'A' } }));
    expect(seen[0]?.body).toEqual({ TableName: 't', Key: { pk: { S: 'A' } } });
    expect(Item).toEqual({ pk: 'A', sig: bytes(1, 2, 3), n: 42.5, m: { b: bytes(255) } });
    expect(Item?.sig).toBeInstanceOf(Uint8Array);
  });

  it("converts a query's values, items and paging key both ways", async () => {
    answers.push({
      status: 200,
      body: { Items: [{ pk: { S: 'A' }, sk: { N: '1' } }], LastEvaluatedKey: { pk: { S: 'A' }, sk: { N: '1' } } },
    });
    const out = await documentDb.send(
      new QueryCommand({
        TableName: 't',
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'A' },
        ExclusiveStartKey: { pk: 'A', sk: 0 },
      }),
    );
    expect(seen[0]?.body).toMatchObject({
      ExpressionAttributeValues: { ':pk': { S: 'A' } },
      ExclusiveStartKey: { pk: { S: 'A' }, sk: { N: '0' } },
    });
    expect(out.Items).toEqual([{ pk: 'A', sk: 1 }]);
    expect(out.LastEvaluatedKey).toEqual({ pk: 'A', sk: 1 });
  });

  it('names a cancelled transaction as the SDK does and keeps its reasons, with their items converted', async () => {
    answers.push({
      status: 400,
      body: {
        __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
        message:
          'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]',
        CancellationReasons: [
          { Code: 'None' },
          {
            Code: 'ConditionalCheckFailed',
            Message: 'The conditional request failed',
            Item: { v: { N: '3' }, b: { B: 'AQ==' } },
          },
        ],
      },
    });
    type Cancelled = Error & { CancellationReasons?: { Code: string; Item?: unknown }[]; $metadata: object };
    const error: Cancelled = await documentDb
      .send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: 't', Item: { pk: 'A' } } },
            {
              Update: {
                TableName: 't',
                Key: { pk: 'B' },
                UpdateExpression: 'SET v = :v',
                ExpressionAttributeValues: { ':v': 4 },
              },
            },
          ],
        }),
      )
      .then(
        () => {
          throw new Error('the transaction was expected to be cancelled');
        },
        (e: unknown) => e as Cancelled,
      );
    expect(seen[0]?.target).toBe('DynamoDB_20120810.TransactWriteItems');
    expect(seen[0]?.body).toEqual({
      TransactItems: [
        { Put: { TableName: 't', Item: { pk: { S: 'A' } } } },
        {
          Update: {
            TableName: 't',
            Key: { pk: { S: 'B' } },
            UpdateExpression: 'SET v = :v',
            ExpressionAttributeValues: { ':v': { N: '4' } },
          },
        },
      ],
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('TransactionCanceledException');
    expect(error.$metadata).toMatchObject({ httpStatusCode: 400 });
    expect(error.CancellationReasons?.map((r) => r.Code)).toEqual(['None', 'ConditionalCheckFailed']);
    expect(error.CancellationReasons?.[1]?.Item).toEqual({ v: 3, b: bytes(1) });
    // A client error is not retried: one request.
    expect(seen).toHaveLength(1);
  });

  it('retries a throttled call and succeeds on the next attempt', async () => {
    answers.push({
      status: 400,
      body: { __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException', message: 'slow down' },
    });
    answers.push({ status: 200, body: { Item: { pk: { S: 'A' } } } });
    const { Item } = await documentDb.send(new GetCommand({ TableName: 't', Key: { pk: 'A' } }));
    expect(Item).toEqual({ pk: 'A' });
    expect(seen).toHaveLength(2);
  });

  it('refuses a command it does not send, before any request', async () => {
    await expect(documentDb.send({ op: 'ScanEverything', input: {} } as never)).rejects.toThrow(
      /not a DynamoDB document command/,
    );
    expect(seen).toHaveLength(0);
  });
});

describe('per-call timeouts', () => {
  it('gives each operation its base, a second more per 100 KB sent, and never more than three attempts fit in 29 s', () => {
    expect(timeoutFor('GetItem', 200)).toBe(6_000);
    expect(timeoutFor('Query', 0)).toBe(8_000);
    // A capital call's gzipped 5,000-investor split (220 KB, base64 in JSON ~300 KB) put in a transaction.
    expect(timeoutFor('TransactWriteItems', 300_000)).toBe(9_000);
    expect(timeoutFor('PutItem', 150_000)).toBe(7_000);
    expect(timeoutFor('TransactWriteItems', 4_000_000) * 3).toBeLessThan(29_000);
    expect(timeoutFor('SomethingNew', 10)).toBe(6_000);
  });
});
