import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type {
  BatchGetCommandInput,
  BatchGetCommandOutput,
  BatchWriteCommandInput,
  BatchWriteCommandOutput,
  DeleteCommandInput,
  DeleteCommandOutput,
  GetCommandInput,
  GetCommandOutput,
  PutCommandInput,
  PutCommandOutput,
  QueryCommandInput,
  QueryCommandOutput,
  ScanCommandOutput,
  TransactGetCommandInput,
  TransactGetCommandOutput,
  TransactWriteCommandInput,
  TransactWriteCommandOutput,
  UpdateCommandInput,
  UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { type AwsService, errorName, signedRequest } from '#lib/aws/signed-request';

/**
 * DynamoDB's document commands without the SDK client. `@aws-sdk/client-dynamodb` with
 * `@aws-sdk/lib-dynamodb` put ~130 KB of protocol, schema and middleware code into every handler
 * (@smithy/core alone ~93 KB), for the nine operations below: a third of a handler's 400 KB and a
 * large share of its cold start. Each command here has the SDK's class name and input and output
 * shapes (types taken from lib-dynamodb, so call sites are unchanged), converts items as the
 * DocumentClient configured in client.ts did (`removeUndefinedValues`, no class instances as maps,
 * numbers as JS numbers), and is sent as one signed AWS JSON 1.0 call (#lib/aws/signed-request:
 * SigV4, explicit timeouts, three attempts for throttling, 5xx and network errors). Errors carry the
 * SDK's names, and a cancelled transaction its `CancellationReasons` (races.ts, commit.ts read them).
 *
 * `send` also takes the SDK's own command objects (tests build them): it goes by the class name and
 * `input`, which both share.
 */
export const DYNAMODB: AwsService = { signingName: 'dynamodb', envName: 'DYNAMODB' };

type Item = Record<string, unknown>;
type Wire = Record<string, AttributeValue>;

const OPTIONS = { removeUndefinedValues: true, convertClassInstanceToMap: false } as const;
/**
 * Binary attributes travel as base64 in JSON (the SDK's protocol layer does this): `B` and `BS`
 * values are encoded on the way out and decoded on the way in, at any depth of maps and lists.
 */
type Value = Record<string, unknown>;
const binaries = (value: Value, code: (b: never) => unknown): Value => {
  if (value.B !== undefined) return { B: code(value.B as never) };
  if (Array.isArray(value.BS)) return { BS: value.BS.map((b) => code(b as never)) };
  if (value.M) return { M: binaryMap(value.M as Record<string, Value>, code) };
  if (Array.isArray(value.L)) return { L: (value.L as Value[]).map((v) => binaries(v, code)) };
  return value;
};
const binaryMap = (item: Record<string, Value>, code: (b: never) => unknown) =>
  Object.fromEntries(Object.entries(item).map(([k, v]) => [k, binaries(v, code)]));
const toBase64 = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('base64');
const fromBase64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));

const toWire = (item: Item | undefined): Wire | undefined =>
  item
    ? (binaryMap(marshall(item, OPTIONS) as unknown as Record<string, Value>, toBase64) as unknown as Wire)
    : undefined;
const fromWire = (item: Wire | undefined): Item | undefined =>
  item ? unmarshall(binaryMap(item as unknown as Record<string, Value>, fromBase64) as unknown as Wire) : undefined;

/** Rewrites the listed keys of an object (present ones only). */
const mapKeys = <T extends object>(
  value: T | undefined,
  keys: readonly string[],
  f: (v: never) => unknown,
): T | undefined => {
  if (!value) return value;
  const out = { ...value } as Record<string, unknown>;
  for (const k of keys) if (out[k] !== undefined) out[k] = f(out[k] as never);
  return out as unknown as T;
};
const ITEM_KEYS = ['Item', 'Key', 'ExpressionAttributeValues', 'ExclusiveStartKey'] as const;
const OUT_KEYS = ['Item', 'Attributes', 'LastEvaluatedKey'] as const;
const wireIn = <T extends object>(input: T) => mapKeys(input, ITEM_KEYS, toWire);
const itemsOut = (items: Wire[] | undefined) => items?.map((i) => fromWire(i) as Item);
const plainOut = (out: Record<string, unknown>) => ({
  ...mapKeys(out, OUT_KEYS, fromWire),
  ...(out.Items ? { Items: itemsOut(out.Items as Wire[]) } : {}),
});

type Op = { target: string; input: (i: never) => unknown; output: (o: Record<string, unknown>) => unknown };

const mapTables = <V, W>(byTable: Record<string, V> | undefined, f: (v: V) => W) =>
  byTable ? Object.fromEntries(Object.entries(byTable).map(([t, v]) => [t, f(v)])) : undefined;

const writeRequestIn = (r: { PutRequest?: { Item?: Item }; DeleteRequest?: { Key?: Item } }) => ({
  ...(r.PutRequest ? { PutRequest: { Item: toWire(r.PutRequest.Item) } } : {}),
  ...(r.DeleteRequest ? { DeleteRequest: { Key: toWire(r.DeleteRequest.Key) } } : {}),
});
const writeRequestOut = (r: { PutRequest?: { Item?: Wire }; DeleteRequest?: { Key?: Wire } }) => ({
  ...(r.PutRequest ? { PutRequest: { Item: fromWire(r.PutRequest.Item) } } : {}),
  ...(r.DeleteRequest ? { DeleteRequest: { Key: fromWire(r.DeleteRequest.Key) } } : {}),
});

const OPS: Record<string, Op> = {
  GetCommand: { target: 'GetItem', input: wireIn, output: plainOut },
  PutCommand: { target: 'PutItem', input: wireIn, output: plainOut },
  UpdateCommand: { target: 'UpdateItem', input: wireIn, output: plainOut },
  DeleteCommand: { target: 'DeleteItem', input: wireIn, output: plainOut },
  QueryCommand: { target: 'Query', input: wireIn, output: plainOut },
  // Tests sweep the local table with it; no deployed function may Scan (its IAM grants never include it).
  ScanCommand: { target: 'Scan', input: wireIn, output: plainOut },
  BatchGetCommand: {
    target: 'BatchGetItem',
    input: (i: BatchGetCommandInput) => ({
      ...i,
      RequestItems: mapTables(i.RequestItems, (r) => ({ ...r, Keys: r.Keys?.map((k) => toWire(k)) })),
    }),
    output: (o) => ({
      ...o,
      Responses: mapTables(o.Responses as Record<string, Wire[]> | undefined, itemsOut),
      UnprocessedKeys: mapTables(o.UnprocessedKeys as Record<string, { Keys?: Wire[] }> | undefined, (r) => ({
        ...r,
        Keys: itemsOut(r.Keys),
      })),
    }),
  },
  BatchWriteCommand: {
    target: 'BatchWriteItem',
    input: (i: BatchWriteCommandInput) => ({
      ...i,
      RequestItems: mapTables(i.RequestItems, (rs) => rs.map((r) => writeRequestIn(r as never))),
    }),
    output: (o) => ({
      ...o,
      UnprocessedItems: mapTables(o.UnprocessedItems as Record<string, object[]> | undefined, (rs) =>
        rs.map((r) => writeRequestOut(r as never)),
      ),
    }),
  },
  TransactWriteCommand: {
    target: 'TransactWriteItems',
    input: (i: TransactWriteCommandInput) => ({
      ...i,
      TransactItems: i.TransactItems?.map((t) =>
        Object.fromEntries(Object.entries(t).map(([kind, op]) => [kind, wireIn(op as object)])),
      ),
    }),
    output: (o) => o,
  },
  TransactGetCommand: {
    target: 'TransactGetItems',
    input: (i: TransactGetCommandInput) => ({
      ...i,
      TransactItems: i.TransactItems?.map((t) => ({ ...t, Get: wireIn(t.Get as object) })),
    }),
    output: (o) => ({
      ...o,
      Responses: (o.Responses as { Item?: Wire }[] | undefined)?.map((r) => ({ ...r, Item: fromWire(r.Item) })),
    }),
  },
};

/**
 * Per-call timeouts (LOCAL-AWS.md: SDK v3's defaults need care). The HTTP handler's 5 s suits one small
 * item; DynamoDB's own limits make some calls much larger: an item up to 400 KB (a capital call's
 * gzipped 5,000-investor split is 220 KB), a transaction up to 4 MB, a Query or Scan page up to 1 MB
 * and a BatchGetItem answer up to 16 MB. Each call gets the base for its kind, plus a second per
 * 100 KB it sends (on a loaded machine the server parses and indexes every byte), capped so that three
 * attempts still fit in an API route's 29 s. The 1 s connection timeout is left as it is: it also
 * counts the wait for one of the agent's 50 sockets, so a caller must not fire hundreds of requests at
 * once (call.records.ts reads 5,000 names in batches of 100 for that reason).
 */
const BASE_TIMEOUT_MS: Record<string, number> = {
  GetItem: 5_000,
  PutItem: 5_000,
  UpdateItem: 5_000,
  DeleteItem: 5_000,
  Query: 8_000,
  Scan: 8_000,
  BatchGetItem: 8_000,
  BatchWriteItem: 6_000,
  TransactWriteItems: 6_000,
  TransactGetItems: 6_000,
};
const MS_PER_100_KB_SENT = 1_000;
const MAX_TIMEOUT_MS = 9_000;

/** The timeout of one DynamoDB call: its operation's base and the size of what it sends. */
export const timeoutFor = (target: string, bytesSent: number): number =>
  Math.min(MAX_TIMEOUT_MS, (BASE_TIMEOUT_MS[target] ?? 5_000) + Math.ceil(bytesSent / 102_400) * MS_PER_100_KB_SENT);

/** DynamoDB's error body: its name, message, and a cancelled transaction's reasons (items converted). */
const dynamoError = (status: number, headers: Record<string, string>, text: string) => {
  let data: { __type?: string; message?: string; Message?: string; CancellationReasons?: { Item?: Wire }[] } = {};
  try {
    data = JSON.parse(text);
  } catch {
    // A proxy's HTML page: named by its status.
  }
  const raw = headers['x-amzn-errortype'] ?? data.__type;
  return {
    name: raw ? errorName(raw) : status >= 500 ? 'InternalFailure' : 'UnknownError',
    message: data.message ?? data.Message ?? text.slice(0, 200),
    ...(data.CancellationReasons
      ? { extra: { CancellationReasons: data.CancellationReasons.map((r) => ({ ...r, Item: fromWire(r.Item) })) } }
      : {}),
  };
};

interface Command<I, O> {
  readonly input: I;
  /** Only for typing `send`'s answer. */
  readonly __output?: O;
}

const command = <I, O>(name: string) => {
  const C = class {
    /** The command's name, kept as data: a minified bundle renames classes. */
    readonly op = name;
    constructor(readonly input: I) {}
  };
  Object.defineProperty(C, 'name', { value: name });
  return C as unknown as new (
    input: I,
  ) => Command<I, O>;
};

export const GetCommand = command<GetCommandInput, GetCommandOutput>('GetCommand');
export const PutCommand = command<PutCommandInput, PutCommandOutput>('PutCommand');
export const UpdateCommand = command<UpdateCommandInput, UpdateCommandOutput>('UpdateCommand');
export const DeleteCommand = command<DeleteCommandInput, DeleteCommandOutput>('DeleteCommand');
export const QueryCommand = command<QueryCommandInput, QueryCommandOutput>('QueryCommand');
export const BatchGetCommand = command<BatchGetCommandInput, BatchGetCommandOutput>('BatchGetCommand');
export const BatchWriteCommand = command<BatchWriteCommandInput, BatchWriteCommandOutput>('BatchWriteCommand');
export const TransactWriteCommand = command<TransactWriteCommandInput, TransactWriteCommandOutput>(
  'TransactWriteCommand',
);
export const TransactGetCommand = command<TransactGetCommandInput, TransactGetCommandOutput>('TransactGetCommand');

export type {
  BatchGetCommandInput,
  BatchWriteCommandInput,
  DeleteCommandInput,
  GetCommandInput,
  PutCommandInput,
  QueryCommandInput,
  QueryCommandOutput,
  TransactWriteCommandInput,
  UpdateCommandInput,
};

/** Ours (its `op`), or an SDK command object (lib-dynamodb's, in unbundled tests: its class name), and an `input`. */
interface AnyCommand {
  readonly op?: string;
  readonly input: object;
}

type Sdk = typeof import('@aws-sdk/lib-dynamodb');

export interface DocumentDb {
  send<I, O>(command: Command<I, O>): Promise<O>;
  // lib-dynamodb's own commands, which unbundled tests build: sent by their class name.
  send(command: InstanceType<Sdk['GetCommand']>): Promise<GetCommandOutput>;
  send(command: InstanceType<Sdk['PutCommand']>): Promise<PutCommandOutput>;
  send(command: InstanceType<Sdk['UpdateCommand']>): Promise<UpdateCommandOutput>;
  send(command: InstanceType<Sdk['DeleteCommand']>): Promise<DeleteCommandOutput>;
  send(command: InstanceType<Sdk['QueryCommand']>): Promise<QueryCommandOutput>;
  send(command: InstanceType<Sdk['ScanCommand']>): Promise<ScanCommandOutput>;
  send(command: InstanceType<Sdk['BatchGetCommand']>): Promise<BatchGetCommandOutput>;
  send(command: InstanceType<Sdk['BatchWriteCommand']>): Promise<BatchWriteCommandOutput>;
  send(command: InstanceType<Sdk['TransactWriteCommand']>): Promise<TransactWriteCommandOutput>;
  send(command: InstanceType<Sdk['TransactGetCommand']>): Promise<TransactGetCommandOutput>;
}

export const documentDb: DocumentDb = {
  async send(cmd: AnyCommand): Promise<never> {
    const name = cmd.op ?? cmd.constructor.name;
    const op = OPS[name];
    if (!op) throw new Error(`${name} is not a DynamoDB document command this client sends`);
    const sent = new TextEncoder().encode(JSON.stringify(op.input(cmd.input as never)));
    const { body } = await signedRequest(
      DYNAMODB,
      {
        method: 'POST',
        path: '/',
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': `DynamoDB_20120810.${op.target}`,
        },
        body: sent,
        timeoutMs: timeoutFor(op.target, sent.byteLength),
      },
      dynamoError,
    );
    const text = new TextDecoder().decode(body);
    return op.output(text ? JSON.parse(text) : {}) as never;
  },
};
