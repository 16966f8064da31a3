import { IdempotencyConfig } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { makeHandlerIdempotent } from '@aws-lambda-powertools/idempotency/middleware';
import type { BasePersistenceLayer } from '@aws-lambda-powertools/idempotency/persistence';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_WINDOW_SECONDS,
  IDEMPOTENT_REPLAYED_HEADER,
  isIdempotencyKey,
} from '@tranche/shared/http/idempotency';
import type { RouteDef } from '@tranche/shared/http/route-def';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { db, tableName } from './db/client.js';
import { keys } from './db/keys.js';
import { DomainError } from './errors.js';
import type { HttpMiddleware, HttpRequest } from './http-api.js';
import { logger } from './logger.js';
import type { Session } from './session.js';

/**
 * `Idempotency-Key` for the routes flagged `idempotent` (docs/decisions.md "Idempotency"): Powertools'
 * idempotency middleware with its DynamoDB persistence in our single table. Only the handlers of
 * flagged routes import this module (`httpApi(route, fn, { idempotency })`), so no other bundle
 * carries Powertools idempotency and its JMESPath engine.
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
 * Powertools' DynamoDB layer with our key layout: its default (`id` = `<function>#<hash>`) fits no
 * table of ours. The record is `PK` = the scoped key above, `SK` = `#META`, expiry in the table's
 * TTL attribute. Powertools' conditional put already overwrites a record whose expiry has passed,
 * and its reads treat one as expired by that time, so a record DynamoDB has not yet deleted (TTL
 * takes up to two days, and DynamoDB Local never does) counts as absent.
 */
export class TenantIdempotencyStore extends DynamoDBPersistenceLayer {
  constructor(table: string) {
    super({
      tableName: table,
      keyAttr: 'PK',
      sortKeyAttr: 'SK',
      expiryAttr: 'ttl',
      // The app's one client: its timeouts and retry budget, DynamoDB Local's endpoint in tests.
      awsSdkV3Client: db,
    });
  }

  protected override getHashedIdempotencyKey(data: unknown): string {
    const pk = (data as IdempotentEvent | undefined)?.idempotency?.pk;
    if (!pk) throw new Error('No idempotency record key on the event');
    return pk;
  }

  protected override getKey(idempotencyKey: string): Record<string, AttributeValue> {
    return { PK: { S: idempotencyKey }, SK: { S: keys.idempotencySk } };
  }
}

/** The answer as remembered: status, headers and body. Cookies never (a create sets none; a replay must not re-issue any). */
const remembered = (response: APIGatewayProxyStructuredResultV2): APIGatewayProxyStructuredResultV2 => ({
  statusCode: response.statusCode ?? 200,
  headers: response.headers ?? {},
  body: response.body ?? '',
  ...(response.isBase64Encoded ? { isBase64Encoded: true } : {}),
});

const config = new IdempotencyConfig({
  // What must match for a repeat to be a replay: the validated request, keys sorted, hashed.
  payloadValidationJmesPath: 'idempotency.payload',
  expiresAfterSeconds: IDEMPOTENCY_WINDOW_SECONDS,
  hashFunction: 'sha256',
  responseHook: (response) => {
    const stored = response as APIGatewayProxyStructuredResultV2;
    return { ...stored, headers: { ...stored.headers, [IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]: 'true' } };
  },
});

type PowertoolsMiddleware = ReturnType<typeof makeHandlerIdempotent>;
/** The Powertools middleware over a store made on first use (the deployed store reads the table's name from the environment, which an import must not need). */
const lazyPowertools = (makeStore: () => BasePersistenceLayer): (() => PowertoolsMiddleware) => {
  let made: PowertoolsMiddleware | undefined;
  return () => {
    made ??= makeHandlerIdempotent({ persistenceStore: makeStore(), config });
    return made;
  };
};

/** Marks a request that holds an in-progress record of its own: only such a request may complete or release it. */
const HOLDS_RECORD = 'tranche.idempotency.holdsRecord';
const internal = (request: HttpRequest) => request.internal as Record<string, unknown>;

/** Powertools' refusals as catalogue errors; its storage failures as the SDK error beneath (a throttle stays a 503). */
const translate = (error: unknown): unknown => {
  switch ((error as { name?: string } | null)?.name) {
    case 'IdempotencyValidationError':
      return new DomainError('IDEMPOTENCY_KEY_REUSED');
    // In progress, or a record that changed under us on every retry: either way, try again shortly.
    case 'IdempotencyAlreadyInProgressError':
    case 'IdempotencyInconsistentStateError':
      return new DomainError('IDEMPOTENCY_REQUEST_IN_PROGRESS');
    case 'IdempotencyPersistenceLayerError':
      return (error as Error).cause ?? error;
    default:
      return error;
  }
};

/**
 * Gives the key back after a failure, so that a retry runs again: a 5xx may have been transient,
 * and a 4xx refusal committed nothing (every write is one transaction), so the retry is judged
 * afresh against the state as it is then. If even that fails, the in-progress record expires with
 * the function's remaining time; the original error is still the one answered.
 */
const release = async (powertools: PowertoolsMiddleware, request: HttpRequest) => {
  try {
    await powertools.onError?.(request as never);
  } catch (error) {
    logger.error('idempotency record not released', { error: error as Error });
  }
};

/** The middleware over any Powertools store; `idempotency` below is the one the handlers use. */
export const idempotencyWith =
  (makeStore: () => BasePersistenceLayer) =>
  (route: RouteDef): HttpMiddleware => {
    const powertools = lazyPowertools(makeStore);
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
        let replay: unknown;
        try {
          replay = await powertools().before?.(request as never);
        } catch (error) {
          throw translate(error);
        }
        if (replay !== undefined) {
          logger.info('request replayed', { status: (replay as APIGatewayProxyStructuredResultV2).statusCode });
          return replay as APIGatewayProxyStructuredResultV2;
        }
        internal(request)[HOLDS_RECORD] = true;
        return undefined;
      },
      after: async (request) => {
        if (internal(request)[HOLDS_RECORD] !== true || !request.response) return;
        const response = request.response as APIGatewayProxyStructuredResultV2;
        // Handlers answer failures by throwing; should one ever return one, it is not a success to replay either.
        if ((response.statusCode ?? 200) >= 400) return release(powertools(), request);
        try {
          await powertools().after?.({ ...request, response: remembered(response) } as never);
        } catch (error) {
          // The work is done: answer it. A 500 here would invite a retry that does it twice; the
          // in-progress record instead answers 409 to a retry until the function's time is up.
          logger.error('idempotency record not completed', { error: error as Error });
        }
      },
      onError: async (request) => {
        // A refusal by this middleware (reused key, in progress) or an earlier one holds no record of
        // this request: releasing would delete the first request's record.
        if (internal(request)[HOLDS_RECORD] === true) await release(powertools(), request);
      },
    };
  };

/** The middleware `httpApi` adds on idempotent routes: pass it as the `idempotency` option. */
export const idempotency = idempotencyWith(() => new TenantIdempotencyStore(tableName()));
