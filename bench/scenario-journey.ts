/**
 * The journey figure (issue 13): an investor walking a scenario through the local gateway, each step
 * submitted (POST /biteflow/scenario/submit-node-result, which answers with the next step once it has
 * opened: the Step Functions facade's task token round trip is in it) and the next step fetched
 * (GET /biteflow/scenario/gateway/node/get, what the runner reads when it loads). The scenario is a
 * straight line of 20 one-field forms (the Invest default has 8 human steps), published into a fund's
 * slot the way the editor publishes; ten subscriptions are written as the service writes them, and
 * their journeys started as the subscription's consumer starts them and walked one after the other
 * (200 steps). Beside them, the GetItem of the journey record every journey call begins with.
 * Target: p99 <= 150 ms for both.
 * BENCH_ONLY=journey (starts the local stack).
 */
import { randomUUID } from 'node:crypto';
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ScenarioGraph } from '@tranche/shared/scenario/scenario.schema';
import type { StackInfo } from '../test/support/stack-info.js';
import { benchStack } from './stack.js';
import { ms, percentile } from './stats.js';

const TARGET_P99_MS = 150;
const FORMS = 20;
const JOURNEYS = Number(process.env.BENCH_JOURNEYS ?? 10);

const both = (text: string) => ({ en: text, 'zh-CN': text });

/** START -> f1 -> ... -> f<forms> -> END, each form one optional text field. */
export const lineScenario = (forms: number): ScenarioGraph => {
  const ids = Array.from({ length: forms }, (_, i) => `f${i + 1}`);
  const chain = ['start', ...ids, 'end'];
  return {
    interactionMode: 'INTERACTIONS',
    nodes: [
      { id: 'start', kind: 'START', title: both('Start') },
      ...ids.map((id) => ({
        id,
        kind: 'FORM' as const,
        title: both(`Step ${id}`),
        elements: [
          {
            id: 'answer',
            element: 'INPUT' as const,
            fieldType: 'text' as const,
            label: both('Answer'),
            requirement: 'OPTIONAL' as const,
          },
        ],
      })),
      { id: 'end', kind: 'END', title: both('End') },
    ],
    edges: chain.slice(1).map((to, i) => ({ id: `e${i + 1}`, from: chain[i] as string, to })),
  };
};

export const benchScenarioJourney = async (
  info: StackInfo,
  doc: DynamoDBDocumentClient,
  row: (...cells: string[]) => void,
): Promise<void> => {
  // The service modules read the stack's environment (table, Step Functions facade) when loaded: after benchStack.
  const { keys, newId, createSession, cookies, table, tenant } = await benchStack(info);
  const { sessionCookieName, CSRF_COOKIE, CSRF_HEADER } = cookies;
  const { subscriptionItem } = await import('../functions/src/subscription/subscription.repo.js');
  const { createProductScenario, saveScenarioDraft, publishScenario } = await import(
    '../functions/src/scenario/scenario.service.js'
  );
  const { startJourney } = await import('../functions/src/scenario/journey-start.js');
  const lp = tenant.users.find((u) => u.role === 'LP');
  const admin = tenant.users.find((u) => u.role === 'GP_ADMIN' || u.role === 'GP_OWNER');
  const productId = tenant.productIds[0];
  if (!lp || !admin || !productId) throw new Error('No investor, manager or fund to bench the journey with');
  const actor = (userId: string) => ({
    tenantId: tenant.tenantId,
    userId,
    requestId: randomUUID(),
    at: new Date().toISOString(),
  });

  // The fund's Invest scenario for individuals: a line of forms, published as the editor publishes.
  const slot = await createProductScenario(actor(admin.userId), productId, {
    subscriptionType: 'INVEST_SUBSCRIPTION',
    investorType: 'INDIVIDUAL',
  });
  const saved = await saveScenarioDraft(actor(admin.userId), slot.scenarioId, lineScenario(FORMS), 1);
  await publishScenario(actor(admin.userId), slot.scenarioId, saved.version);

  const issued = await createSession({
    tenantId: tenant.tenantId,
    tenantPrefix: tenant.prefix,
    userId: lp.userId,
    role: 'LP',
  });
  const headers = {
    'x-tenant-prefix': tenant.prefix,
    cookie: `${sessionCookieName(tenant.prefix)}=${issued.accessToken}; ${CSRF_COOKIE}=${issued.csrfToken}`,
    [CSRF_HEADER]: issued.csrfToken,
    'content-type': 'application/json',
  };
  type Current = { node: { id: string } | null; progress: { status: string } };
  const api = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(new URL(`/api${path}`, info.url), {
      method: body ? 'POST' : 'GET',
      headers,
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };

  /** An Invest subscription in INVESTING, stored as the service stores one, and its journey started. */
  const investingWithJourney = async () => {
    const subscriptionId = newId();
    const at = new Date().toISOString();
    await doc.send(
      new PutCommand({
        TableName: table,
        Item: subscriptionItem(tenant.tenantId, {
          subscriptionId,
          productId,
          type: 'INVEST_SUBSCRIPTION',
          status: 'INVESTING',
          version: 1,
          investorUserId: lp.userId,
          investorName: lp.displayName,
          amount: '100000',
          currency: 'USD',
          fund: 'Bench fund',
          createdAt: at,
          createdBy: lp.userId,
          updatedAt: at,
          signatures: [],
          holdsCapacity: false,
        }),
      }),
    );
    await startJourney(actor('SYSTEM'), subscriptionId, 'INVEST_SUBSCRIPTION');
    return subscriptionId;
  };

  const submits: number[] = [];
  const fetches: number[] = [];
  const journeys: string[] = [];
  for (let run = 0; run < JOURNEYS; run++) {
    const subscriptionId = await investingWithJourney();
    journeys.push(subscriptionId);
    const nodeGet = () => api<Current>(`/biteflow/scenario/gateway/node/get?subscriptionId=${subscriptionId}`);

    // The execution opens the first form on its own: wait for it (untimed), as the runner polls.
    let current = await nodeGet();
    for (let i = 0; !current.node && i < 100; i++) {
      await new Promise((r) => setTimeout(r, 100));
      current = await nodeGet();
    }
    let steps = 0;
    while (current.node) {
      const nodeId = current.node.id;
      let t = performance.now();
      const answer = await api<{ next: Current }>('/biteflow/scenario/submit-node-result', {
        subscriptionId,
        nodeId,
        values: { answer: `step ${nodeId}` },
      });
      submits.push(performance.now() - t);
      if (answer.next.node?.id === nodeId) throw new Error(`${nodeId} is still current after its submit`);
      t = performance.now();
      current = await nodeGet();
      fetches.push(performance.now() - t);
      steps += 1;
      // The answer names the next node once it opened (at most 3 s); the fetch must agree with it.
      if (answer.next.node && current.node?.id !== answer.next.node.id)
        throw new Error(`node/get says ${current.node?.id}, the submit said ${answer.next.node.id}`);
    }
    if (steps !== FORMS || current.progress.status !== 'COMPLETED')
      throw new Error(`Journey ${run + 1} stopped after ${steps} steps (${current.progress.status})`);
  }

  // Where a submit's time goes (the same steps the handler takes, in this process, on two more
  // journeys): the subscription's read, the answer's commit, SendTaskSuccess, the wait until the
  // execution opened the next node (polled every 2 ms here, so the figure is the facade's own time),
  // and the next node's view.
  const { recordAnswer, getCurrentNode } = await import('../functions/src/scenario/journey.service.js');
  const { sendTaskSuccess } = await import('../functions/src/scenario/sfn.js');
  const { readJourneyMeta } = await import('../functions/src/scenario/scenario.repo.js');
  const { getSubscriptionRecord } = await import('../functions/src/subscription/subscription.repo.js');
  const phases: Record<'read' | 'commit' | 'sendTaskSuccess' | 'nextOpened' | 'view', number[]> = {
    read: [],
    commit: [],
    sendTaskSuccess: [],
    nextOpened: [],
    view: [],
  };
  for (let run = 0; run < 2; run++) {
    const subscriptionId = await investingWithJourney();
    for (let step = 0; step < FORMS; step++) {
      let journey = await readJourneyMeta(tenant.tenantId, subscriptionId);
      while (!journey?.currentNodeId) {
        await new Promise((r) => setTimeout(r, 2));
        journey = await readJourneyMeta(tenant.tenantId, subscriptionId);
      }
      const nodeId = journey.currentNodeId;
      const values = { answer: `step ${nodeId}` };
      let t = performance.now();
      const sub = await getSubscriptionRecord(tenant.tenantId, subscriptionId);
      phases.read.push(performance.now() - t);
      t = performance.now();
      const { decided } = await recordAnswer(actor(lp.userId), sub!, { subscriptionId, nodeId, values }, () => ({
        routing: values,
        stored: values,
      }));
      phases.commit.push(performance.now() - t);
      t = performance.now();
      await sendTaskSuccess(decided.token as string, values);
      phases.sendTaskSuccess.push(performance.now() - t);
      t = performance.now();
      for (;;) {
        const j = await readJourneyMeta(tenant.tenantId, subscriptionId);
        if (j?.currentNodeId || j?.status !== 'RUNNING') break;
        await new Promise((r) => setTimeout(r, 2));
      }
      phases.nextOpened.push(performance.now() - t);
      t = performance.now();
      await getCurrentNode(actor(lp.userId), 'LP', subscriptionId);
      phases.view.push(performance.now() - t);
    }
  }
  row(
    'scenario journey: where a submit goes (in process, 40 steps) p50 / p99 of each part',
    Object.entries(phases)
      .map(([name, xs]) => `${name} ${ms(percentile(xs, 50))} / ${ms(percentile(xs, 99))}`)
      .join('; '),
    '',
    '',
    '',
  );

  const storage: number[] = [];
  for (let i = 0; i < submits.length; i++) {
    const t = performance.now();
    const id = journeys[i % journeys.length] as string;
    await doc.send(new GetCommand({ TableName: table, Key: keys.journey(tenant.tenantId, id) }));
    storage.push(performance.now() - t);
  }
  const baseline = `journey GetItem: ${ms(percentile(storage, 50))} / ${ms(percentile(storage, 99))}`;
  for (const [name, xs] of [
    ['submit-node-result (answers with the next step)', submits],
    ['fetch of the next step (gateway/node/get)', fetches],
  ] as const) {
    const p99 = percentile(xs, 99);
    row(
      `scenario journey: ${name}, ${xs.length} steps of ${JOURNEYS} journeys p50 / p99`,
      `${ms(percentile(xs, 50))} / ${ms(p99)}`,
      baseline,
      `p99 <= ${TARGET_P99_MS} ms`,
      p99 <= TARGET_P99_MS ? 'ok' : 'OVER TARGET',
    );
  }
};
