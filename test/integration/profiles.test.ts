import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ErrorBody } from '@tranche/shared/errors/catalogue';
import type { Person, Profile, ProfileRequirementsDoc } from '@tranche/shared/profile/profile.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { alpine, type Caller, type CallResult, call, signedIn, type Tenant } from '../support/api.js';
import { scratchTenant } from '../support/scratch-tenant.js';

/**
 * Investor profiles through the local gateway (issue 11): create, edit and submit each type, the
 * tenant's requirement levels on both sides, bad input answered with the field or member named,
 * owner-only access, optimistic concurrency, and the lifecycle as the KYC review moves it. Works in a
 * tenant of its own, so changing its requirement levels touches no other suite.
 */

const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
const { keys } = await import('../../functions/src/_lib/db/keys.js');
const { newId } = await import('../../functions/src/_lib/ids.js');
const { batchWrite } = await import('../../local/seed.js');
const { commit } = await import('../../functions/src/_lib/db/commit.js');
const { profileDecision } = await import('../../functions/src/profile/profile-review.js');
const { createSession } = await import('../../functions/src/_lib/session.js');
const { sessionCookieName, refreshCookieName } = await import('../../functions/src/_lib/cookies.js');

const P = '/subscription/profile';
const err = (r: CallResult) => r.body as ErrorBody;
const fieldsOf = (r: CallResult) => (err(r).details?.fields ?? []).map((f) => f.field);

let tenant: Tenant;
let investor: Caller;
let other: Caller;
let admin: Caller;

/** A second investor of the scratch tenant, with a session of its own. */
const secondInvestor = async (t: Tenant): Promise<Caller> => {
  const userId = newId();
  await batchWrite(db, tableName(), [
    {
      ...keys.user(t.tenantId, userId),
      type: 'USER',
      tenantId: t.tenantId,
      userId,
      email: `lp2@${t.prefix}.example`,
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
  const issued = await createSession({ tenantId: t.tenantId, tenantPrefix: t.prefix, userId, role: 'LP' });
  return {
    tenant: t,
    cookie: `${sessionCookieName(t.prefix)}=${issued.accessToken}; ${refreshCookieName(t.prefix)}=${issued.refreshToken}; csrf-token=${issued.csrfToken}`,
    csrf: issued.csrfToken,
  };
};

const create = async (caller: Caller, type: string, header: object = {}) => {
  const res = await call<Profile>(caller, `${P}/patch-profile`, { method: 'PATCH', body: { type, header } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const patch = <T = Profile>(caller: Caller, op: string, profileId: string, body: object) =>
  call<T>(caller, `${P}/${op}`, { method: 'PATCH', query: { profileId }, body });
const submit = (caller: Caller, p: Profile) =>
  call<Profile>(caller, `${P}/submit-profile`, {
    method: 'POST',
    query: { profileId: p.profileId },
    body: { version: p.version },
  });
const ok = <T>(res: CallResult<T>): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** The tenant's levels, replaced as its GP admin would (documents optional: the documents part is separate). */
const setLevels = async (settings: object) => {
  const current = ok(await call<ProfileRequirementsDoc>(admin, '/v2/tenant-settings/profile-requirements'));
  return ok(
    await call<ProfileRequirementsDoc>(admin, '/v2/tenant-settings/profile-requirements', {
      method: 'PUT',
      body: { settings, version: current.version },
    }),
  );
};
const NO_DOCUMENTS = {
  PROOF_OF_IDENTITY: 'OPTIONAL',
  PROOF_OF_ADDRESS: 'OPTIONAL',
  ENTITY_CERTIFIED_SUPPORT: 'OPTIONAL',
};

const IDENTITY = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  realName: '艾达',
  dateOfBirth: '1985-12-10',
  nationality: 'GB',
  idDocument: { type: 'PASSPORT', number: 'X1234567', issuingCountry: 'GB' },
  phone: '+447911123456',
  email: 'ada@example.com',
  jobTitle: 'ENGINEER',
};
const ADDRESS = { line1: '1 Harbour Road', city: 'Hong Kong', country: 'HK' };
const BANK = {
  kind: 'BANK',
  bankName: 'Harbour Bank',
  accountName: 'Ada Lovelace',
  accountNumber: '004123456789',
  currency: 'USD',
  bankCountry: 'HK',
  swiftBic: 'HARBHKHH',
};
const TAX = { taxStatus: 'NOT_USC', taxJurisdictions: [{ country: 'HK', tin: 'A1234567' }] };

/** A complete individual profile, draft, at its latest version. */
const individual = async (caller: Caller): Promise<Profile> => {
  let p = await create(caller, 'INDIVIDUAL', TAX);
  p = ok(await patch(caller, 'patch-individual-meta-info', p.profileId, { version: p.version, meta: IDENTITY }));
  p = ok(
    await patch(caller, 'patch-meta-address-info', p.profileId, {
      version: p.version,
      type: 'RESIDENTIAL',
      address: ADDRESS,
    }),
  );
  return ok(await patch(caller, 'patch-meta-bank-info', p.profileId, { version: p.version, account: BANK }));
};

const auditActions = async (profileId: string) => {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :evt)',
      ExpressionAttributeValues: { ':pk': keys.profilePk(tenant.tenantId, profileId), ':evt': 'EVT#' },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).map((i) => ({ action: i.action as string, data: i.data as Record<string, unknown> }));
};

/** The KYC review's decision, as its service commits it. */
const decide = (profileId: string, event: 'APPROVE' | 'REJECT' | 'REQUEST_DOCUMENTS') =>
  commit(
    { tenantId: tenant.tenantId, userId: 'KYC', requestId: `kyc-${newId()}`, at: new Date().toISOString() },
    async () => {
      const d = await profileDecision(tenant.tenantId, profileId, event, {
        reason: 'test',
        at: new Date().toISOString(),
      });
      return { steps: d.steps, events: d.events, result: d.to };
    },
  );

beforeAll(async () => {
  tenant = await scratchTenant('profiles');
  investor = await signedIn(tenant, 'LP');
  other = await secondInvestor(tenant);
  admin = await signedIn(tenant, 'GP_ADMIN');
});

describe('an individual profile', () => {
  it('is created as a draft, filled part by part and submitted once the tenant requirements are met', async () => {
    let p = await individual(investor);
    expect(p).toMatchObject({
      type: 'INDIVIDUAL',
      state: 'DRAFT',
      validationStatus: 'UNVERIFIED',
      name: 'Ada Lovelace',
    });
    expect(p.individual).toMatchObject({ dateOfBirth: '1985-12-10', realName: '艾达' });

    // The default table asks for proof of identity and address: named at submission.
    const refused = await submit(investor, p);
    expect(refused.status).toBe(422);
    expect(err(refused).code).toBe('profileRequirementsNotMet');
    expect(fieldsOf(refused)).toEqual(
      expect.arrayContaining(['documents.PROOF_OF_IDENTITY', 'documents.PROOF_OF_ADDRESS']),
    );

    await setLevels({ INDIVIDUAL: NO_DOCUMENTS, JOINT: NO_DOCUMENTS, ENTITY: NO_DOCUMENTS });
    p = ok(await submit(investor, p));
    expect(p).toMatchObject({ state: 'SUBMITTED', validationStatus: 'UNVERIFIED' });
    const submitted = (await auditActions(p.profileId)).find((e) => e.action === 'PROFILE_SUBMITTED');
    expect(submitted?.data).toMatchObject({ profileId: p.profileId, type: 'INDIVIDUAL', reason: 'SUBMIT' });

    const listed = ok(
      await call<{ items: { profileId: string; state: string }[] }>(investor, `${P}/list-profile-info`),
    );
    expect(listed.items).toContainEqual(expect.objectContaining({ profileId: p.profileId, state: 'SUBMITTED' }));

    // Under review: KYC details cannot change, and the profile cannot be deleted.
    const edit = await patch(investor, 'patch-meta-address-info', p.profileId, {
      version: p.version,
      type: 'MAILING',
      address: ADDRESS,
    });
    expect([edit.status, err(edit).code]).toEqual([409, 'TRANSITION_NOT_ALLOWED']);
    const del = await call(investor, `${P}/delete-profile`, {
      method: 'DELETE',
      query: { profileId: p.profileId, version: String(p.version) },
    });
    expect([del.status, err(del).code]).toEqual([409, 'TRANSITION_NOT_ALLOWED']);
  });

  it('names each missing field of the individual at submission', async () => {
    const p = await create(investor, 'INDIVIDUAL');
    const withName = ok(
      await patch(investor, 'patch-individual-meta-info', p.profileId, {
        version: p.version,
        meta: { firstName: 'Bo', lastName: 'Li' },
      }),
    );
    const refused = await submit(investor, withName);
    expect(refused.status).toBe(422);
    expect(fieldsOf(refused)).toEqual(
      expect.arrayContaining([
        'individual.dateOfBirth',
        'individual.nationality',
        'individual.idDocument',
        'addresses',
      ]),
    );
    expect(err(refused).details?.fields?.[0]?.message).toBe('This field is required.');
  });

  it('stores bank accounts pending and never answers the full number', async () => {
    const p = await individual(investor);
    const [bank] = p.bankAccounts;
    expect(bank).toMatchObject({ status: 'PENDING', last4: '6789', accountNumberMasked: '•••• 6789' });
    const read = await call(investor, `${P}/get-meta-bank-info-by-type`, {
      query: { profileId: p.profileId, type: 'BANK' },
    });
    const whole = await call(investor, `${P}/get-profile-info`, { query: { profileId: p.profileId } });
    for (const r of [read, whole]) {
      expect(r.status).toBe(200);
      expect(JSON.stringify(r.body)).not.toContain('004123456789');
    }
    const changed = (await auditActions(p.profileId)).find((e) => e.action === 'BANK_ACCOUNT_CHANGED');
    expect(changed?.data).toMatchObject({ profileId: p.profileId, bankId: bank?.bankId, change: 'ADDED' });
    expect(JSON.stringify(await auditActions(p.profileId))).not.toContain('004123456789');

    // Approved (as the eligibility part's decision writes it): saving the same details keeps it
    // approved; changing them sends it back to PENDING and announces the change again.
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.profilePart(tenant.tenantId, p.profileId, `BANK#${bank?.bankId}`),
        UpdateExpression: 'SET #status = :open',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':open': 'OPEN' },
      }),
    );
    const same = ok(
      await patch(investor, 'patch-meta-bank-info', p.profileId, {
        version: p.version,
        bankId: bank?.bankId,
        account: BANK,
      }),
    );
    expect(same.bankAccounts[0]?.status).toBe('OPEN');
    const moved = ok(
      await patch(investor, 'patch-meta-bank-info', p.profileId, {
        version: same.version,
        bankId: bank?.bankId,
        account: { ...BANK, accountNumber: '004999999999' },
      }),
    );
    expect(moved.bankAccounts[0]).toMatchObject({ status: 'PENDING', last4: '9999' });
    const changes = (await auditActions(p.profileId)).filter((e) => e.action === 'BANK_ACCOUNT_CHANGED');
    expect(changes.map((e) => e.data.change)).toEqual(['ADDED', 'CHANGED']);

    // An IRA needs its type and custodian; the custodian data reads masked.
    const ira = {
      ...BANK,
      kind: 'IRA',
      iraType: 'ROTH_IRA',
      custodian: { name: 'Millennium Trust', accountNumber: 'MT998877' },
    };
    const withIra = ok(
      await patch(investor, 'patch-meta-bank-info', p.profileId, { version: moved.version, account: ira }),
    );
    const custody = await call<{ items: { custodianAccountMasked: string }[] }>(
      investor,
      `${P}/get-meta-mt-custodian-data-by-type`,
      {
        query: { profileId: p.profileId, type: 'ROTH_IRA' },
      },
    );
    expect(custody.body.items).toEqual([
      expect.objectContaining({ custodianName: 'Millennium Trust', custodianAccountMasked: '•••• 8877' }),
    ]);
    const { iraType: _t, ...noType } = ira;
    const bad = await patch(investor, 'patch-meta-bank-info', p.profileId, {
      version: withIra.version,
      account: noType,
    });
    expect([bad.status, fieldsOf(bad)]).toEqual([400, ['body.account.iraType']]);
  });

  it('refuses an invalid phone number with the spec message', async () => {
    const p = await create(investor, 'INDIVIDUAL');
    const res = await patch(investor, 'patch-individual-meta-info', p.profileId, {
      version: p.version,
      meta: { ...IDENTITY, phone: '+85200000000' },
    });
    expect(res.status).toBe(400);
    expect(err(res).details?.fields).toEqual([
      { field: 'body.meta.phone', rule: 'phone', message: 'Invalid phone number' },
    ]);
  });

  it('answers 409 VERSION_CONFLICT to a change made on a stale version, and changes nothing', async () => {
    const p = await create(investor, 'INDIVIDUAL', { displayName: 'First' });
    ok(await patch(investor, 'patch-profile', p.profileId, { version: p.version, header: { displayName: 'Second' } }));
    const stale = await patch(investor, 'patch-profile', p.profileId, {
      version: p.version,
      header: { displayName: 'Third' },
    });
    expect([stale.status, err(stale).code]).toEqual([409, 'VERSION_CONFLICT']);
    const read = ok(await call<Profile>(investor, `${P}/get-profile-info`, { query: { profileId: p.profileId } }));
    expect(read.header.displayName).toBe('Second');
    expect(read.version).toBe(p.version + 1);
  });

  it("is another investor's or another tenant's 404, read or written", async () => {
    const p = await create(investor, 'INDIVIDUAL');
    const strangers = [other, await signedIn(alpine, 'LP')];
    for (const s of strangers) {
      const read = await call(s, `${P}/get-profile-info`, { query: { profileId: p.profileId } });
      expect([read.status, err(read).code]).toEqual([404, 'SUBSCRIPTION_PROFILE_EXISTS']);
      const write = await patch(s, 'patch-profile', p.profileId, {
        version: p.version,
        header: { displayName: 'Mine' },
      });
      expect(write.status).toBe(404);
      const del = await call(s, `${P}/delete-profile`, {
        method: 'DELETE',
        query: { profileId: p.profileId, version: String(p.version) },
      });
      expect(del.status).toBe(404);
    }
    const still = ok(await call<Profile>(investor, `${P}/get-profile-info`, { query: { profileId: p.profileId } }));
    expect(still.version).toBe(p.version);
  });

  it('goes back to review when a verified profile changes what KYC judged, and not for contact details', async () => {
    let p = await individual(investor);
    await setLevels({ INDIVIDUAL: NO_DOCUMENTS, JOINT: NO_DOCUMENTS, ENTITY: NO_DOCUMENTS });
    p = ok(await submit(investor, p));
    expect(await decide(p.profileId, 'APPROVE')).toBe('SUCCESS');
    p = ok(await call<Profile>(investor, `${P}/get-profile-info`, { query: { profileId: p.profileId } }));
    expect(p).toMatchObject({ state: 'SUCCESS', validationStatus: 'SUCCESS' });

    p = ok(
      await patch(investor, 'patch-individual-meta-info', p.profileId, {
        version: p.version,
        meta: { ...IDENTITY, phone: '+85291234567' },
      }),
    );
    expect(p.state).toBe('SUCCESS');

    p = ok(
      await patch(investor, 'patch-meta-address-info', p.profileId, {
        version: p.version,
        type: 'RESIDENTIAL',
        address: { ...ADDRESS, line1: '2 Harbour Road' },
      }),
    );
    expect(p.state).toBe('SUBMITTED');
    const revised = (await auditActions(p.profileId)).filter((e) => e.action === 'PROFILE_SUBMITTED');
    expect(revised.map((e) => e.data.reason)).toEqual(expect.arrayContaining(['SUBMIT', 'REVISE']));

    const del = await call(investor, `${P}/delete-profile`, {
      method: 'DELETE',
      query: { profileId: p.profileId, version: String(p.version) },
    });
    expect(del.status).toBe(409);
  });

  it('deletes a draft with its parts', async () => {
    const p = await individual(investor);
    const del = await call(investor, `${P}/delete-profile`, {
      method: 'DELETE',
      query: { profileId: p.profileId, version: String(p.version) },
    });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    const gone = await call(investor, `${P}/get-profile-info`, { query: { profileId: p.profileId } });
    expect(gone.status).toBe(404);
  });
});

describe('an entity profile', () => {
  const ENTITY = {
    ...TAX,
    entity: {
      legalName: 'Harbour Holdings LLC',
      countryOfIncorporation: 'US',
      entityType: 'LLC',
      incorporationId: 'DE-123',
    },
  };

  it("refuses an entity type its country does not offer, and an individual's details", async () => {
    const bad = await call(investor, `${P}/patch-profile`, {
      method: 'PATCH',
      body: { type: 'ENTITY', header: { entity: { countryOfIncorporation: 'US', entityType: 'PENSION_FUND' } } },
    });
    expect([bad.status, err(bad).code]).toEqual([422, 'entityTypeNotForCountry']);
    const p = await create(investor, 'ENTITY', ENTITY);
    const meta = await patch(investor, 'patch-individual-meta-info', p.profileId, {
      version: p.version,
      meta: IDENTITY,
    });
    expect([meta.status, err(meta).code]).toEqual([422, 'profileSectionNotForType']);
  });

  it('takes members as persons typed once, with ownership checked, and is submitted', async () => {
    let p = await create(investor, 'ENTITY', ENTITY);
    p = ok(
      await patch(investor, 'patch-meta-address-info', p.profileId, {
        version: p.version,
        type: 'REGISTERED',
        address: ADDRESS,
      }),
    );
    p = ok(
      await patch(investor, 'patch-meta-bank-info', p.profileId, {
        version: p.version,
        account: { ...BANK, accountName: 'Harbour Holdings' },
      }),
    );
    const owner = (firstName: string, ownershipPercent: number) => ({
      person: { firstName, lastName: 'Owner', dateOfBirth: '1970-01-01', nationality: 'US' },
      terms: { roles: ['CONTROLLING_PERSON'], controllerTypes: ['ownership'], ownershipPercent },
    });
    p = ok(await patch(investor, 'patch-meta-members-info', p.profileId, { version: p.version, ...owner('Ann', 60) }));
    const [ann] = p.members;

    const over = await patch(investor, 'patch-meta-members-info', p.profileId, {
      version: p.version,
      ...owner('Ben', 50),
    });
    expect(over.status).toBe(422);
    expect(err(over)).toMatchObject({ code: 'ownershipOverTotal', details: { member: 'Ben Owner', total: '110' } });
    const outOfRange = await patch(investor, 'patch-meta-members-info', p.profileId, {
      version: p.version,
      ...owner('Cy', 150),
    });
    expect(err(outOfRange)).toMatchObject({ code: 'ownershipOutOfRange', details: { member: 'Cy Owner' } });

    // The same person again, chosen or typed: personChosen (the typed one names the person kept).
    const chosen = await patch(investor, 'patch-meta-members-info', p.profileId, {
      version: p.version,
      personId: ann?.personId,
      terms: { roles: ['DIRECTOR'] },
    });
    expect([chosen.status, err(chosen).code]).toEqual([422, 'personChosen']);
    const typed = await patch(investor, 'patch-meta-members-info', p.profileId, {
      version: p.version,
      ...owner('Ann', 10),
    });
    expect(err(typed)).toMatchObject({ code: 'personChosen', details: { personId: ann?.personId } });
    // Nothing of the refused changes was written.
    const persons = ok(await call<{ items: Person[] }>(investor, `${P}/persons`));
    expect(persons.items.filter((x) => x.lastName === 'Owner').map((x) => x.firstName)).toEqual(['Ann']);
    expect(persons.items.find((x) => x.firstName === 'Ann')?.profileIds).toEqual([p.profileId]);

    p = ok(await patch(investor, 'patch-meta-members-info', p.profileId, { version: p.version, ...owner('Ben', 40) }));
    expect(p.members.map((m) => m.ownershipPercent)).toEqual([60, 40]);
    p = ok(await submit(investor, p));
    expect(p.state).toBe('SUBMITTED');
  });

  it('chooses a person of another profile instead of typing it, and removes a member', async () => {
    const first = await create(investor, 'ENTITY', ENTITY);
    const withDirector = ok(
      await patch(investor, 'patch-meta-members-info', first.profileId, {
        version: first.version,
        person: { firstName: 'Dora', lastName: 'Director', dateOfBirth: '1960-06-06', nationality: 'HK' },
        terms: { roles: ['DIRECTOR'] },
      }),
    );
    const dora = withDirector.members[0]!;
    const second = await create(investor, 'ENTITY', ENTITY);
    const reused = ok(
      await patch(investor, 'patch-meta-members-info', second.profileId, {
        version: second.version,
        personId: dora.personId,
        terms: { roles: ['EXTERNAL'] },
      }),
    );
    expect(reused.members[0]).toMatchObject({ personId: dora.personId, person: { firstName: 'Dora' } });
    const persons = ok(await call<{ items: Person[] }>(investor, `${P}/persons`));
    expect(persons.items.find((x) => x.personId === dora.personId)?.profileIds.sort()).toEqual(
      [first.profileId, second.profileId].sort(),
    );
    // Another investor cannot choose this investor's person.
    const foreign = await create(other, 'ENTITY', ENTITY);
    const stolen = await patch(other, 'patch-meta-members-info', foreign.profileId, {
      version: foreign.version,
      personId: dora.personId,
      terms: { roles: ['DIRECTOR'] },
    });
    expect([stolen.status, err(stolen).code]).toEqual([404, 'personNotExist']);

    // Corrected through one profile, the person reads corrected in both: it is one record.
    const corrected = ok(
      await patch(investor, 'patch-meta-members-info', second.profileId, {
        version: reused.version,
        memberId: reused.members[0]!.memberId,
        person: { firstName: 'Dora', lastName: 'Director-Smith', dateOfBirth: '1960-06-06', nationality: 'HK' },
        personVersion: 1,
      }),
    );
    expect(corrected.members[0]).toMatchObject({ personId: dora.personId, person: { lastName: 'Director-Smith' } });
    const firstAgain = ok(
      await call<Profile>(investor, `${P}/get-profile-info`, { query: { profileId: first.profileId } }),
    );
    expect(firstAgain.members[0]?.person.lastName).toBe('Director-Smith');

    const removed = ok(
      await call<Profile>(investor, `${P}/delete-entity-member`, {
        method: 'DELETE',
        query: { profileId: second.profileId },
        body: { version: corrected.version, memberId: corrected.members[0]!.memberId },
      }),
    );
    expect(removed.members).toEqual([]);
  });

  it('refuses a value the tenant hides, and asks for what it makes mandatory', async () => {
    await setLevels({
      ENTITY: { ...NO_DOCUMENTS, TAX_REPORTING: 'HIDDEN', POSITION_OR_TITLE: 'MANDATORY' },
      INDIVIDUAL: NO_DOCUMENTS,
      JOINT: NO_DOCUMENTS,
    });
    const hidden = await call(investor, `${P}/patch-profile`, {
      method: 'PATCH',
      body: { type: 'ENTITY', header: ENTITY },
    });
    expect([hidden.status, err(hidden).code, fieldsOf(hidden)]).toEqual([
      422,
      'profileRequirementsNotMet',
      ['header.taxStatus'],
    ]);

    const { taxStatus: _hidden, ...allowed } = ENTITY;
    let p = await create(investor, 'ENTITY', allowed);
    p = ok(
      await patch(investor, 'patch-meta-address-info', p.profileId, {
        version: p.version,
        type: 'REGISTERED',
        address: ADDRESS,
      }),
    );
    p = ok(await patch(investor, 'patch-meta-bank-info', p.profileId, { version: p.version, account: BANK }));
    p = ok(
      await patch(investor, 'patch-meta-members-info', p.profileId, {
        version: p.version,
        person: { firstName: 'Eve', lastName: 'Signer', dateOfBirth: '1990-02-02', nationality: 'SG' },
        terms: { roles: ['EXTERNAL'], controllerTypes: ['senior'], ownershipPercent: 0 },
      }),
    );
    const refused = await submit(investor, p);
    expect(refused.status).toBe(422);
    expect(fieldsOf(refused)).toEqual([`members.${p.members[0]!.memberId}.position`]);
    await setLevels({ INDIVIDUAL: NO_DOCUMENTS, JOINT: NO_DOCUMENTS, ENTITY: NO_DOCUMENTS });
  });
});

describe('a joint profile', () => {
  it('needs its co-holder, chosen or typed as a person of the investor', async () => {
    await setLevels({ INDIVIDUAL: NO_DOCUMENTS, JOINT: NO_DOCUMENTS, ENTITY: NO_DOCUMENTS });
    let p = await create(investor, 'JOINT', TAX);
    p = ok(await patch(investor, 'patch-individual-meta-info', p.profileId, { version: p.version, meta: IDENTITY }));
    p = ok(
      await patch(investor, 'patch-meta-address-info', p.profileId, {
        version: p.version,
        type: 'RESIDENTIAL',
        address: ADDRESS,
      }),
    );
    p = ok(await patch(investor, 'patch-meta-bank-info', p.profileId, { version: p.version, account: BANK }));
    const without = await submit(investor, p);
    expect(fieldsOf(without)).toEqual(['coHolder']);

    const entityOnly = await patch(investor, 'patch-meta-members-info', p.profileId, {
      version: p.version,
      person: { firstName: 'Gus', lastName: 'Holder' },
      terms: { roles: ['DIRECTOR'] },
    });
    expect([entityOnly.status, err(entityOnly).code]).toEqual([422, 'profileSectionNotForType']);

    p = ok(
      await patch(investor, 'patch-meta-members-info', p.profileId, {
        version: p.version,
        coHolder: true,
        person: {
          firstName: 'Gus',
          lastName: 'Holder',
          dateOfBirth: '1984-04-04',
          nationality: 'HK',
          idDocument: { type: 'NATIONAL_ID_CARD', number: 'K1234567', issuingCountry: 'HK' },
        },
      }),
    );
    expect(p.coHolder?.person).toMatchObject({ firstName: 'Gus' });
    expect(p.members).toEqual([]);
    p = ok(await submit(investor, p));
    expect(p.state).toBe('SUBMITTED');
  });

  it('goes back to review when its co-holder is corrected through another profile', async () => {
    await setLevels({ INDIVIDUAL: NO_DOCUMENTS, JOINT: NO_DOCUMENTS, ENTITY: NO_DOCUMENTS });
    let joint = await create(investor, 'JOINT', TAX);
    joint = ok(
      await patch(investor, 'patch-individual-meta-info', joint.profileId, { version: joint.version, meta: IDENTITY }),
    );
    joint = ok(
      await patch(investor, 'patch-meta-address-info', joint.profileId, {
        version: joint.version,
        type: 'RESIDENTIAL',
        address: ADDRESS,
      }),
    );
    joint = ok(
      await patch(investor, 'patch-meta-bank-info', joint.profileId, { version: joint.version, account: BANK }),
    );
    const hal = {
      firstName: 'Hal',
      lastName: 'Shared',
      dateOfBirth: '1981-01-01',
      nationality: 'HK',
      idDocument: { type: 'NATIONAL_ID_CARD', number: 'K7654321', issuingCountry: 'HK' },
    };
    joint = ok(
      await patch(investor, 'patch-meta-members-info', joint.profileId, {
        version: joint.version,
        coHolder: true,
        person: hal,
      }),
    );
    const halId = joint.coHolder!.personId;
    joint = ok(await submit(investor, joint));
    expect(await decide(joint.profileId, 'APPROVE')).toBe('SUCCESS');

    // A draft entity names the same person, and the investor corrects Hal's name there.
    let entity = await create(investor, 'ENTITY', {
      entity: { legalName: 'Shared Person Ltd', countryOfIncorporation: 'US', entityType: 'LLC' },
    });
    entity = ok(
      await patch(investor, 'patch-meta-members-info', entity.profileId, {
        version: entity.version,
        personId: halId,
        terms: { roles: ['DIRECTOR'] },
      }),
    );
    entity = ok(
      await patch(investor, 'patch-meta-members-info', entity.profileId, {
        version: entity.version,
        memberId: entity.members[0]!.memberId,
        person: { ...hal, lastName: 'Shared-Corrected' },
        personVersion: 1,
      }),
    );
    expect(entity.state).toBe('DRAFT');

    // The verified joint profile was verified with the old name: the consumer sends it back to review.
    const read = () => call<Profile>(investor, `${P}/get-profile-info`, { query: { profileId: joint.profileId } });
    let after = ok(await read());
    for (let i = 0; i < 300 && after.state === 'SUCCESS'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      after = ok(await read());
    }
    expect(after).toMatchObject({ state: 'SUBMITTED', coHolder: { person: { lastName: 'Shared-Corrected' } } });
    const audit = await auditActions(joint.profileId);
    expect(audit.filter((e) => e.action === 'PROFILE_SUBMITTED').map((e) => e.data.reason)).toContain(
      'PERSON_CORRECTED',
    );
    expect(audit.find((e) => e.action === 'PROFILE_STATUS_CHANGED' && e.data.event === 'FLAG')?.data).toMatchObject({
      from: 'SUCCESS',
      to: 'SUBMITTED',
    });
    // The draft it was corrected through stays a draft.
    const draft = ok(
      await call<Profile>(investor, `${P}/get-profile-info`, { query: { profileId: entity.profileId } }),
    );
    expect(draft.state).toBe('DRAFT');
  });
});

describe('classification certificates', () => {
  it('keep evidence in the eligibility shape, refusing a test that establishes another classification', async () => {
    const p = await create(investor, 'INDIVIDUAL');
    const evidence = {
      test: 'US_AI_NET_WORTH',
      netWorth: { amount: '1500000.00', currency: 'USD' },
      documentIds: ['statement-1'],
      assessedOn: '2026-10-01',
    };
    const wrong = await patch(investor, 'patch-meta-certificate-info', p.profileId, {
      version: p.version,
      certificate: { classification: 'QP', evidence },
    });
    expect([wrong.status, fieldsOf(wrong)]).toEqual([400, ['body.certificate.evidence.test']]);
    const saved = ok(
      await patch(investor, 'patch-meta-certificate-info', p.profileId, {
        version: p.version,
        certificate: { classification: 'AI', evidence },
      }),
    );
    expect(saved.state).toBe('DRAFT');
    const read = ok(
      await call<{ certificate: { evidence: object } | null }>(investor, `${P}/get-meta-certificate-info-by-type`, {
        query: { profileId: p.profileId, type: 'AI' },
      }),
    );
    expect(read.certificate?.evidence).toEqual(evidence);
  });
});

describe('requirement levels', () => {
  it('are read by investors, set by GP admins only, with a version', async () => {
    const read = ok(await call<ProfileRequirementsDoc>(investor, '/v2/tenant-settings/profile-requirements'));
    expect(read.resolved.INDIVIDUAL.ENTITY_TYPE).toBe('HIDDEN');
    const byInvestor = await call(investor, '/v2/tenant-settings/profile-requirements', {
      method: 'PUT',
      body: { settings: {}, version: read.version },
    });
    expect(byInvestor.status).toBe(403);
    const stale = await call(admin, '/v2/tenant-settings/profile-requirements', {
      method: 'PUT',
      body: { settings: {}, version: read.version + 5 },
    });
    expect([stale.status, err(stale).code]).toEqual([409, 'VERSION_CONFLICT']);
  });
});
