import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alpine, type Caller, call, signedIn, stack, type Tenant } from '../support/api.js';
import { fundInput, shareClassInput } from '../support/fixtures.js';
import { clearThrottles, messagesTo, newInvestor, readItem } from '../support/identity.js';
import { publish as publishAsConsole } from '../support/publish.js';
import { scratchTenant } from '../support/scratch-tenant.js';

const { keys } = await import('../../functions/src/_lib/db/keys.js');

/** The dispatcher's figures and controls (local/events.ts, served by the gateway at /_local/events). */
interface DispatcherStats {
  invocations: number;
  delivered: number;
  crashes: number;
  deadBatches: unknown[];
}
const dispatcher = async (action = '', method = 'GET'): Promise<DispatcherStats> =>
  (await (await fetch(`${stack.url}/_local/events${action}`, { method })).json()) as DispatcherStats;

/**
 * Polls until `done`. The deadline is generous: after a crash the dispatcher forks a new worker that
 * loads the consumers again, which took more than 15 s under CI's load (every step runs two at a time),
 * and in a full run the shared stack's dispatcher has other files' events ahead of these (a lag of
 * over 60 s was seen at load 30): a deadline, not a timing assertion.
 */
const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> => {
  for (const deadline = Date.now() + 100_000; Date.now() < deadline; ) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
};

/** The outbox and audit items of events about a subject, as committed (functions/src/_lib/db/commit.ts). */
const auditTrail = async (pk: string) => {
  const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :evt)',
      ExpressionAttributeValues: { ':pk': pk, ':evt': keys.auditEventPrefix },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
};

/** The id of the event of this kind last committed about a subject. */
const eventIdOf = async (pk: string, action: string): Promise<string> => {
  const eventId = (await auditTrail(pk)).findLast((e) => e.action === action)?.eventId;
  expect(eventId, `${action} on ${pk}`).toBeTypeOf('string');
  return eventId as string;
};

/**
 * The dispatcher of the batch holding this event dies right after handling it. Tied to the event, not to
 * "the next batch": other files share the stack, and their events may come first.
 */
const crashAfter = async (eventId: string) => {
  const res = await fetch(`${stack.url}/_local/events/crash-after?event=${eventId}`, { method: 'POST' });
  expect(res.status).toBe(200);
};

const LOCKED = /locked|锁定/;

// These tests sign up many investors: start each with the per-IP sign-up counters at zero.
beforeEach(clearThrottles);

describe('domain events', () => {
  it('commits the event with the change: the audit record and the outbox item share one id', async () => {
    const admin = await signedIn(alpine, 'GP_ADMIN');
    const investor = await newInvestor(alpine, 'evt-audit');
    const locked = await call(admin, `/gp/users/${investor.userId}/lock`, { method: 'POST' });
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);

    const audit = (await auditTrail(keys.userPk(alpine.tenantId, investor.userId))).find(
      (e) => e.action === 'USER_LOCKED',
    );
    expect(audit?.data).toEqual({ from: 'REGISTERED' });
    const outboxItem = await readItem(keys.domainEvent(alpine.tenantId, audit?.eventId as string));
    expect(outboxItem).toMatchObject({
      type: 'DOMAIN_EVENT',
      name: 'USER_LOCKED',
      version: 1,
      subject: { kind: 'user', id: investor.userId },
      payload: { from: 'REGISTERED' },
    });
    // The consumer sends the alert once, and marks the event done.
    await eventually(
      () => messagesTo(investor.email, LOCKED),
      (m) => m.length === 1,
      'the lock alert',
    );
    await eventually(
      () => readItem(keys.consumerMark(alpine.tenantId, audit?.eventId as string, 'lockAlert')),
      (mark) => mark?.state === 'DONE',
      'the consumer mark',
    );
  });

  it('redelivers a batch after the dispatcher dies mid-batch, and nothing happens twice', async () => {
    const admin = await signedIn(alpine, 'GP_ADMIN');
    const investors = await Promise.all([1, 2, 3].map((i) => newInvestor(alpine, `evt-crash-${i}`)));
    const before = await dispatcher();

    // Three events in one batch: the dispatcher handles the first two, then dies before answering.
    await dispatcher('/pause', 'POST');
    try {
      for (const investor of investors) {
        const res = await call(admin, `/gp/users/${investor.userId}/lock`, { method: 'POST' });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      await crashAfter(await eventIdOf(keys.userPk(alpine.tenantId, investors[1]?.userId ?? ''), 'USER_LOCKED'));
    } finally {
      await dispatcher('/resume', 'POST');
    }

    const after = await eventually(
      () => dispatcher(),
      (s) => s.crashes > before.crashes && s.delivered >= before.delivered + 3,
      'the redelivered batch',
    );
    expect(after.crashes).toBe(before.crashes + 1);
    // Each investor got exactly one alert, though two of the three events were delivered twice.
    for (const investor of investors) {
      await eventually(
        () => messagesTo(investor.email, LOCKED),
        (m) => m.length >= 1,
        `${investor.email}'s alert`,
      );
    }
    await new Promise((r) => setTimeout(r, 500));
    for (const investor of investors) expect(await messagesTo(investor.email, LOCKED)).toHaveLength(1);
  }, 240_000);

  it('sends an event that breaks the catalogue to the dead letters with its reason, and delivers the rest', async () => {
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
    const { newId } = await import('../../functions/src/_lib/ids.js');
    const eventId = newId();
    const at = new Date().toISOString();
    // What a buggy writer or an old release could leave in the outbox: USER_LOCKED without `from`.
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.domainEvent(alpine.tenantId, eventId),
          type: 'DOMAIN_EVENT',
          eventId,
          name: 'USER_LOCKED',
          version: 1,
          tenantId: alpine.tenantId,
          subject: { kind: 'user', id: 'nobody' },
          actorId: 'test',
          requestId: 'test',
          at,
          payload: { to: 'LOCKED' },
        },
      }),
    );
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const letters = await eventually(
      async () =>
        (
          await db.send(
            new QueryCommand({
              TableName: tableName(),
              KeyConditionExpression: 'PK = :pk',
              ExpressionAttributeValues: { ':pk': keys.deadLetter(alpine.tenantId, at, eventId).PK },
              ConsistentRead: true,
            }),
          )
        ).Items ?? [],
      (items) => items.some((i) => i.eventId === eventId),
      'the dead letter',
    );
    const letter = letters.find((i) => i.eventId === eventId);
    expect(letter?.reason).toMatch(/payload of USER_LOCKED/);
    // No consumer saw it.
    expect(await readItem(keys.consumerMark(alpine.tenantId, eventId, 'lockAlert'))).toBeUndefined();

    // The next event is delivered as usual.
    const admin = await signedIn(alpine, 'GP_ADMIN');
    const investor = await newInvestor(alpine, 'evt-after-dead');
    await call(admin, `/gp/users/${investor.userId}/lock`, { method: 'POST' });
    await eventually(
      () => messagesTo(investor.email, LOCKED),
      (m) => m.length === 1,
      'the next alert',
    );
  });
});

describe('product news, from the publish event', () => {
  const fund = (name: string) => fundInput({ name: { en: name, 'zh-CN': `${name}（中文）` } });
  const draftWithClass = async (member: Caller, name: string) => {
    const made = await call<{ productId: string; version: number }>(member, '/gp/products', {
      method: 'POST',
      body: fund(name),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const sc = await call(member, `/gp/products/${made.body.productId}/share-classes`, {
      method: 'POST',
      body: shareClassInput(),
    });
    expect(sc.status, JSON.stringify(sc.body)).toBe(201);
    return made.body.productId;
  };
  const publish = async (admin: Caller, productId: string) => {
    const res = await publishAsConsole(admin, productId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await scratchTenant('news');
  });

  it('emails each investor who keeps product news on, once, across a dispatcher that dies mid-batch', async () => {
    const member = await signedIn(tenant, 'GP_MEMBER');
    const admin = await signedIn(tenant, 'GP_ADMIN');
    const [keen, quiet] = await Promise.all([newInvestor(tenant, 'news-on'), newInvestor(tenant, 'news-off')]);
    const off = await call(quiet.caller, '/email-preferences', {
      method: 'PUT',
      body: { productNews: false, marketing: false, inboxDigest: true },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const first = await draftWithClass(member, 'Meridian Credit Fund');
    const second = await draftWithClass(member, 'Lumen Income Fund');
    const before = await dispatcher();

    // Both publish events in one batch; the dispatcher dies after the first, and the batch comes again.
    await dispatcher('/pause', 'POST');
    try {
      await publish(admin, first);
      await publish(admin, second);
      await crashAfter(await eventIdOf(keys.productPk(tenant.tenantId, first), 'PRODUCT_PUBLISHED'));
    } finally {
      await dispatcher('/resume', 'POST');
    }
    await eventually(
      () => dispatcher(),
      (s) => s.crashes > before.crashes,
      'the crash',
    );
    const NEWS = /New at /;
    const news = await eventually(
      () => messagesTo(keen.email, NEWS),
      (m) => m.length >= 2,
      'the product news',
    );
    expect(news.map((m) => m.subject).sort()).toEqual([
      `New at ${tenant.displayName}: Lumen Income Fund`,
      `New at ${tenant.displayName}: Meridian Credit Fund`,
    ]);
    expect(news.find((m) => m.subject.includes('Meridian'))?.text).toContain(`/t/${tenant.prefix}/products/${first}`);
    await new Promise((r) => setTimeout(r, 500));
    expect(await messagesTo(keen.email, NEWS)).toHaveLength(2);
    // Turned off: nothing.
    expect(await messagesTo(quiet.email, NEWS)).toHaveLength(0);
  }, 240_000);
});

describe('policy notices, from the publish event', () => {
  it('tells every investor once when a policy they had changes, and nobody at its first publication', async () => {
    const tenant = await scratchTenant('policy');
    const admin = await signedIn(tenant, 'GP_ADMIN');
    const investor = await newInvestor(tenant, 'policy-reader');
    const content = (body: string) => ({
      kind: 'PRIVACY',
      title: { en: 'Privacy Notice', 'zh-CN': '隐私声明' },
      body: { en: body },
      requireAcceptance: false,
    });
    const made = await call<{ policyId: string; revision: string }>(admin, '/gp/policies', {
      method: 'POST',
      body: content('We keep your data safe.'),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { policyId } = made.body;
    const publish = async (revision: string) => {
      const res = await call<{ revision: string }>(admin, `/gp/policies/${policyId}/publish`, {
        method: 'POST',
        body: { revision },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.revision;
    };
    const first = await publish(made.body.revision);
    const edited = await call<{ revision: string }>(admin, `/gp/policies/${policyId}`, {
      method: 'PUT',
      body: { ...content('We keep your data safe, and now say for how long.'), revision: first },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await publish(edited.body.revision);

    const UPDATED = /has updated its Privacy Notice/;
    const notices = await eventually(
      () => messagesTo(investor.email, UPDATED),
      (m) => m.length >= 1,
      'the notice',
    );
    expect(notices[0]?.text).toContain(`/t/${tenant.prefix}/policies/${policyId}`);
    await new Promise((r) => setTimeout(r, 500));
    // One notice: the second version's; the first publication told nobody.
    expect(await messagesTo(investor.email, UPDATED)).toHaveLength(1);
  });
});
