/**
 * The inbox figure (issue 10): one investor with 5,000 messages (4,000 messages, 1,000 tasks in every
 * status), their inbox read through the local gateway, newest first, with and without filters,
 * beside the bare storage Query the handler makes for the unfiltered page. docs/inbox.md cites it.
 */
import { BatchWriteCommand, type DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { INBOX_KINDS } from '@tranche/shared/inbox/kinds';
import type { StackInfo } from '../test/support/stack-info.js';
import { benchStack } from './stack.js';
import { ms, percentile } from './stats.js';

export const INBOX_MESSAGES = 5_000;
const RUNS = Number(process.env.BENCH_INBOX_QUERIES ?? 300);
const TARGET_P99_MS = 100;

const timed = async (runs: number, call: (i: number) => Promise<unknown>) => {
  for (let i = 0; i < 20; i++) await call(i);
  const latencies: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await call(i);
    latencies.push(performance.now() - t);
  }
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
};

export const benchInbox = async (
  info: StackInfo,
  doc: DynamoDBDocumentClient,
  row: (...cells: string[]) => void,
): Promise<void> => {
  const { keys, newId, createSession, cookies, table, tenant } = await benchStack(info);
  const { sessionCookieName } = cookies;
  const { searchTextOf } = await import('../functions/src/inbox/inbox.repo.js');
  const lp = tenant.users.find((u) => u.role === 'LP');
  if (!lp) throw new Error('No investor to bench the inbox with');

  const items = Array.from({ length: INBOX_MESSAGES }, (_, i) => {
    const messageId = newId();
    const isTask = i % 5 === 0;
    const kind = isTask ? 'ADDITIONAL_DOCUMENTS_REQUIRED' : (INBOX_KINDS.find((k) => k === 'NAV_UPDATED') as string);
    const params = {
      refId: `R${i}`,
      fund: `Fund ${i % 37}`,
      documents: 'Passport',
      nav: 'USD 100',
      navDate: '2026-09-30',
    };
    const status = (['IN_PROGRESS', 'DONE', 'CLOSED'] as const)[i % 3] as string;
    return {
      ...keys.inboxMessage(tenant.tenantId, lp.userId, messageId),
      ...(isTask
        ? {
            ...keys.inboxFilterIndex(tenant.tenantId, lp.userId, status, messageId),
            ...keys.inboxTasksIndex(tenant.tenantId, lp.userId, messageId),
            taskId: newId(),
            taskStatus: status === 'IN_PROGRESS' ? 'OPEN' : status,
            assigneeCount: 1,
          }
        : {}),
      type: 'INBOX_MESSAGE',
      messageId,
      userId: lp.userId,
      kind,
      category: isTask ? 'TASK_MESSAGE' : 'COMMON_MESSAGE',
      params,
      createdAt: new Date().toISOString(),
      read: i % 2 === 0,
      searchText: searchTextOf(kind as never, params),
      delivery: 'NONE',
    };
  });
  for (let i = 0; i < items.length; i += 25) {
    await doc.send(
      new BatchWriteCommand({
        RequestItems: { [table]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
      }),
    );
  }
  await doc.send(
    new PutCommand({
      TableName: table,
      Item: { ...keys.inboxUnread(tenant.tenantId, lp.userId), count: INBOX_MESSAGES / 2 },
    }),
  );
  const issued = await createSession({
    tenantId: tenant.tenantId,
    tenantPrefix: tenant.prefix,
    userId: lp.userId,
    role: 'LP',
  });
  const cookie = `${sessionCookieName(tenant.prefix)}=${issued.accessToken}`;
  const inbox = async (query: Record<string, string>) => {
    const url = new URL('/api/user-center/get-in-box-message', info.url);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const res = await fetch(url, { headers: { 'x-tenant-prefix': tenant.prefix, cookie } });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const queries: Record<string, string>[] = [
    {},
    { status: 'IN_PROGRESS' },
    { status: 'DONE' },
    { category: 'TASK_MESSAGE' },
    { unread: 'true' },
    { q: 'fund 12' },
  ];
  const gateway = await timed(RUNS, (i) => inbox(queries[i % queries.length] as Record<string, string>));
  const unfiltered = await timed(RUNS, () => inbox({}));
  const storage = await timed(RUNS, () =>
    doc.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.inboxPk(tenant.tenantId, lp.userId), ':prefix': 'MSG#' },
        ScanIndexForward: false,
        Limit: 20,
      }),
    ),
  );
  row(
    `inbox query, ${INBOX_MESSAGES} messages (${queries.length} filters) p50 / p99`,
    `${ms(gateway.p50)} / ${ms(gateway.p99)}`,
    `newest-20 Query: ${ms(storage.p50)} / ${ms(storage.p99)}`,
    `p99 <= ${TARGET_P99_MS} ms`,
    gateway.p99 <= TARGET_P99_MS ? 'ok' : 'OVER TARGET',
  );
  row('  of which unfiltered (newest 20)', `${ms(unfiltered.p50)} / ${ms(unfiltered.p99)}`, '-', '-', '-');
  for (const query of queries.slice(1)) {
    const one = await timed(Math.ceil(RUNS / 3), () => inbox(query));
    row(`  of which ${new URLSearchParams(query).toString()}`, `${ms(one.p50)} / ${ms(one.p99)}`, '-', '-', '-');
  }
};
