import { appendFileSync } from 'node:fs';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ErrorBody } from '@tranche/shared/errors/catalogue';
import type { InboxPage } from '@tranche/shared/inbox/inbox.schema';
import type { KycCase, KycQueuePage } from '@tranche/shared/profile/kyc.schema';
import type { Profile, ProfileRequirementsDoc } from '@tranche/shared/profile/profile.schema';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type Caller, type CallResult, call, signedIn, type Tenant } from '../support/api.js';
import { scratchTenant } from '../support/scratch-tenant.js';

/**
 * The KYC review end to end on the local stack (issue 11, deliver 5 and 6): a submitted profile is
 * screened by the KYC worker's consumer and its case opened; the manager reads the queue and the
 * case and decides; a request for documents reaches the investor as a task, a document added moves
 * the case; approval verifies the profile; a changed list flags an approved profile with a new case.
 * In a tenant of its own (its requirement levels are changed).
 */

const { commit, eventOf } = await import('../../functions/src/_lib/db/commit.js');
const { newId } = await import('../../functions/src/_lib/ids.js');
const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
const { keys } = await import('../../functions/src/_lib/db/keys.js');

const P = '/subscription/profile';
const err = (r: CallResult) => r.body as ErrorBody;
const ok = <T>(res: CallResult<T>): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> => {
  for (let i = 0; i < 400; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
};

let tenant: Tenant;
let investor: Caller;
let admin: Caller;
let owner: Caller;
let member: Caller;
let outsider: Tenant;
let outsiderAdmin: Caller;

const TAX = { taxStatus: 'NOT_USC', taxJurisdictions: [{ country: 'HK', tin: 'A1234567' }] };
const ADDRESS = { line1: '1 Harbour Road', city: 'Hong Kong', country: 'HK' };
const BANK = {
  kind: 'BANK',
  bankName: 'Harbour Bank',
  accountName: 'Harbour Holdings',
  accountNumber: '004123456789',
  currency: 'USD',
  bankCountry: 'HK',
  swiftBic: 'HARBHKHH',
};
const NO_DOCUMENTS = {
  PROOF_OF_IDENTITY: 'OPTIONAL',
  PROOF_OF_ADDRESS: 'OPTIONAL',
  ENTITY_CERTIFIED_SUPPORT: 'OPTIONAL',
};

const patch = (caller: Caller, op: string, profileId: string, body: object) =>
  call<Profile>(caller, `${P}/${op}`, { method: 'PATCH', query: { profileId }, body });

/** A submitted HK entity whose members are the given people (each a 10% beneficial owner and controlling person). */
const submittedEntity = async (
  legalName: string,
  people: { firstName: string; middleName?: string; lastName: string; dateOfBirth: string; idNumber: string }[],
): Promise<Profile> => {
  let p = ok(
    await call<Profile>(investor, `${P}/patch-profile`, {
      method: 'PATCH',
      body: {
        type: 'ENTITY',
        header: {
          ...TAX,
          entity: {
            legalName,
            countryOfIncorporation: 'HK',
            entityType: 'PRIVATE_LIMITED_COMPANY',
            incorporationId: `HK-${newId().slice(-7)}1`,
          },
        },
      },
    }),
  );
  p = ok(
    await patch(investor, 'patch-meta-address-info', p.profileId, {
      version: p.version,
      type: 'REGISTERED',
      address: ADDRESS,
    }),
  );
  p = ok(await patch(investor, 'patch-meta-bank-info', p.profileId, { version: p.version, account: BANK }));
  for (const person of people) {
    const { idNumber, ...name } = person;
    p = ok(
      await patch(investor, 'patch-meta-members-info', p.profileId, {
        version: p.version,
        person: {
          ...name,
          nationality: 'US',
          idDocument: { type: 'PASSPORT', number: idNumber, issuingCountry: 'US' },
        },
        terms: { roles: ['CONTROLLING_PERSON'], controllerTypes: ['ownership'], ownershipPercent: 10 },
      }),
    );
  }
  return ok(
    await call<Profile>(investor, `${P}/submit-profile`, {
      method: 'POST',
      query: { profileId: p.profileId },
      body: { version: p.version },
    }),
  );
};

const queue = (caller: Caller, status?: string) =>
  call<KycQueuePage>(caller, '/kyc/cases', { query: status ? { status } : {} });
const getCase = (caller: Caller, caseId: string) => call<KycCase>(caller, `/kyc/cases/${caseId}`);
const decide = (caller: Caller, c: Pick<KycCase, 'caseId' | 'version'>, body: object) =>
  call<KycCase>(caller, `/kyc/cases/${c.caseId}/decision`, { method: 'POST', body: { version: c.version, ...body } });

/** The case the consumer opened for a profile (it appears in the IN_REVIEW queue). */
const caseOf = async (profileId: string, status = 'IN_REVIEW'): Promise<KycCase> => {
  const row = await eventually(
    async () => ok(await queue(admin, status)).items.find((c) => c.profileId === profileId),
    (r) => r !== undefined,
    `a ${status} case for ${profileId}`,
  );
  return ok(await getCase(admin, row!.caseId));
};

const profileOf = async (profileId: string) =>
  ok(await call<Profile>(investor, `${P}/get-profile-info`, { query: { profileId } }));

const addDocument = (profileId: string) =>
  commit(
    { tenantId: tenant.tenantId, userId: 'TEST', requestId: `kyc-doc-${profileId}`, at: new Date().toISOString() },
    {
      steps: [],
      events: [
        eventOf('PROFILE_DOCUMENT_ADDED', profileId, {
          profileId,
          documentId: newId(),
          kind: 'PROOF_OF_IDENTITY',
          fileName: `f-${newId()}`,
        }),
      ],
      result: undefined,
    },
  );

beforeAll(async () => {
  tenant = await scratchTenant('kyc');
  outsider = await scratchTenant('kyc-other');
  investor = await signedIn(tenant, 'LP');
  admin = await signedIn(tenant, 'GP_ADMIN');
  owner = await signedIn(tenant, 'GP_OWNER');
  member = await signedIn(tenant, 'GP_MEMBER');
  outsiderAdmin = await signedIn(outsider, 'GP_ADMIN');
  const current = ok(await call<ProfileRequirementsDoc>(admin, '/v2/tenant-settings/profile-requirements'));
  ok(
    await call(admin, '/v2/tenant-settings/profile-requirements', {
      method: 'PUT',
      body: {
        settings: { INDIVIDUAL: NO_DOCUMENTS, JOINT: NO_DOCUMENTS, ENTITY: NO_DOCUMENTS },
        version: current.version,
      },
    }),
  );
});

describe('the KYC review', () => {
  it('flags an entity whose beneficial owner is named like a list entry, with the match beside the entry', async () => {
    const p = await submittedEntity('Harbour Flag Holdings Limited', [
      { firstName: 'Clara', lastName: 'Ordinary', dateOfBirth: '1980-05-05', idNumber: 'P1234561' },
      {
        firstName: 'John',
        middleName: 'Robert',
        lastName: 'Fictitious',
        dateOfBirth: '1975-03-14',
        idNumber: 'P7654321',
      },
    ]);
    const c = await caseOf(p.profileId);
    expect(c).toMatchObject({
      status: 'IN_REVIEW',
      trigger: 'SUBMISSION',
      profileType: 'ENTITY',
      profileName: 'Harbour Flag Holdings Limited',
      screeningRating: 'HIGH',
      riskRating: 'HIGH',
      identityOutcome: 'PASS',
      findings: ['SCREEN_NOT_PASS'],
      version: 1,
    });
    expect(c.riskFactors).toContain('SCREENING_HIGH');
    // The entity itself and both persons were screened; only the listed one matched.
    expect(c.subjects.map((s) => s.name).sort()).toEqual(
      ['Clara Ordinary', 'Harbour Flag Holdings Limited', 'John Robert Fictitious'].sort(),
    );
    const john = c.subjects.find((s) => s.name === 'John Robert Fictitious')!;
    expect(john).toMatchObject({ role: 'CONTROLLING_PERSON', rating: 'HIGH' });
    expect(john.matches[0]).toMatchObject({
      entry: { entryId: 'TEST-P-002', name: 'John Robert Fictitious', birthDates: ['1975'], countries: ['us', 'ca'] },
      rating: 'HIGH',
      birthDate: 'match',
    });
    expect(john.matches[0]!.score).toBeGreaterThanOrEqual(0.92);
    expect(c.subjects.find((s) => s.name === 'Clara Ordinary')!.matches).toEqual([]);
    expect(c.identity).toMatchObject({ outcome: 'PASS', provider: 'SANDBOX' });
    expect(c.history.map((h) => h.action)).toEqual(['KYC_CASE_OPENED']);
    expect(c.allowedDecisions).toEqual(['APPROVE', 'REJECT', 'REQUEST_DOCUMENTS', 'SALES_SUPPORT']);

    // Members read the case but may not decide; investors see neither.
    expect(ok(await getCase(member, c.caseId)).allowedDecisions).toEqual([]);
    const byMember = await decide(member, c, { decision: 'APPROVE', reason: 'Looks fine' });
    expect(byMember.status).toBe(403);
    expect((await decide(investor, c, { decision: 'APPROVE', reason: 'Mine' })).status).toBe(403);
    expect((await getCase(investor, c.caseId)).status).toBe(403);
    // Another tenant's admin: the case does not exist for them.
    const foreign = await getCase(outsiderAdmin, c.caseId);
    expect([foreign.status, err(foreign).code]).toEqual([404, 'KYC_CASE_NOT_EXISTS']);
    expect((await decide(outsiderAdmin, c, { decision: 'REJECT', reason: 'x' })).status).toBe(404);
    expect(ok(await queue(outsiderAdmin)).items.find((r) => r.caseId === c.caseId)).toBeUndefined();
  });

  it('asks the investor for documents as a task, moves the case when one is added, and approves', async () => {
    const p = await submittedEntity('Harbour Docs Limited', [
      { firstName: 'Dora', lastName: 'Plain', dateOfBirth: '1979-01-01', idNumber: 'P5550001' },
    ]);
    let c = await caseOf(p.profileId);
    expect(c.riskRating).toBe('LOW');

    // A decision needs a reason; a request names what it asks for.
    const noReason = await decide(admin, c, { decision: 'APPROVE' });
    expect(noReason.status).toBe(400);
    const nothingAsked = await decide(admin, c, { decision: 'REQUEST_DOCUMENTS', reason: 'Need more', documents: {} });
    expect(nothingAsked.status).toBe(400);

    c = ok(
      await decide(admin, c, {
        decision: 'REQUEST_DOCUMENTS',
        reason: 'The register of members is missing',
        documents: { kinds: ['ENTITY_CERTIFIED_SUPPORT'], note: 'A certified register of members' },
      }),
    );
    expect(c).toMatchObject({ status: 'DOCUMENTS_REQUESTED', version: 2 });
    expect(c.documentsRequested).toEqual({
      kinds: ['ENTITY_CERTIFIED_SUPPORT'],
      note: 'A certified register of members',
    });
    expect((await profileOf(p.profileId)).state).toBe('DOCUMENTS_REQUESTED');

    // A decision on the version read before is stale.
    const stale = await decide(owner, { caseId: c.caseId, version: 1 }, { decision: 'REJECT', reason: 'late' });
    expect([stale.status, err(stale).code]).toEqual([409, 'VERSION_CONFLICT']);

    // The investor's task, linking to the profile's documents.
    const task = await eventually(
      async () =>
        ok(await call<InboxPage>(investor, '/user-center/get-in-box-message')).items.find(
          (m) => m.kind === 'KYC_DOCUMENTS_REQUIRED' && m.action?.path === `/profiles/${p.profileId}/documents`,
        ),
      (m) => m !== undefined,
      'the documents task',
    );
    expect(task!.task?.status).toBe('OPEN');
    expect(task!.body).toContain('A certified register of members');

    await addDocument(p.profileId);
    c = await eventually(
      async () => ok(await getCase(admin, c.caseId)),
      (x) => x.status === 'DOCUMENTS_UPLOADED',
      'the case to move on the upload',
    );
    expect(c.history.map((h) => h.action)).toEqual(['KYC_CASE_OPENED', 'KYC_CASE_DECIDED', 'KYC_CASE_DOCUMENTS_ADDED']);
    await eventually(
      async () =>
        ok(await call<InboxPage>(investor, '/user-center/get-in-box-message')).items.find(
          (m) => m.messageId === task!.messageId,
        ),
      (m) => m?.task?.status === 'CLOSED',
      'the documents task to close',
    );

    c = ok(await decide(owner, c, { decision: 'APPROVE', reason: 'Register received and checked' }));
    expect(c).toMatchObject({ status: 'APPROVED', allowedDecisions: [] });
    expect(c.decision).toMatchObject({ decision: 'APPROVE', reason: 'Register received and checked' });
    const validUntil = Date.parse(c.validUntil!);
    expect(validUntil - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);
    const profile = await profileOf(p.profileId);
    expect(profile).toMatchObject({ state: 'SUCCESS', validationStatus: 'SUCCESS' });
    const decided = c.history.filter((h) => h.action === 'KYC_CASE_DECIDED');
    expect(decided.map((h) => [h.decision, h.from, h.to])).toEqual([
      ['REQUEST_DOCUMENTS', 'IN_REVIEW', 'DOCUMENTS_REQUESTED'],
      ['APPROVE', 'DOCUMENTS_UPLOADED', 'APPROVED'],
    ]);
    expect(decided[1]?.actorName).toBe('GP_OWNER');
    // An ended case takes no further decision.
    const again = await decide(admin, c, { decision: 'REJECT', reason: 'changed my mind' });
    expect([again.status, err(again).code]).toEqual([409, 'TRANSITION_NOT_ALLOWED']);
    expect(ok(await queue(admin, 'APPROVED')).items.some((r) => r.caseId === c.caseId)).toBe(true);
  });

  it('rejects with a reason, and refuses to approve a failed identity check', async () => {
    const p = await submittedEntity('Harbour Reject Limited', [
      // The sandbox fails a document number ending in 0.
      { firstName: 'Eve', lastName: 'Mistyped', dateOfBirth: '1990-02-02', idNumber: 'P0000010' },
    ]);
    let c = await caseOf(p.profileId);
    expect(c).toMatchObject({ identityOutcome: 'FAIL', riskRating: 'HIGH' });
    expect(c.findings).toContain('IDENTITY_NOT_PASS');
    expect(c.allowedDecisions).not.toContain('APPROVE');
    const approve = await decide(admin, c, { decision: 'APPROVE', reason: 'Override' });
    expect([approve.status, err(approve).code]).toEqual([422, 'IDENTITY_NOT_PASS']);
    c = ok(await decide(admin, c, { decision: 'REJECT', reason: 'The passport number does not exist' }));
    expect(c).toMatchObject({ status: 'REJECTED', decision: { reason: 'The passport number does not exist' } });
    expect((await profileOf(p.profileId)).validationStatus).toBe('FAILED');
  });

  it('expires a verified profile once its approval is past its validity', async () => {
    const p = await submittedEntity('Harbour Expiry Limited', [
      { firstName: 'Olive', lastName: 'Timely', dateOfBirth: '1971-07-07', idNumber: 'P3330003' },
    ]);
    const c = ok(await decide(admin, await caseOf(p.profileId), { decision: 'APPROVE', reason: 'Clean' }));
    // A year on: the approval's validUntil is behind us.
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.kycCase(tenant.tenantId, c.caseId),
        UpdateExpression: 'SET validUntil = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 60_000).toISOString() },
      }),
    );
    const run = await fetch(new URL('/_local/schedules/kycExpiry/run', inject('stack').url), { method: 'POST' });
    expect(run.status).toBe(200);
    expect(await profileOf(p.profileId)).toMatchObject({ state: 'EXPIRED', validationStatus: 'EXPIRED' });
  });

  it('rescreens approved profiles when the list changes: a new match flags the profile and opens a case', async () => {
    const p = await submittedEntity('Harbour Rescreen Limited', [
      { firstName: 'Quentin', lastName: 'Zanzibarov', dateOfBirth: '1966-06-06', idNumber: 'P4440004' },
    ]);
    let c = await caseOf(p.profileId);
    expect(c.matchCount).toBe(0);
    c = ok(await decide(admin, c, { decision: 'APPROVE', reason: 'Clean' }));
    expect((await profileOf(p.profileId)).state).toBe('SUCCESS');

    // The operator's list gains one entry naming this owner; the scheduled check runs.
    appendFileSync(
      inject('screeningListPath'),
      'TEST-P-900,Person,Quentin Zanzibarov,,1966-06-06,us,,,"TEST DATA - fictional entry, not a real designation",,,TEST-PROGRAM,tranche_test_fixture,2026-11-23T00:00:00,2026-11-23T00:00:00,2026-11-23T00:00:00\n',
    );
    const run = await fetch(new URL('/_local/schedules/screeningListCheck/run', inject('stack').url), {
      method: 'POST',
    });
    expect(run.status).toBe(200);

    const flagged = await caseOf(p.profileId);
    expect(flagged.caseId).not.toBe(c.caseId);
    expect(flagged).toMatchObject({ trigger: 'RESCREEN', status: 'IN_REVIEW', screeningRating: 'HIGH' });
    expect(flagged.subjects.flatMap((s) => s.matches).map((m) => m.entry.entryId)).toEqual(['TEST-P-900']);
    expect(flagged.listVersion).not.toBe(c.listVersion);
    expect(await profileOf(p.profileId)).toMatchObject({ state: 'SUBMITTED', validationStatus: 'UNVERIFIED' });
  });

  it('counts each status and pages the queue with a cursor that opens only this list', async () => {
    const first = ok(await call<KycQueuePage>(admin, '/kyc/cases', { query: { status: 'APPROVED', limit: '1' } }));
    expect(first.counts.APPROVED).toBeGreaterThanOrEqual(2);
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).toBeDefined();
    const second = ok(
      await call<KycQueuePage>(admin, '/kyc/cases', {
        query: { status: 'APPROVED', limit: '1', cursor: first.nextCursor! },
      }),
    );
    expect(second.items).toHaveLength(1);
    expect(second.items[0]!.caseId).not.toBe(first.items[0]!.caseId);
    // Newest first.
    expect(second.items[0]!.openedAt <= first.items[0]!.openedAt).toBe(true);
    // The cursor of one status's list does not open another's, nor another tenant's.
    const otherList = await call(admin, '/kyc/cases', { query: { status: 'REJECTED', cursor: first.nextCursor! } });
    expect(otherList.status).toBe(400);
    const otherTenant = await call(outsiderAdmin, '/kyc/cases', {
      query: { status: 'APPROVED', cursor: first.nextCursor! },
    });
    expect(otherTenant.status).toBe(400);
    const bad = await call(admin, '/kyc/cases', { query: { status: 'NOPE' } });
    expect(bad.status).toBe(400);
  });
});
