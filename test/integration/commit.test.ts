import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
// The stack's environment (endpoints, table) before any handler module loads.
import '../support/api.js';

/**
 * The one commit path (functions/src/_lib/db/commit.ts) against DynamoDB Local: the conditional
 * write, the audit record and the outbox event land together or not at all, and concurrent writers
 * of one record never lose an update.
 */
const { commit, event } = await import('../../functions/src/_lib/db/commit.js');
const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
const { keys } = await import('../../functions/src/_lib/db/keys.js');
const { newId } = await import('../../functions/src/_lib/ids.js');
const { DomainError } = await import('../../functions/src/_lib/errors.js');

const tenantId = newId();
const actor = (userId = 'writer') => ({ tenantId, userId, requestId: newId(), at: new Date().toISOString() });

/** A record to contend for: a counter with a version, in a product's partition. */
const newRecord = async () => {
  const productId = newId();
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.product(tenantId, productId), type: 'TEST_COUNTER', count: 0, version: 1 },
    }),
  );
  return productId;
};
const read = async (productId: string) =>
  (
    await db.send(
      new GetCommand({ TableName: tableName(), Key: keys.product(tenantId, productId), ConsistentRead: true }),
    )
  ).Item as { count: number; version: number };
const trail = async (productId: string) =>
  (
    await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :evt)',
        ExpressionAttributeValues: { ':pk': keys.productPk(tenantId, productId), ':evt': keys.auditEventPrefix },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

/** Sets count to `to` if the version is still `seen`. */
const setCount = (productId: string, seen: number, to: number) => ({
  item: {
    Update: {
      TableName: tableName(),
      Key: keys.product(tenantId, productId),
      UpdateExpression: 'SET #count = :to, #version = :next',
      ConditionExpression: '#version = :seen',
      ExpressionAttributeNames: { '#count': 'count', '#version': 'version' },
      ExpressionAttributeValues: { ':to': to, ':seen': seen, ':next': seen + 1 },
    },
  },
});
const changed = (productId: string, version: number) =>
  event('PRODUCT_UPDATED', productId, { version, changes: { count: { from: version - 1, to: version } } });

const codeOf = async (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof DomainError ? e.code : (e as Error).message),
  );

describe('commit', () => {
  it('lets one of ten writers of the same version win; the others get VERSION_CONFLICT and write nothing', async () => {
    const productId = await newRecord();
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        codeOf(
          commit(actor(`w${i}`), {
            steps: [setCount(productId, 1, i + 1)],
            events: [changed(productId, 2)],
            result: i,
          }),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'VERSION_CONFLICT')).toHaveLength(9);
    const winner = outcomes.indexOf('ok');
    expect(await read(productId)).toMatchObject({ count: winner + 1, version: 2 });
    // One audit record, by the winner, and its outbox item with the same id.
    const audit = await trail(productId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'PRODUCT_UPDATED', actorId: `w${winner}` });
    const outbox = await db.send(
      new GetCommand({ TableName: tableName(), Key: keys.domainEvent(tenantId, audit[0]?.eventId as string) }),
    );
    expect(outbox.Item).toMatchObject({ type: 'DOMAIN_EVENT', name: 'PRODUCT_UPDATED', eventId: audit[0]?.eventId });
  });

  it('decides again from fresh reads after a lost race, so parallel increments are never lost', async () => {
    const productId = await newRecord();
    const increment = (i: number) =>
      commit(actor(`inc${i}`), async () => {
        const current = await read(productId);
        return {
          steps: [setCount(productId, current.version, current.count + 1)],
          events: [changed(productId, current.version + 1)],
          result: current.count + 1,
        };
      });
    // Three writers: each gets through within its attempts (every round, one of them wins).
    const three = await Promise.all([0, 1, 2].map((i) => codeOf(increment(i))));
    expect(three).toEqual(['ok', 'ok', 'ok']);
    expect(await read(productId)).toMatchObject({ count: 3, version: 4 });
    // Ten: some may run out of attempts (409), but every increment that answered ok is in the count.
    const ten = await Promise.all(Array.from({ length: 10 }, (_, i) => codeOf(increment(10 + i))));
    const won = ten.filter((o) => o === 'ok').length;
    expect(ten.every((o) => o === 'ok' || o === 'VERSION_CONFLICT')).toBe(true);
    expect(won).toBeGreaterThanOrEqual(4);
    expect(await read(productId)).toMatchObject({ count: 3 + won, version: 4 + won });
    expect(await trail(productId)).toHaveLength(3 + won);
  });

  it("answers a step's own refusal at once, without deciding again", async () => {
    const productId = await newRecord();
    let decisions = 0;
    const outcome = await codeOf(
      commit(actor(), async () => {
        decisions++;
        return { steps: [{ ...setCount(productId, 7, 1), refusal: 'emailTaken' as const }], events: [], result: 0 };
      }),
    );
    expect(outcome).toBe('emailTaken');
    expect(decisions).toBe(1);
  });

  it('refuses a payload that breaks the catalogue and writes nothing', async () => {
    const productId = await newRecord();
    const outcome = await codeOf(
      commit(actor(), {
        steps: [setCount(productId, 1, 5)],
        // PRODUCT_UPDATED needs a version and changes.
        events: [event('PRODUCT_UPDATED', productId, { changes: {} } as never)],
        result: 0,
      }),
    );
    expect(outcome).not.toBe('ok');
    expect(await read(productId)).toMatchObject({ count: 0, version: 1 });
    expect(await trail(productId)).toHaveLength(0);
  });
});
