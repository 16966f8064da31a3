import { DescribeExecutionCommand, SFNClient } from '@aws-sdk/client-sfn';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { InboxPage } from '@tranche/shared/inbox/inbox.schema';
import type { GpProduct } from '@tranche/shared/product/product.schema';
import type { ContractDocuments, GatewayContacts } from '@tranche/shared/scenario/contacts.schema';
import type {
  CurrentNode,
  Progress,
  ScenarioGraph,
  ScenarioSummary,
  ScenarioVersion,
} from '@tranche/shared/scenario/scenario.schema';
import type { Subscription } from '@tranche/shared/subscription/subscription.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  alpine,
  anonymous,
  type Caller,
  type CallResult,
  call,
  errorOf,
  signedIn,
  type Tenant,
  userOf,
} from '../support/api.js';
import { fundInput, shareClassInput } from '../support/fixtures.js';
import { codeIn, lastMessageTo } from '../support/identity.js';
import { publish } from '../support/publish.js';
import { scratchTenant } from '../support/scratch-tenant.js';
import { postForm } from '../support/uploads.js';

/**
 * Scenario flows through the local gateway and the local Step Functions facade (issue 13,
 * docs/subscriptions.md "Scenario flows"): a manager copies the default, saves a graph with a dead
 * end (publishing names the node), publishes a valid one (its state machine is created); an
 * investor's subscription starts an execution, and the investor answers node by node: prefill,
 * out-of-order 409, save and exit, back (the run is replaced), both branches of a router, a consent
 * left empty, the end; another investor fails the questionnaire. In a tenant of its own.
 */

const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
const { keys } = await import('../../functions/src/_lib/db/keys.js');
const { newId } = await import('../../functions/src/_lib/ids.js');
const { batchWrite } = await import('../../local/seed.js');
const { readJourneyMeta } = await import('../../functions/src/scenario/scenario.repo.js');
const { memberItem, putPerson } = await import('../../functions/src/profile/profile.repo.js');
const { recordSignature } = await import('../../functions/src/subscription/subscription.service.js');
const signingFixtures = await import('../../functions/src/signing/seal/fixtures.js');

const expectStatus = <T>(res: CallResult<T>, status: number): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
};

const refused = (res: CallResult, status: number, code: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(errorOf(res).code).toBe(code);
};

const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> => {
  for (let i = 0; i < 300; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
};

const l = (en: string) => ({ en, 'zh-CN': `${en}（中）` });

/**
 * details (form) -> route: amount >= 500,000 -> large (statement) -> flag (change DB value)
 * -> mail (email) -> notify (inbox) -> end; otherwise -> quiz (questionnaire, pass mark 3) -> notify.
 */
const graph: ScenarioGraph = {
  interactionMode: 'INTERACTIONS',
  nodes: [
    { id: 'start', kind: 'START', title: l('Start') },
    {
      id: 'details',
      kind: 'FORM',
      title: l('Details'),
      elements: [
        { id: 'heading', element: 'HEADING', label: l('About you'), requirement: 'OPTIONAL' },
        { id: 'fullName', element: 'INPUT', fieldType: 'text', label: l('Name'), requirement: 'MANDATORY' },
        {
          id: 'amount',
          element: 'AMOUNT',
          label: l('Amount'),
          requirement: 'MANDATORY',
          prefill: 'subscription.amount',
        },
        { id: 'internal', element: 'INPUT', label: l('Internal'), requirement: 'HIDDEN' },
      ],
    },
    {
      id: 'route',
      kind: 'ROUTER',
      title: l('Size'),
      branches: [
        {
          id: 'big',
          to: 'large',
          when: { source: 'RESULT', nodeId: 'details', field: 'amount', op: 'GTE', value: 500000 },
        },
      ],
      otherwise: 'quiz',
    },
    {
      id: 'large',
      kind: 'STATEMENT',
      title: l('Large ticket'),
      body: l('Large subscriptions are reviewed closely.'),
      consents: [
        { id: 'understood', label: l('I understand') },
        { id: 'agreed', label: l('I agree') },
      ],
    },
    { id: 'flag', kind: 'CHANGE_DB_VALUE', title: l('Flag'), field: 'requiresManualReview', value: true },
    {
      id: 'quiz',
      kind: 'QUESTIONNAIRE',
      title: l('Quiz'),
      passMark: 3,
      questions: [
        {
          id: 'experience',
          label: l('Experience'),
          multiple: false,
          options: [
            { value: 'NONE', label: l('None'), score: 0 },
            { value: 'LOTS', label: l('Lots'), score: 3 },
          ],
        },
      ],
    },
    {
      id: 'mail',
      kind: 'EMAIL',
      title: l('Mail'),
      to: 'INVESTOR',
      subject: l('Your large subscription'),
      body: l('We review large subscriptions closely.'),
    },
    { id: 'notify', kind: 'INBOX', title: l('Notify'), to: 'INVESTOR', body: l('Done, thank you.') },
    { id: 'end', kind: 'END', title: l('End') },
  ],
  edges: [
    { id: 'e1', from: 'start', to: 'details' },
    { id: 'e2', from: 'details', to: 'route' },
    { id: 'e3', from: 'large', to: 'flag' },
    { id: 'e4', from: 'flag', to: 'mail' },
    { id: 'e7', from: 'mail', to: 'notify' },
    { id: 'e5', from: 'quiz', to: 'notify' },
    { id: 'e6', from: 'notify', to: 'end' },
  ],
};

let tenant: Tenant;
let admin: Caller;
let investor: Caller;
let second: Caller;
let secondId: string;
let product: GpProduct;
let shareClassId: string;
let scenario: ScenarioSummary;

const profileOf = async (userId: string) => {
  const id = newId();
  const now = new Date().toISOString();
  await batchWrite(db, tableName(), [
    {
      ...keys.profile(tenant.tenantId, id),
      ...keys.profilesOfUser(tenant.tenantId, userId, now, id),
      type: 'PROFILE',
      profileId: id,
      profileType: 'INDIVIDUAL',
      ownerUserId: userId,
      state: 'SUCCESS',
      version: 3,
      createdAt: now,
      updatedAt: now,
      header: { displayName: 'My profile' },
    },
  ]);
  return id;
};

/** A published fund of its own (one share class) and its Invest scenario slot for `investorType`, not yet drawn. */
const fundWithScenario = async (name: string, investorType: 'INDIVIDUAL' | 'ENTITY' | 'JOINT') => {
  const made = expectStatus(
    await call<GpProduct>(admin, '/gp/products', { method: 'POST', body: fundInput({ name: { en: name } }) }),
    201,
  );
  const sc = expectStatus(
    await call<{ shareClassId: string }>(admin, `/gp/products/${made.productId}/share-classes`, {
      method: 'POST',
      body: shareClassInput({ maxInvestment: '1000000.00' }),
    }),
    201,
  );
  expectStatus(await publish(admin, made.productId), 200);
  const slot = expectStatus(
    await call<ScenarioSummary>(admin, `/gp/products/${made.productId}/scenarios`, {
      method: 'POST',
      body: { subscriptionType: 'INVEST_SUBSCRIPTION', investorType },
    }),
    201,
  );
  return { made, sc, slot };
};

type SignNode = Extract<ScenarioGraph['nodes'][number], { kind: 'SIGN' }>;

/** Start, one SIGN node (the subscription agreement, signed by `signers`; `sign` overrides its fields), end. */
const signOnlyGraph = (signers: SignNode['signers'], sign: Partial<SignNode> = {}): ScenarioGraph => ({
  interactionMode: 'INTERACTIONS',
  nodes: [
    { id: 'start', kind: 'START', title: l('Start') },
    {
      id: 'sign',
      kind: 'SIGN',
      title: l('Sign the subscription agreement'),
      documentTitle: l('Subscription agreement'),
      signers,
      ...sign,
    },
    { id: 'end', kind: 'END', title: l('End') },
  ],
  edges: [
    { id: 'e1', from: 'start', to: 'sign' },
    { id: 'e2', from: 'sign', to: 'end' },
  ],
});

/**
 * Saves `graph` as the scenario's draft (over draft `baseVersion` when one is open) and publishes
 * that version, answering the publish call as it came: a test of a refusal reads it.
 */
const saveAndPublish = async (scenarioId: string, graph: ScenarioGraph, baseVersion?: number) => {
  const draft = expectStatus(
    await call<ScenarioVersion>(admin, `/gp/scenarios/${scenarioId}/draft`, {
      method: 'PUT',
      body: { graph, ...(baseVersion === undefined ? {} : { baseVersion }) },
    }),
    200,
  );
  return call<{ stateMachineArn: string; version: number }>(admin, `/gp/scenarios/${scenarioId}/publish`, {
    method: 'POST',
    body: { version: draft.version },
  });
};

/** The draft-then-publish pair, both expected to succeed: the published version. */
const publishGraph = async (scenarioId: string, graph: ScenarioGraph, baseVersion?: number) =>
  expectStatus(await saveAndPublish(scenarioId, graph, baseVersion), 200);

const node = (caller: Caller, subscriptionId: string) =>
  call<CurrentNode>(caller, '/biteflow/scenario/gateway/node/get', { query: { subscriptionId } });
const submitNode = (caller: Caller, body: Record<string, unknown>) =>
  call<{ saved: true; draft: boolean; next: CurrentNode }>(caller, '/biteflow/scenario/submit-node-result', {
    method: 'POST',
    body,
  });
const back = (caller: Caller, subscriptionId: string, nodeId: string) =>
  call<CurrentNode>(caller, '/biteflow/scenario/delete-node-result', {
    method: 'POST',
    body: { subscriptionId, nodeId },
  });
const progress = (caller: Caller, subscriptionId: string) =>
  call<Progress>(caller, '/biteflow/scenario/progress/get', { query: { subscriptionId } });

/** Creates an investment and waits for its journey's first node. */
const invest = async (caller: Caller, amount: string, profileId: string): Promise<string> => {
  const sub = expectStatus(
    await call<Subscription>(caller, '/product-subscription/subscriptions', {
      method: 'POST',
      body: { productId: product.productId, type: 'INVEST_SUBSCRIPTION', amount, shareClassId, profileId },
    }),
    201,
  );
  await eventually(
    () => node(caller, sub.subscriptionId),
    (r) => r.status === 200 && r.body.node !== null,
    'the first node',
  );
  return sub.subscriptionId;
};

beforeAll(async () => {
  tenant = await scratchTenant('scn');
  secondId = newId();
  await batchWrite(db, tableName(), [
    {
      ...keys.user(tenant.tenantId, secondId),
      type: 'USER',
      tenantId: tenant.tenantId,
      userId: secondId,
      email: `second@${tenant.prefix}.example`,
      displayName: 'Second investor',
      role: 'LP',
      inviteStatus: 'REGISTERED',
      accountState: 'normal',
      mfaMethods: [],
      language: 'en',
      currency: 'USD',
      createdAt: new Date().toISOString(),
    },
  ]);
  [admin, investor, second] = await Promise.all([
    signedIn(tenant, 'GP_ADMIN'),
    signedIn(tenant, 'LP'),
    signedIn(
      { ...tenant, users: [{ userId: secondId, email: 'x', displayName: 'Second investor', role: 'LP' }] },
      'LP',
    ),
  ]);
  const made = expectStatus(
    await call<GpProduct>(admin, '/gp/products', {
      method: 'POST',
      body: fundInput({ name: { en: 'Scenario Fund' } }),
    }),
    201,
  );
  const sc = expectStatus(
    await call<{ shareClassId: string }>(admin, `/gp/products/${made.productId}/share-classes`, {
      method: 'POST',
      body: shareClassInput({ maxInvestment: '1000000.00' }),
    }),
    201,
  );
  product = expectStatus(await publish(admin, made.productId), 200);
  shareClassId = sc.shareClassId;
}, 120_000);

describe("a fund's scenario (manager)", () => {
  it('lists the editor palette', async () => {
    const palette = expectStatus(
      await call<{ elements: unknown[]; nodeKinds: string[] }>(admin, '/gateway/custom-field'),
      200,
    );
    expect(palette.elements).toHaveLength(18);
    expect(palette.nodeKinds).toContain('CHANGE_DB_VALUE');
  });

  it('copies the default, refuses to publish a dead end naming the node, publishes a valid version', async () => {
    scenario = expectStatus(
      await call<ScenarioSummary>(admin, `/gp/products/${product.productId}/scenarios`, {
        method: 'POST',
        body: { subscriptionType: 'INVEST_SUBSCRIPTION', investorType: 'INDIVIDUAL' },
      }),
      201,
    );
    expect(scenario).toMatchObject({ draftVersion: 1 });
    const again = await call(admin, `/gp/products/${product.productId}/scenarios`, {
      method: 'POST',
      body: { subscriptionType: 'INVEST_SUBSCRIPTION', investorType: 'INDIVIDUAL' },
    });
    refused(again, 409, 'scenarioExists');

    const broken = { ...graph, edges: graph.edges.filter((e) => e.id !== 'e5') };
    const checked = expectStatus(
      await call<{ valid: boolean; issues: { rule: string; nodeId?: string }[] }>(admin, '/gp/scenarios/validate', {
        method: 'POST',
        body: { graph: broken },
      }),
      200,
    );
    expect(checked.valid).toBe(false);
    expect(checked.issues).toContainEqual(expect.objectContaining({ rule: 'deadEnd', nodeId: 'quiz' }));
    const saved = expectStatus(
      await call<ScenarioVersion>(admin, `/gp/scenarios/${scenario.scenarioId}/draft`, {
        method: 'PUT',
        body: { graph: broken, baseVersion: 1 },
      }),
      200,
    );
    expect(saved).toMatchObject({ version: 1, state: 'DRAFT' });
    const notPublished = await call(admin, `/gp/scenarios/${scenario.scenarioId}/publish`, {
      method: 'POST',
      body: { version: 1 },
    });
    refused(notPublished, 422, 'scenarioInvalid');
    expect((notPublished.body as { details: { nodeIds: string[] } }).details.nodeIds).toContain('quiz');

    const published = await publishGraph(scenario.scenarioId, graph, 1);
    expect(published.version).toBe(1);
    expect(published.stateMachineArn).toContain(':stateMachine:');
    const versions = expectStatus(
      await call<{ items: { version: number; state: string }[] }>(
        admin,
        `/gp/scenarios/${scenario.scenarioId}/versions`,
      ),
      200,
    );
    expect(versions.items).toEqual([expect.objectContaining({ version: 1, state: 'PUBLISHED' })]);
    // Published versions never change: the next save is version 2, a draft.
    const next = expectStatus(
      await call<ScenarioVersion>(admin, `/gp/scenarios/${scenario.scenarioId}/draft`, {
        method: 'PUT',
        body: { graph },
      }),
      200,
    );
    expect(next).toMatchObject({ version: 2, state: 'DRAFT' });
    const list = expectStatus(
      await call<{ items: ScenarioSummary[] }>(admin, `/gp/products/${product.productId}/scenarios`),
      200,
    );
    expect(list.items).toEqual([expect.objectContaining({ publishedVersion: 1, draftVersion: 2 })]);
  });
});

describe("an investor's journey", () => {
  let subscriptionId: string;

  it('starts an execution with the subscription and opens the first node, prefilled', async () => {
    subscriptionId = await invest(investor, '250000.00', await profileOf(userOf(tenant, 'LP').userId));
    const first = expectStatus(await node(investor, subscriptionId), 200);
    expect(first.node).toMatchObject({ id: 'details', kind: 'FORM' });
    expect(JSON.stringify(first.node)).not.toContain('internal');
    expect(first.prefill).toEqual({ amount: '250000' });
    expect(first.progress).toMatchObject({ status: 'RUNNING', done: 0, total: 2, currentNodeId: 'details' });
    const journey = await readJourneyMeta(tenant.tenantId, subscriptionId);
    const sfn = new SFNClient({});
    const execution = await sfn.send(new DescribeExecutionCommand({ executionArn: journey!.executionArn! }));
    expect(execution.status).toBe('RUNNING');
  });

  it('refuses a node that is not current (409) and names every bad field (422)', async () => {
    const ahead = await submitNode(investor, { subscriptionId, nodeId: 'quiz', values: {} });
    refused(ahead, 409, 'SCENARIO_NODE_NOT_CURRENT');
    const bad = await submitNode(investor, {
      subscriptionId,
      nodeId: 'details',
      values: { amount: 'lots', internal: 'x' },
    });
    refused(bad, 422, 'scenarioFormInvalid');
    const fields = (bad.body as unknown as { details: { fields: { field: string; rule: string }[] } }).details.fields;
    expect(fields.map((f) => `${f.field}:${f.rule}`).sort()).toEqual([
      'values.amount:decimal',
      'values.fullName:required',
      'values.internal:hidden',
    ]);
    const stranger = await node(second, subscriptionId);
    refused(stranger, 404, 'SUBSCRIPTION_NOT_EXISTS');
  });

  it('saves and exits without advancing, then moves on along the router\'s "otherwise" branch', async () => {
    const draft = expectStatus(
      await submitNode(investor, { subscriptionId, nodeId: 'details', values: { fullName: 'Ann Lee' }, draft: true }),
      200,
    );
    expect(draft.next).toMatchObject({
      node: { id: 'details' },
      draft: { fullName: 'Ann Lee' },
      progress: { done: 0 },
    });
    const done = expectStatus(
      await submitNode(investor, {
        subscriptionId,
        nodeId: 'details',
        values: { fullName: 'Ann Lee', amount: '250000.00' },
      }),
      200,
    );
    expect(done.next).toMatchObject({ node: { id: 'quiz', kind: 'QUESTIONNAIRE' }, progress: { done: 1, total: 2 } });
    expect(JSON.stringify(done.next.node)).not.toContain('score');
  });

  it('goes back: the done node reopens with its answers and a new run takes the other branch', async () => {
    const firstRun = (await readJourneyMeta(tenant.tenantId, subscriptionId))!;
    const notDone = await back(investor, subscriptionId, 'quiz');
    refused(notDone, 409, 'scenarioNodeNotDone');
    const reopened = expectStatus(await back(investor, subscriptionId, 'details'), 200);
    expect(reopened).toMatchObject({
      node: { id: 'details' },
      draft: { fullName: 'Ann Lee', amount: '250000.00' },
      progress: { done: 0 },
    });
    const sfn = new SFNClient({});
    const old = await sfn.send(new DescribeExecutionCommand({ executionArn: firstRun.executionArn! }));
    expect(old.status).toBe('ABORTED');
    const large = expectStatus(
      await submitNode(investor, {
        subscriptionId,
        nodeId: 'details',
        values: { fullName: 'Ann Lee', amount: '750000.00' },
      }),
      200,
    );
    expect(large.next.node).toMatchObject({ id: 'large', kind: 'STATEMENT' });
  });

  it('needs every consent (ASSENT_EMPTY), then runs the system nodes to the end', async () => {
    const empty = await submitNode(investor, {
      subscriptionId,
      nodeId: 'large',
      values: { understood: true, agreed: false },
    });
    refused(empty, 400, 'ASSENT_EMPTY');
    const done = expectStatus(
      await submitNode(investor, { subscriptionId, nodeId: 'large', values: { understood: true, agreed: true } }),
      200,
    );
    expect(done.next).toMatchObject({ node: null, progress: { status: 'COMPLETED', done: 2, total: 2 } });
    const journey = (await readJourneyMeta(tenant.tenantId, subscriptionId))!;
    expect(journey.fields).toEqual({ requiresManualReview: true });
    // The email node's own text reached the investor (consumer scenarioEmails).
    const mail = await lastMessageTo(userOf(tenant, 'LP').email, /Your large subscription/);
    expect(mail.text).toBe('We review large subscriptions closely.');
    // The inbox node's own title and body reached the investor's inbox, in their language.
    const inbox = (lang: string) =>
      call<{ items: { kind: string; title: string; body: string; params: Record<string, string> }[] }>(
        investor,
        '/user-center/get-in-box-message',
        { lang },
      );
    const posted = await eventually(
      () => inbox('en'),
      (r) => r.body.items?.some((m) => m.kind === 'SCENARIO_MESSAGE' && m.params.refId === subscriptionId),
      'the inbox node message',
    );
    expect(posted.body.items.find((m) => m.kind === 'SCENARIO_MESSAGE')).toMatchObject({
      title: 'Notify',
      body: 'Done, thank you.',
    });
    expect((await inbox('zh-CN')).body.items.find((m) => m.kind === 'SCENARIO_MESSAGE')).toMatchObject({
      title: 'Notify（中）',
      body: 'Done, thank you.（中）',
    });
    const results = expectStatus(
      await call<{ items: { nodeId: string; state: string }[] }>(investor, '/biteflow/scenario/node-results', {
        query: { subscriptionId },
      }),
      200,
    );
    expect(results.items.map((r) => `${r.nodeId}:${r.state}`)).toEqual(['details:DONE', 'large:DONE']);
    const full = expectStatus(
      await call<{ version: number; nodes: unknown[] }>(admin, '/biteflow/scenario/get-full-scenario', {
        query: { subscriptionId },
      }),
      200,
    );
    expect(full).toMatchObject({ version: 1 });
    const execution = await new SFNClient({}).send(
      new DescribeExecutionCommand({ executionArn: journey.executionArn! }),
    );
    expect(execution.status).toBe('SUCCEEDED');
    const sub = expectStatus(
      await call<Subscription>(investor, `/product-subscription/subscriptions/${subscriptionId}`),
      200,
    );
    await eventually(
      () => call<Subscription>(investor, `/product-subscription/subscriptions/${sub.subscriptionId}`),
      (r) => JSON.stringify(r.body.scenario) === JSON.stringify({ missing: [] }),
      'the journey reported complete to the subscription',
    );
    // The questionnaire had opened (ASSESS_RISK); going back before it was the investor's BACK.
    expect(
      expectStatus(await call<Subscription>(investor, `/product-subscription/subscriptions/${subscriptionId}`), 200)
        .status,
    ).toBe('INVESTING');
  });

  it('ends the journey when a questionnaire scores below its pass mark (SCENARIO_NOT_PASSED)', async () => {
    const id = await invest(second, '150000.00', await profileOf(secondId));
    expectStatus(
      await submitNode(second, {
        subscriptionId: id,
        nodeId: 'details',
        values: { fullName: 'Bo Chen', amount: '150000.00' },
      }),
      200,
    );
    const questions = expectStatus(
      await call<{ questions: { id: string; options: Record<string, unknown>[] }[] }>(
        second,
        '/surveys/questions/detail',
        { query: { subscriptionId: id, nodeId: 'quiz' } },
      ),
      200,
    );
    expect(Object.keys(questions.questions[0]!.options[0]!)).toEqual(['value', 'label']);
    const missing = await call(second, '/surveys/questions/action/submit', {
      method: 'POST',
      body: { subscriptionId: id, nodeId: 'quiz', answers: {} },
    });
    refused(missing, 422, 'scenarioFormInvalid');
    const failed = await call(second, '/surveys/questions/action/submit', {
      method: 'POST',
      body: { subscriptionId: id, nodeId: 'quiz', answers: { experience: ['NONE'] } },
    });
    refused(failed, 422, 'SCENARIO_NOT_PASSED');
    expect(expectStatus(await progress(second, id), 200)).toMatchObject({ status: 'FAILED' });
    const after = await submitNode(second, { subscriptionId: id, nodeId: 'quiz', values: {} });
    refused(after, 409, 'scenarioJourneyNotRunning');
    // The subscription followed: risk assessment started, the answers submitted, then failed.
    await eventually(
      () => call<Subscription>(second, `/product-subscription/subscriptions/${id}`),
      (r) => r.body.status === 'REJECTED',
      'the failed risk assessment to reject the subscription',
    );
  });

  it('refuses unknown and used temp-token links', async () => {
    const unknown = await call(anonymous(tenant), '/biteflow/scenario/query-by-temp-token', {
      method: 'POST',
      body: { token: 'x'.repeat(43) },
    });
    refused(unknown, 401, 'TEMP_TOKEN_ERROR');
  });

  it('lets a joint holder complete their step through their own link, once', async () => {
    const jointGraph: ScenarioGraph = {
      interactionMode: 'INTERACTIONS',
      nodes: [
        { id: 'start', kind: 'START', title: l('Start') },
        {
          id: 'coHolder',
          kind: 'STATEMENT',
          party: 'JOINT_HOLDER',
          title: l('Second holder'),
          body: l('You hold this investment jointly.'),
          consents: [{ id: 'agree', label: l('I agree') }],
        },
        { id: 'end', kind: 'END', title: l('End') },
      ],
      edges: [
        { id: 'e1', from: 'start', to: 'coHolder' },
        { id: 'e2', from: 'coHolder', to: 'end' },
      ],
    };
    const slot = expectStatus(
      await call<ScenarioSummary>(admin, `/gp/products/${product.productId}/scenarios`, {
        method: 'POST',
        body: { subscriptionType: 'INVEST_SUBSCRIPTION', investorType: 'JOINT' },
      }),
      201,
    );
    await publishGraph(slot.scenarioId, jointGraph);

    // A JOINT profile whose co-holder has an email (the profile flow itself is profiles.test.ts's).
    const ownerId = userOf(tenant, 'LP').userId;
    const profileId = newId();
    const personId = newId();
    const email = `co-holder-${personId.slice(-6).toLowerCase()}@example.com`;
    const now = new Date().toISOString();
    await batchWrite(db, tableName(), [
      {
        ...keys.profile(tenant.tenantId, profileId),
        ...keys.profilesOfUser(tenant.tenantId, ownerId, now, profileId),
        type: 'PROFILE',
        profileId,
        profileType: 'JOINT',
        ownerUserId: ownerId,
        state: 'SUCCESS',
        version: 3,
        createdAt: now,
        updatedAt: now,
        header: { displayName: 'Joint account' },
      },
      memberItem(tenant.tenantId, profileId, { memberId: newId(), personId, coHolder: true }).Put!.Item!,
      putPerson(tenant.tenantId, ownerId, {
        personId,
        details: { firstName: 'Mei', lastName: 'Wong', email },
        version: 1,
        updatedAt: now,
      }).Put!.Item!,
    ]);
    const id = await invest(investor, '200000.00', profileId);
    expect(expectStatus(await node(investor, id), 200).node).toMatchObject({ id: 'coHolder', party: 'JOINT_HOLDER' });
    refused(
      await submitNode(investor, { subscriptionId: id, nodeId: 'coHolder', values: { agree: true } }),
      403,
      'scenarioNodeForAnotherParty',
    );

    const mail = await lastMessageTo(email, /scenario-link/);
    const first = decodeURIComponent(/scenario-link\/([A-Za-z0-9_%-]+)/.exec(mail.text)![1]!);

    // gateway-contacts: the co-holder with their link's state, for the investor and the team alike.
    const contacts = (caller: Caller, query: Record<string, string> = {}) =>
      call<GatewayContacts>(caller, '/biteflow/scenario/gateway/instance/gateway-contacts', {
        query: { subscriptionId: id, ...query },
      });
    const resend = (caller: Caller, body: Record<string, string>) =>
      call<{ state: string }>(caller, '/biteflow/scenario/gateway/instance/gateway-contacts/v2', {
        method: 'POST',
        body: { subscriptionId: id, nodeId: 'coHolder', ...body },
      });
    const sent = await eventually(
      () => contacts(investor),
      (r) => r.status === 200 && r.body.contacts[0]?.state === 'SENT',
      'the link listed as sent',
    );
    expect(sent.body).toMatchObject({
      nodeId: 'coHolder',
      waiting: true,
      progress: { completed: 0, total: 1 },
      contacts: [
        { personId, name: 'Mei Wong', email, party: 'JOINT_HOLDER', state: 'SENT', sends: 1, canResend: false },
      ],
    });
    refused(await contacts(second), 404, 'SUBSCRIPTION_NOT_EXISTS');
    refused(await resend(second, { personId }), 404, 'SUBSCRIPTION_NOT_EXISTS');
    refused(await contacts(investor, { nodeId: 'nowhere' }), 404, 'scenarioNodeNotExist');
    refused(await resend(investor, { personId: newId() }), 404, 'scenarioContactNotExist');
    refused(await resend(investor, { nodeId: 'end', personId }), 409, 'SCENARIO_NODE_NOT_CURRENT');
    // A second link within the minute is refused (a double click sends one).
    refused(await resend(investor, { personId }), 429, 'scenarioLinkResendTooSoon');

    const opened = expectStatus(
      await call<{ party: string; node: { id: string } }>(anonymous(tenant), '/biteflow/scenario/query-by-temp-token', {
        method: 'POST',
        body: { token: first },
      }),
      200,
    );
    expect(opened).toMatchObject({ party: 'JOINT_HOLDER', node: { id: 'coHolder' } });
    expect(expectStatus(await contacts(admin), 200).contacts[0]).toMatchObject({ state: 'OPENED' });

    // The link was sent two minutes ago: the manager resends it; the old one is dead at once and the
    // links' consumer emails a new one.
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.nodeLink(tenant.tenantId, id, 'coHolder', personId),
        UpdateExpression: 'SET sentAt = :at',
        ExpressionAttributeValues: { ':at': new Date(Date.now() - 120_000).toISOString() },
      }),
    );
    expect(expectStatus(await contacts(investor), 200).contacts[0]).toMatchObject({ canResend: true });
    expect(expectStatus(await resend(admin, { personId }), 200)).toMatchObject({ state: 'PENDING' });
    refused(
      await call(anonymous(tenant), '/biteflow/scenario/query-by-temp-token', {
        method: 'POST',
        body: { token: first },
      }),
      401,
      'TEMP_TOKEN_EXPIRED',
    );
    const again = await lastMessageTo(
      email,
      new RegExp(`scenario-link/(?!${encodeURIComponent(first).replace(/[-]/g, '\\-')})`),
    );
    const token = decodeURIComponent(/scenario-link\/([A-Za-z0-9_%-]+)/.exec(again.text)![1]!);
    expect(token).not.toBe(first);
    expect(
      (
        await eventually(
          () => contacts(investor),
          (r) => r.body.contacts[0]?.sends === 2,
          'the second link listed',
        )
      ).body.contacts[0],
    ).toMatchObject({ state: 'SENT', sends: 2 });
    const seen = expectStatus(
      await call<{ party: string; node: { id: string } }>(anonymous(tenant), '/biteflow/scenario/query-by-temp-token', {
        method: 'POST',
        body: { token },
      }),
      200,
    );
    expect(seen).toMatchObject({ party: 'JOINT_HOLDER', node: { id: 'coHolder' } });
    const form = (values: Record<string, unknown>) =>
      call(anonymous(tenant), '/biteflow/scenario/gateway/form/submit', { method: 'POST', body: { token, values } });
    refused(await form({ agree: false }), 400, 'ASSENT_EMPTY');
    expectStatus(await form({ agree: true }), 200);
    refused(await form({ agree: true }), 401, 'TEMP_TOKEN_ERROR');
    await eventually(
      () => progress(investor, id),
      (r) => r.body.status === 'COMPLETED',
      'the joint journey to complete',
    );
    // The node is behind the journey now: its co-holder is listed as done, and cannot be sent a link.
    expect(expectStatus(await contacts(investor, { nodeId: 'coHolder' }), 200)).toMatchObject({
      waiting: false,
      progress: { completed: 1, total: 1 },
      contacts: [{ state: 'COMPLETED', canResend: false }],
    });
    refused(await resend(investor, { personId }), 409, 'SCENARIO_NODE_NOT_CURRENT');
    expect(expectStatus(await contacts(investor), 200)).toMatchObject({ nodeId: null, contacts: [] });
  });
});

describe('amending a submitted subscription (modification paths) and the manager’s reset', () => {
  type Modification = {
    baseVersion: number;
    nodes: { nodeId: string; before: Record<string, unknown>; after?: Record<string, unknown>; changes: unknown[] }[];
  };
  const M = (id: string, tail = '') => `/subscription/${id}/modification${tail}`;
  const sub = async (caller: Caller, id: string) =>
    expectStatus(await call<Subscription>(caller, `/product-subscription/subscriptions/${id}`), 200);
  let id: string;

  /** An investor's Invest through the whole journey (details, the quiz passed), then PREPARE and SUBMIT. */
  const submittedInvestment = async () => {
    const userId = userOf(tenant, 'LP').userId;
    const profileId = await profileOf(userId);
    const caseId = newId();
    const now = new Date().toISOString();
    // Screening passed (the KYC flow itself is kyc.test.ts's).
    await batchWrite(db, tableName(), [
      {
        ...keys.kycCase(tenant.tenantId, caseId),
        ...keys.kycCasesOfProfile(tenant.tenantId, profileId, now, caseId),
        type: 'KYC_CASE',
        caseId,
        profileId,
        status: 'APPROVED',
        openedAt: now,
        updatedAt: now,
        version: 2,
      },
    ]);
    const subscriptionId = await invest(investor, '250000.00', profileId);
    expectStatus(
      await submitNode(investor, {
        subscriptionId,
        nodeId: 'details',
        values: { fullName: 'Ann Lee', amount: '250000' },
      }),
      200,
    );
    expectStatus(
      await call(investor, '/surveys/questions/action/submit', {
        method: 'POST',
        body: { subscriptionId, nodeId: 'quiz', answers: { experience: ['LOTS'] } },
      }),
      200,
    );
    await recordSignature(
      { tenantId: tenant.tenantId, userId: 'SYSTEM', requestId: `test-${newId()}`, at: now },
      subscriptionId,
      { signerId: userId, role: 'HOLDER' },
    );
    await eventually(
      () => sub(investor, subscriptionId),
      (s) => s.status === 'RISK_ASSESSED' && JSON.stringify(s.scenario) === JSON.stringify({ missing: [] }),
      'the completed journey and the passed risk assessment',
    );
    const current = await sub(investor, subscriptionId);
    const step = (step: 'PREPARE' | 'SUBMIT', version: number) =>
      call<{ subscription: Subscription }>(investor, `/subscription/${subscriptionId}/submitted-subscription`, {
        method: 'POST',
        body: { step, version },
      });
    const prepared = expectStatus(await step('PREPARE', current.version), 200);
    expectStatus(await step('SUBMIT', prepared.subscription.version), 200);
    return subscriptionId;
  };

  it('refuses to amend what is not submitted, then snapshots the submitted form steps only', async () => {
    id = await submittedInvestment();
    const s = await sub(investor, id);
    expect(s.status).toBe('SUBMITTED');
    refused(await call(investor, M(id), { method: 'POST', body: { version: s.version + 1 } }), 409, 'VERSION_CONFLICT');
    refused(await call(admin, M(id), { method: 'POST', body: { version: s.version } }), 403, 'FORBIDDEN');
    const opened = expectStatus(
      await call<Modification>(investor, M(id), { method: 'POST', body: { version: s.version } }),
      200,
    );
    // The questionnaire is not re-answered: only the form step is offered, with what was submitted.
    expect(opened.nodes.map((n) => n.nodeId)).toEqual(['details']);
    expect(opened.nodes[0]).toMatchObject({ before: { fullName: 'Ann Lee', amount: '250000' }, changes: [] });
    // Starting again answers the open one.
    const again = expectStatus(
      await call<Modification>(investor, M(id), { method: 'POST', body: { version: 1 } }),
      200,
    );
    expect(again.baseVersion).toBe(opened.baseVersion);
    refused(await call(second, M(id)), 404, 'SUBSCRIPTION_NOT_EXISTS');
  });

  it('keeps only real changes, judges them by the form’s rules, and discards without touching the answers', async () => {
    const answer = (values: Record<string, unknown>, nodeId = 'details') =>
      call<Modification>(investor, M(id, '/node'), { method: 'POST', body: { nodeId, values } });
    refused(await answer({}, 'quiz'), 422, 'modificationNodeNotAmendable');
    const bad = await answer({ fullName: '', amount: 'lots' });
    refused(bad, 422, 'scenarioFormInvalid');
    const same = expectStatus(await answer({ fullName: 'Ann Lee', amount: '250000' }), 200);
    expect(same.nodes[0]!.after).toBeUndefined();
    const version = (await sub(investor, id)).version;
    refused(
      await call(investor, M(id, '/confirm'), { method: 'POST', body: { version } }),
      422,
      'modificationNoChanges',
    );
    const changed = expectStatus(await answer({ fullName: 'Ann Lee-Smith', amount: '250000' }), 200);
    expect(changed.nodes[0]!.changes).toEqual([
      { elementId: 'fullName', label: l('Name'), before: 'Ann Lee', after: 'Ann Lee-Smith' },
    ]);
    // The manager reads the open amendment and the snapshot it started from.
    const seen = expectStatus(await call<{ modification: Modification | null }>(admin, M(id)), 200);
    expect(seen.modification?.nodes[0]?.changes).toHaveLength(1);
    expectStatus(await call(investor, M(id, '/discard'), { method: 'POST' }), 200);
    refused(await call(investor, M(id, '/discard'), { method: 'POST' }), 409, 'modificationNotOpen');
    expect(expectStatus(await call<{ modification: null }>(investor, M(id)), 200).modification).toBeNull();
    const snapshot = expectStatus(
      await call<{ source: string; nodes: { nodeId: string; fields: { elementId: string; value: unknown }[] }[] }>(
        admin,
        `/subscription/${id}/snapshot-data`,
      ),
      200,
    );
    expect(snapshot.source).toBe('JOURNEY');
    expect(snapshot.nodes[0]!.fields.map((f) => [f.elementId, f.value])).toEqual([
      ['fullName', 'Ann Lee'],
      ['amount', '250000'],
    ]);
  });

  it('confirms an amendment: the answers and the amount change, it goes back to review, the manager sees what changed', async () => {
    const before = await sub(investor, id);
    expectStatus(await call(investor, M(id), { method: 'POST', body: { version: before.version } }), 200);
    const answer = (amount: string) =>
      call<Modification>(investor, M(id, '/node'), {
        method: 'POST',
        body: { nodeId: 'details', values: { fullName: 'Ann Lee', amount } },
      });
    expectStatus(await answer('2000000'), 200);
    const tooMuch = await call(investor, M(id, '/confirm'), { method: 'POST', body: { version: before.version } });
    refused(tooMuch, 422, 'subscriptionAmountAboveMaximum');
    expect(errorOf(tooMuch).details).toMatchObject({ field: 'values.amount' });
    // 600,000 would send the journey down the router's other branch: refused, naming the router and
    // the first step to redo (the answers were given on the other branch).
    expectStatus(await answer('600000.00'), 200);
    const rerouted = await call(investor, M(id, '/confirm'), { method: 'POST', body: { version: before.version } });
    refused(rerouted, 409, 'modificationChangesJourney');
    expect(errorOf(rerouted).details).toMatchObject({ nodeIds: ['route'], from: 'quiz' });
    expectStatus(await answer('300000.00'), 200);
    // The actions route cannot amend: only the modification paths bring the answers.
    refused(
      await call(investor, `/product-subscription/subscriptions/${id}/actions`, {
        method: 'POST',
        body: { event: 'AMEND', version: before.version },
      }),
      409,
      'TRANSITION_NOT_ALLOWED',
    );
    const amended = expectStatus(
      await call<Subscription>(investor, M(id, '/confirm'), {
        method: 'POST',
        body: { version: before.version, note: 'A larger ticket.' },
      }),
      200,
    );
    expect(amended).toMatchObject({ status: 'SUBMITTED', amount: '300000', version: before.version + 1 });
    expect(amended.history.map((h) => h.action)).toContain('SUBSCRIPTION_AMENDED');
    const results = expectStatus(
      await call<{ items: { nodeId: string; values: Record<string, unknown> }[] }>(
        admin,
        '/biteflow/scenario/node-results',
        {
          query: { subscriptionId: id },
        },
      ),
      200,
    );
    expect(results.items.find((r) => r.nodeId === 'details')?.values).toEqual({
      fullName: 'Ann Lee',
      amount: '300000.00',
    });
    const previous = expectStatus(
      await call<{ items: { note?: string; amount?: unknown; nodes: { nodeId: string; changes: unknown[] }[] }[] }>(
        admin,
        M(id, '/previous'),
      ),
      200,
    );
    expect(previous.items).toHaveLength(1);
    expect(previous.items[0]).toMatchObject({
      note: 'A larger ticket.',
      amount: { before: '250000', after: '300000' },
      nodes: [{ nodeId: 'details', changes: [{ elementId: 'amount', before: '250000', after: '300000.00' }] }],
    });
    refused(
      await call(investor, M(id, '/confirm'), { method: 'POST', body: { version: amended.version } }),
      409,
      'modificationNotOpen',
    );
  });

  it('lets a GP admin reset a done step of a journey in progress, with a reason, as the investor’s back does', async () => {
    const running = await invest(second, '150000.00', await profileOf(secondId));
    expectStatus(
      await submitNode(second, {
        subscriptionId: running,
        nodeId: 'details',
        values: { fullName: 'Bo Chen', amount: '150000.00' },
      }),
      200,
    );
    const reset = (caller: Caller, body: Record<string, unknown>) =>
      call<CurrentNode>(caller, '/biteflow/delete-scenario-node-result', { method: 'POST', body });
    refused(await reset(second, { subscriptionId: running, nodeId: 'details', reason: 'x' }), 403, 'FORBIDDEN');
    refused(
      await reset(admin, { subscriptionId: running, nodeId: 'quiz', reason: 'Wrong' }),
      409,
      'scenarioNodeNotDone',
    );
    const reopened = expectStatus(
      await reset(admin, { subscriptionId: running, nodeId: 'details', reason: 'Your name does not match your ID.' }),
      200,
    );
    expect(reopened).toMatchObject({ node: { id: 'details' }, draft: { fullName: 'Bo Chen' }, progress: { done: 0 } });
    // The investor is told, with the manager's reason, in their inbox (and its email, in their language).
    const notice = await eventually(
      async () =>
        (
          await call<InboxPage>(second, '/user-center/get-in-box-message', { query: { category: 'COMMON_MESSAGE' } })
        ).body.items.find((m) => m.kind === 'SUBSCRIPTION_STEP_REOPENED'),
      (m) => m !== undefined,
      'the reset notice',
    );
    expect(notice?.body).toContain('Your name does not match your ID.');
    expect(notice?.params).toMatchObject({ fund: 'Scenario Fund', reason: 'Your name does not match your ID.' });
    // Submitted packages are not reset: the manager sends them back for changes instead.
    refused(await reset(admin, { subscriptionId: id, nodeId: 'details', reason: 'x' }), 409, 'scenarioBackNotAllowed');
  });
});

describe('sign nodes through e-signature, and countersigning (subs-sign)', () => {
  const PNG = (async () =>
    (await import('../../functions/src/signing/seal/fixtures.js')).signaturePng().toString('base64'))();
  type Signing = { state: string; projectId?: string; signers?: { signerId: string; signed: boolean }[] };
  type Who = { signerId: string; email: string; caller: Caller; link?: string };
  const headersOf = (who: Who, ticket?: string): Record<string, string> => ({
    ...(who.link ? { 'x-signing-link': who.link } : {}),
    ...(ticket ? { 'x-signing-ticket': ticket } : {}),
  });
  /** Code, consent and signature of one signer (their signature and date on the signature page). */
  const sign = async (projectId: string, who: Who) => {
    const ref = { projectId, signerId: who.signerId };
    expectStatus(await call(who.caller, '/sign/captcha', { method: 'POST', body: ref, headers: headersOf(who) }), 200);
    const code = codeIn(await lastMessageTo(who.email, /is your code to sign/));
    const { ticket } = expectStatus(
      await call<{ ticket: string }>(who.caller, '/sign/validate', {
        method: 'POST',
        body: { ...ref, code },
        headers: headersOf(who),
      }),
      200,
    );
    expectStatus(
      await call(who.caller, `/signer/${who.signerId}`, {
        method: 'POST',
        query: { projectId },
        headers: headersOf(who, ticket),
        body: {
          action: 'SIGN',
          consent: true,
          values: [
            { fieldId: `sign-${who.signerId}`, type: 'image', png: await PNG },
            { fieldId: `date-${who.signerId}`, type: 'text', text: '2026-11-24' },
          ],
        },
      }),
      200,
    );
  };
  const sub = async (caller: Caller, id: string) =>
    expectStatus(await call<Subscription>(caller, `/product-subscription/subscriptions/${id}`), 200);

  it("completes a joint account's sign node when both holders signed (the second through the temp-token link), then countersigns", async () => {
    // A fund of its own whose JOINT Invest scenario is only the agreement to sign.
    const { made, sc, slot } = await fundWithScenario('Signing Fund', 'JOINT');
    await publishGraph(slot.scenarioId, signOnlyGraph(['INVESTOR', 'JOINT_HOLDERS']));

    const owner = userOf(tenant, 'LP');
    const profileId = newId();
    const personId = newId();
    const coEmail = `co-signer-${personId.slice(-6).toLowerCase()}@example.com`;
    const now = new Date().toISOString();
    await batchWrite(db, tableName(), [
      {
        ...keys.profile(tenant.tenantId, profileId),
        ...keys.profilesOfUser(tenant.tenantId, owner.userId, now, profileId),
        type: 'PROFILE',
        profileId,
        profileType: 'JOINT',
        ownerUserId: owner.userId,
        state: 'SUCCESS',
        version: 3,
        createdAt: now,
        updatedAt: now,
        header: { displayName: 'Joint signing account' },
      },
      memberItem(tenant.tenantId, profileId, { memberId: newId(), personId, coHolder: true }).Put!.Item!,
      putPerson(tenant.tenantId, owner.userId, {
        personId,
        details: { firstName: 'Lin', lastName: 'Co', email: coEmail },
        version: 1,
        updatedAt: now,
      }).Put!.Item!,
    ]);
    const created = expectStatus(
      await call<Subscription>(investor, '/product-subscription/subscriptions', {
        method: 'POST',
        body: {
          productId: made.productId,
          type: 'INVEST_SUBSCRIPTION',
          amount: '200000.00',
          shareClassId: sc.shareClassId,
          profileId,
        },
      }),
      201,
    );
    const id = created.subscriptionId;

    // The sign node opens and the signing worker sends the agreement: the investor and the co-holder.
    const opened = await eventually(
      () => node(investor, id),
      (r) => (r.body.node?.signing as Signing | undefined)?.state === 'SENT',
      'the agreement to be sent',
    );
    const signing = opened.body.node?.signing as Signing;
    expect(signing.signers?.map((s) => s.signerId)).toEqual(['holder', `co-${personId}`]);
    // A tick is no signature.
    refused(
      await submitNode(investor, { subscriptionId: id, nodeId: 'sign', values: { confirmed: true } }),
      422,
      'scenarioFormInvalid',
    );
    // The status follows the sign node in the journey worker, beside the signing worker that sent the
    // agreement: either may come first.
    await eventually(
      () => sub(investor, id),
      (r) => r.status === 'SIGN',
      'the subscription to wait for signatures',
    );

    // The co-holder's temp-token link opens their signature (a signing link of their own).
    const mail = await lastMessageTo(coEmail, /scenario-link/);
    const token = decodeURIComponent(/scenario-link\/([A-Za-z0-9_%-]+)/.exec(mail.text)![1]!);
    const viaLink = expectStatus(
      await call<{ signing: { projectId: string; signerId: string; link: string } }>(
        anonymous(tenant),
        '/biteflow/scenario/query-by-temp-token',
        { method: 'POST', body: { token } },
      ),
      200,
    );
    expect(viaLink.signing).toMatchObject({ projectId: signing.projectId, signerId: `co-${personId}` });
    await sign(signing.projectId as string, {
      signerId: `co-${personId}`,
      email: coEmail,
      caller: anonymous(tenant),
      link: viaLink.signing.link,
    });
    await eventually(
      () => sub(investor, id),
      (s) => s.status === 'SIGNING',
      'the first signature to move the subscription to SIGNING',
    );
    await sign(signing.projectId as string, { signerId: 'holder', email: owner.email, caller: investor });

    // The project completed: the node is done naming both signers, the journey reached its end.
    await eventually(
      () => progress(investor, id),
      (r) => r.body.status === 'COMPLETED',
      'the journey to complete',
    );
    const signed = await eventually(
      () => sub(investor, id),
      (s) => s.status === 'SIGNED' && s.signatures.length === 2,
      'both signatures on the subscription',
    );
    expect(signed.signatures.map((s) => `${s.role}:${s.signerId}`).sort()).toEqual([
      `CO_HOLDER:${personId}`,
      `HOLDER:${owner.userId}`,
    ]);
    // The link is spent with its step; another tenant's portal does not know it.
    refused(
      await call(anonymous(tenant), '/biteflow/scenario/query-by-temp-token', { method: 'POST', body: { token } }),
      401,
      'TEMP_TOKEN_EXPIRED',
    );
    refused(
      await call(anonymous(alpine), '/biteflow/scenario/query-by-temp-token', { method: 'POST', body: { token } }),
      401,
      'TEMP_TOKEN_ERROR',
    );

    // The completion delivered again (a node no longer current): nothing moves twice.
    const { commit, eventOf } = await import('../../functions/src/_lib/db/commit.js');
    const system = { tenantId: tenant.tenantId, userId: 'SYSTEM', requestId: newId(), at: new Date().toISOString() };
    await commit(system, {
      steps: [],
      events: [
        eventOf('SIGNING_PROJECT_COMPLETED', signing.projectId as string, {
          refId: signing.projectId as string,
          projectId: signing.projectId as string,
          completedAt: system.at,
        }),
      ],
      result: undefined,
    });
    const journey = await eventually(
      () => readJourneyMeta(tenant.tenantId, id),
      (j) => j?.status === 'COMPLETED',
      'the journey',
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect((await readJourneyMeta(tenant.tenantId, id))?.done).toEqual(journey?.done);
    expect((await sub(investor, id)).signatures).toHaveLength(2);

    // Countersigning: approved (the review itself is subscriptions.test.ts's), then the admin's
    // COUNTERSIGN makes a project over the sealed agreement; COMMITTED only once the admin signed it.
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.subscription(tenant.tenantId, id),
        UpdateExpression: 'SET #s = :s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': 'APPROVED' },
      }),
    );
    const approved = await eventually(
      () => sub(admin, id),
      (s) => s.esign?.find((e) => e.purpose === 'AGREEMENT')?.sealed === true,
      'the sealed agreement',
    );
    const asked = expectStatus(
      await call<Subscription>(admin, `/product-subscription/subscriptions/${id}/actions`, {
        method: 'POST',
        body: { event: 'COUNTERSIGN', version: approved.version },
      }),
      200,
    );
    expect(asked.status).toBe('APPROVED');
    const countersign = (
      await eventually(
        () => sub(admin, id),
        (s) => s.esign?.some((e) => e.purpose === 'COUNTERSIGN') === true,
        'the countersignature project',
      )
    ).esign?.find((e) => e.purpose === 'COUNTERSIGN');
    expect(countersign).toMatchObject({ state: 'SENT', signers: [{ signerId: 'gp', party: 'GP' }] });
    await eventually(
      () => call(admin, '/project/detail', { query: { projectId: countersign?.projectId as string } }),
      (r) => r.status === 200,
      'the countersignature project to be made',
    );
    await sign(countersign?.projectId as string, {
      signerId: 'gp',
      email: userOf(tenant, 'GP_ADMIN').email,
      caller: admin,
    });
    await eventually(
      () => sub(investor, id),
      (s) => s.status === 'COMMITTED',
      'the countersignature to commit it',
    );
    const link = await eventually(
      () =>
        call<{ url: string; countersigned: boolean }>(investor, `/product-subscription/subscriptions/${id}/agreement`),
      (r) => r.status === 200 && r.body.countersigned,
      'the countersigned PDF',
    );
    expect((await (await fetch(link.body.url)).text()).startsWith('%PDF-')).toBe(true);
    refused(await call(second, `/product-subscription/subscriptions/${id}/agreement`), 404, 'SUBSCRIPTION_NOT_EXISTS');
  }, 240_000);

  it("has an entity's authorised signatory sign for it through their link, which the signer check counts", async () => {
    const { made, sc, slot } = await fundWithScenario('Entity Fund', 'ENTITY');
    await publishGraph(slot.scenarioId, signOnlyGraph(['SIGNATORIES']));

    const owner = userOf(tenant, 'LP');
    const profileId = newId();
    const personId = newId();
    const email = `signatory-${personId.slice(-6).toLowerCase()}@example.com`;
    const now = new Date().toISOString();
    await batchWrite(db, tableName(), [
      {
        ...keys.profile(tenant.tenantId, profileId),
        ...keys.profilesOfUser(tenant.tenantId, owner.userId, now, profileId),
        type: 'PROFILE',
        profileId,
        profileType: 'ENTITY',
        ownerUserId: owner.userId,
        state: 'SUCCESS',
        version: 3,
        createdAt: now,
        updatedAt: now,
        header: { displayName: 'Harbour Holdings Ltd' },
      },
      memberItem(tenant.tenantId, profileId, {
        memberId: newId(),
        personId,
        terms: { roles: ['EXTERNAL'], email },
      }).Put!.Item!,
      putPerson(tenant.tenantId, owner.userId, {
        personId,
        details: { firstName: 'Sam', lastName: 'Signatory', email },
        version: 1,
        updatedAt: now,
      }).Put!.Item!,
    ]);
    const id = expectStatus(
      await call<Subscription>(investor, '/product-subscription/subscriptions', {
        method: 'POST',
        body: {
          productId: made.productId,
          type: 'INVEST_SUBSCRIPTION',
          amount: '300000.00',
          shareClassId: sc.shareClassId,
          profileId,
        },
      }),
      201,
    ).subscriptionId;
    const opened = await eventually(
      () => node(investor, id),
      (r) => (r.body.node?.signing as Signing | undefined)?.state === 'SENT',
      'the agreement to be sent',
    );
    const signing = opened.body.node?.signing as Signing;
    // Only the signatory signs (the scenario names SIGNATORIES), on behalf of the entity.
    expect(signing.signers?.map((s) => s.signerId)).toEqual([`sig-${personId}`]);
    const detail = expectStatus(
      await call<{ signers: { signerId: string; onBehalfOf?: string; userId?: string }[] }>(admin, '/project/detail', {
        query: { projectId: signing.projectId as string },
      }),
      200,
    );
    expect(detail.signers).toEqual([expect.objectContaining({ signerId: `sig-${personId}` })]);
    expect(detail.signers[0]?.userId).toBeUndefined();

    const mail = await lastMessageTo(email, /scenario-link/);
    const token = decodeURIComponent(/scenario-link\/([A-Za-z0-9_%-]+)/.exec(mail.text)![1]!);
    const viaLink = expectStatus(
      await call<{ party: string; signing: { signerId: string; link: string } }>(
        anonymous(tenant),
        '/biteflow/scenario/query-by-temp-token',
        { method: 'POST', body: { token } },
      ),
      200,
    );
    expect(viaLink.party).toBe('SIGNATORY');
    await sign(signing.projectId as string, {
      signerId: `sig-${personId}`,
      email,
      caller: anonymous(tenant),
      link: viaLink.signing.link,
    });
    const signed = await eventually(
      () => sub(investor, id),
      (s) => s.status === 'SIGNED',
      "the signatory's signature to complete the agreement",
    );
    expect(signed.signatures.map((s) => `${s.role}:${s.signerId}`)).toEqual([`SIGNATORY:${personId}`]);
    await eventually(
      () => progress(investor, id),
      (r) => r.body.status === 'COMPLETED',
      'the journey to complete',
    );
    // A second subscription whose signatory declines: the step says so with the reason, nothing is signed.
    const again = expectStatus(
      await call<Subscription>(investor, '/product-subscription/subscriptions', {
        method: 'POST',
        body: {
          productId: made.productId,
          type: 'INVEST_SUBSCRIPTION',
          amount: '200000.00',
          shareClassId: sc.shareClassId,
          profileId,
        },
      }),
      201,
    ).subscriptionId;
    const sent = (
      await eventually(
        () => node(investor, again),
        (r) => (r.body.node?.signing as Signing | undefined)?.state === 'SENT',
        'the second agreement to be sent',
      )
    ).body.node?.signing as Signing;
    const secondMail = await eventually(
      () => lastMessageTo(email, /scenario-link/),
      (m) => !m.text.includes(token),
      'the second link',
    );
    const secondToken = decodeURIComponent(/scenario-link\/([A-Za-z0-9_%-]+)/.exec(secondMail.text)![1]!);
    const secondLink = expectStatus(
      await call<{ signing: { link: string } }>(anonymous(tenant), '/biteflow/scenario/query-by-temp-token', {
        method: 'POST',
        body: { token: secondToken },
      }),
      200,
    ).signing.link;
    const who = { signerId: `sig-${personId}`, email, caller: anonymous(tenant), link: secondLink };
    const ref = { projectId: sent.projectId as string, signerId: who.signerId };
    expectStatus(await call(who.caller, '/sign/captcha', { method: 'POST', body: ref, headers: headersOf(who) }), 200);
    const code = codeIn(await lastMessageTo(email, /is your code to sign/));
    const { ticket } = expectStatus(
      await call<{ ticket: string }>(who.caller, '/sign/validate', {
        method: 'POST',
        body: { ...ref, code },
        headers: headersOf(who),
      }),
      200,
    );
    expectStatus(
      await call(who.caller, `/signer/${who.signerId}`, {
        method: 'POST',
        query: { projectId: ref.projectId },
        headers: headersOf(who, ticket),
        body: { action: 'DECLINE', reason: 'The board has not approved this investment.' },
      }),
      200,
    );
    const declined = await eventually(
      () => node(investor, again),
      (r) => (r.body.node?.signing as Signing | undefined)?.state === 'DECLINED',
      'the declined signing on the step',
    );
    expect(declined.body.node?.signing).toMatchObject({ reason: 'The board has not approved this investment.' });
    expect(await sub(investor, again)).toMatchObject({ status: 'SIGN', signatures: [] });
  }, 240_000);

  it('voids the agreement when the investor goes back past its sign node, and stops the journey of a withdrawn subscription', async () => {
    const { made, sc, slot } = await fundWithScenario('Void Fund', 'INDIVIDUAL');
    const voidGraph: ScenarioGraph = {
      interactionMode: 'INTERACTIONS',
      nodes: [
        { id: 'start', kind: 'START', title: l('Start') },
        {
          id: 'about',
          kind: 'FORM',
          title: l('About'),
          elements: [{ id: 'note', element: 'INPUT', fieldType: 'text', label: l('Note'), requirement: 'OPTIONAL' }],
        },
        {
          id: 'sign',
          kind: 'SIGN',
          title: l('Sign'),
          documentTitle: l('Subscription agreement'),
          signers: ['INVESTOR'],
        },
        { id: 'end', kind: 'END', title: l('End') },
      ],
      edges: [
        { id: 'e1', from: 'start', to: 'about' },
        { id: 'e2', from: 'about', to: 'sign' },
        { id: 'e3', from: 'sign', to: 'end' },
      ],
    };
    await publishGraph(slot.scenarioId, voidGraph);
    const id = expectStatus(
      await call<Subscription>(second, '/product-subscription/subscriptions', {
        method: 'POST',
        body: {
          productId: made.productId,
          type: 'INVEST_SUBSCRIPTION',
          amount: '120000.00',
          shareClassId: sc.shareClassId,
          profileId: await profileOf(secondId),
        },
      }),
      201,
    ).subscriptionId;
    const projectState = async (projectId: string) =>
      expectStatus(await call<{ project: { status: string } }>(admin, '/project/detail', { query: { projectId } }), 200)
        .project.status;
    const sentProject = async () => {
      const opened = await eventually(
        () => node(second, id),
        (r) => (r.body.node?.signing as Signing | undefined)?.state === 'SENT',
        'the agreement to be sent',
      );
      await eventually(
        () => sub(second, id),
        (r) => r.status === 'SIGN',
        'SIGN',
      );
      return (opened.body.node?.signing as Signing | undefined)?.projectId as string;
    };
    await eventually(
      () => node(second, id),
      (r) => r.body.node?.id === 'about',
      'the first step',
    );
    expectStatus(await submitNode(second, { subscriptionId: id, nodeId: 'about', values: { note: 'first' } }), 200);
    const first = await sentProject();

    // Back past the sign node: that project is voided (the signing lifecycle's VOID), the step reopens.
    expect(expectStatus(await back(second, id, 'about'), 200).node?.id).toBe('about');
    await eventually(
      () => projectState(first),
      (s) => s === 'VOIDED',
      'the first project voided',
    );
    await eventually(
      () => sub(second, id),
      (r) => r.status === 'INVESTING',
      'INVESTING after back',
    );
    expectStatus(await submitNode(second, { subscriptionId: id, nodeId: 'about', values: { note: 'again' } }), 200);
    const secondProject = await sentProject();
    expect(secondProject).not.toBe(first);
    expect(await projectState(secondProject)).toBe('SENT');

    // Withdrawn: the journey can no longer finish, so its execution is stopped and the agreement voided.
    const before = await sub(second, id);
    expectStatus(
      await call(second, `/product-subscription/subscriptions/${id}/actions`, {
        method: 'POST',
        body: { event: 'WITHDRAW', version: before.version },
      }),
      200,
    );
    const stopped = await eventually(
      () => readJourneyMeta(tenant.tenantId, id),
      (j) => j?.stoppedAt !== undefined,
      'the journey stopped',
    );
    expect(stopped).toMatchObject({ status: 'RUNNING', stopReason: 'The investor withdrew the subscription' });
    expect(stopped?.taskToken).toBeUndefined();
    const execution = await eventually(
      () => new SFNClient({}).send(new DescribeExecutionCommand({ executionArn: stopped!.executionArn! })),
      (e) => e.status === 'ABORTED',
      'the execution aborted',
    );
    expect(execution.status).toBe('ABORTED');
    await eventually(
      () => projectState(secondProject),
      (s) => s === 'VOIDED',
      'the second project voided',
    );
    refused(
      await submitNode(second, { subscriptionId: id, nodeId: 'sign', values: {}, draft: true }),
      409,
      'scenarioJourneyNotRunning',
    );
  }, 240_000);

  it("makes the agreement from the sign step's signing template: its document, its fields, the tag filled, the investor on its place", async () => {
    const { made, sc, slot } = await fundWithScenario('Template Fund', 'INDIVIDUAL');
    // A kept template: a checked PDF with a contract-tag text field and one LP place's signature.
    const bytes = await signingFixtures.agreementPdf(1);
    const upload = expectStatus(
      await call<{ fileId: string; upload: { url: string; fields: [string, string][] } }>(admin, '/pdf-files', {
        method: 'POST',
        body: { name: 'Side letter.pdf', size: bytes.byteLength },
      }),
      201,
    );
    expect(
      (await postForm({ ...upload.upload, method: 'POST', expiresAt: '' }, Buffer.from(bytes), 'application/pdf'))
        .status,
    ).toBeLessThan(300);
    await eventually(
      () => call<{ status: string }>(admin, '/pdffile/detail', { query: { fileId: upload.fileId } }),
      (r) => r.body.status === 'READY',
      'the template PDF checked',
    );
    const fields = [
      { fieldId: 'who', kind: 'TEXT', pageIndex: 0, x: 60, y: 60, width: 220, height: 18, tag: 'INVESTOR_NAME' },
      { fieldId: 'sig', kind: 'SIGNATURE', pageIndex: 0, x: 60, y: 400, width: 200, height: 60, signerId: 'lp' },
    ];
    const { templateId } = expectStatus(
      await call<{ templateId: string }>(admin, '/template/create', {
        method: 'POST',
        body: {
          name: 'Side letter',
          documents: [{ fileId: upload.fileId, name: 'Side letter.pdf', fields }],
          signers: [{ signerId: 'lp', label: 'Investor', role: 'LP', group: 1 }],
        },
      }),
      201,
    );
    const withTemplate = (id: string) =>
      signOnlyGraph(['INVESTOR'], { title: l('Sign'), templateId: id, documentTitle: l('Side letter') });
    // A template that is not kept is refused when publishing, naming the sign node.
    const gone = await saveAndPublish(slot.scenarioId, withTemplate(newId()));
    refused(gone, 422, 'scenarioInvalid');
    expect(errorOf(gone).details).toMatchObject({ nodeIds: ['sign'] });
    await publishGraph(slot.scenarioId, withTemplate(templateId));

    const id = expectStatus(
      await call<Subscription>(second, '/product-subscription/subscriptions', {
        method: 'POST',
        body: {
          productId: made.productId,
          type: 'INVEST_SUBSCRIPTION',
          amount: '150000.00',
          shareClassId: sc.shareClassId,
          profileId: await profileOf(secondId),
        },
      }),
      201,
    ).subscriptionId;
    const opened = await eventually(
      () => node(second, id),
      (r) => (r.body.node?.signing as Signing | undefined)?.state === 'SENT',
      'the agreement to be sent',
    );
    const projectId = (opened.body.node?.signing as Signing | undefined)?.projectId as string;
    const detail = expectStatus(
      await call<{
        project: { tagValues?: Record<string, string>; refId?: string };
        documents: { fileId: string; name: string; fields: Record<string, unknown>[] }[];
        signers: { signerId: string; userId?: string; role: string }[];
      }>(admin, '/project/detail', { query: { projectId } }),
      200,
    );
    expect(detail.project.refId).toBe(id);
    // The template's own document and fields (no signature page appended), its place given to the investor.
    expect(detail.documents.map((d) => [d.fileId, d.name])).toEqual([[upload.fileId, 'Side letter.pdf']]);
    expect(detail.documents[0]?.fields).toEqual([
      { ...fields[0], required: true },
      { ...fields[1], signerId: 'holder', required: true },
    ]);
    expect(detail.signers).toEqual([expect.objectContaining({ signerId: 'holder', userId: secondId, role: 'LP' })]);
    expect(detail.project.tagValues?.INVESTOR_NAME).toBe((await sub(second, id)).investorName);

    // Deleted after publishing: the next agreement of that step is the fund's, with its signature page.
    expectStatus(await call(admin, '/template/delete', { method: 'POST', body: { templateId } }), 200);
    const later = expectStatus(
      await call<Subscription>(investor, '/product-subscription/subscriptions', {
        method: 'POST',
        body: {
          productId: made.productId,
          type: 'INVEST_SUBSCRIPTION',
          amount: '150000.00',
          shareClassId: sc.shareClassId,
          profileId: await profileOf(userOf(tenant, 'LP').userId),
        },
      }),
      201,
    ).subscriptionId;
    const fallback = await eventually(
      () => node(investor, later),
      (r) => (r.body.node?.signing as Signing | undefined)?.state === 'SENT',
      'the fallback agreement to be sent',
    );
    const fallbackDetail = expectStatus(
      await call<{ documents: { fileId: string; name: string; fields: { fieldId: string }[] }[] }>(
        admin,
        '/project/detail',
        { query: { projectId: (fallback.body.node?.signing as Signing | undefined)?.projectId as string } },
      ),
      200,
    );
    expect(fallbackDetail.documents.map((d) => d.name)).toEqual(['Subscription agreement']);
    expect(fallbackDetail.documents[0]?.fileId).not.toBe(upload.fileId);
    expect(fallbackDetail.documents[0]?.fields.map((f) => f.fieldId)).toContain('sign-holder');
  }, 240_000);

  it("stops the execution of an interest's journey when it converts to an investment", async () => {
    const interest = expectStatus(
      await call<Subscription>(second, '/product-subscription/subscriptions', {
        method: 'POST',
        body: { productId: product.productId, type: 'EXPRESSED_INTEREST_SUBSCRIPTION' },
      }),
      201,
    );
    const interestRun = await eventually(
      () => readJourneyMeta(tenant.tenantId, interest.subscriptionId),
      (j) => j?.executionArn !== undefined && j.currentNodeId !== undefined,
      "the interest's journey",
    );
    expect(interestRun?.subscriptionType).toBe('EXPRESSED_INTEREST_SUBSCRIPTION');
    // The journey's report (what the NIGO check reads) moves the version first: convert on the one after it.
    const settled = await eventually(
      () => call<Subscription>(second, `/product-subscription/subscriptions/${interest.subscriptionId}`),
      (r) => r.status === 200 && r.body.scenario !== undefined,
      'the journey report',
    );
    expectStatus(
      await call(second, `/product-subscription/subscriptions/${interest.subscriptionId}/actions`, {
        method: 'POST',
        body: { event: 'CONVERT_TO_INVESTMENT', version: settled.body.version },
      }),
      200,
    );
    await eventually(
      () => readJourneyMeta(tenant.tenantId, interest.subscriptionId),
      (j) => j?.subscriptionType === 'INVEST_SUBSCRIPTION',
      'the Invest journey',
    );
    await eventually(
      () => new SFNClient({}).send(new DescribeExecutionCommand({ executionArn: interestRun!.executionArn! })),
      (e) => e.status === 'ABORTED',
      "the interest's execution aborted",
    );
  }, 120_000);
});

describe("a scenario's contract documents (gateway-contract-documents/data)", () => {
  it("lists the fund's agreement, the mandatory documents of the scenario's investor type and the custodian documents", async () => {
    // The fund's agreement: a READY legal document named by the product contract.
    const documentId = newId();
    const now = new Date().toISOString();
    await batchWrite(db, tableName(), [
      {
        ...keys.productDocument(tenant.tenantId, product.productId, documentId),
        type: 'PRODUCT_DOCUMENT',
        documentId,
        productId: product.productId,
        kind: 'LEGAL',
        title: { en: 'Subscription agreement', 'zh-CN': '认购协议' },
        fileName: 'agreement.pdf',
        contentType: 'application/pdf',
        size: 5120,
        state: 'READY',
        version: 1,
        uploadedAt: now,
        objectKey: `x/${documentId}`,
        uploadKey: `y/${documentId}`,
      },
      {
        ...keys.productContract(tenant.tenantId, product.productId),
        type: 'PRODUCT_CONTRACT',
        productId: product.productId,
        terms: { en: 'Terms' },
        agreementDocumentId: documentId,
        requiresSignature: true,
        version: 1,
        updatedAt: now,
      },
    ]);
    const docs = await call<{ version: number }>(admin, `/tenant/${tenant.tenantId}/fund-mandatory-docs`);
    expectStatus(
      await call(admin, `/tenant/${tenant.tenantId}/fund-mandatory-docs`, {
        method: 'PUT',
        body: {
          version: docs.body.version,
          docs: [
            { docKey: 'PASSPORT', name: { en: 'Passport copy', 'zh-CN': '护照复印件' }, investorTypes: ['INDIVIDUAL'] },
            { docKey: 'REGISTER', name: { en: 'Register of directors' }, investorTypes: ['ENTITY'] },
          ],
        },
      }),
      200,
    );
    // A new version with a custodian documents step and a signature, published.
    const custody: ScenarioGraph = {
      interactionMode: 'INTERACTIONS',
      nodes: [
        { id: 'start', kind: 'START', title: l('Start') },
        {
          id: 'custody',
          kind: 'VIEW_CUSTODIAN_DOCUMENTS',
          title: l('Custodian documents'),
          documents: [{ fileName: 'agreement.pdf', title: l('The agreement again') }, { title: l('Custody terms') }],
          confirm: l('I have read them'),
        },
        {
          id: 'sign',
          kind: 'SIGN',
          title: l('Sign'),
          documentTitle: l('Agreement'),
          signers: ['INVESTOR'],
        },
        { id: 'end', kind: 'END', title: l('End') },
      ],
      edges: [
        { id: 'e1', from: 'start', to: 'custody' },
        { id: 'e2', from: 'custody', to: 'sign' },
        { id: 'e3', from: 'sign', to: 'end' },
      ],
    };
    await publishGraph(scenario.scenarioId, custody);
    const path = `/biteflow/scenario/${scenario.scenarioId}/gateway-contract-documents/data`;
    const read = (caller: Caller, query: Record<string, string> = {}, lang = 'en') =>
      call<ContractDocuments>(caller, path, { query, lang });

    const team = expectStatus(await read(admin), 200);
    expect(team).toMatchObject({
      scenarioId: scenario.scenarioId,
      investorType: 'INDIVIDUAL',
      productId: product.productId,
    });
    const download = `/products/${product.productId}/documents/${documentId}`;
    expect(team.items).toEqual([
      {
        source: 'AGREEMENT',
        documentId,
        name: 'Subscription agreement',
        kind: 'LEGAL',
        contentType: 'application/pdf',
        size: 5120,
        download,
        nodeIds: ['sign'],
      },
      { source: 'MANDATORY', docKey: 'PASSPORT', name: 'Passport copy', kind: 'MANDATORY', nodeIds: [] },
      {
        source: 'CUSTODIAN',
        documentId,
        name: 'The agreement again',
        kind: 'LEGAL',
        contentType: 'application/pdf',
        size: 5120,
        download,
        nodeIds: ['custody'],
      },
      { source: 'CUSTODIAN', name: 'Custody terms', kind: 'CUSTODIAN', nodeIds: ['custody'] },
    ]);
    expect((await read(admin, {}, 'zh-CN')).body.items.map((i) => i.name)).toEqual([
      '认购协议',
      '护照复印件',
      'The agreement again（中）',
      'Custody terms（中）',
    ]);

    // The investor reads it through their own subscription, whose journey runs the new version.
    const subscriptionId = await invest(investor, '250000.00', await profileOf(userOf(tenant, 'LP').userId));
    refused(await read(investor), 422, 'scenarioSubscriptionRequired');
    refused(await read(second, { subscriptionId }), 404, 'SUBSCRIPTION_NOT_EXISTS');
    const mine = expectStatus(await read(investor, { subscriptionId }), 200);
    expect(mine.subscriptionId).toBe(subscriptionId);
    expect(mine.items.map((i) => `${i.source}:${i.name}`)).toEqual([
      'AGREEMENT:Subscription agreement',
      'MANDATORY:Passport copy',
      'CUSTODIAN:The agreement again',
      'CUSTODIAN:Custody terms',
    ]);
    expect(mine.items.some((i) => i.acknowledgedAt)).toBe(false);
    // Once the custodian step is done (its result as the journey stores it), its documents are acknowledged.
    const at = new Date().toISOString();
    await batchWrite(db, tableName(), [
      {
        ...keys.journeyResult(tenant.tenantId, subscriptionId, 'custody'),
        type: 'SCENARIO_RESULT',
        subscriptionId,
        nodeId: 'custody',
        kind: 'VIEW_CUSTODIAN_DOCUMENTS',
        state: 'DONE',
        values: { confirmed: true },
        at,
        by: userOf(tenant, 'LP').userId,
      },
    ]);
    const acknowledged = expectStatus(await read(investor, { subscriptionId }), 200).items;
    expect(acknowledged.filter((i) => i.source === 'CUSTODIAN').map((i) => i.acknowledgedAt)).toEqual([at, at]);
    expect(acknowledged.find((i) => i.source === 'AGREEMENT')?.acknowledgedAt).toBeUndefined();
    // A scenario its journey does not run, and one that does not exist, are absent alike.
    const other = expectStatus(
      await call<{ items: { scenarioId: string; investorType: string }[] }>(
        admin,
        `/gp/products/${product.productId}/scenarios`,
      ),
      200,
    ).items.find((i) => i.investorType === 'JOINT')!;
    refused(
      await call(investor, `/biteflow/scenario/${other.scenarioId}/gateway-contract-documents/data`, {
        query: { subscriptionId },
      }),
      404,
      'scenarioNotExist',
    );
    refused(
      await call(admin, `/biteflow/scenario/${newId()}/gateway-contract-documents/data`),
      404,
      'scenarioNotExist',
    );
  });
});
