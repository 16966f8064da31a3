import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ProfileDocument } from '@tranche/shared/files/files.schema';
import { FILE_LIMITS } from '@tranche/shared/files/files.schema';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { alpine, beacon, type Caller, call, errorOf, signedIn, type Tenant } from '../support/api.js';
import {
  createUpload,
  EICAR,
  exeBytes,
  pdfBytes,
  postForm,
  scanResult,
  setProfileState,
  uploadFile,
  waitForVerdict,
  writeProfile,
} from '../support/uploads.js';

/**
 * Uploads, the sniffing and malware gate, and profile documents through the local gateway, s3rver
 * and the local EICAR scanner (docs/profiles.md "Documents").
 */

const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
const { keys } = await import('../../functions/src/_lib/db/keys.js');
const { createSession } = await import('../../functions/src/_lib/session.js');
const { sessionCookieName } = await import('../../functions/src/_lib/cookies.js');

/** A session for a given LP (signedIn takes the first LP of a tenant; the second is another investor). */
const investor = async (tenant: Tenant, index: number): Promise<Caller & { userId: string }> => {
  const user = tenant.users.filter((u) => u.role === 'LP')[index]!;
  const issued = await createSession({
    tenantId: tenant.tenantId,
    tenantPrefix: tenant.prefix,
    userId: user.userId,
    role: 'LP',
  });
  return {
    tenant,
    userId: user.userId,
    cookie: `${sessionCookieName(tenant.prefix)}=${issued.accessToken}; csrf-token=${issued.csrfToken}`,
    csrf: issued.csrfToken,
  };
};

const auditActions = async (pk: string) => {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :evt)',
      ExpressionAttributeValues: { ':pk': pk, ':evt': 'EVT#' },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).map((i) => ({ action: i.action as string, data: i.data as Record<string, unknown> }));
};

const addDocument = (caller: Caller, profileId: string, body: Record<string, unknown>) =>
  call<{ result: string; message: string; document: ProfileDocument }>(caller, `/profiles/${profileId}/documents`, {
    method: 'POST',
    body,
  });

let me: Caller & { userId: string };
let other: Caller & { userId: string };
let profileId: string;

beforeAll(async () => {
  me = await investor(alpine, 0);
  other = await investor(alpine, 1);
  profileId = await writeProfile(alpine, me.userId);
});

describe('upload form', () => {
  it('is a presigned POST pinned to the key, the exact type and the exact size', async () => {
    const res = await createUpload(me, {
      purpose: 'PROFILE_DOCUMENT',
      originalName: 'Passport scan.pdf',
      contentType: 'application/pdf',
      size: 1234,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { file, upload } = res.body;
    expect(file.status).toBe('UPLOADING');
    expect(file.fileName).toMatch(/^[0-9A-Z]{26}\.pdf$/);
    expect(file.originalName).toBe('Passport scan.pdf');
    const fields = Object.fromEntries(upload.fields);
    expect(fields.key).toBe(`uploads/tenants/${alpine.tenantId}/files/${file.fileName}`);
    const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8')) as { conditions: unknown[] };
    expect(policy.conditions).toContainEqual(['content-length-range', 1234, 1234]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'application/pdf']);
    expect(policy.conditions).toContainEqual(['eq', '$key', fields.key]);
    expect(upload.fields.at(-1)?.[0]).toBe('X-Amz-Signature');
  });

  it('refuses a type or size the purpose does not accept, naming the field, and writes nothing', async () => {
    const tooBig = await createUpload(me, {
      purpose: 'PROFILE_DOCUMENT',
      originalName: 'huge.pdf',
      contentType: 'application/pdf',
      size: FILE_LIMITS.PROFILE_DOCUMENT.maxBytes + 1,
    });
    expect(tooBig.status).toBe(400);
    expect(errorOf(tooBig).details?.fields?.map((f) => f.field)).toContain('body.size');
    const exe = await call(me, '/v2/files', {
      method: 'POST',
      body: { purpose: 'PROFILE_DOCUMENT', originalName: 'a.exe', contentType: 'application/x-msdownload', size: 10 },
    });
    expect(exe.status).toBe(400);
    expect(errorOf(exe).details?.fields?.map((f) => f.field)).toContain('body.contentType');
  });

  it('takes the team’s uploads too (a signed paper order, issue 13), which stay their uploader’s', async () => {
    const gp = await signedIn(alpine, 'GP_ADMIN');
    const res = await createUpload(gp, {
      purpose: 'PROFILE_DOCUMENT',
      originalName: 'signed-order.pdf',
      contentType: 'application/pdf',
      size: 10,
    });
    expect(res.status).toBe(201);
    const fileName = (res.body as { file: { fileName: string } }).file.fileName;
    expect((await call(gp, `/v2/files/${fileName}/scan-result`)).status).toBe(200);
    // Another user (the investor) does not see it.
    expect((await call(me, `/v2/files/${fileName}/scan-result`)).status).toBe(404);
  });
});

describe('the gate: sniffing, then the malware scan', () => {
  it('makes a real PDF CLEAN and attaches it: SUCCESS with the spec message, and an event for the KYC case', async () => {
    const file = await uploadFile(me, pdfBytes(), { originalName: 'passport.pdf' });
    expect(file.status).toBe('CLEAN');
    const added = await addDocument(me, profileId, {
      fileName: file.fileName,
      kind: 'PROOF_OF_IDENTITY',
      idDocumentType: 'PASSPORT',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.result).toBe('SUCCESS');
    expect(added.body.message).toBe('Success');
    expect(added.body.document).toMatchObject({
      kind: 'PROOF_OF_IDENTITY',
      category: 'IDENTITY',
      idDocumentType: 'PASSPORT',
    });
    const events = await auditActions(keys.profilePk(alpine.tenantId, profileId));
    expect(events).toContainEqual({
      action: 'PROFILE_DOCUMENT_ADDED',
      data: expect.objectContaining({
        profileId,
        documentId: added.body.document.documentId,
        kind: 'PROOF_OF_IDENTITY',
      }),
    });

    // The owner lists and downloads it; the link serves exactly the uploaded bytes.
    const list = await call<{ items: ProfileDocument[] }>(me, `/profiles/${profileId}/documents`);
    expect(list.body.items.map((d) => d.documentId)).toContain(added.body.document.documentId);
    const one = await call<{ download: { url: string } }>(
      me,
      `/profiles/${profileId}/documents/${added.body.document.documentId}`,
    );
    expect(one.status).toBe(200);
    expect(one.body.download.url).toContain(`tenants/${alpine.tenantId}/files/${file.fileName}`);
    expect(one.body.download.url).not.toContain('uploads/');
    const bytes = Buffer.from(await (await fetch(one.body.download.url)).arrayBuffer());
    expect(bytes.equals(pdfBytes())).toBe(true);

    // The manager's view for KYC review.
    const gp = await signedIn(alpine, 'GP_MEMBER');
    const gpList = await call<{ items: ProfileDocument[] }>(gp, `/v2/tenant/${alpine.tenantId}/profiles/documents`, {
      query: { profileId },
    });
    expect(gpList.status).toBe(200);
    expect(gpList.body.items.map((d) => d.documentId)).toContain(added.body.document.documentId);
    const gpOne = await call(gp, `/profiles/${profileId}/documents/${added.body.document.documentId}`);
    expect(gpOne.status).toBe(200);

    // One file, one document: attaching it again fails.
    const again = await addDocument(me, profileId, { fileName: file.fileName, kind: 'ADDITIONAL_DOCUMENTS' });
    expect(again.status).toBe(422);
    expect(errorOf(again)).toMatchObject({ code: 'FAIL', message: 'Add document failed' });
  });

  it('refuses the EICAR test file with a message, never serves it and never attaches it', async () => {
    const file = await uploadFile(me, pdfBytes(EICAR), { originalName: 'eicar.pdf' });
    expect(file).toMatchObject({ status: 'REFUSED', reason: 'INFECTED', code: 'fileInfected' });
    const added = await addDocument(me, profileId, { fileName: file.fileName, kind: 'ADDITIONAL_DOCUMENTS' });
    expect(added.status).toBe(422);
    expect(errorOf(added)).toMatchObject({
      code: 'FAIL',
      message: 'Add document failed',
      details: { reason: 'INFECTED' },
    });
    // What the investor reads: the catalogue's message for the code the scan result names.
    const { errorMessage } = await import('@tranche/shared/errors/catalogue');
    expect(errorMessage('fileInfected', 'en')).toMatch(/threat/);
    expect(errorMessage('fileInfected', 'zh-CN')).toMatch(/威胁/);
    const events = await auditActions(keys.file(alpine.tenantId, file.fileName).PK);
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining(['FILE_UPLOAD_STARTED', 'FILE_INSPECTED', 'FILE_SCANNED']),
    );
    expect(events.find((e) => e.action === 'FILE_SCANNED')?.data).toMatchObject({
      status: 'REFUSED',
      scanStatus: 'THREATS_FOUND',
      reason: 'INFECTED',
    });
  });

  it('refuses a renamed executable on its magic bytes, before the scanner is consulted', async () => {
    // It also holds the EICAR string: the reason is still the type, so the sniff came first.
    const file = await uploadFile(me, exeBytes(EICAR), { originalName: 'invoice.pdf' });
    expect(file).toMatchObject({ status: 'REFUSED', reason: 'TYPE_MISMATCH', code: 'fileTypeMismatch' });
    const events = await auditActions(keys.file(alpine.tenantId, file.fileName).PK);
    expect(events.find((e) => e.action === 'FILE_INSPECTED')?.data).toMatchObject({
      status: 'REFUSED',
      reason: 'TYPE_MISMATCH',
      sniffed: 'application/x-msdownload',
    });
    expect(events.map((e) => e.action)).not.toContain('FILE_SCANNED');
  });

  it('refuses a PNG declared as a JPEG', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const file = await uploadFile(me, png, { contentType: 'image/jpeg', originalName: 'photo.jpg' });
    expect(file).toMatchObject({ status: 'REFUSED', reason: 'TYPE_MISMATCH' });
  });

  it('hands out nothing before the file is clean: an upload not yet sent cannot be attached', async () => {
    const made = await createUpload(me, {
      purpose: 'PROFILE_DOCUMENT',
      originalName: 'later.pdf',
      contentType: 'application/pdf',
      size: pdfBytes().byteLength,
    });
    const { fileName } = made.body.file;
    expect((await scanResult(me, fileName)).body.status).toBe('UPLOADING');
    const early = await addDocument(me, profileId, { fileName, kind: 'PROOF_OF_ADDRESS' });
    expect(early.status).toBe(409);
    expect(errorOf(early).code).toBe('fileNotScanned');
    // Sent later, it goes through the gate as usual.
    expect((await postForm(made.body.upload, pdfBytes(), 'application/pdf')).ok).toBe(true);
    expect((await waitForVerdict(me, fileName)).status).toBe('CLEAN');
  });

  it("answers FILE_NOT_EXIST for another investor's file and an unknown one", async () => {
    const mine = await uploadFile(me, pdfBytes(), { originalName: 'mine.pdf' });
    expect((await scanResult(other, mine.fileName)).status).toBe(404);
    const beaconInvestor = await investor(beacon, 0);
    expect((await scanResult(beaconInvestor, mine.fileName)).status).toBe(404);
    const otherProfile = await writeProfile(alpine, other.userId);
    const foreign = await addDocument(other, otherProfile, { fileName: mine.fileName, kind: 'ADDITIONAL_DOCUMENTS' });
    expect(foreign.status).toBe(404);
    expect(errorOf(foreign)).toMatchObject({ code: 'FILE_NOT_EXIST', message: 'File is not exist' });
    const unknown = await addDocument(me, profileId, {
      fileName: '01JAAAAAAAAAAAAAAAAAAAAAAA.pdf',
      kind: 'ADDITIONAL_DOCUMENTS',
    });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).code).toBe('FILE_NOT_EXIST');
  });
});

describe('the daily sweep of abandoned uploads', () => {
  it('removes what was never attached a day on, with its kept copy, and keeps what was attached or is recent', async () => {
    const never = await createUpload(me, {
      purpose: 'PROFILE_DOCUMENT',
      originalName: 'never-sent.pdf',
      contentType: 'application/pdf',
      size: 1000,
    });
    const cleanUnattached = await uploadFile(me, pdfBytes(), { originalName: 'forgotten.pdf' });
    const attached = await uploadFile(me, pdfBytes(), { originalName: 'kept.pdf' });
    expect((await addDocument(me, profileId, { fileName: attached.fileName, kind: 'PROOF_OF_ADDRESS' })).status).toBe(
      201,
    );
    const recent = await createUpload(me, {
      purpose: 'PROFILE_DOCUMENT',
      originalName: 'just-now.pdf',
      contentType: 'application/pdf',
      size: 1000,
    });
    // Three of them registered two days ago (the index is where the sweep looks).
    const twoDaysAgo = new Date(Date.now() - 48 * 3600 * 1000).toISOString();
    for (const fileName of [never.body.file.fileName, cleanUnattached.fileName, attached.fileName]) {
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.file(alpine.tenantId, fileName),
          UpdateExpression: 'SET createdAt = :at, GSI2SK = :sk',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':at': twoDaysAgo, ':sk': `${twoDaysAgo}#${fileName}` },
        }),
      );
    }
    const run = await fetch(new URL('/_local/schedules/uploadSweep/run', inject('stack').url), { method: 'POST' });
    expect(run.status).toBe(200);
    const exists = async (fileName: string) =>
      (await db.send(new GetCommand({ TableName: tableName(), Key: keys.file(alpine.tenantId, fileName) }))).Item !==
      undefined;
    expect(await exists(never.body.file.fileName)).toBe(false);
    expect(await exists(cleanUnattached.fileName)).toBe(false);
    expect(await exists(attached.fileName)).toBe(true);
    expect(await exists(recent.body.file.fileName)).toBe(true);
    // The removed file is no longer attachable, and the attached one still downloads.
    const late = await addDocument(me, profileId, { fileName: cleanUnattached.fileName, kind: 'PROOF_OF_ADDRESS' });
    expect([late.status, errorOf(late).code]).toEqual([404, 'FILE_NOT_EXIST']);
    const abandoned = (await auditActions(keys.file(alpine.tenantId, cleanUnattached.fileName).PK)).map(
      (e) => e.action,
    );
    expect(abandoned).toContain('FILE_UPLOAD_ABANDONED');
  });
});

describe('profile documents', () => {
  it('answers PROFILE_ID_NOT_EXIST for an unknown profile', async () => {
    const file = await uploadFile(me, pdfBytes(), { originalName: 'x.pdf' });
    const res = await addDocument(me, '01JAAAAAAAAAAAAAAAAAAAAAAA', {
      fileName: file.fileName,
      kind: 'PROOF_OF_ADDRESS',
    });
    expect(res.status).toBe(404);
    expect(errorOf(res)).toMatchObject({ code: 'PROFILE_ID_NOT_EXIST', message: 'Profile id is not exist' });
  });

  it("keeps another investor's and another tenant's profile and documents at 404", async () => {
    const file = await uploadFile(me, pdfBytes(), { originalName: 'x.pdf' });
    const added = await addDocument(me, profileId, { fileName: file.fileName, kind: 'PROOF_OF_ADDRESS' });
    const documentId = added.body.document.documentId;
    for (const caller of [other, await investor(beacon, 0)]) {
      expect((await call(caller, `/profiles/${profileId}/documents`)).status).toBe(404);
      const one = await call(caller, `/profiles/${profileId}/documents/${documentId}`);
      expect(one.status).toBe(404);
      expect(JSON.stringify(one.body)).not.toContain(file.fileName);
      expect((await call(caller, `/profiles/${profileId}/documents/${documentId}`, { method: 'DELETE' })).status).toBe(
        404,
      );
    }
    const beaconGp = await signedIn(beacon, 'GP_ADMIN');
    expect((await call(beaconGp, `/profiles/${profileId}/documents/${documentId}`)).status).toBe(404);
    const crossTenant = await call(beaconGp, `/v2/tenant/${alpine.tenantId}/profiles/documents`, {
      query: { profileId },
    });
    expect(crossTenant.status).toBe(404);
  });

  it('attaches a document to one person of the entity, and refuses a member the profile does not have', async () => {
    const memberId = '01JMEMBERAAAAAAAAAAAAAAAAA';
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { PK: keys.profilePk(alpine.tenantId, profileId), SK: `MEMBER#${memberId}`, memberId, personId: 'P1' },
      }),
    );
    const passport = await uploadFile(me, pdfBytes(), { originalName: 'director-passport.pdf' });
    const added = await addDocument(me, profileId, {
      fileName: passport.fileName,
      kind: 'PROOF_OF_IDENTITY',
      idDocumentType: 'PASSPORT',
      memberId,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.document).toMatchObject({ memberId, kind: 'PROOF_OF_IDENTITY' });

    const stray = await uploadFile(me, pdfBytes(), { originalName: 'stray.pdf' });
    const refused = await addDocument(me, profileId, {
      fileName: stray.fileName,
      kind: 'OWNER_DIRECTOR_TRUSTEE_BENEFICIARY',
      memberId: '01JZZZZZZZZZZZZZZZZZZZZZZZ',
    });
    expect([refused.status, errorOf(refused).code]).toEqual([404, 'profileMemberNotExist']);
    // Nothing was attached: the file can still be attached to the profile itself.
    const again = await addDocument(me, profileId, { fileName: stray.fileName, kind: 'ADDITIONAL_DOCUMENTS' });
    expect(again.status).toBe(201);
  });

  it('needs the ID document type for a proof of identity', async () => {
    const file = await uploadFile(me, pdfBytes(), { originalName: 'x.pdf' });
    const res = await addDocument(me, profileId, { fileName: file.fileName, kind: 'PROOF_OF_IDENTITY' });
    expect(res.status).toBe(400);
    expect(errorOf(res).details?.fields?.map((f) => f.field)).toContain('body.idDocumentType');
  });

  it('removes a document and its file, but not while the profile is under review', async () => {
    const file = await uploadFile(me, pdfBytes(), { originalName: 'bill.pdf' });
    const added = await addDocument(me, profileId, { fileName: file.fileName, kind: 'PROOF_OF_ADDRESS' });
    const path = `/profiles/${profileId}/documents/${added.body.document.documentId}`;
    const link = (await call<{ download: { url: string } }>(me, path)).body.download.url;
    await setProfileState(alpine, profileId, 'SUBMITTED');
    const refused = await call(me, path, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(errorOf(refused).code).toBe('profileUnderReview');
    await setProfileState(alpine, profileId, 'DRAFT');
    expect((await call(me, path, { method: 'DELETE' })).status).toBe(200);
    expect((await call(me, path)).status).toBe(404);
    expect((await scanResult(me, file.fileName)).status).toBe(404);
    expect((await fetch(link)).status).toBe(404);
  });
});
