import type { InboxMessage, InboxPage } from '@tranche/shared/inbox/inbox.schema';
import type { InboxKind } from '@tranche/shared/inbox/kinds';
import { sampleClosingEvent, sampleInboxEvent } from '@tranche/shared/inbox/samples';
import { beforeEach, describe, expect, it } from 'vitest';
import { alpine, beacon, type Caller, call, signedIn, stack } from '../support/api.js';
import { clearThrottles, type Investor, lastMessageTo, newInvestor, outbox, patchItem } from '../support/identity.js';

const { commit, eventOf } = await import('../../functions/src/_lib/db/commit.js');
const { newId } = await import('../../functions/src/_lib/ids.js');
const { keys } = await import('../../functions/src/_lib/db/keys.js');

/**
 * The inbox end to end on the local stack: events committed through the outbox reach the inbox
 * consumers through the dispatcher, as the later issues' services will send them.
 */

const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> => {
  for (let i = 0; i < 300; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
};

/** Commits the event that opens `kind` for these users (as its emitter will), answering its record id. */
const emit = async (
  tenantId: string,
  kind: InboxKind,
  userIds: string[],
  opts: { dueInDays?: number; extra?: Record<string, unknown>; refId?: string } = {},
) => {
  const refId = opts.refId ?? newId();
  const sample = sampleInboxEvent(kind, refId, userIds, {
    ...(opts.dueInDays !== undefined ? { dueInDays: opts.dueInDays } : {}),
  });
  await commit(
    { tenantId, userId: 'TEST', requestId: `inbox-test-${refId}`, at: new Date().toISOString() },
    { steps: [], events: [eventOf(sample.name, refId, { ...sample.payload, ...opts.extra })], result: undefined },
  );
  return refId;
};

const list = (caller: Caller, query: Record<string, string> = {}) =>
  call<InboxPage>(caller, '/user-center/get-in-box-message', { query });
const unread = async (caller: Caller) =>
  (await call<{ count: number }>(caller, '/user-center/in-box-messages/unread-count')).body.count;
const newest = async (caller: Caller, kind: InboxKind) =>
  eventually(
    async () => (await list(caller)).body.items?.find((m) => m.kind === kind),
    (m) => m !== undefined,
    `a ${kind} message`,
  ) as Promise<InboxMessage>;

beforeEach(clearThrottles);

describe('the inbox', () => {
  let one: Investor;
  let two: Investor;
  let outsider: Investor;
  beforeEach(async () => {
    [one, two, outsider] = [
      await newInvestor(alpine, 'inbox1'),
      await newInvestor(alpine, 'inbox2'),
      await newInvestor(alpine, 'inbox3'),
    ];
  });

  it('gives one shared task to two investors; of 20 parallel completions exactly one succeeds', async () => {
    await emit(alpine.tenantId, 'ADDITIONAL_DOCUMENTS_REQUIRED', [one.userId, two.userId]);
    const mine = await newest(one.caller, 'ADDITIONAL_DOCUMENTS_REQUIRED');
    const theirs = await newest(two.caller, 'ADDITIONAL_DOCUMENTS_REQUIRED');
    expect(mine.task?.taskId).toBe(theirs.task?.taskId);
    expect(mine.task).toMatchObject({ status: 'OPEN', assigneeCount: 2, mayAct: true, needsDecision: false });
    expect(mine.action).toMatchObject({ action: 'UPLOAD', label: 'Upload' });
    expect(await unread(one.caller)).toBe(1);
    // Emailed at once (a task), in the investor's language, with a link to the message on the portal.
    const email = await lastMessageTo(one.email, /More documents needed/);
    expect(email.text).toContain(`${stack.url}/t/${alpine.prefix}/inbox/${mine.messageId}`);

    const taskId = mine.task?.taskId as string;
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call<InboxMessage & { code?: string }>(i % 2 ? two.caller : one.caller, `/tasks/${taskId}`, {
          method: 'POST',
          body: { action: 'COMPLETE' },
        }),
      ),
    );
    const wins = attempts.filter((r) => r.status === 200);
    expect(wins, JSON.stringify(attempts.map((a) => [a.status, a.body.code]))).toHaveLength(1);
    for (const lost of attempts.filter((r) => r.status !== 200)) {
      expect(lost.status).toBe(409);
      expect(lost.body.code).toBe('TASK_CLOSED');
    }
    const winner = wins[0]?.body as InboxMessage;
    expect(winner.task?.status).toBe('DONE');
    const winnerIsOne = attempts.indexOf(wins[0] as never) % 2 === 0;
    const loser = winnerIsOne ? two.caller : one.caller;
    const seen = (await call<InboxMessage>(loser, `/tasks/${taskId}`)).body;
    expect(seen.task).toMatchObject({ status: 'CLOSED', completedBySomeoneElse: true });
    // The filters follow at once: DONE for the one who did it, CLOSED for the other.
    const done = await list(winnerIsOne ? one.caller : two.caller, { status: 'DONE' });
    expect(done.body.items.map((m) => m.task?.taskId)).toContain(taskId);
    const closed = await list(loser, { status: 'CLOSED' });
    expect(closed.body.items.map((m) => m.task?.taskId)).toContain(taskId);
    expect((await list(loser, { status: 'IN_PROGRESS' })).body.items.map((m) => m.task?.taskId)).not.toContain(taskId);
  });

  it('answers 404 for another user’s or tenant’s message or task, and marks nothing', async () => {
    await emit(alpine.tenantId, 'IDENTITY_MATERIAL_REQUIRED', [one.userId]);
    const mine = await newest(one.caller, 'IDENTITY_MATERIAL_REQUIRED');
    const taskId = mine.task?.taskId as string;
    const beaconLp = await signedIn(beacon, 'LP');
    for (const caller of [outsider.caller, beaconLp]) {
      expect((await call(caller, `/tasks/${taskId}`)).status).toBe(404);
      expect((await call(caller, `/user-center/messages/${mine.messageId}`)).status).toBe(404);
      const act = await call<{ code: string }>(caller, `/tasks/${taskId}`, {
        method: 'POST',
        body: { action: 'COMPLETE' },
      });
      expect([act.status, act.body.code]).toEqual([404, 'TASK_NOT_EXISTS']);
      expect((await call(caller, '/task-subscription-file', { query: { taskId } })).status).toBe(404);
      const mark = await call<{ code: string }>(caller, '/user-center/read-in-box-message', {
        method: 'POST',
        body: { messageIds: [mine.messageId] },
      });
      expect([mark.status, mark.body.code]).toEqual([404, 'MESSAGE_NOT_EXISTS']);
    }
    expect((await call<InboxMessage>(one.caller, `/tasks/${taskId}`)).body.task?.status).toBe('OPEN');
    expect(await unread(one.caller)).toBe(1);
  });

  it('pages newest first through a filter without losing or repeating a message', async () => {
    for (let i = 0; i < 9; i++) await emit(alpine.tenantId, 'NAV_UPDATED', [one.userId]);
    const all = await eventually(
      async () => (await list(one.caller, { limit: '100' })).body.items,
      (items) => items.length === 9,
      'nine messages',
    );
    // Every third one read: six stay unread, so an unread page of 4 ends in the middle of a read.
    const read = all.filter((_, i) => i % 3 === 0).map((m) => m.messageId);
    await call(one.caller, '/user-center/read-in-box-message', { method: 'POST', body: { messageIds: read } });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(one.caller, { unread: 'true', limit: '4', ...(cursor ? { cursor } : {}) });
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      seen.push(...page.body.items.map((m) => m.messageId));
      cursor = page.body.nextCursor;
    } while (cursor);
    const unreadIds = all.map((m) => m.messageId).filter((id) => !read.includes(id));
    expect(seen).toEqual(unreadIds);
    expect([...seen].sort().reverse()).toEqual(seen);
    // Another user's cursor is refused rather than read.
    const other = await list(one.caller, { limit: '2' });
    const foreign = await list(two.caller, { cursor: other.body.nextCursor as string });
    expect(foreign.status).toBe(400);
  });

  it('gives one task to several users from the local test event (the browser tests use it)', async () => {
    const res = await fetch(`${stack.url}/_local/inbox/test-task`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tenantPrefix: alpine.prefix, emails: [one.email, two.email] }),
    });
    expect(res.status).toBe(202);
    const mine = await newest(one.caller, 'ADDITIONAL_DOCUMENTS_REQUIRED');
    const theirs = await newest(two.caller, 'ADDITIONAL_DOCUMENTS_REQUIRED');
    expect(mine.task?.taskId).toBe(theirs.task?.taskId);
    const unknown = await fetch(`${stack.url}/_local/inbox/test-task`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tenantPrefix: alpine.prefix, emails: ['nobody@nowhere.example'] }),
    });
    expect(unknown.status).toBe(404);
  });

  it('refuses a filter outside IN_PROGRESS, CLOSED, DONE and ALL, naming the field', async () => {
    for (const path of ['/user-center/get-in-box-message', '/tasks/query-tasks']) {
      const res = await call<{ code: string; details: { fields: { field: string }[] } }>(one.caller, path, {
        query: { status: 'OPEN' },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('PARAMS_ERROR');
      expect(res.body.details.fields.map((f) => f.field)).toContain('query.status');
    }
  });

  it('creates nothing twice when the event is delivered again', async () => {
    const { applyOnce } = await import('../../functions/src/events/marks.js');
    const { inboxRecords } = await import('../../functions/src/events/inbox.js');
    const { checkEvent } = await import('@tranche/shared/events/catalogue');
    const { readItem } = await import('../support/identity.js');
    const refId = await emit(alpine.tenantId, 'NAV_UPDATED', [one.userId]);
    await newest(one.caller, 'NAV_UPDATED');
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
    const trail = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.subjectPk(alpine.tenantId, { kind: 'investment', id: refId }) },
        ConsistentRead: true,
      }),
    );
    const eventId = trail.Items?.[0]?.eventId as string;
    const checked = checkEvent(await readItem(keys.domainEvent(alpine.tenantId, eventId)));
    if (!checked.ok) throw new Error(checked.reason);
    if (!('records' in inboxRecords)) throw new Error('inboxRecords writes records');
    expect(await applyOnce(checked.event, inboxRecords.name, await inboxRecords.records(checked.event))).toBe(false);
    const navs = (await list(one.caller)).body.items.filter((m) => m.kind === 'NAV_UPDATED');
    expect(navs).toHaveLength(1);
    expect(await unread(one.caller)).toBe(1);
  });

  it('keeps the unread count exact through marking read, and closes a task on its closing event', async () => {
    const refId = await emit(alpine.tenantId, 'SUBSCRIPTION_CHANGES_REQUIRED', [one.userId, two.userId]);
    await emit(alpine.tenantId, 'SUBSCRIPTION_APPROVED', [one.userId]);
    const task = await newest(one.caller, 'SUBSCRIPTION_CHANGES_REQUIRED');
    await newest(one.caller, 'SUBSCRIPTION_APPROVED');
    expect(await unread(one.caller)).toBe(2);
    const marked = await call<{ count: number; marked: number }>(one.caller, '/user-center/read-in-box-message', {
      method: 'POST',
      body: { messageIds: [task.messageId, task.messageId] },
    });
    expect(marked.body).toEqual({ count: 1, marked: 1 });
    // Again: nothing changes.
    const again = await call<{ count: number; marked: number }>(one.caller, '/user-center/read-in-box-message', {
      method: 'POST',
      body: { messageIds: [task.messageId] },
    });
    expect(again.body).toEqual({ count: 1, marked: 0 });
    expect((await list(one.caller, { unread: 'true' })).body.items.map((m) => m.kind)).toEqual([
      'SUBSCRIPTION_APPROVED',
    ]);
    const all = await call<{ count: number }>(one.caller, '/user-center/read-in-box-message', {
      method: 'POST',
      body: { all: true },
    });
    expect(all.body.count).toBe(0);

    const closing = sampleClosingEvent('SUBSCRIPTION_CHANGES_REQUIRED', refId, [one.userId, two.userId]);
    await commit(
      { tenantId: alpine.tenantId, userId: 'TEST', requestId: 'close', at: new Date().toISOString() },
      { steps: [], events: [eventOf(closing.name, refId, closing.payload)], result: undefined },
    );
    const closed = await eventually(
      async () => (await call<InboxMessage>(two.caller, `/tasks/${task.task?.taskId}`)).body,
      (m) => m.task?.status === 'CLOSED',
      'the task closed by its event',
    );
    expect(closed.task?.completedBySomeoneElse).toBe(false);
    const late = await call<{ code: string }>(two.caller, `/tasks/${task.task?.taskId}`, {
      method: 'POST',
      body: { action: 'COMPLETE' },
    });
    expect([late.status, late.body.code]).toEqual([409, 'TASK_CLOSED']);
  });

  it('lets only the account types the kind names act; approvals go through notice-task-approval', async () => {
    await emit(alpine.tenantId, 'GP_BANK_CHANGE_APPROVAL', [one.userId]);
    const member = await signedIn(alpine, 'GP_MEMBER');
    const admin = await signedIn(alpine, 'GP_ADMIN');
    const seen = await eventually(
      async () =>
        (await call<InboxPage>(member, '/tasks/query-tasks', { query: { status: 'IN_PROGRESS' } })).body.items,
      (items) => items.some((m) => m.kind === 'GP_BANK_CHANGE_APPROVAL'),
      'the GP task',
    );
    const task = seen.find((m) => m.kind === 'GP_BANK_CHANGE_APPROVAL') as InboxMessage;
    expect(task.task?.mayAct).toBe(false);
    const refused = await call<{ code: string; message: string }>(member, '/tasks/notice-task-approval', {
      method: 'POST',
      body: { taskId: task.task?.taskId, decision: 'APPROVED' },
    });
    expect([refused.status, refused.body.code], JSON.stringify(refused.body)).toEqual([403, 'NO_OPERATION_PERMISSION']);
    expect(refused.body.message).toBe('You have no permission to handle this task with your account type.');
    const wrongWay = await call<{ code: string }>(admin, `/tasks/${task.task?.taskId}`, {
      method: 'POST',
      body: { action: 'COMPLETE' },
    });
    expect([wrongWay.status, wrongWay.body.code]).toEqual([422, 'ILLEGAL_TASK']);
    const decided = await call<InboxMessage>(admin, '/tasks/notice-task-approval', {
      method: 'POST',
      body: { taskId: task.task?.taskId, decision: 'REJECTED', comment: 'The bank letter is unsigned.' },
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.task).toMatchObject({ status: 'DONE', decision: 'REJECTED' });
  });

  it('sends common messages in the daily digest or at once, per the preference, in the user’s language', async () => {
    const digestOff = await call(two.caller, '/email-preferences', {
      method: 'PUT',
      body: { productNews: true, marketing: false, inboxDigest: false },
    });
    expect(digestOff.status).toBe(200);
    await patchItem(keys.user(alpine.tenantId, one.userId), { language: 'zh-CN' });
    await emit(alpine.tenantId, 'DISTRIBUTION_PAID', [one.userId, two.userId]);
    await newest(one.caller, 'DISTRIBUTION_PAID');
    await lastMessageTo(two.email, /Distribution from/);
    expect((await outbox()).some((m) => m.to.includes(one.email) && /分配/.test(m.subject))).toBe(false);
    const run = await fetch(`${stack.url}/_local/schedules/inboxDaily/run`, { method: 'POST' });
    expect(run.status).toBe(200);
    const digest = await lastMessageTo(one.email, /收件箱/);
    expect(digest.text).toContain('分配');
    expect(digest.text).toContain(`/t/${alpine.prefix}/inbox/`);
  });

  it('texts an urgent capital call and never puts bank details in an email', async () => {
    await patchItem(keys.user(alpine.tenantId, one.userId), { phone: '+447700900123', phoneVerified: true });
    await emit(alpine.tenantId, 'CAPITAL_CALL_OPEN_ENDED', [one.userId], {
      dueInDays: 1,
      extra: { fund: 'Alpine Fund IBAN GB82WEST12345698765432 account number 12345678' },
    });
    const msg = await newest(one.caller, 'CAPITAL_CALL_OPEN_ENDED');
    expect(msg.task?.urgent).toBe(true);
    const email = await lastMessageTo(one.email, /Capital call/);
    expect(`${email.subject}\n${email.text}`).not.toMatch(/GB82WEST|12345678/);
    const sms = await lastMessageTo('+447700900123', /Capital call/);
    expect(sms.channel).toBe('sms');
    expect(sms.text).not.toMatch(/GB82WEST|12345678/);
    // The banner shows the urgent task.
    const banner = await call<{ message: InboxMessage | null }>(one.caller, '/user-center/banner-in-box-message');
    expect(banner.body.message?.messageId).toBe(msg.messageId);
  });
});
