import { randomBytes } from 'node:crypto';
import type { RouteDef } from '@tranche/shared/http/routes';
import { DEFAULT_EMAIL_PREFERENCES, DEFAULT_INVEST_ACCOUNT_EMAIL_PREFERENCES } from '@tranche/shared/user/user.schema';
import fc from 'fast-check';
import { type Caller, call, signedIn, stack, type Tenant } from './api.js';
import { jsonSchemaOf, validArb } from './arbitraries.js';
import { pdfBytes, uploadFile } from './uploads.js';

/** The tenant's own id for each kind of owned id a route takes. */
export const ownedIdOf = (tenant: Tenant, name: string): string => {
  switch (name) {
    case 'productId':
      return tenant.productIds[0]!;
    case 'userId':
      // The second investor: the user-management routes (lock, unlock) act on it, and no other
      // test signs in as it (signedIn picks the first user of a role).
      return tenant.users.filter((u) => u.role === 'LP')[1]!.userId;
    case 'memberId':
      // A team member invited for this test file (INVITED GP_MEMBER): the role routes act on it.
      return fixturesOf(tenant).memberId;
    case 'inviteeId':
      // An investor invited for this test file: resendInvite acts on it.
      return fixturesOf(tenant).inviteeId;
    case 'tenantId':
      return tenant.tenantId;
    case 'policyId':
      // A policy published for this test file: the policy routes act on it without changing it.
      return fixturesOf(tenant).policy.policyId;
    case 'documentId':
      return tenant.productDocuments.documentId;
    case 'folderId':
      return tenant.productDocuments.folderId;
    case 'profileId':
      // An entity profile of the tenant's first investor (whom signedIn(tenant, 'LP') signs in), made
      // for this test file: the profile routes act on it; examples name a stale version, so they change nothing.
      return fixturesOf(tenant).profile.profileId;
    case 'bankId':
      // The fixture profile's bank account (PENDING; the decision examples name a stale version).
      return fixturesOf(tenant).profile.bankId;
    case 'shareClassId':
      // The first share class of the first product (productId above).
      return tenant.shareClassIds[0]!;
    case 'caseId':
      // A KYC case of the fixture profile, written for this test file (the case routes read it; the
      // decision examples name a stale version, so they change nothing).
      return kycCaseFixtures.get(tenant.prefix)!;
    case 'projectId':
      // The seeded COMPLETED, sealed signing project (local/seed-signing.ts): the manager's reads and
      // its download; the first investor (signedIn's LP) is its signer.
      return tenant.signingProjectId!;
    case 'fileId':
      // The seeded project's source PDF (READY).
      return tenant.signingFileId!;
    case 'signerId':
      // The seeded project's investor signer (the first investor: signedIn's LP), for the signer routes.
      return 'investor';
    case 'subscriptionId':
      // A subscription of the tenant's first investor, submitted (issue 13): read by every route;
      // the action examples name a stale version or a document it no longer takes, so they change nothing.
      return subscriptionFixtures.get(tenant.prefix)!;
    case 'scenarioId':
      // The tenant's seeded default Invest scenario for individuals (local/seed-scenarios.ts): read by
      // the manager's routes; the examples save a draft over it or publish a version already published.
      return scenarioFixtures.get(tenant.prefix)!;
    case 'nodeId':
      // A node of that scenario (its questionnaire): with another tenant's subscription, still a 404.
      return 'riskQuestionnaire';
    case 'id':
    case 'taskId':
      // A task given to the tenant's team for this test file (the message routes take its message).
      return fixturesOf(tenant).inbox.taskId;
    case 'callId':
      // A draft capital call without investors (issue 14), written for this test file: read by every
      // route; the examples return it to draft, or pay or confirm it, which its state refuses (409).
      return capitalCallFixtures.get(tenant.prefix)!;
    case 'correctionId':
      // A posted ledger correction (issue 14) of the fixture investment: read by every route; the
      // decision example approves it, which its state refuses (409).
      return investmentFixtures.get(tenant.prefix)!.correctionId;
    case 'redemptionId':
      // A confirmed redemption request of the tenant's first investor (issue 14), written for this test
      // file: read by every route; the examples confirm or withdraw it, which its state refuses (409).
      return redemptionFixtures.get(tenant.prefix)!;
    case 'distributionId':
      // A cancelled distribution (issue 14), written for this test file: read by every route; the
      // examples approve or pay it, which its state refuses (409).
      return distributionFixtures.get(tenant.prefix)!;
    default:
      throw new Error(`No seeded id for ${name}: add it to test/support/examples.ts`);
  }
};

/**
 * A draft product with one share class and its own section visibility: the routes that change
 * products or share classes act on it (PRODUCT_FIXTURE_ROUTES), with bodies that change nothing, so
 * the route-wide tests never alter the seeded catalogue; a draft is invisible to investors, and
 * REOPEN is refused in its state.
 */
const PRODUCT_FIXTURE = {
  kind: 'FUND',
  name: { en: 'Route fixture fund' },
  summary: { en: 'Created for the route-wide tests.' },
  fundType: 'OPEN_ENDED',
  dealingFrequency: 'MONTHLY',
  investmentPermission: 'ALLOW_INVESTMENT',
  openness: 'OPEN',
  objectives: ['INCOME'],
  strategies: ['CREDIT'],
  regions: ['GLOBAL'],
  investorTypes: ['ANY'],
  currency: 'USD',
  minInvestment: '100000.00',
  targetSize: '10000000.00',
};
const SHARE_CLASS_FIXTURE = {
  name: { en: 'Class A' },
  currency: 'USD',
  minInvestment: '100000.00',
  managementFee: { type: 'PERCENTAGE', display: 'FLAT', value: '1' },
  subscriptionFee: { type: 'PERCENTAGE', display: 'RANGE', value: '0', upTo: '2' },
};
const VISIBILITY_FIXTURE = { items: [{ component: 'FAQ', visibilityState: 'HIDE' }] };
const POLICY_FIXTURE = {
  kind: 'OTHER',
  title: { en: 'Fixture policy' },
  body: { en: 'Created for the route-wide tests.' },
  requireAcceptance: false,
};

/** An INVITED user (the seed has none, and no team member that tests may change). */
const invite = async (owner: Caller, role: 'GP_MEMBER' | 'LP'): Promise<string> => {
  const email = `fixture-${randomBytes(5).toString('hex')}@${owner.tenant.prefix}.example`;
  const res = await call<{ userId: string }>(owner, '/gp/users/invite', {
    method: 'POST',
    body: { email, displayName: 'Fixture', role },
  });
  if (res.status !== 201) throw new Error(`Could not invite a fixture user: ${JSON.stringify(res.body)}`);
  return res.body.userId;
};

const publishPolicy = async (owner: Caller) => {
  const made = await call<{ policyId: string; revision: string }>(owner, '/gp/policies', {
    method: 'POST',
    body: POLICY_FIXTURE,
  });
  const published = await call<{ revision: string }>(owner, `/gp/policies/${made.body.policyId}/publish`, {
    method: 'POST',
    body: { revision: made.body.revision },
  });
  if (published.status !== 200)
    throw new Error(`Could not publish a fixture policy: ${JSON.stringify(published.body)}`);
  return { policyId: made.body.policyId, revision: published.body.revision };
};

const createProduct = async (owner: Caller) => {
  const product = await call<{ productId: string }>(owner, '/gp/products', { method: 'POST', body: PRODUCT_FIXTURE });
  const { productId } = product.body;
  const shareClass = await call<{ shareClassId: string }>(owner, `/gp/products/${productId}/share-classes`, {
    method: 'POST',
    body: SHARE_CLASS_FIXTURE,
  });
  const visibility = await call(owner, `/gp/products/${productId}/portal-components`, {
    method: 'PUT',
    body: { ...VISIBILITY_FIXTURE, version: 0 },
  });
  if (product.status !== 201 || shareClass.status !== 201 || visibility.status !== 200)
    throw new Error(`Could not create a fixture product: ${JSON.stringify([product.body, shareClass.body])}`);
  return { productId, shareClassId: shareClass.body.shareClassId };
};

/**
 * Records each test file that uses these examples makes for itself, per tenant, through the API as
 * the tenant's owner, so they start fresh: an invited team member and investor, a published
 * policy, and the fixture product.
 */
/**
 * A task for the tenant's whole team (so for its owner, whom the route-wide tests call as), given as
 * its emitter will: the domain event that opens it, through the outbox and the inbox consumers.
 */
const giveTeamTask = async (tenant: Tenant, owner: Caller) => {
  const { commit, eventOf } = await import('../../functions/src/_lib/db/commit.js');
  const { newId } = await import('../../functions/src/_lib/ids.js');
  const { sampleInboxEvent } = await import('@tranche/shared/inbox/samples');
  const refId = newId();
  const investor = tenant.users.find((u) => u.role === 'LP')!.userId;
  const sample = sampleInboxEvent('GP_COUNTERSIGN', refId, [investor]);
  await commit(
    { tenantId: tenant.tenantId, userId: 'FIXTURE', requestId: `fixture-${refId}`, at: new Date().toISOString() },
    { steps: [], events: [eventOf(sample.name, refId, sample.payload)], result: undefined },
  );
  for (let i = 0; i < 200; i++) {
    const tasks = await call<{ items: { messageId: string; task?: { taskId: string } }[] }>(
      owner,
      '/tasks/query-tasks',
      {
        query: { kind: 'GP_COUNTERSIGN', limit: '100' },
      },
    );
    const found = tasks.body.items?.find((m) => m.task && m.messageId);
    if (found?.task) {
      // This file's own task: the newest (ULIDs sort by time), given just now.
      return { taskId: found.task.taskId, messageId: found.messageId };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('The fixture task did not reach the owner’s inbox');
};

/** A draft entity profile of the tenant's first investor (issue 11). */
const createProfile = async (tenant: Tenant) => {
  const investor = await signedIn(tenant, 'LP');
  const res = await call<{ profileId: string }>(investor, '/subscription/profile/patch-profile', {
    method: 'PATCH',
    body: { type: 'ENTITY', header: { displayName: 'Route fixture profile' } },
  });
  if (res.status !== 200) throw new Error(`Could not create a fixture profile: ${JSON.stringify(res.body)}`);
  // A bank account of it (PENDING): the approval and reveal routes act on it (decisions name a stale version).
  const bank = await call<{ bankAccounts: { bankId: string }[] }>(
    investor,
    '/subscription/profile/patch-meta-bank-info',
    {
      method: 'PATCH',
      query: { profileId: res.body.profileId },
      body: {
        version: (res.body as { version?: number }).version,
        account: {
          kind: 'BANK',
          bankName: 'Route Fixture Bank',
          accountName: 'Route Fixture',
          accountNumber: '000111222333',
          currency: 'USD',
          bankCountry: 'HK',
        },
      },
    },
  );
  const bankId = bank.body.bankAccounts?.[0]?.bankId;
  if (bank.status !== 200 || !bankId)
    throw new Error(`Could not add a fixture bank account: ${JSON.stringify(bank.body)}`);
  return { profileId: res.body.profileId, bankId };
};

const makeFixtures = async (tenant: Tenant) => {
  const owner = await signedIn(tenant, 'GP_OWNER');
  return {
    profile: await createProfile(tenant),
    inbox: await giveTeamTask(tenant, owner),
    memberId: await invite(owner, 'GP_MEMBER'),
    inviteeId: await invite(owner, 'LP'),
    policy: await publishPolicy(owner),
    product: await createProduct(owner),
  };
};
const fixtures = new Map(await Promise.all(stack.tenants.map(async (t) => [t.prefix, await makeFixtures(t)] as const)));
const fixturesOf = (tenant: Tenant) => fixtures.get(tenant.prefix)!;

/**
 * Profile documents of the fixture profile (issue 11, files.routes.ts): one the reading routes
 * name, a spare the role matrix may delete, and a clean file not yet attached for the add route
 * (the first add attaches it; later ones answer FAIL, a refusal after the profile and file were found).
 */
const attachDocument = async (investor: Caller, profileId: string) => {
  const file = await uploadFile(investor, pdfBytes(), { originalName: 'fixture.pdf' });
  const res = await call<{ document: { documentId: string } }>(investor, `/profiles/${profileId}/documents`, {
    method: 'POST',
    body: { fileName: file.fileName, kind: 'ADDITIONAL_DOCUMENTS' },
  });
  if (res.status !== 201) throw new Error(`Could not attach a fixture document: ${JSON.stringify(res.body)}`);
  return res.body.document.documentId;
};
const makeDocumentFixtures = async (tenant: Tenant) => {
  const investor = await signedIn(tenant, 'LP');
  const { profileId } = fixturesOf(tenant).profile;
  return {
    documentId: await attachDocument(investor, profileId),
    spareDocumentId: await attachDocument(investor, profileId),
    spareFileName: (await uploadFile(investor, pdfBytes(), { originalName: 'spare.pdf' })).fileName,
  };
};
const documentFixtures = new Map(
  await Promise.all(stack.tenants.map(async (t) => [t.prefix, await makeDocumentFixtures(t)] as const)),
);
/**
 * A KYC case per tenant (issue 11, kyc.routes.ts), written as the screening consumer writes one, so
 * the route-wide tests need not submit a complete profile and wait for screening.
 */
const makeKycCase = async (tenant: Tenant): Promise<string> => {
  const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
  const { keys } = await import('../../functions/src/_lib/db/keys.js');
  const { newId } = await import('../../functions/src/_lib/ids.js');
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const caseId = newId();
  const at = new Date().toISOString();
  const { profileId } = fixturesOf(tenant).profile;
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.kycCase(tenant.tenantId, caseId),
        ...keys.kycQueue(tenant.tenantId, 'IN_REVIEW', at, caseId),
        ...keys.kycCasesOfProfile(tenant.tenantId, profileId, at, caseId),
        type: 'KYC_CASE',
        caseId,
        profileId,
        profileType: 'ENTITY',
        profileName: 'Route fixture profile',
        ownerUserId: tenant.users.find((u) => u.role === 'LP')!.userId,
        status: 'IN_REVIEW',
        trigger: 'SUBMISSION',
        riskRating: 'LOW',
        riskFactors: [],
        screeningRating: 'NONE',
        matchCount: 0,
        identityOutcome: 'PASS',
        identity: { outcome: 'PASS', provider: 'SANDBOX', reference: 'sbx_fixture', reasons: [], checkedAt: at },
        findings: [],
        subjects: [],
        listVersion: 'fixture',
        listSize: 0,
        openedAt: at,
        updatedAt: at,
        version: 1,
        sourceEventId: 'fixture',
      },
    }),
  );
  return caseId;
};
const kycCaseFixtures = new Map(
  await Promise.all(stack.tenants.map(async (t) => [t.prefix, await makeKycCase(t)] as const)),
);

/** The seeded default scenario of each tenant (issue 13, scenario flows), read from its slot. */
const seededScenario = async (tenant: Tenant): Promise<string> => {
  const { readSlot } = await import('../../functions/src/scenario/scenario.repo.js');
  const slot = await readSlot(tenant.tenantId, 'DEFAULT', 'INVEST_SUBSCRIPTION', 'INDIVIDUAL');
  if (!slot) throw new Error(`No default scenario seeded in ${tenant.prefix}`);
  return slot.scenarioId;
};
const scenarioFixtures = new Map(
  await Promise.all(stack.tenants.map(async (t) => [t.prefix, await seededScenario(t)] as const)),
);

/**
 * The signer routes (sign.routes.ts) answer the documents only to a caller holding the ticket
 * /sign/validate hands out after the emailed code: one is written here, as validate writes it, on the
 * seeded project's investor signer of each tenant, so the route-wide tests reach past identity.
 */
const grantSigningTicket = async (tenant: Tenant): Promise<string> => {
  if (!tenant.signingProjectId) return '';
  const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
  const { keys } = await import('../../functions/src/_lib/db/keys.js');
  const { sha256 } = await import('../../functions/src/_lib/secrets.js');
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const ticket = randomBytes(32).toString('base64url');
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.signer(tenant.tenantId, tenant.signingProjectId, 'investor'),
      // The same secret as the signed-copy token too (GET /sign/copy), as the copies consumer writes it.
      UpdateExpression: 'SET ticket = :ticket, #copy = :ticket',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#copy': 'copy' },
      ExpressionAttributeValues: {
        ':ticket': { hash: sha256(ticket), expiresAt: new Date(Date.now() + 24 * 3600_000).toISOString() },
      },
    }),
  );
  return ticket;
};
const signingTickets = new Map(
  await Promise.all(stack.tenants.map(async (t) => [t.prefix, await grantSigningTicket(t)] as const)),
);

/** The signer routes are public: their signer is recognised by the investor's session and the ticket. */
export const isSignerRoute = (route: RouteDef): boolean => route.auth === 'public' && route.tags.includes('signing');

/** Headers a route's example carries beyond the caller's: the signer routes' ticket (and copy token). */
export const exampleHeaders = (route: RouteDef, tenant: Tenant): Record<string, string> =>
  isSignerRoute(route)
    ? {
        'x-signing-ticket': signingTickets.get(tenant.prefix) ?? '',
        'x-signing-copy': signingTickets.get(tenant.prefix) ?? '',
      }
    : {};

/**
 * A draft capital call per tenant (issue 14, money.routes.ts) on the first product, prepared by the
 * team member (so an admin is not its preparer), with no investors: issuing it would write no notice.
 */
const makeCapitalCall = async (tenant: Tenant): Promise<string> => {
  const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
  const { keys } = await import('../../functions/src/_lib/db/keys.js');
  const { newId } = await import('../../functions/src/_lib/ids.js');
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const callId = newId();
  const at = new Date().toISOString();
  const zero = '0.00';
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.capitalCall(tenant.tenantId, callId),
        ...keys.capitalCallsIndex(tenant.tenantId, at, callId),
        type: 'CAPITAL_CALL',
        callId,
        productId: tenant.productIds[0]!,
        fund: 'Route fixture fund',
        currency: 'USD',
        state: 'DRAFT',
        basis: 'AMOUNT',
        totals: { investment: zero, managementFee: zero, expenses: zero, amount: zero },
        paid: zero,
        preparedBy: tenant.users.find((u) => u.role === 'GP_MEMBER')!.userId,
        createdAt: at,
        updatedAt: at,
        version: 1,
        allocation: [],
        excused: [],
      },
    }),
  );
  return callId;
};
const capitalCallFixtures = new Map(
  await Promise.all(stack.tenants.map(async (t) => [t.prefix, await makeCapitalCall(t)] as const)),
);

/** A confirmed redemption request per tenant (issue 14), of the first investor (whom signedIn picks). */
const makeRedemption = async (tenant: Tenant): Promise<string> => {
  const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
  const { keys } = await import('../../functions/src/_lib/db/keys.js');
  const { newId } = await import('../../functions/src/_lib/ids.js');
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const redemptionId = newId();
  const at = new Date().toISOString();
  const investorId = tenant.users.find((u) => u.role === 'LP')!.userId;
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.redemption(tenant.tenantId, redemptionId),
        ...keys.redemptionIndexes(tenant.tenantId, investorId, at, redemptionId),
        type: 'REDEMPTION',
        redemptionId,
        subscriptionId: newId(),
        investorId,
        productId: tenant.productIds[0]!,
        shareClassId: tenant.shareClassIds[0]!,
        fund: 'Route fixture fund',
        currency: 'USD',
        state: 'CONFIRMED',
        units: '1.000000',
        full: false,
        dealingDate: '2026-12-31',
        noticeDays: 30,
        requestedAt: at,
        updatedAt: at,
        version: 1,
      },
    }),
  );
  return redemptionId;
};
const redemptionFixtures = new Map(
  await Promise.all(stack.tenants.map(async (t) => [t.prefix, await makeRedemption(t)] as const)),
);

/**
 * An investment per tenant (issue 14) whose only entry is a capital call's CALL, and a posted
 * correction of it (docs/money.md "Notices, currency, reversals"): the ledger routes read it; the
 * correction example names entry 1, which belongs to a call (409), so nothing is ever appended.
 */
const makeInvestment = async (
  tenant: Tenant,
): Promise<{ subscriptionId: string; correctionId: string; noticeCallId: string; contractNoteId: string }> => {
  const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
  const { keys } = await import('../../functions/src/_lib/db/keys.js');
  const { newId } = await import('../../functions/src/_lib/ids.js');
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const subscriptionId = newId();
  const correctionId = newId();
  const at = new Date().toISOString();
  const investorId = tenant.users.find((u) => u.role === 'LP')!.userId;
  const productId = tenant.productIds[0]!;
  const shareClassId = tenant.shareClassIds[0]!;
  const call = { kind: 'CALL', amount: '1.00', currency: 'USD', effectiveDate: '2026-01-02', callId: newId() };
  const zero = '0.00';
  const put = (Item: Record<string, unknown>) => db.send(new PutCommand({ TableName: tableName(), Item }));
  await Promise.all([
    put({
      ...keys.investment(tenant.tenantId, subscriptionId),
      type: 'INVESTMENT',
      subscriptionId,
      investorId,
      productId,
      shareClassId,
      currency: 'USD',
      fundType: 'CLOSE_ENDED',
      accountKind: 'BANK',
      fund: 'Route fixture fund',
      openedAt: at,
      updatedAt: at,
      seq: 1,
      balances: {
        currency: 'USD',
        committed: zero,
        called: '1.00',
        paidIn: zero,
        fees: zero,
        invested: zero,
        outstanding: '1.00',
        undrawn: zero,
        distributed: zero,
        recallableDistributed: zero,
        redeemed: zero,
        units: '0',
      },
    }),
    put({
      ...keys.ledgerEntry(tenant.tenantId, subscriptionId, 1),
      type: 'LEDGER_ENTRY',
      id: newId(),
      seq: 1,
      investorId,
      subscriptionId,
      productId,
      shareClassId,
      ...call,
    }),
    put({
      ...keys.ledgerCorrection(tenant.tenantId, correctionId),
      ...keys.ledgerCorrectionsIndex(tenant.tenantId, at, correctionId),
      type: 'LEDGER_CORRECTION',
      correctionId,
      subscriptionId,
      investorId,
      fund: 'Route fixture fund',
      currency: 'USD',
      seq: 1,
      entry: { kind: 'CALL', amount: '1.00', effectiveDate: '2026-01-02' },
      reason: 'Route fixture',
      movesMoney: false,
      state: 'POSTED',
      preparedBy: tenant.users.find((u) => u.role === 'GP_MEMBER')!.userId,
      postedSeqs: [],
      createdAt: at,
      updatedAt: at,
      version: 1,
    }),
  ]);
  // The notice of that call (no PDF rendered: the download route finds it and answers 409 not ready).
  await put({
    ...keys.callNotice(tenant.tenantId, call.callId, subscriptionId),
    type: 'CALL_NOTICE',
    callId: call.callId,
    subscriptionId,
    investorId,
    productId,
    fund: 'Route fixture fund',
    currency: 'USD',
    state: 'OUTSTANDING',
    items: { investment: '1.00', managementFee: zero, expenses: zero },
    amount: '1.00',
    paid: zero,
    feesPosted: zero,
    commitment: zero,
    dueDate: '2026-01-16',
    issuedAt: at,
    version: 1,
  });
  // A contract note of that investment, without the index keys (no list shows it) and without a PDF.
  const contractNoteId = newId();
  await put({
    ...keys.contractNote(tenant.tenantId, subscriptionId, contractNoteId),
    type: 'CONTRACT_NOTE',
    contractNoteId,
    subscriptionId,
    investorId,
    productId,
    shareClassId,
    fund: 'Route fixture fund',
    currency: 'USD',
    orderDate: '2026-01-02',
    dealingDate: '2026-01-31',
    navDate: '2026-01-31',
    navPerUnit: '1.000000',
    gross: '1.00',
    fee: zero,
    net: '1.00',
    units: '1.000000',
    createdAt: at,
  });
  return { subscriptionId, correctionId, noticeCallId: call.callId, contractNoteId };
};
const investmentFixtures = new Map(
  await Promise.all(stack.tenants.map(async (t) => [t.prefix, await makeInvestment(t)] as const)),
);
/** The money routes whose `subscriptionId` is an investment's (issue 14), not a subscription record's. */
const INVESTMENT_FIXTURE_ROUTES = new Set([
  'getInvestmentLedger',
  'createLedgerCorrection',
  'getCallNoticePdf',
  'getNoticePaymentDetails',
  'getContractNotePdf',
]);
const investmentIdOf = (tenant: Tenant, name: string): string => {
  const fixture = investmentFixtures.get(tenant.prefix)!;
  if (name === 'subscriptionId') return fixture.subscriptionId;
  // The notice PDF route names the fixture investment's own call (its notice is the fixture's).
  if (name === 'callId') return fixture.noticeCallId;
  // The contract note PDF route names the fixture investment's own note (no PDF: 409 not ready).
  if (name === 'contractNoteId') return fixture.contractNoteId;
  return ownedIdOf(tenant, name);
};

/** A cancelled distribution per tenant (issue 14, "Dealing and distributions"), without holders' entries. */
const makeDistribution = async (tenant: Tenant): Promise<string> => {
  const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
  const { keys } = await import('../../functions/src/_lib/db/keys.js');
  const { newId } = await import('../../functions/src/_lib/ids.js');
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const distributionId = newId();
  const at = new Date().toISOString();
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.distribution(tenant.tenantId, distributionId),
        ...keys.distributionsIndex(tenant.tenantId, at, distributionId),
        type: 'DISTRIBUTION',
        distributionId,
        productId: tenant.productIds[0]!,
        fund: 'Route fixture fund',
        currency: 'USD',
        amount: '0.01',
        basis: 'COMMITMENT',
        recallable: false,
        paymentDate: at.slice(0, 10),
        state: 'CANCELLED',
        preparedBy: tenant.users.find((u) => u.role === 'GP_MEMBER')!.userId,
        createdAt: at,
        updatedAt: at,
        version: 2,
        parts: [],
        posted: { declared: 0, paid: 0 },
      },
    }),
  );
  return distributionId;
};
const distributionFixtures = new Map(
  await Promise.all(stack.tenants.map(async (t) => [t.prefix, await makeDistribution(t)] as const)),
);

/**
 * A submitted subscription per tenant (issue 13, subscription.routes.ts), written as the service
 * stores one (subscriptionItem), so the route-wide tests need not walk a journey to SUBMITTED.
 */
const makeSubscription = async (tenant: Tenant): Promise<string> => {
  const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
  const { newId } = await import('../../functions/src/_lib/ids.js');
  const { subscriptionItem } = await import('../../functions/src/subscription/subscription.repo.js');
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const subscriptionId = newId();
  const at = new Date().toISOString();
  const investor = tenant.users.find((u) => u.role === 'LP')!;
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: subscriptionItem(tenant.tenantId, {
        subscriptionId,
        productId: tenant.productIds[0]!,
        type: 'INVEST_SUBSCRIPTION',
        status: 'SUBMITTED',
        version: 1,
        investorUserId: investor.userId,
        investorName: investor.displayName,
        amount: '250000',
        currency: 'USD',
        fund: 'Route fixture fund',
        createdAt: at,
        createdBy: investor.userId,
        updatedAt: at,
        submittedAt: at,
        signatures: [],
        holdsCapacity: false,
      }),
    }),
  );
  return subscriptionId;
};
const subscriptionFixtures = new Map(
  await Promise.all(stack.tenants.map(async (t) => [t.prefix, await makeSubscription(t)] as const)),
);

const PROFILE_DOCUMENT_ROUTES = new Set(['getProfileDocument', 'deleteProfileDocument']);
const profileDocumentIdOf =
  (route: RouteDef) =>
  (tenant: Tenant, name: string): string => {
    if (name !== 'documentId') return ownedIdOf(tenant, name);
    const docs = documentFixtures.get(tenant.prefix)!;
    return route.method === 'DELETE' ? docs.spareDocumentId : docs.documentId;
  };

const PRODUCT_FIXTURE_ROUTES = new Set([
  'updateProduct',
  'transitionProduct',
  'createShareClass',
  'updateShareClass',
  'updateProductPortalComponents',
]);
const productFixtureIdOf = (tenant: Tenant, name: string): string => {
  const { product } = fixturesOf(tenant);
  if (name === 'productId') return product.productId;
  if (name === 'shareClassId') return product.shareClassId;
  return ownedIdOf(tenant, name);
};

/** Bodies the sampler cannot guess: the version a change must name, or state the route checks. */
const EXAMPLE_BODIES: Record<string, unknown> = {
  // Profile changes (issue 11) on the fixture profile: well-formed bodies the rules judge (a random
  // sample may break what only the rules check: a phone's numbering plan, an email's local part)
  // naming a version the profile never reaches, so they are refused with 409 and change nothing.
  patchIndividualMetaInfo: {
    version: 999_999,
    meta: { firstName: 'Route', lastName: 'Fixture', phone: '+85291234567' },
  },
  patchMetaMembersInfo: {
    version: 999_999,
    person: { firstName: 'Route', lastName: 'Fixture', email: 'route.fixture@example.com' },
    terms: { roles: ['DIRECTOR'] },
  },
  // A stale version of the fixture account: found and judged (409), never decided.
  decideBankAccount: { decision: 'REJECTED', reason: 'Route fixture', updatedAt: '2000-01-01T00:00:00.000Z' },
  // The seeded project is COMPLETED: consent is judged and refused (409), nothing changes.
  actAsSigner: { action: 'CONSENT' },
  // The seeded users' password (local/seed.ts): the investor's step-up succeeds and locks nobody out.
  stepUp: { password: 'Tranche-demo-2026' },
  // The language every seeded user has (local/seed.ts: the tenant's first, en): the role matrix calls
  // this as each seeded user of both tenants, and the sampled body (a new name, a phone, zh-CN) left
  // them so for every file after it on the shared stack (the Alpine owner's notices came in Chinese).
  updateCurrentUser: { language: 'en' },
  // Likewise the preferences every seeded user has (the defaults), not sampled ones: the digest off, or
  // capital call notices off, would change what the seeded users are sent in every later file.
  updateEmailPreferences: DEFAULT_EMAIL_PREFERENCES,
  updateInvestAccountEmailPreferences: DEFAULT_INVEST_ACCOUNT_EMAIL_PREFERENCES,
  // A message nobody has (404 MESSAGE_NOT_EXISTS), not a sampled body: `all` marked every seeded
  // user's inbox read for every file after it on the shared stack.
  markInboxMessagesRead: { messageIds: ['01J00000000000000000000000'] },
  // The fixture profile's own account (the body names it; the profile id is the query's).
  revealBankAccount: (t: Tenant) => ({ bankId: fixturesOf(t).profile.bankId }),
  // A stale version: the fixture case is found and judged (409), never decided.
  decideKycCase: { decision: 'REJECT', reason: 'Route fixture', version: 999 },
  // Money (issue 14) on the draft fixture call: a draft is never returned to draft, paid or
  // confirmed (409); a NAV dated in the future and a file without a valid line are refused (422).
  decideCapitalCall: { event: 'RETURN_TO_DRAFT' },
  issueCapitalCall: {},
  recordCallPayment: {
    subscriptionId: '01J00000000000000000000000',
    amount: '1.00',
    currency: 'USD',
    receivedOn: '2026-01-02',
  },
  confirmCallReceipt: { subscriptionId: '01J00000000000000000000000' },
  postNav: { navDate: '2999-12-31', navPerUnit: '1.000000' },
  uploadNav: { csv: 'not a NAV line' },
  decideRedemption: { event: 'CONFIRM' },
  // Dealing and distributions (issue 14): nobody holds yen of the first product (422); the fixture
  // distribution is cancelled and the fixture redemption only confirmed (409); a dealing date in the
  // future is refused (422).
  createDistribution: (t: Tenant) => ({ productId: t.productIds[0], currency: 'JPY', amount: '1', basis: 'UNITS' }),
  decideDistribution: { event: 'APPROVE' },
  payDistribution: {},
  runDealing: { dealingDate: '2999-12-31' },
  payRedemption: {},
  // Ledger corrections (issue 14): entry 1 of the fixture investment is a call's (409); the fixture
  // correction is already posted (409).
  createLedgerCorrection: { seq: 1, reason: 'Route fixture' },
  decideLedgerCorrection: { event: 'APPROVE' },
  changeRedemption: { event: 'WITHDRAW' },
  // The fixture product as it is: a no-op for whoever may edit it (a 409 elsewhere, never a change).
  updateProduct: { ...PRODUCT_FIXTURE, version: 1 },
  updateShareClass: { ...SHARE_CLASS_FIXTURE, version: 1 },
  createShareClass: SHARE_CLASS_FIXTURE,
  updateProductPortalComponents: { ...VISIBILITY_FIXTURE, version: 1 },
  // Only a closed product reopens: refused (productStateInvalid) for the draft fixture and the
  // published seeded product alike, whatever version they are at.
  transitionProduct: { event: 'REOPEN', version: 1 },
  // The fixture member was just invited (version 1) as a MEMBER: asking for the role it has is
  // allowed for every role that may call the route, changes nothing, and stays valid however often.
  changeUserRole: { role: 'GP_MEMBER', version: 1 },
  // The fixture policy's own content and revision: saving or publishing it again changes nothing.
  updatePolicy: (t: Tenant) => ({ ...POLICY_FIXTURE, revision: fixturesOf(t).policy.revision }),
  publishPolicy: (t: Tenant) => ({ revision: fixturesOf(t).policy.revision }),
  // The seeded document, folder and contract as they are (local/seed.ts): a no-op for whoever may
  // edit, a conflict (the contract exists, version 0 would create it) rather than a change.
  updateProductDocument: (t: Tenant) => ({
    kind: 'MARKETING',
    title: { en: 'Factsheet', 'zh-CN': '基金概况' },
    folderId: t.productDocuments.folderId,
    version: 1,
  }),
  // A clean file of the fixture profile's owner, not yet attached (files.routes.ts).
  addProfileDocument: (t: Tenant) => ({
    fileName: documentFixtures.get(t.prefix)!.spareFileName,
    kind: 'ADDITIONAL_DOCUMENTS',
  }),
  // A document outside any folder (a sampled folderId would name no folder of this product).
  createProductDocument: {
    kind: 'OTHER',
    title: { en: 'Route fixture document' },
    fileName: 'fixture.pdf',
    contentType: 'application/pdf',
    size: 1024,
  },
  updateMarketingFolder: { name: { en: 'Fund presentation', 'zh-CN': '基金介绍' }, version: 1 },
  // A fund's bank details (issue 14) over a version the fixture fund never reaches: 409, nothing written.
  updateFundBankDetails: {
    accounts: [
      {
        currency: 'USD',
        bankName: 'Route Fixture Bank',
        accountName: 'Route fixture fund',
        accountNumber: '123456789',
        swiftBic: 'CHASUS33',
        routingNumber: '021000021',
      },
    ],
    version: 999_999,
  },
  updateProductContract: (t: Tenant) => ({
    terms: { en: 'Example terms' },
    agreementDocumentId: t.productDocuments.agreementDocumentId,
    requiresSignature: true,
    version: 0,
  }),
  // Subscriptions (issue 13): refused without a change. An amount below every fund's minimum (422,
  // or the team's 422 for naming no investor); a stale version of the fixture (409, or the role's
  // 403 subscriptionActionNotPermitted); a document the submitted fixture no longer takes (422); a
  // stale version of the mandatory document list (409).
  createSubscription: (t: Tenant) => ({
    productId: t.productIds[0],
    type: 'EXPRESSED_INTEREST_SUBSCRIPTION',
    amount: '0.01',
  }),
  transitionSubscription: { event: 'APPROVE', version: 999_999 },
  submitSubscription: { step: 'PREPARE', version: 999_999 },
  addSubscriptionDocument: { purpose: 'ADDITIONAL', fileName: 'route-fixture.pdf', name: 'Route fixture' },
  bulkApproveSubscriptions: (t: Tenant) => ({
    items: [{ subscriptionId: subscriptionFixtures.get(t.prefix)!, version: 999_999 }],
  }),
  putTenantMandatoryDocs: { docs: [], version: 999_999 },
  // Scenario flows (issue 13): a copy of the built-in default into the fixture fund's slot (then
  // scenarioExists); a draft over a version the seeded default never reaches (VERSION_CONFLICT); the
  // seeded default's published version 1 again (answered as published, nothing changes).
  createProductScenario: { subscriptionType: 'INVEST_SUBSCRIPTION', investorType: 'INDIVIDUAL' },
  saveScenarioDraft: {
    baseVersion: 99_999,
    graph: {
      interactionMode: 'INTERACTIONS',
      nodes: [
        { id: 'start', kind: 'START', title: { en: 'Start', 'zh-CN': '开始' } },
        { id: 'end', kind: 'END', title: { en: 'End', 'zh-CN': '结束' } },
      ],
      edges: [{ id: 'e1', from: 'start', to: 'end' }],
    },
  },
  publishScenario: { version: 1 },
  // A tenant of its own each time (a sampled prefix could be reserved, or taken by the last call).
  createTenant: () => {
    const prefix = `route-${randomBytes(4).toString('hex')}`;
    return {
      name: 'Route fixture tenant',
      prefix,
      owner: { email: `owner@${prefix}.example`, displayName: 'Owen Owner' },
    };
  },
};

/** Query fields a sample cannot guess: the seeded default scenario has version 1 (scenario flows, issue 13). */
const EXAMPLE_QUERIES: Record<string, Record<string, string>> = {
  getScenarioVersion: { version: '1' },
};

const sample = (schema: Parameters<typeof jsonSchemaOf>[0], seed: number) =>
  fc.sample(validArb(jsonSchemaOf(schema)), { seed, numRuns: 1 })[0];

/**
 * Ids for routes that delete: seeded spares (local/seed.ts), so the role matrix may delete them
 * without taking away what the other examples read. Other names fall back to `ownedIdOf`.
 */
const disposableIdOf = (tenant: Tenant, name: string): string => {
  if (name === 'documentId') return tenant.productDocuments.spareDocumentId;
  if (name === 'folderId') return tenant.productDocuments.spareFolderId;
  return ownedIdOf(tenant, name);
};

/**
 * The tenant's id a route's path parameter takes in examples: the fixture product for routes that
 * change products, a disposable spare for deletes, else the seeded id. The isolation matrix uses
 * it too, so its own-tenant calls never delete what later tests read.
 */
/** The seeded signing project's document (local/seed-signing.ts names it `agreement`) for its download. */
const signingDocumentIdOf = (tenant: Tenant, name: string): string =>
  name === 'documentId' ? 'agreement' : ownedIdOf(tenant, name);

export const pathIdOf = (route: RouteDef): ((tenant: Tenant, name: string) => string) =>
  PROFILE_DOCUMENT_ROUTES.has(route.operationId)
    ? profileDocumentIdOf(route)
    : route.operationId === 'getInboxMessage'
      ? (tenant) => fixturesOf(tenant).inbox.messageId
      : route.operationId === 'downloadSigningFile'
        ? signingDocumentIdOf
        : INVESTMENT_FIXTURE_ROUTES.has(route.operationId)
          ? investmentIdOf
          : PRODUCT_FIXTURE_ROUTES.has(route.operationId)
            ? productFixtureIdOf
            : route.method === 'DELETE'
              ? disposableIdOf
              : ownedIdOf;

/**
 * Fresh records for a route that deletes, made through the API by the tenant's owner: a delete
 * succeeds once, so a suite that must see it succeed (the isolation matrix) makes its own.
 */
export const freshIdsFor = async (route: RouteDef, tenant: Tenant): Promise<Record<string, string>> => {
  const productId = tenant.productIds[0]!;
  const owner = await signedIn(tenant, 'GP_OWNER');
  if (route.operationId === 'deleteProductDocument') {
    const res = await call<{ document: { documentId: string } }>(owner, `/products/${productId}/documents`, {
      method: 'POST',
      body: EXAMPLE_BODIES.createProductDocument,
    });
    return { productId, documentId: res.body.document.documentId };
  }
  if (route.operationId === 'deleteProfileDocument') {
    const { profileId } = fixturesOf(tenant).profile;
    return { profileId, documentId: await attachDocument(await signedIn(tenant, 'LP'), profileId) };
  }
  if (route.operationId === 'deleteMarketingFolder') {
    const res = await call<{ folderId: string }>(owner, `/gp/products/${productId}/marketing-folders`, {
      method: 'POST',
      body: { name: { en: 'Route fixture folder' } },
    });
    return { productId, folderId: res.body.folderId };
  }
  return {};
};

/** A valid request for a route, with the given tenant's ids where the route takes owned ids. */
export const exampleRequest = (route: RouteDef, tenant: Tenant, seed = 42) => {
  const owned = new Set(route.ownedIds ?? []);
  const params = (route.params ? (sample(route.params, seed) as Record<string, string>) : {}) ?? {};
  const query = (route.query ? (sample(route.query, seed) as Record<string, unknown>) : {}) ?? {};
  const idOf = pathIdOf(route);
  for (const name of owned) {
    if (name in (route.params?.shape ?? {})) params[name] = idOf(tenant, name);
    if (name in (route.query?.shape ?? {})) query[name] = ownedIdOf(tenant, name);
  }
  Object.assign(query, EXAMPLE_QUERIES[route.operationId]);
  // An operator's backfill step names the tenant it walks by prefix: the one the call is made through
  // (a step writes only what is missing there, so the suites' calls leave the seeded data as it was).
  if (route.operationId === 'runBackfill') query.tenant = tenant.prefix;
  const path = route.path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(params[n] ?? 'x'));
  const queryStrings = Object.fromEntries(
    Object.entries(query)
      .filter(([k, v]) => v !== undefined && k !== 'cursor')
      .map(([k, v]) => [k, String(v)]),
  );
  const fixed = EXAMPLE_BODIES[route.operationId];
  const body =
    typeof fixed === 'function'
      ? fixed(tenant)
      : fixed !== undefined
        ? fixed
        : route.body
          ? sample(route.body, seed)
          : undefined;
  return { path, query: queryStrings, body };
};
