import { DescribeExecutionCommand, SFNClient } from '@aws-sdk/client-sfn';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { InboxPage } from '@tranche/shared/inbox/inbox.schema';
import type { GpProduct } from '@tranche/shared/product/product.schema';
import type { NigoFailure, Subscription, SubscriptionPage } from '@tranche/shared/subscription/subscription.schema';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { alpine, type Caller, type CallResult, call, errorOf, signedIn, type Tenant, userOf } from '../support/api.js';
import { fundInput, shareClassInput } from '../support/fixtures.js';
import { publish } from '../support/publish.js';
import { scratchTenant } from '../support/scratch-tenant.js';

/**
 * Subscriptions through the local gateway (issue 13, docs/subscriptions.md "Server"): creation per
 * type with the offer gating and amount rules, who sees which, the two-step submission behind the
 * NIGO firewall, the manager's decisions (a racing second approval is 409), the request-documents
 * loop, Add manually with its signed paper order, bulk approval, and the reservation waitlist. In a
 * tenant of its own (its mandatory document list is changed; lists are exact).
 */

const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
const { keys } = await import('../../functions/src/_lib/db/keys.js');
const { newId } = await import('../../functions/src/_lib/ids.js');
const { batchWrite } = await import('../../local/seed.js');
const { readJourneyMeta } = await import('../../functions/src/scenario/scenario.repo.js');
const { applySubscriptionEvent, recordScenarioProgress } = await import(
  '../../functions/src/subscription/subscription.service.js'
);
const { commit, eventOf } = await import('../../functions/src/_lib/db/commit.js');

const S = '/product-subscription/subscriptions';

const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> => {
  for (let i = 0; i < 400; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
};

const expectStatus = <T>(res: CallResult<T>, status: number): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
};

const create = (caller: Caller, body: Record<string, unknown>) =>
  call<Subscription>(caller, S, { method: 'POST', body });
const get = (caller: Caller, id: string) => call<Subscription>(caller, `${S}/${id}`);
const act = (caller: Caller, s: Pick<Subscription, 'subscriptionId' | 'version'>, event: string, reason?: string) =>
  call<Subscription>(caller, `${S}/${s.subscriptionId}/actions`, {
    method: 'POST',
    body: { event, version: s.version, ...(reason ? { reason } : {}) },
  });
const addDocument = (caller: Caller, id: string, body: Record<string, unknown>) =>
  call<Subscription>(caller, `/subscription/${id}/fund-mandatory-docs`, { method: 'POST', body });
const submit = (caller: Caller, s: Pick<Subscription, 'subscriptionId' | 'version'>, step: 'PREPARE' | 'SUBMIT') =>
  call<{ result: string; subscription: Subscription }>(
    caller,
    `/subscription/${s.subscriptionId}/submitted-subscription`,
    {
      method: 'POST',
      body: { step, version: s.version },
    },
  );

let tenant: Tenant;
let investor: Caller;
let investorId: string;
let other: Caller;
let otherId: string;
let admin: Caller;
let owner: Caller;
let member: Caller;
let profileId: string;
let interestFund: GpProduct;
let investFund: GpProduct;
let classId: string;
let smallFund: GpProduct;

/** A published fund with one share class (its limits: 100,000 to 1,000,000 USD). */
const fund = async (over: Record<string, unknown>): Promise<{ product: GpProduct; shareClassId: string }> => {
  const made = expectStatus(
    await call<GpProduct>(admin, '/gp/products', { method: 'POST', body: fundInput(over) }),
    201,
  );
  const sc = expectStatus(
    await call<{ shareClassId: string }>(admin, `/gp/products/${made.productId}/share-classes`, {
      method: 'POST',
      body: shareClassInput({ maxInvestment: '1000000.00' }),
    }),
    201,
  );
  const published = expectStatus(await publish(admin, made.productId), 200);
  return { product: published, shareClassId: sc.shareClassId };
};

/** A file the user uploaded and the scan passed (the files flow itself is files.test.ts's). */
const cleanFile = async (userId: string) => {
  const fileName = `${newId()}.pdf`;
  const now = new Date().toISOString();
  await batchWrite(db, tableName(), [
    {
      ...keys.file(tenant.tenantId, fileName),
      type: 'FILE',
      fileName,
      ownerUserId: userId,
      purpose: 'PROFILE_DOCUMENT',
      originalName: 'document.pdf',
      contentType: 'application/pdf',
      size: 1024,
      status: 'CLEAN',
      uploadKey: `uploads/${fileName}`,
      objectKey: `files/${fileName}`,
      version: 1,
      createdAt: now,
      updatedAt: now,
    },
  ]);
  return fileName;
};

/** A verified individual profile whose KYC case was approved (the KYC flow itself is kyc.test.ts's). */
const verifiedProfile = async (userId: string) => {
  const id = newId();
  const caseId = newId();
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
    {
      ...keys.kycCase(tenant.tenantId, caseId),
      ...keys.kycCasesOfProfile(tenant.tenantId, id, now, caseId),
      type: 'KYC_CASE',
      caseId,
      profileId: id,
      status: 'APPROVED',
      openedAt: now,
      updatedAt: now,
      version: 2,
    },
  ]);
  return id;
};

const systemActor = () => ({
  tenantId: tenant.tenantId,
  userId: 'SYSTEM',
  requestId: `test-${newId()}`,
  at: new Date().toISOString(),
});

const auditActions = async (subscriptionId: string) => {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :evt)',
      ExpressionAttributeValues: { ':pk': keys.subscriptionPk(tenant.tenantId, subscriptionId), ':evt': 'EVT#' },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).map((i) => ({ action: String(i.action), data: i.data as Record<string, unknown> }));
};

beforeAll(async () => {
  tenant = await scratchTenant('subs');
  // A second investor of the tenant: written like scratchTenant's users, signed in as LP.
  otherId = newId();
  await batchWrite(db, tableName(), [
    {
      ...keys.user(tenant.tenantId, otherId),
      type: 'USER',
      tenantId: tenant.tenantId,
      userId: otherId,
      email: `other@${tenant.prefix}.example`,
      displayName: 'Other investor',
      role: 'LP',
      inviteStatus: 'REGISTERED',
      accountState: 'normal',
      mfaMethods: [],
      language: 'en',
      currency: 'USD',
      createdAt: new Date().toISOString(),
    },
  ]);
  [investor, admin, owner, member, other] = await Promise.all([
    signedIn(tenant, 'LP'),
    signedIn(tenant, 'GP_ADMIN'),
    signedIn(tenant, 'GP_OWNER'),
    signedIn(tenant, 'GP_MEMBER'),
    signedIn({ ...tenant, users: [{ userId: otherId, email: 'x', displayName: 'Other investor', role: 'LP' }] }, 'LP'),
  ]);
  investorId = userOf(tenant, 'LP').userId;
  profileId = await verifiedProfile(investorId);
  const [a, b, c] = await Promise.all([
    fund({ name: { en: 'Interest Only Fund' }, investmentPermission: 'ONLY_EXPRESS_INTEREST' }),
    fund({ name: { en: 'Harbour Growth Fund' } }),
    fund({ name: { en: 'Small Fund' }, targetSize: '300000.00' }),
  ]);
  interestFund = a.product;
  investFund = b.product;
  classId = b.shareClassId;
  smallFund = c.product;
  expectStatus(
    await call(admin, `/tenant/${tenant.tenantId}/fund-mandatory-docs`, {
      method: 'PUT',
      body: {
        docs: [
          { docKey: 'W8_BEN', name: { en: 'Form W-8BEN', 'zh-CN': 'W-8BEN 表格' }, investorTypes: ['INDIVIDUAL'] },
        ],
        version: 0,
      },
    }),
    200,
  );
}, 120_000);

describe('creating a subscription', () => {
  it('offers only what the fund allows: an interest on an interest-only fund, no investment', async () => {
    const interest = expectStatus(
      await create(investor, { productId: interestFund.productId, type: 'EXPRESSED_INTEREST_SUBSCRIPTION' }),
      201,
    );
    expect(interest).toMatchObject({
      type: 'EXPRESSED_INTEREST_SUBSCRIPTION',
      status: 'REVIEW',
      investorUserId: investorId,
    });
    const refused = await create(investor, {
      productId: interestFund.productId,
      type: 'INVEST_SUBSCRIPTION',
      amount: '150000',
    });
    expect(refused.status).toBe(422);
    expect(errorOf(refused)).toMatchObject({ code: 'subscriptionTypeNotOffered', details: { field: 'type' } });
    // Add manually is the team's, never an investor's.
    const manual = await create(investor, {
      productId: investFund.productId,
      type: 'COMMON_SUBSCRIPTION',
      amount: '150000',
    });
    expect(errorOf(manual).code).toBe('subscriptionTypeNotOffered');
    expect((await auditActions(interest.subscriptionId)).map((e) => e.action)).toEqual(['INTEREST_EXPRESSED']);
  });

  it('holds the amount to the share class limits and requires one where the type takes one', async () => {
    const base = { productId: investFund.productId, type: 'INVEST_SUBSCRIPTION', shareClassId: classId };
    const below = await create(investor, { ...base, amount: '99999.99' });
    expect(below.status).toBe(422);
    expect(errorOf(below)).toMatchObject({ code: 'subscriptionAmountBelowMinimum', details: { field: 'amount' } });
    const above = await create(investor, { ...base, amount: '1000000.01' });
    expect(errorOf(above)).toMatchObject({ code: 'subscriptionAmountAboveMaximum', details: { field: 'amount' } });
    const none = await create(investor, { productId: smallFund.productId, type: 'RESERVE_SUBSCRIPTION' });
    expect(errorOf(none)).toMatchObject({ code: 'subscriptionAmountRequired', details: { field: 'amount' } });
    const unknownClass = await create(investor, { ...base, amount: '150000', shareClassId: newId() });
    expect(unknownClass.status).toBe(404);
    expect(errorOf(unknownClass).code).toBe('shareClassIsNotExist');
    const bad = await create(investor, { ...base, amount: '1e6' });
    expect(bad.status).toBe(400);
    const made = expectStatus(await create(investor, { ...base, amount: '150000', profileId }), 201);
    expect(made).toMatchObject({
      status: 'INVESTING',
      amount: '150000',
      currency: 'USD',
      shareClassId: classId,
      version: 1,
    });
  });

  it('lets the team add a paper order for a named investor only', async () => {
    const nobody = await create(admin, {
      productId: investFund.productId,
      type: 'COMMON_SUBSCRIPTION',
      amount: '200000',
    });
    expect(errorOf(nobody)).toMatchObject({
      code: 'subscriptionInvestorRequired',
      details: { field: 'investorUserId' },
    });
    const notInvestor = await create(admin, {
      productId: investFund.productId,
      type: 'COMMON_SUBSCRIPTION',
      amount: '200000',
      investorUserId: userOf(tenant, 'GP_MEMBER').userId,
    });
    expect(errorOf(notInvestor).code).toBe('AccountNotExist');
    const interest = await create(admin, {
      productId: investFund.productId,
      type: 'EXPRESSED_INTEREST_SUBSCRIPTION',
      investorUserId: investorId,
    });
    expect(errorOf(interest).code).toBe('subscriptionTypeNotOffered');
  });
});

describe('who sees which subscription', () => {
  it('shows an investor their own, the team every one, and another tenant nothing', async () => {
    const mine = expectStatus(
      await create(investor, {
        productId: interestFund.productId,
        type: 'EXPRESSED_INTEREST_SUBSCRIPTION',
        amount: '120000',
      }),
      201,
    );
    const theirs = expectStatus(
      await create(other, { productId: interestFund.productId, type: 'EXPRESSED_INTEREST_SUBSCRIPTION' }),
      201,
    );
    const ownList = expectStatus(await call<SubscriptionPage>(investor, S, { query: { limit: '100' } }), 200);
    expect(ownList.items.every((i) => i.investorUserId === investorId)).toBe(true);
    expect(ownList.items.map((i) => i.subscriptionId)).toContain(mine.subscriptionId);
    const otherList = expectStatus(await call<SubscriptionPage>(other, S), 200);
    expect(otherList.items.map((i) => i.subscriptionId)).toEqual([theirs.subscriptionId]);
    expect((await get(other, mine.subscriptionId)).status).toBe(404);
    expect(errorOf(await act(other, mine, 'WITHDRAW')).code).toBe('SUBSCRIPTION_NOT_EXISTS');
    const team = expectStatus(
      await call<SubscriptionPage>(member, S, { query: { productId: interestFund.productId, limit: '100' } }),
      200,
    );
    expect(team.items.map((i) => i.subscriptionId)).toEqual(
      expect.arrayContaining([mine.subscriptionId, theirs.subscriptionId]),
    );
    // Filters apply before paging: one page of one item still finds the interest-only fund's newest.
    const page = expectStatus(
      await call<SubscriptionPage>(member, S, { query: { productId: interestFund.productId, limit: '1' } }),
      200,
    );
    expect(page.items.map((i) => i.subscriptionId)).toEqual([theirs.subscriptionId]);
    expect(page.nextCursor).toBeDefined();
    const outsider = await signedIn(alpine, 'GP_ADMIN');
    const foreign = await get(outsider, mine.subscriptionId);
    expect(foreign.status).toBe(404);
    expect(errorOf(foreign).code).toBe('SUBSCRIPTION_NOT_EXISTS');
    expect((await call(outsider, `/tenant/${tenant.tenantId}/fund-mandatory-docs`)).status).toBe(404);
    // Positive control, and the foreign record survived the attempts.
    expect(expectStatus(await get(investor, mine.subscriptionId), 200).status).toBe('REVIEW');
  });

  it('shows the team one investor with profiles and subscriptions, and prefills from the previous one', async () => {
    const detail = expectStatus(
      await call<{ investor: { userId: string }; profiles: { profileId: string }[]; subscriptions: unknown[] }>(
        member,
        '/gp/crm/principal-detail',
        { query: { userId: investorId } },
      ),
      200,
    );
    expect(detail.investor.userId).toBe(investorId);
    expect(detail.profiles.map((p) => p.profileId)).toEqual([profileId]);
    expect(detail.subscriptions.length).toBeGreaterThan(0);
    expect(
      (await call(member, '/gp/crm/principal-detail', { query: { userId: userOf(tenant, 'GP_ADMIN').userId } })).status,
    ).toBe(404);
    expect((await call(investor, '/gp/crm/principal-detail', { query: { userId: investorId } })).status).toBe(403);
    const previous = expectStatus(
      await call<{ previous?: { productId: string; profileId?: string } }>(
        investor,
        `/products/${investFund.productId}/investing/previous`,
      ),
      200,
    );
    expect(previous.previous).toMatchObject({ productId: investFund.productId, profileId });
    const none = expectStatus(
      await call<{ previous?: unknown }>(other, `/products/${investFund.productId}/investing/previous`),
      200,
    );
    expect(none.previous).toMatchObject({ productId: interestFund.productId });
  });
});

describe('the two-step submission and the manager’s decisions', () => {
  let sub: Subscription;

  it('stops a package that is not in good order before it reaches the manager', async () => {
    sub = expectStatus(
      await create(investor, {
        productId: investFund.productId,
        type: 'INVEST_SUBSCRIPTION',
        shareClassId: classId,
        amount: '250000',
        profileId,
      }),
      201,
    );
    // The investment starts the fund's scenario; its consumer reports the journey unfinished.
    sub = (
      await eventually(
        () => get(investor, sub.subscriptionId),
        (r) => r.body.scenario !== undefined,
        'the journey',
      )
    ).body;
    const nigo = await submit(investor, sub, 'PREPARE');
    expect(nigo.status).toBe(422);
    expect(errorOf(nigo).code).toBe('SUBSCRIPTION_NIGO');
    const failures = (errorOf(nigo).details as { failures: NigoFailure[] }).failures;
    expect(failures.map((f) => `${f.step}:${f.field}:${f.code}`)).toEqual([
      ...(sub.scenario?.missing ?? []).map((m) => `${m.step}:${m.field}:scenarioIncomplete`),
      'DOCUMENTS:documents.W8_BEN:mandatoryDocumentMissing',
      'SIGN:signatures.HOLDER:signatureMissing',
    ]);
    expect(failures.some((f) => f.code === 'scenarioIncomplete')).toBe(true);
    expect(expectStatus(await get(investor, sub.subscriptionId), 200).status).toBe('INVESTING');
    // Submitting without the first step is not a shortcut.
    expect(errorOf(await submit(investor, sub, 'SUBMIT')).code).toBe('TRANSITION_NOT_ALLOWED');
  });

  it('submits once the package is complete, and answers REPEATED_SUBMIT to a second submit', async () => {
    // The journey reaches its end (as the scenario reports at its END node): nothing left missing.
    await recordScenarioProgress(systemActor(), sub.subscriptionId, []);
    await applySubscriptionEvent(systemActor(), sub.subscriptionId, 'REQUEST_SIGNATURES');
    await applySubscriptionEvent(systemActor(), sub.subscriptionId, 'SIGNING_COMPLETED', {
      signerId: investorId,
      signerRole: 'HOLDER',
    });
    sub = expectStatus(await get(investor, sub.subscriptionId), 200);
    expect(sub.status).toBe('SIGNED');
    const otherFile = await cleanFile(otherId);
    expect(
      errorOf(
        await addDocument(investor, sub.subscriptionId, {
          purpose: 'MANDATORY',
          docKey: 'W8_BEN',
          fileName: otherFile,
          name: 'W-8BEN',
        }),
      ).code,
    ).toBe('FILE_NOT_EXIST');
    const unknownKey = await addDocument(investor, sub.subscriptionId, {
      purpose: 'MANDATORY',
      docKey: 'PASSPORT',
      fileName: await cleanFile(investorId),
      name: 'Passport',
    });
    expect(errorOf(unknownKey)).toMatchObject({ code: 'subscriptionDocumentNotAllowed', details: { field: 'docKey' } });
    sub = expectStatus(
      await addDocument(investor, sub.subscriptionId, {
        purpose: 'MANDATORY',
        docKey: 'W8_BEN',
        fileName: await cleanFile(investorId),
        name: 'W-8BEN',
      }),
      201,
    );
    const prepared = expectStatus(await submit(investor, sub, 'PREPARE'), 200);
    expect(prepared).toMatchObject({ result: 'SUCCESS', subscription: { status: 'CONFIRM_SUBSCRIPTION' } });
    const [first, second] = await Promise.all([
      submit(investor, prepared.subscription, 'SUBMIT'),
      submit(investor, prepared.subscription, 'SUBMIT'),
    ]);
    const results = [expectStatus(first, 200).result, expectStatus(second, 200).result].sort();
    expect(results).toEqual(['REPEATED_SUBMIT', 'SUCCESS']);
    const again = expectStatus(await submit(investor, prepared.subscription, 'SUBMIT'), 200);
    expect(again).toMatchObject({ result: 'REPEATED_SUBMIT', subscription: { status: 'SUBMITTED' } });
    const actions = (await auditActions(sub.subscriptionId)).map((e) => e.action);
    expect(actions.filter((a) => a === 'SUBSCRIPTION_SUBMITTED')).toHaveLength(1);
    sub = again.subscription;
  });

  it('lets exactly one of two racing approvals win', async () => {
    expect(errorOf(await act(member, sub, 'APPROVE')).code).toBe('subscriptionActionNotPermitted');
    expect(errorOf(await act(investor, sub, 'APPROVE')).code).toBe('subscriptionActionNotPermitted');
    const [a, b] = await Promise.all([act(admin, sub, 'APPROVE'), act(owner, sub, 'APPROVE')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(['VERSION_CONFLICT', 'TRANSITION_NOT_ALLOWED']).toContain(errorOf(loser).code);
    sub = expectStatus(await get(admin, sub.subscriptionId), 200);
    expect(sub).toMatchObject({ status: 'APPROVED', allowedEvents: expect.arrayContaining(['COUNTERSIGN', 'REJECT']) });
    expect((await auditActions(sub.subscriptionId)).filter((e) => e.action === 'SUBSCRIPTION_APPROVED')).toHaveLength(
      1,
    );
  });

  it('countersigns into a commitment money can read', async () => {
    sub = expectStatus(await act(admin, sub, 'COUNTERSIGN'), 200);
    expect(sub).toMatchObject({ status: 'COMMITTED', holdsCapacity: true });
    const countersigned = (await auditActions(sub.subscriptionId)).find(
      (e) => e.action === 'SUBSCRIPTION_COUNTERSIGNED',
    );
    expect(countersigned?.data).toMatchObject({
      refId: sub.subscriptionId,
      productId: investFund.productId,
      shareClassId: classId,
      investorUserId: investorId,
      profileId,
      commitment: { amount: '250000', currency: 'USD' },
    });
    expect(errorOf(await act(investor, sub, 'WITHDRAW')).code).toBe('TRANSITION_NOT_ALLOWED');
  });
});

describe('signatures from the journey', () => {
  it("records the holder's signature when the journey's sign node completes, once", async () => {
    const sub = expectStatus(
      await create(other, { productId: investFund.productId, type: 'INVEST_SUBSCRIPTION', amount: '150000' }),
      201,
    );
    const completed = () =>
      eventOf('SCENARIO_NODE_COMPLETED', sub.subscriptionId, {
        refId: sub.subscriptionId,
        journeyId: newId(),
        scenarioId: newId(),
        version: 1,
        nodeId: 'sign',
        kind: 'SIGN',
      });
    await commit(systemActor(), { steps: [], events: [completed(), completed()], result: undefined });
    const signed = await eventually(
      () => get(other, sub.subscriptionId),
      (r) => r.body.signatures.length > 0,
      'the signature',
    );
    expect(signed.body.signatures).toEqual([{ signerId: otherId, role: 'HOLDER', signedAt: expect.any(String) }]);
  });
});

describe('Add manually, the documents loop and bulk approval', () => {
  const paperOrder = async () => {
    const made = expectStatus(
      await create(member, {
        productId: investFund.productId,
        type: 'COMMON_SUBSCRIPTION',
        amount: '300000',
        investorUserId: investorId,
      }),
      201,
    );
    expect(made.status).toBe('OFFLINE_SIGNING');
    const missing = await act(member, made, 'UPLOAD_SIGNED_ORDER');
    expect(errorOf(missing)).toMatchObject({
      code: 'subscriptionDocumentMissing',
      details: { field: 'documents.SIGNED_ORDER' },
    });
    const withOrder = expectStatus(
      await addDocument(member, made.subscriptionId, {
        purpose: 'SIGNED_ORDER',
        fileName: await cleanFile(userOf(tenant, 'GP_MEMBER').userId),
        name: 'Signed order',
      }),
      201,
    );
    return expectStatus(await act(member, withOrder, 'UPLOAD_SIGNED_ORDER'), 200);
  };

  it('asks for more documents, takes the upload, then approves', async () => {
    let sub = await paperOrder();
    expect(sub.status).toBe('SUBMITTED');
    const noReason = await act(member, sub, 'REQUEST_DOCUMENTS');
    expect(errorOf(noReason)).toMatchObject({ code: 'subscriptionReasonRequired', details: { field: 'reason' } });
    sub = expectStatus(await act(member, sub, 'REQUEST_DOCUMENTS', 'A certified copy of your passport, please.'), 200);
    expect(sub).toMatchObject({
      status: 'AWAITING_ADDITIONAL_DOCUMENTS',
      requestedDocuments: { note: 'A certified copy of your passport, please.' },
    });
    expect(errorOf(await act(investor, sub, 'UPLOAD_DOCUMENTS')).code).toBe('subscriptionDocumentMissing');
    sub = expectStatus(
      await addDocument(investor, sub.subscriptionId, {
        purpose: 'ADDITIONAL',
        fileName: await cleanFile(investorId),
        name: 'Passport copy',
      }),
      201,
    );
    sub = expectStatus(await act(investor, sub, 'UPLOAD_DOCUMENTS'), 200);
    expect(sub.status).toBe('ADDITIONAL_DOCUMENTS_UPLOADED');
    expect(sub.requestedDocuments).toBeUndefined();
    expect(
      errorOf(
        await addDocument(investor, sub.subscriptionId, {
          purpose: 'ADDITIONAL',
          fileName: await cleanFile(investorId),
          name: 'Late',
        }),
      ).code,
    ).toBe('subscriptionDocumentNotAllowed');
    sub = expectStatus(await act(admin, sub, 'APPROVE'), 200);
    expect(sub.status).toBe('APPROVED');
    expect(sub.history.map((h) => h.action)).toEqual([
      'SUBSCRIPTION_CREATED',
      'SUBSCRIPTION_SUBMITTED',
      'ADDITIONAL_DOCUMENTS_REQUESTED',
      'ADDITIONAL_DOCUMENTS_UPLOADED',
      'SUBSCRIPTION_APPROVED',
    ]);
  });

  it('names mandatory documents in a request (MANDATORY_DOCUMENTS_REQUESTED) and waits for each of them', async () => {
    let sub = await paperOrder();
    const request = (docKeys: string[]) =>
      call<Subscription>(member, `${S}/${sub.subscriptionId}/actions`, {
        method: 'POST',
        body: { event: 'REQUEST_DOCUMENTS', version: sub.version, reason: 'Your tax form, please.', docKeys },
      });
    expect(errorOf(await request(['W8_BEN', 'NOT_ON_THE_LIST']))).toMatchObject({
      code: 'mandatoryDocumentUnknown',
      details: { field: 'docKeys.1' },
    });
    sub = expectStatus(await request(['W8_BEN']), 200);
    expect(sub.requestedDocuments).toMatchObject({ docKeys: ['W8_BEN'] });
    expect((await auditActions(sub.subscriptionId)).map((a) => a.action)).toContain('MANDATORY_DOCUMENTS_REQUESTED');
    // Another document is not the one named; the named one is, although this paper order has no profile.
    sub = expectStatus(
      await addDocument(investor, sub.subscriptionId, {
        purpose: 'ADDITIONAL',
        fileName: await cleanFile(investorId),
        name: 'Something else',
      }),
      201,
    );
    expect(errorOf(await act(investor, sub, 'UPLOAD_DOCUMENTS'))).toMatchObject({
      code: 'subscriptionDocumentMissing',
      details: { field: 'documents.W8_BEN' },
    });
    sub = expectStatus(
      await addDocument(investor, sub.subscriptionId, {
        purpose: 'MANDATORY',
        docKey: 'W8_BEN',
        fileName: await cleanFile(investorId),
        name: 'W-8BEN',
      }),
      201,
    );
    sub = expectStatus(await act(investor, sub, 'UPLOAD_DOCUMENTS'), 200);
    expect(sub.status).toBe('ADDITIONAL_DOCUMENTS_UPLOADED');
  });

  it('lets the team start an upload of a signed order through /v2/files', async () => {
    const started = await call<{ file: { fileName: string } }>(member, '/v2/files', {
      method: 'POST',
      body: {
        purpose: 'PROFILE_DOCUMENT',
        originalName: 'signed-order.pdf',
        contentType: 'application/pdf',
        size: 2048,
      },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const scan = expectStatus(
      await call<{ status: string }>(member, `/v2/files/${started.body.file.fileName}/scan-result`),
      200,
    );
    expect(scan.status).toBe('UPLOADING');
    // Still the uploader's own: another user's file is unknown to them.
    expect((await call(investor, `/v2/files/${started.body.file.fileName}/scan-result`)).status).toBe(404);
  });

  it('approves in bulk, each on its own version', async () => {
    const [a, b] = await Promise.all([paperOrder(), paperOrder()]);
    const res = expectStatus(
      await call<{ results: { subscriptionId: string; ok: boolean; code?: string }[] }>(admin, `${S}/bulk-approve`, {
        method: 'POST',
        body: {
          items: [
            { subscriptionId: a.subscriptionId, version: a.version },
            { subscriptionId: b.subscriptionId, version: b.version - 1 },
          ],
        },
      }),
      200,
    );
    expect(res.results).toEqual([
      { subscriptionId: a.subscriptionId, ok: true, status: 'APPROVED' },
      { subscriptionId: b.subscriptionId, ok: false, code: 'VERSION_CONFLICT' },
    ]);
    expect(
      (
        await call(member, `${S}/bulk-approve`, {
          method: 'POST',
          body: { items: [{ subscriptionId: b.subscriptionId, version: b.version }] },
        })
      ).status,
    ).toBe(403);
  });
});

describe('reserving against a fund’s capacity', () => {
  it('puts a request that does not fit on the waitlist, and allocates it once capacity frees', async () => {
    const first = expectStatus(
      await create(investor, { productId: smallFund.productId, type: 'RESERVE_SUBSCRIPTION', amount: '200000' }),
      201,
    );
    const second = expectStatus(
      await create(other, { productId: smallFund.productId, type: 'RESERVE_SUBSCRIPTION', amount: '200000' }),
      201,
    );
    // A reservation request starts its own short journey, whose report moves the version: act on what is current.
    const settled = (r: CallResult<Subscription>) => r.body.waitlistPosition === 1 && r.body.scenario !== undefined;
    const waiting = await eventually(
      () => get(other, second.subscriptionId),
      settled,
      'the second request on the waitlist',
    );
    expect(waiting.body.status).toBe('REVIEW');
    const firstNow = (
      await eventually(
        () => get(investor, first.subscriptionId),
        (r) => r.body.scenario !== undefined,
        'the first request',
      )
    ).body;
    const allocated = expectStatus(await act(admin, firstNow, 'ALLOCATE'), 200);
    expect(allocated).toMatchObject({ status: 'RESERVED', holdsCapacity: true });
    const full = await act(admin, waiting.body, 'ALLOCATE');
    expect(full.status).toBe(422);
    expect(errorOf(full)).toMatchObject({ code: 'reservationCapacityFull', details: { field: 'amount', position: 1 } });
    // The first investor walks away: the place goes to the next in the queue.
    expectStatus(await act(investor, allocated, 'WITHDRAW'), 200);
    await eventually(
      () => get(other, second.subscriptionId),
      (r) => r.body.waitlistPosition === undefined,
      'the waitlist to move up',
    );
    const mine = expectStatus(await act(admin, waiting.body, 'ALLOCATE'), 200);
    expect(mine.status).toBe('RESERVED');
    const opened = (await auditActions(second.subscriptionId)).find((e) => e.action === 'RESERVATION_OPENED');
    expect(opened?.data).toMatchObject({ userIds: [otherId], productId: smallFund.productId });
  });
});

describe('contract tags (/v2/contract-tags)', () => {
  it("lists the template tags in the reader's language, for the manager's team only", async () => {
    const gp = await signedIn(alpine, 'GP_ADMIN');
    const en = await call<{ tags: { key: string; placeholder: string; label: string }[] }>(gp, '/v2/contract-tags');
    expect(en.status).toBe(200);
    const amount = en.body.tags.find((t) => t.key === 'SUBSCRIPTION_AMOUNT');
    expect(amount).toMatchObject({ placeholder: '{{SUBSCRIPTION_AMOUNT}}' });
    const zh = await call<typeof en.body>(gp, '/v2/contract-tags', { lang: 'zh-CN' });
    expect(zh.body.tags.map((t) => t.key)).toEqual(en.body.tags.map((t) => t.key));
    expect(zh.body.tags.find((t) => t.key === 'SUBSCRIPTION_AMOUNT')?.label).not.toBe(amount?.label);
    // No bank detail is ever a tag (docs/subscriptions.md).
    expect(en.body.tags.some((t) => /BANK|IBAN|ACCOUNT_NUMBER|SWIFT/.test(t.key))).toBe(false);
    const lp = await call(await signedIn(alpine, 'LP'), '/v2/contract-tags');
    expect(lp.status).toBe(403);
  });
});

describe('expiry (the daily job subscriptionExpiry)', () => {
  const pastDeadline = async (subscriptionId: string) =>
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.subscription(tenant.tenantId, subscriptionId),
        // As if the deadline had passed: the rule's days are the unit test's (expiry.test.ts).
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': '2020-01-01T00:00:00.000Z' },
      }),
    );
  const capacityTaken = async (productId: string) =>
    (
      await db.send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'PK = :pk AND SK = :sk',
          ExpressionAttributeValues: { ':pk': keys.fundCapacity(tenant.tenantId, productId).PK, ':sk': '#CAPACITY' },
          ConsistentRead: true,
        }),
      )
    ).Items?.[0]?.taken;

  it('expires a journey and an allocation past their deadline, releasing the capacity, and nothing else', async () => {
    const journey = expectStatus(
      await create(investor, {
        productId: investFund.productId,
        type: 'INVEST_SUBSCRIPTION',
        amount: '150000',
        profileId,
      }),
      201,
    );
    expect(journey.expiresAt).toBeDefined();
    const request = expectStatus(
      await create(other, { productId: investFund.productId, type: 'RESERVE_SUBSCRIPTION', amount: '100000' }),
      201,
    );
    expect(request.expiresAt).toBeUndefined();
    const before = Number((await capacityTaken(investFund.productId)) ?? '0');
    // Its own short journey's report moves the version first (as in the waitlist test).
    const settled = await eventually(
      () => get(other, request.subscriptionId),
      (r) => r.body.scenario !== undefined,
      'the reservation request',
    );
    const allocated = expectStatus(await act(admin, settled.body, 'ALLOCATE'), 200);
    expect(allocated.status).toBe('RESERVED');
    expect(allocated.expiresAt).toBeDefined();
    expect(Number(await capacityTaken(investFund.productId))).toBe(before + 100000);
    const untouched = expectStatus(
      await create(investor, {
        productId: investFund.productId,
        type: 'INVEST_SUBSCRIPTION',
        amount: '120000',
        profileId,
      }),
      201,
    );
    await pastDeadline(journey.subscriptionId);
    await pastDeadline(request.subscriptionId);
    const run = await fetch(new URL('/_local/schedules/subscriptionExpiry/run', inject('stack').url), {
      method: 'POST',
    });
    expect(run.status).toBe(200);
    expect((await get(investor, journey.subscriptionId)).body.status).toBe('EXPIRED');
    const lapsed = (await get(other, request.subscriptionId)).body;
    expect(lapsed).toMatchObject({ status: 'EXPIRED', holdsCapacity: false });
    expect(lapsed.expiresAt).toBeUndefined();
    expect(Number(await capacityTaken(investFund.productId))).toBe(before);
    expect((await auditActions(request.subscriptionId)).map((a) => a.action)).toContain('SUBSCRIPTION_EXPIRED');
    expect((await get(investor, untouched.subscriptionId)).body.status).not.toBe('EXPIRED');
    // The lapsed journey can no longer finish: the journey worker stopped its execution.
    const stopped = await eventually(
      () => readJourneyMeta(tenant.tenantId, journey.subscriptionId),
      (j) => j?.stoppedAt !== undefined,
      'the lapsed journey stopped',
    );
    expect(stopped).toMatchObject({ stopReason: 'The subscription lapsed' });
    const execution = await eventually(
      () => new SFNClient({}).send(new DescribeExecutionCommand({ executionArn: stopped!.executionArn! })),
      (e) => e.status === 'ABORTED',
      'the lapsed execution aborted',
    );
    expect(execution.status).toBe('ABORTED');
  });

  it('reminds the investor once, some days before the deadline', async () => {
    const soon = expectStatus(
      await create(investor, {
        productId: investFund.productId,
        type: 'INVEST_SUBSCRIPTION',
        amount: '110000',
        profileId,
      }),
      201,
    );
    // Its journey's first steps move the status and the deadline: wait for them, then bring the deadline near.
    await eventually(
      () => get(investor, soon.subscriptionId),
      (r) => r.body.scenario !== undefined,
      'the journey under way',
    );
    const deadline = new Date(Date.now() + 2 * 86_400_000).toISOString();
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.subscription(tenant.tenantId, soon.subscriptionId),
        UpdateExpression: 'SET expiresAt = :d',
        ExpressionAttributeValues: { ':d': deadline },
      }),
    );
    const run = () =>
      fetch(new URL('/_local/schedules/subscriptionExpiry/run', inject('stack').url), { method: 'POST' });
    expect((await run()).status).toBe(200);
    expect((await run()).status).toBe(200);
    const reminders = async () =>
      (
        await call<InboxPage>(investor, '/user-center/get-in-box-message', { query: { category: 'COMMON_MESSAGE' } })
      ).body.items.filter((m) => m.kind === 'SUBSCRIPTION_EXPIRING_SOON' && m.params.dueDate === deadline.slice(0, 10));
    const found = await eventually(reminders, (items) => items.length > 0, 'the reminder');
    expect(found[0]?.body).toContain(deadline.slice(0, 10));
    // The second run of the day reminded nobody again.
    expect(await reminders()).toHaveLength(1);
    expect((await get(investor, soon.subscriptionId)).body.status).not.toBe('EXPIRED');
  });
});
