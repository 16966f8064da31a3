import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_WINDOW_SECONDS,
  IDEMPOTENT_REPLAYED_HEADER,
  isIdempotencyKey,
} from '@tranche/shared/http/idempotency';
import type { RouteDef } from '@tranche/shared/http/route-def';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '#lib/db/commands';
import { db, isConditionFailure, tableName } from './db/client.js';
import { keys } from './db/keys.js';
import { DomainError } from './errors.js';
import type { HttpMiddleware, HttpRequest } from './http-api.js';
import { logger } from './logger.js';
import type { Session } from './session.js';

/**
 * `Idempotency-Key` for the routes flagged `idempotent` (docs/decisions.md "Idempotency"): a record
 * per key in our single table, claimed by a conditional put before the handler runs, completed
 * with the answer after it, released on failure. This was Powertools' idempotency middleware; its
 * semantics and record layout are kept (in progress, completed, payload validation, expiry read as
 * absent), without its JMESPath engine and persistence classes (~45 KB of the bundle).
 *
 * It runs after the tranche middleware: it needs the session (whose user scopes the key) and the
 * validated request (whose hash tells a replay from a reuse of the key for another request).
 */

/** What the persistence layer reads from the event: our record key and the part that must match. */
interface IdempotencyInput {
  pk: string;
  payload: { params: unknown; query: unknown; body: unknown };
}
type IdempotentEvent = HttpRequest['event'] & { idempotency?: IdempotencyInput };

/** The lower-cased name under which API Gateway and Node hand the header over. */
const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();

/**
 * The record key of this request: tenant-leading like every key of the table, and scoped by
 * operation and user, so the same key sent by someone else, elsewhere or to another route is
 * another record (keys.ts pattern 23). Undefined when the caller sent no key (the header is
 * optional); a malformed key is a 400 naming the header.
 */
export const idempotencyPk = (
  headers: Readonly<Record<string, string | undefined>> | undefined,
  scope: { tenantId: string; userId: string; operationId: string },
): string | undefined => {
  const key = headers?.[HEADER];
  if (key === undefined) return undefined;
  if (!isIdempotencyKey(key)) {
    throw new DomainError('PARAMS_ERROR', {
      fields: [
        {
          field: `header.${IDEMPOTENCY_KEY_HEADER}`,
          rule: 'pattern',
          message: 'Must be 16 to 128 characters of A-Z, a-z, 0-9, "_" and "-"',
        },
      ],
    });
  }
  return keys.idempotencyPk(scope.tenantId, scope.operationId, scope.userId, key);
};

/**
 * One idempotency record: `PK` = the scoped key above, `SK` = `#META`. The attribute names are
 * Powertools' (whose DynamoDB layer this replaces: with its JMESPath engine it was ~45 KB of the
 * create-product bundle), so records written before the change read the same.
 */
export interface IdempotencyRecord {
  pk: string;
  status: 'INPROGRESS' | 'COMPLETED';
  /** Epoch seconds after which the record counts as absent (the table's TTL attribute). */
  ttl: number;
  /** Epoch milliseconds after which an INPROGRESS record is abandoned (its function timed out). */
  inProgressUntil?: number;
  /** SHA-256 of the validated request, keys sorted: what tells a replay from a reuse of the key. */
  validation: string;
  /** The first answer, once COMPLETED. */
  data?: APIGatewayProxyStructuredResultV2;
}

/** Where records live: the table, or a map in unit tests. */
export interface IdempotencyStore {
  /**
   * Writes `record` unless a live one holds the key (present, not expired, and not an INPROGRESS
   * record past its deadline): undefined when written, else the record that holds the key.
   */
  claim(record: IdempotencyRecord): Promise<IdempotencyRecord | undefined>;
  complete(pk: string, data: APIGatewayProxyStructuredResultV2, ttl: number): Promise<void>;
  release(pk: string): Promise<void>;
}

/** Whether a stored record still holds its key at `nowMs`. */
export const holdsKey = (record: IdempotencyRecord, nowMs: number): boolean =>
  record.ttl >= nowMs / 1000 &&
  !(record.status === 'INPROGRESS' && record.inProgressUntil !== undefined && record.inProgressUntil < nowMs);

const fromItem = (item: Record<string, unknown>): IdempotencyRecord => ({
  pk: String(item.PK),
  status: item.status === 'COMPLETED' ? 'COMPLETED' : 'INPROGRESS',
  ttl: Number(item.ttl),
  inProgressUntil: item.in_progress_expiration === undefined ? undefined : Number(item.in_progress_expiration),
  validation: String(item.validation ?? ''),
  data: item.data as APIGatewayProxyStructuredResultV2 | undefined,
});

/**
 * The table as the store. The claim is one conditional put with the same condition as
 * `holdsKey`, so a record DynamoDB has not yet deleted (TTL takes up to two days, and DynamoDB
 * Local never does) counts as absent; a lost condition reads the holder back, consistently.
 */
export const tableStore = (table: string): IdempotencyStore => {
  const key = (pk: string) => ({ PK: pk, SK: keys.idempotencySk });
  return {
    claim: async (record) => {
      const now = Date.now();
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          await db.send(
            new PutCommand({
              TableName: table,
              Item: {
                ...key(record.pk),
                status: record.status,
                ttl: record.ttl,
                validation: record.validation,
                ...(record.inProgressUntil === undefined ? {} : { in_progress_expiration: record.inProgressUntil }),
              },
              ConditionExpression:
                'attribute_not_exists(PK) OR #ttl < :now OR (#status = :inProgress AND #until < :nowMs)',
              ExpressionAttributeNames: { '#ttl': 'ttl', '#status': 'status', '#until': 'in_progress_expiration' },
              ExpressionAttributeValues: { ':now': Math.floor(now / 1000), ':nowMs': now, ':inProgress': 'INPROGRESS' },
            }),
          );
          return undefined;
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
        }
        const held = await db.send(new GetCommand({ TableName: table, Key: key(record.pk), ConsistentRead: true }));
        // Released between the put and the read: claim again.
        if (held.Item) return fromItem(held.Item);
      }
      // The key changed hands on every try: treat it as busy.
      return { ...record, status: 'INPROGRESS', inProgressUntil: undefined };
    },
    complete: async (pk, data, ttl) => {
      await db.send(
        new UpdateCommand({
          TableName: table,
          Key: key(pk),
          UpdateExpression: 'SET #status = :completed, #data = :data, #ttl = :ttl REMOVE #until',
          ExpressionAttributeNames: {
            '#status': 'status',
            '#data': 'data',
            '#ttl': 'ttl',
            '#until': 'in_progress_expiration',
          },
          ExpressionAttributeValues: { ':completed': 'COMPLETED', ':data': data, ':ttl': ttl },
        }),
      );
    },
    release: async (pk) => {
      await db.send(new DeleteCommand({ TableName: table, Key: key(pk) }));
    },
  };
};

/** JSON with object keys sorted at every level: the same request hashes alike whatever its key order. */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  ) ?? 'null';

export const requestHash = (payload: unknown): string =>
  createHash('sha256').update(canonicalJson(payload)).digest('hex');

/** The answer as remembered: status, headers and body. Cookies never (a create sets none; a replay must not re-issue any). */
const remembered = (response: APIGatewayProxyStructuredResultV2): APIGatewayProxyStructuredResultV2 => ({
  statusCode: response.statusCode ?? 200,
  headers: response.headers ?? {},
  body: response.body ?? '',
  ...(response.isBase64Encoded ? { isBase64Encoded: true } : {}),
});

const replayed = (stored: APIGatewayProxyStructuredResultV2): APIGatewayProxyStructuredResultV2 => ({
  ...stored,
  headers: { ...stored.headers, [IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]: 'true' },
});

/** Marks a request that holds an in-progress record of its own: only such a request may complete or release it. */
const HOLDS_RECORD = 'tranche.idempotency.holdsRecord';
const internal = (request: HttpRequest) => request.internal as Record<string, unknown>;

/**
 * Gives the key back after a failure, so that a retry runs again: a 5xx may have been transient,
 * and a 4xx refusal committed nothing (every write is one transaction), so the retry is judged
 * afresh against the state as it is then. If even that fails, the in-progress record expires with
 * the function's remaining time; the original error is still the one answered.
 */
const release = async (store: IdempotencyStore, pk: string) => {
  try {
    await store.release(pk);
  } catch (error) {
    logger.error('idempotency record not released', { error: error as Error });
  }
};

/** The middleware over any store; `idempotency` below is the one the handlers use. */
export const idempotencyWith =
  (makeStore: () => IdempotencyStore) =>
  (route: RouteDef): HttpMiddleware => {
    // Made on first use: the deployed store reads the table's name from the environment, which an import must not need.
    let made: IdempotencyStore | undefined;
    const store = () => {
      made ??= makeStore();
      return made;
    };
    const pkOf = (request: HttpRequest) => (request.event as IdempotentEvent).idempotency?.pk ?? '';
    return {
      before: async (request) => {
        const event = request.event as IdempotentEvent;
        const ctx = event.tranche;
        // defineRoutes allows the flag on session routes only, so there always is one.
        const session = ctx?.session as Session | undefined;
        if (!ctx || !session) throw new Error(`${route.operationId} is idempotent but has no session`);
        const pk = idempotencyPk(event.headers, {
          tenantId: session.tenantId,
          userId: session.userId,
          operationId: route.operationId,
        });
        if (pk === undefined) return undefined;
        event.idempotency = { pk, payload: { params: ctx.params, query: ctx.query, body: ctx.body } };
        const validation = requestHash(event.idempotency.payload);
        const now = Date.now();
        const remaining = request.context?.getRemainingTimeInMillis?.();
        const held = await store().claim({
          pk,
          status: 'INPROGRESS',
          ttl: Math.floor(now / 1000) + IDEMPOTENCY_WINDOW_SECONDS,
          // A request whose function dies leaves its key busy only until its time would have run out.
          inProgressUntil: remaining === undefined ? undefined : now + remaining,
          validation,
        });
        if (!held) {
          internal(request)[HOLDS_RECORD] = true;
          return undefined;
        }
        // The same key for another request is refused whatever the first one's state.
        if (held.validation !== validation) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
        // In progress, or a record that changed hands on every try: either way, try again shortly.
        if (held.status !== 'COMPLETED' || !held.data) throw new DomainError('IDEMPOTENCY_REQUEST_IN_PROGRESS');
        logger.info('request replayed', { status: held.data.statusCode });
        return replayed(held.data);
      },
      after: async (request) => {
        if (internal(request)[HOLDS_RECORD] !== true || !request.response) return;
        const response = request.response as APIGatewayProxyStructuredResultV2;
        // Handlers answer failures by throwing; should one ever return one, it is not a success to replay either.
        if ((response.statusCode ?? 200) >= 400) return release(store(), pkOf(request));
        try {
          await store().complete(
            pkOf(request),
            remembered(response),
            Math.floor(Date.now() / 1000) + IDEMPOTENCY_WINDOW_SECONDS,
          );
        } catch (error) {
          // The work is done: answer it. A 500 here would invite a retry that does it twice; the
          // in-progress record instead answers 409 to a retry until the function's time is up.
          logger.error('idempotency record not completed', { error: error as Error });
        }
      },
      onError: async (request) => {
        // A refusal by this middleware (reused key, in progress) or an earlier one holds no record of
        // this request: releasing would delete the first request's record.
        if (internal(request)[HOLDS_RECORD] === true) await release(store(), pkOf(request));
      },
    };
  };

/** The middleware `httpApi` adds on idempotent routes: pass it as the `idempotency` option. */
export const idempotency = idempotencyWith(() => tableStore(tableName()));
