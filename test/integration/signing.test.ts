import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type {
  SigningField,
  SigningFileLink,
  SigningPdf,
  SigningProjectDetail,
} from '@tranche/shared/signing/signing.schema';
import { MAX_SIGNING_PDF_BYTES } from '@tranche/shared/signing/signing.schema';
import {
  projectEventForSignature,
  SIGNER_LIFECYCLE,
  SIGNING_PROJECT_LIFECYCLE,
} from '@tranche/shared/signing/signing-state';
import { beforeAll, describe, expect, it } from 'vitest';
import { alpine, beacon, type Caller, call, errorOf, signedIn, type Tenant, userOf } from '../support/api.js';
import { postForm } from '../support/uploads.js';

/**
 * The manager's side of issue 12 through the local gateway, s3rver and the stream workers: a source
 * PDF uploaded and checked (refusals with their codes), a project prepared (a field off its page is
 * refused naming it), sent, signed in turn, sealed by the signing worker, stored with its hash, and
 * downloaded: the stored file passes pdfsig and qpdf, and one flipped byte breaks it. The signatures
 * are committed here through the lifecycle tables and keys the signer side uses (its own routes are
 * tested in its own file), so this file depends on the manager's side only.
 */

const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
const { keys } = await import('../../functions/src/_lib/db/keys.js');
const { commit, event } = await import('../../functions/src/_lib/db/commit.js');
const { newId } = await import('../../functions/src/_lib/ids.js');
const { readProject } = await import('../../functions/src/signing/projects.repo.js');
const fixtures = await import('../../functions/src/signing/seal/fixtures.js');
const { createSession } = await import('../../functions/src/_lib/session.js');
const { sessionCookieName } = await import('../../functions/src/_lib/cookies.js');

const dir = mkdtempSync(join(tmpdir(), 'tranche-signing-it-'));
const write = (name: string, bytes: Uint8Array) => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};
const run = (cmd: string, args: string[]) => {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
};

const lp = async (tenant: Tenant, index: number): Promise<Caller & { userId: string }> => {
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

const pdfDetail = (caller: Caller, fileId: string) =>
  call<SigningPdf>(caller, '/pdffile/detail', { query: { fileId } });

/** Registers and uploads a PDF, then polls until the worker checked it: the last answer. */
const uploadPdf = async (caller: Caller, bytes: Uint8Array, name = 'Agreement.pdf') => {
  const created = await call<{ fileId: string; upload: { url: string; fields: [string, string][] } }>(
    caller,
    '/pdf-files',
    { method: 'POST', body: { name, size: bytes.byteLength } },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const posted = await postForm(
    { ...created.body.upload, method: 'POST', expiresAt: '' },
    Buffer.from(bytes),
    'application/pdf',
  );
  expect(posted.status).toBeLessThan(300);
  const started = Date.now();
  for (;;) {
    const res = await pdfDetail(caller, created.body.fileId);
    if (res.status !== 200 || (res.body.status !== 'UPLOADING' && res.body.status !== 'CHECKING')) {
      return { fileId: created.body.fileId, res };
    }
    if (Date.now() - started > 30_000) throw new Error(`${created.body.fileId} still ${res.body.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

const post = <T = SigningProjectDetail>(caller: Caller, path: string, body: unknown) =>
  call<T>(caller, path, { method: 'POST', body });

/**
 * What the signer side does when a signer signs (functions/src/signing/signer/): the signer's VERIFY
 * and SIGN with their facts and values, the project's SIGN or COMPLETE (the last signature), the next
 * group's NOTIFY, and on COMPLETE the SIGNING_PROJECT_COMPLETED event, in one commit.
 */
const sign = async (tenantId: string, projectId: string, signerId: string, png: Uint8Array) => {
  const at = new Date().toISOString();
  await commit({ tenantId, userId: 'SIGNER', requestId: newId(), at }, async () => {
    const { project, documents, signers } = await readProject(tenantId, projectId);
    const signer = signers.find((s) => s.signerId === signerId)!;
    const verified = SIGNER_LIFECYCLE.next(signer.state, 'VERIFY', 'SIGNER');
    SIGNER_LIFECYCLE.next(verified, 'SIGN', 'SIGNER');
    const turns = signers.map((s) => ({ signerId: s.signerId, group: s.group, state: s.state }));
    const projectEvent = projectEventForSignature(turns, signerId);
    const status = SIGNING_PROJECT_LIFECYCLE.next(project.status, projectEvent, 'SIGNER');
    const mine = documents.flatMap((d) => d.fields.filter((f) => f.signerId === signerId));
    const after = turns.map((t) => (t.signerId === signerId ? { ...t, state: 'SIGNED' as const } : t));
    const next = new Set(
      after
        .filter(
          (t) =>
            t.state === 'WAITING' &&
            t.group === Math.min(...after.filter((o) => o.state !== 'SIGNED').map((o) => o.group)),
        )
        .map((t) => t.signerId),
    );
    const update = (key: { PK: string; SK: string }, version: number, set: Record<string, unknown>) => {
      const names: Record<string, string> = { '#v': 'version' };
      const values: Record<string, unknown> = { ':seen': version, ':next': version + 1 };
      const sets = ['#v = :next'];
      Object.entries(set).forEach(([k, v], i) => {
        names[`#a${i}`] = k;
        values[`:a${i}`] = v;
        sets.push(`#a${i} = :a${i}`);
      });
      return {
        item: {
          Update: {
            TableName: tableName(),
            Key: key,
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: '#v = :seen',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          },
        },
      };
    };
    return {
      steps: [
        update(keys.signingProject(tenantId, projectId), project.version, {
          status,
          ...(projectEvent === 'COMPLETE' ? { completedAt: at } : {}),
        }),
        update(keys.signer(tenantId, projectId, signerId), signer.version, {
          state: 'SIGNED',
          codeVerifiedAt: at,
          viewedAt: at,
          signedAt: at,
          ip: '203.0.113.7',
          userAgent: 'integration-test',
        }),
        ...signers
          .filter((s) => next.has(s.signerId))
          .map((s) => update(keys.signer(tenantId, projectId, s.signerId), s.version, { state: 'NOTIFIED' })),
        ...mine.map((f) => ({
          item: {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.signingValue(tenantId, projectId, signerId, f.fieldId),
                type: 'SIGNING_VALUE',
                signerId,
                fieldId: f.fieldId,
                value:
                  f.kind === 'DATE'
                    ? { type: 'text', text: at.slice(0, 10) }
                    : f.kind === 'CHECKBOX'
                      ? { type: 'checkbox', checked: true }
                      : { type: 'image', png },
              },
            },
          },
        })),
      ],
      events:
        projectEvent === 'COMPLETE'
          ? [event('SIGNING_PROJECT_COMPLETED', projectId, { refId: projectId, projectId, completedAt: at })]
          : [],
      result: undefined,
    };
  });
};

const pageWidth = 595.28;
const pageHeight = 841.89;

let gp: Caller;
let member: Caller;
let investor: Caller & { userId: string };
let otherInvestor: Caller & { userId: string };
let agreement: Uint8Array;
let readyFileId: string;

beforeAll(async () => {
  gp = await signedIn(alpine, 'GP_OWNER');
  member = await signedIn(alpine, 'GP_MEMBER');
  investor = await lp(alpine, 0);
  otherInvestor = await lp(alpine, 1);
  agreement = await fixtures.agreementPdf(2);
}, 60_000);

const SLOW = { timeout: 90_000 };

describe('source PDFs', SLOW, () => {
  it('are uploaded, checked by the worker and described: page sizes, SHA-256 and a link', async () => {
    const { fileId, res } = await uploadPdf(gp, agreement);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('READY');
    expect(res.body.pages).toHaveLength(2);
    expect(res.body.pages?.[0]?.width).toBeCloseTo(pageWidth, 1);
    expect(res.body.sha256).toMatch(/^[0-9a-f]{64}$/);
    const fetched = Buffer.from(await (await fetch(res.body.url!)).arrayBuffer());
    expect(fetched.equals(Buffer.from(agreement))).toBe(true);
    readyFileId = fileId;
  });

  it('refuses encrypted, malformed and oversized files with their codes', async () => {
    const plain = write('plain.pdf', agreement);
    const locked = join(dir, 'locked.pdf');
    execFileSync('qpdf', ['--encrypt', 'user', 'owner', '256', '--', plain, locked]);
    const encrypted = await uploadPdf(gp, readFileSync(locked));
    expect(encrypted.res.status).toBe(422);
    expect(errorOf(encrypted.res).code).toBe('signingPdfEncrypted');
    const malformed = await uploadPdf(gp, Buffer.from('%PDF-1.7\nnot really a pdf\n%%EOF\n'));
    expect(malformed.res.status).toBe(422);
    expect(errorOf(malformed.res).code).toBe('signingPdfMalformed');
    const tooLarge = await call(gp, '/pdf-files', {
      method: 'POST',
      body: { name: 'huge.pdf', size: MAX_SIGNING_PDF_BYTES + 1 },
    });
    expect(tooLarge.status).toBe(413);
    expect(errorOf(tooLarge).code).toBe('signingPdfTooLarge');
    // A refused file cannot become a document.
    const project = await post(gp, '/project/create', { name: 'Refused files' });
    const refused = await post(gp, '/project/files/update', {
      projectId: project.body.project.projectId,
      version: 1,
      documents: [{ fileId: encrypted.fileId, name: 'Locked' }],
    });
    expect(refused.status).toBe(409);
    expect(errorOf(refused).code).toBe('signingFileNotReady');
  });

  it("are another tenant's 404", async () => {
    const foreign = await pdfDetail(await signedIn(beacon, 'GP_OWNER'), readyFileId);
    expect(foreign.status).toBe(404);
    expect(errorOf(foreign).code).toBe('signingFileNotFound');
  });
});

describe('a project from draft to sealed PDF', SLOW, () => {
  let projectId: string;
  let detail: SigningProjectDetail;
  const signatureField = (fieldId: string, signerId: string, y: number): SigningField => ({
    fieldId,
    kind: 'SIGNATURE',
    pageIndex: 1,
    x: 60,
    y,
    width: 200,
    height: 60,
    signerId,
    required: true,
  });

  it('is prepared: signers in order, a document, fields (one off its page refused, naming it)', async () => {
    const created = await post(gp, '/project/create', { name: 'Subscription agreement — Alpine Fund I' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    projectId = created.body.project.projectId;
    expect(created.body.project.status).toBe('DRAFT');
    const owner = userOf(alpine, 'GP_OWNER');
    const withSigners = await post(gp, '/project/update', {
      projectId,
      version: 1,
      signers: [
        {
          signerId: 'lp',
          name: 'Ada Investor',
          email: 'ada@example.com',
          userId: investor.userId,
          role: 'LP',
          group: 1,
        },
        {
          signerId: 'gp',
          name: 'Gil Owner',
          email: 'gil@example.com',
          userId: owner.userId,
          role: 'GP',
          onBehalfOf: 'Alpine Capital GP Ltd',
          group: 2,
        },
      ],
    });
    expect(withSigners.status, JSON.stringify(withSigners.body)).toBe(200);
    const withFile = await post(gp, '/project/files/update', {
      projectId,
      version: withSigners.body.project.version,
      documents: [{ fileId: readyFileId, name: 'Subscription agreement.pdf' }],
    });
    expect(withFile.status, JSON.stringify(withFile.body)).toBe(200);
    const documentId = withFile.body.documents[0]!.documentId;
    expect(withFile.body.documents[0]?.pages).toHaveLength(2);

    const off = await post(gp, '/project/file/update', {
      projectId,
      version: withFile.body.project.version,
      documentId,
      fields: [signatureField('lp-sign', 'lp', 300), { ...signatureField('gp-sign', 'gp', 300), y: pageHeight - 20 }],
    });
    expect(off.status).toBe(400);
    expect(errorOf(off).code).toBe('signingFieldOutsidePage');
    expect(errorOf(off).details?.field).toBe('gp-sign');

    const seal = await post(member, '/project/file/update', {
      projectId,
      version: withFile.body.project.version,
      documentId,
      fields: [{ ...signatureField('gp-seal', 'gp', 500), kind: 'SEAL' }],
    });
    expect(seal.status).toBe(403);
    expect(errorOf(seal).code).toBe('signingSealNotAllowed');

    const fields = await post(gp, '/project/file/update', {
      projectId,
      version: withFile.body.project.version,
      documentId,
      fields: [
        signatureField('lp-sign', 'lp', 300),
        { fieldId: 'lp-date', kind: 'DATE', pageIndex: 1, x: 300, y: 320, width: 120, height: 20, signerId: 'lp' },
        signatureField('gp-sign', 'gp', 500),
        {
          fieldId: 'amount',
          kind: 'TEXT',
          pageIndex: 0,
          x: 60,
          y: 100,
          width: 200,
          height: 20,
          tag: 'SUBSCRIPTION_AMOUNT',
        },
      ],
    });
    expect(fields.status, JSON.stringify(fields.body)).toBe(200);
    detail = fields.body;
  });

  it("is another tenant's 404", async () => {
    const foreign = await call(await signedIn(beacon, 'GP_OWNER'), '/project/detail', { query: { projectId } });
    expect(foreign.status).toBe(404);
    expect(errorOf(foreign).code).toBe('signingProjectNotFound');
  });

  it('is sent once everything is there: the first group is notified, the second waits', async () => {
    const missingTag = await post(gp, '/project/startup', { projectId, version: detail.project.version });
    expect(missingTag.status).toBe(400);
    expect(errorOf(missingTag).code).toBe('signingProjectNotReady');
    expect(errorOf(missingTag).details?.field).toBe('tagValues.SUBSCRIPTION_AMOUNT');
    const sent = await post(gp, '/project/startup', {
      projectId,
      version: detail.project.version,
      tagValues: { SUBSCRIPTION_AMOUNT: 'USD 250,000' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.project.status).toBe('SENT');
    expect(sent.body.project.expiresAt).toBeDefined();
    expect(sent.body.signers.map((s) => [s.signerId, s.state])).toEqual([
      ['lp', 'NOTIFIED'],
      ['gp', 'WAITING'],
    ]);
    const again = await post(gp, '/project/startup', { projectId, version: sent.body.project.version });
    expect(again.status).toBe(409);
    const frozen = await post(gp, '/project/update', { projectId, version: sent.body.project.version, name: 'x' });
    expect(frozen.status).toBe(409);
    expect(errorOf(frozen).code).toBe('signingProjectNotDraft');
    const audit = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :evt)',
        ExpressionAttributeValues: { ':pk': keys.signingProjectPk(alpine.tenantId, projectId), ':evt': 'EVT#' },
        ConsistentRead: true,
      }),
    );
    const actions = (audit.Items ?? []).map((i) => i.action);
    expect(actions).toEqual(
      expect.arrayContaining(['SIGNING_PROJECT_CREATED', 'SIGNING_PROJECT_SENT', 'SIGNER_NOTIFIED']),
    );
    expect(actions.filter((a) => a === 'SIGNER_NOTIFIED')).toHaveLength(1);
  });

  it('is not sealed before everyone signed', async () => {
    const early = await call(gp, '/project/file/download', { query: { projectId } });
    expect(early.status).toBe(409);
    expect(errorOf(early).code).toBe('signingNotSealed');
  });

  it('is sealed by the worker after the last signature, stored with its hash, and verifies', async () => {
    // The tenant keeps sealed files 12 years (its GP setting; out of range is refused naming the field).
    const settings = await call<{ settings: Record<string, unknown>; version: number }>(gp, '/v2/gp/tenant-settings');
    const tooLong = await call(gp, '/v2/gp/tenant-settings', {
      method: 'PUT',
      body: { settings: { ...settings.body.settings, sealedRetentionYears: 31 }, version: settings.body.version },
    });
    expect(tooLong.status).toBe(400);
    expect(errorOf(tooLong).details?.fields?.map((f) => f.field)).toContain('body.settings.sealedRetentionYears');
    const saved = await call(gp, '/v2/gp/tenant-settings', {
      method: 'PUT',
      body: { settings: { ...settings.body.settings, sealedRetentionYears: 12 }, version: settings.body.version },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const png = fixtures.signaturePng();
    await sign(alpine.tenantId, projectId, 'lp', png);
    await sign(alpine.tenantId, projectId, 'gp', png);
    const started = Date.now();
    let link: SigningFileLink | undefined;
    for (;;) {
      const res = await call<SigningFileLink>(gp, '/project/file/download', { query: { projectId } });
      if (res.status === 200) {
        link = res.body;
        break;
      }
      expect(errorOf(res).code).toBe('signingNotSealed');
      if (Date.now() - started > 60_000) throw new Error('not sealed within a minute');
      await new Promise((r) => setTimeout(r, 500));
    }
    const list = await call<{ items: { projectId: string; status: string; sealed: boolean }[] }>(gp, '/project/list');
    expect(list.body.items.find((p) => p.projectId === projectId)).toMatchObject({ status: 'COMPLETED', sealed: true });

    const bytes = Buffer.from(await (await fetch(link.url)).arrayBuffer());
    const { sha256Hex } = await import('../../functions/src/signing/seal/source-pdf.js');
    expect(sha256Hex(bytes)).toBe(link.sha256);
    const doc = (
      await db.send(
        new GetCommand({
          TableName: tableName(),
          Key: keys.signingDocument(alpine.tenantId, projectId, detail.documents[0]!.documentId),
          ConsistentRead: true,
        }),
      )
    ).Item;
    expect(doc?.sealed?.sha256).toBe(link.sha256);
    expect(doc?.sealed?.sourceSha256).toBe(detail.documents[0]?.sourceSha256);
    expect(doc?.sealed?.key).toContain(link.sha256);
    const completedAt = (
      await db.send(
        new GetCommand({
          TableName: tableName(),
          Key: keys.signingProject(alpine.tenantId, projectId),
          ConsistentRead: true,
        }),
      )
    ).Item?.completedAt as string;
    // Completion + the tenant's 12 years, to the millisecond (the Object Lock date the worker sent).
    const twelveYears = new Date(completedAt);
    twelveYears.setUTCFullYear(twelveYears.getUTCFullYear() + 12);
    expect(doc?.sealed?.retainUntil).toBe(twelveYears.toISOString());

    const path = write('sealed.pdf', bytes);
    const sig = run('pdfsig', [path]);
    expect(sig.out).toContain('Signature is Valid');
    expect(sig.out).toContain('Total document signed');
    const check = run('qpdf', ['--check', path]);
    expect(check.status, check.out).toBe(0);
    const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
    expect(text).toContain('USD 250,000');
    expect(text).toContain('Ada Investor');
    expect(text).toContain('Alpine Capital GP Ltd');

    const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)/.exec(bytes.toString('latin1'));
    const tampered = Buffer.from(bytes);
    const at = Math.floor(Number(range?.[2]) / 2);
    tampered[at] = (tampered[at] ?? 0) ^ 0x01;
    expect(run('pdfsig', [write('tampered.pdf', tampered)]).out).not.toContain('Signature is Valid');
  });

  it('is sealed once: running the completion again (a redelivered event) changes nothing', async () => {
    const { sealProject } = await import('../../functions/src/signing/completion.js');
    const documentKey = keys.signingDocument(alpine.tenantId, projectId, detail.documents[0]!.documentId);
    const before = (await db.send(new GetCommand({ TableName: tableName(), Key: documentKey, ConsistentRead: true })))
      .Item?.sealed;
    await sealProject(
      { tenantId: alpine.tenantId, userId: 'SYSTEM', requestId: newId(), at: new Date().toISOString() },
      projectId,
    );
    const after = (await db.send(new GetCommand({ TableName: tableName(), Key: documentKey, ConsistentRead: true })))
      .Item?.sealed;
    expect(after).toEqual(before);
    const audit = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :evt)',
        ExpressionAttributeValues: { ':pk': keys.signingProjectPk(alpine.tenantId, projectId), ':evt': 'EVT#' },
        ConsistentRead: true,
      }),
    );
    const actions = (audit.Items ?? []).map((i) => i.action);
    expect(actions.filter((a) => a === 'SIGNING_DOCUMENT_SEALED')).toHaveLength(1);
    expect(actions.filter((a) => a === 'SIGNING_PROJECT_SEALED')).toHaveLength(1);
  });

  it('is downloaded by the investor who signed it, and by no other investor', async () => {
    const mine = await call<SigningFileLink>(investor, '/project/file/download', { query: { projectId } });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const theirs = await call(otherInvestor, '/project/file/download', { query: { projectId } });
    expect(theirs.status).toBe(404);
  });
});

describe('resend and void', SLOW, () => {
  it('resends one signer a fresh link; voiding cancels the open signers; nothing moves after', async () => {
    const created = await post(gp, '/project/create', { name: 'To be voided' });
    const projectId = created.body.project.projectId;
    const signers = await post(gp, '/project/update', {
      projectId,
      version: 1,
      signers: [{ signerId: 'w', name: 'Wen Witness', email: 'wen@example.com', role: 'WITNESS', group: 1 }],
    });
    const files = await post(gp, '/project/files/update', {
      projectId,
      version: signers.body.project.version,
      documents: [{ documentId: 'doc', fileId: readyFileId, name: 'Side letter' }],
    });
    const fields = await post(gp, '/project/file/update', {
      projectId,
      version: files.body.project.version,
      documentId: 'doc',
      fields: [{ fieldId: 's', kind: 'SIGNATURE', pageIndex: 0, x: 10, y: 10, width: 100, height: 40, signerId: 'w' }],
    });
    const sent = await post(gp, '/project/startup', { projectId, version: fields.body.project.version });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const resent = await post(gp, '/project/resend', { projectId, signerId: 'w' });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.signers[0]?.state).toBe('NOTIFIED');
    const unknown = await post(gp, '/project/resend', { projectId, signerId: 'nobody' });
    expect(unknown.status).toBe(404);
    const voided = await post(gp, '/project/void', { projectId, reason: 'Terms changed' });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.project.status).toBe('VOIDED');
    expect(voided.body.signers[0]?.state).toBe('CANCELLED');
    const after = await post(gp, '/project/resend', { projectId, signerId: 'w' });
    expect(after.status).toBe(409);
    expect(errorOf(after).code).toBe('TRANSITION_NOT_ALLOWED');
  });
});

describe('the demo seed', SLOW, () => {
  it('has one completed project per tenant, sealed by the completion code, that its investor can download', async () => {
    for (const tenant of [alpine, beacon]) {
      const projectId = tenant.signingProjectId;
      expect(projectId, tenant.prefix).toBeDefined();
      const owner = await signedIn(tenant, 'GP_OWNER');
      const list = await call<{ items: { projectId: string; status: string; sealed: boolean }[] }>(
        owner,
        '/project/list',
        {
          query: { status: 'COMPLETED' },
        },
      );
      expect(list.body.items.find((p) => p.projectId === projectId)).toMatchObject({ sealed: true });
      const link = await call<SigningFileLink>(await lp(tenant, 0), '/project/file/download', {
        query: { projectId: projectId! },
      });
      expect(link.status, JSON.stringify(link.body)).toBe(200);
      const bytes = Buffer.from(await (await fetch(link.body.url)).arrayBuffer());
      const out = run('pdfsig', [write(`seed-${tenant.prefix}.pdf`, bytes)]).out;
      expect(out).toContain('Signature is Valid');
      expect(out).toContain('Total document signed');
    }
  });
});

describe('createProjectFromTemplate', SLOW, () => {
  it('makes and sends a project in one commit, its tags filled; a tag without a value makes nothing', async () => {
    const { createProjectFromTemplate } = await import('../../functions/src/signing/templates.js');
    const owner = userOf(alpine, 'GP_OWNER');
    const actor = { tenantId: alpine.tenantId, userId: owner.userId, requestId: newId(), at: new Date().toISOString() };
    const input = {
      name: 'Subscription agreement — template',
      refKind: 'subscription',
      refId: newId(),
      documents: [
        {
          fileId: readyFileId,
          name: 'Agreement.pdf',
          fields: [
            {
              fieldId: 'name',
              kind: 'TEXT' as const,
              pageIndex: 0,
              x: 60,
              y: 60,
              width: 200,
              height: 18,
              tag: 'INVESTOR_NAME' as const,
              required: true,
            },
            {
              fieldId: 'sign',
              kind: 'SIGNATURE' as const,
              pageIndex: 1,
              x: 60,
              y: 600,
              width: 200,
              height: 60,
              signerId: 'holder',
              required: true,
            },
          ],
        },
      ],
      signers: [
        {
          signerId: 'holder',
          name: 'Ada Investor',
          email: 'ada@example.com',
          userId: investor.userId,
          role: 'LP' as const,
          group: 1,
        },
      ],
      send: true,
    };
    const missing = await createProjectFromTemplate(actor, 'GP_OWNER', { ...input, tagValues: {} }).catch((e) => e);
    expect(missing.code).toBe('signingProjectNotReady');
    const made = await createProjectFromTemplate(actor, 'GP_OWNER', {
      ...input,
      tagValues: { INVESTOR_NAME: 'Ada Investor' },
    });
    expect(made.project.status).toBe('SENT');
    expect(made.project.refId).toBe(input.refId);
    expect(made.project.tagValues).toEqual({ INVESTOR_NAME: 'Ada Investor' });
    expect(made.signers[0]?.state).toBe('NOTIFIED');
    const all = await call<{ items: { projectId: string }[] }>(gp, '/project/list', { query: { limit: '100' } });
    expect(all.body.items.filter((p) => p.projectId === made.project.projectId)).toHaveLength(1);
  });
});

describe('kept templates', SLOW, () => {
  it('are kept with checked files, fields and places, make projects, and are deleted; another tenant’s 404', async () => {
    const body = {
      name: 'Side letter template',
      documents: [
        {
          fileId: readyFileId,
          name: 'Side letter.pdf',
          fields: [
            { fieldId: 'who', kind: 'TEXT', pageIndex: 0, x: 60, y: 60, width: 200, height: 18, tag: 'INVESTOR_NAME' },
            {
              fieldId: 'sign',
              kind: 'SIGNATURE',
              pageIndex: 1,
              x: 60,
              y: 600,
              width: 200,
              height: 60,
              signerId: 'holder',
            },
          ],
        },
      ],
      signers: [{ signerId: 'holder', label: 'Investor', role: 'LP', group: 1 }],
    };
    const off = await post(gp, '/template/create', {
      ...body,
      documents: [{ ...body.documents[0], fields: [{ ...body.documents[0]!.fields[1], y: pageHeight - 10 }] }],
    });
    expect(off.status).toBe(400);
    expect(errorOf(off)).toMatchObject({ code: 'signingFieldOutsidePage', details: { field: 'sign' } });
    const nobody = await post(gp, '/template/create', {
      ...body,
      signers: [{ ...body.signers[0], signerId: 'other' }],
    });
    expect(errorOf(nobody).code).toBe('PARAMS_ERROR');
    const seal = await post(member, '/template/create', {
      ...body,
      documents: [{ ...body.documents[0], fields: [{ ...body.documents[0]!.fields[1], kind: 'SEAL' }] }],
    });
    expect(seal.status).toBe(403);

    const saved = await post<{ templateId: string; tags: string[] }>(gp, '/template/create', body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.tags).toEqual(['INVESTOR_NAME']);
    const { templateId } = saved.body;
    const listed = await call<{ items: { templateId: string }[] }>(member, '/template/list');
    expect(listed.body.items.map((i) => i.templateId)).toContain(templateId);
    const beaconOwner = await signedIn(beacon, 'GP_OWNER');
    const foreignList = await call<{ items: { templateId: string }[] }>(beaconOwner, '/template/list');
    expect(foreignList.body.items.map((i) => i.templateId)).not.toContain(templateId);

    // A project from it: every place must be named; then a draft with the template's fields.
    const unnamed = await post(gp, '/template/project', { templateId, name: 'Side letter — Ada', signers: [] });
    expect(unnamed.status).toBe(422);
    expect(errorOf(unnamed)).toMatchObject({ code: 'signingSignersInvalid', details: { field: 'signers.0' } });
    const twice = await post(gp, '/template/create', { ...body, signers: [body.signers[0], body.signers[0]] });
    expect(errorOf(twice)).toMatchObject({ code: 'signingSignersInvalid', details: { field: 'signers.1.signerId' } });
    const foreignProject = await post(beaconOwner, '/template/project', { templateId, name: 'x', signers: [] });
    expect(foreignProject.status).toBe(404);
    const made = await post(gp, '/template/project', {
      templateId,
      name: 'Side letter — Ada',
      signers: [{ signerId: 'holder', name: 'Ada Investor', email: 'ada@example.com', userId: investor.userId }],
      tagValues: { INVESTOR_NAME: 'Ada Investor' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.project).toMatchObject({ status: 'DRAFT', refKind: 'signingTemplate', refId: templateId });
    expect(made.body.signers.map((s) => [s.signerId, s.name, s.role, s.group])).toEqual([
      ['holder', 'Ada Investor', 'LP', 1],
    ]);
    expect(made.body.documents[0]?.fields.map((f) => f.fieldId)).toEqual(['who', 'sign']);
    // The draft is sent as any other: its tag value was given with it.
    const sent = await post(gp, '/project/startup', {
      projectId: made.body.project.projectId,
      version: made.body.project.version,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    // The service takes a kept template in place of documents (the subscription's way, unchanged otherwise).
    const { createProjectFromTemplate } = await import('../../functions/src/signing/templates.js');
    const owner = userOf(alpine, 'GP_OWNER');
    const direct = await createProjectFromTemplate(
      { tenantId: alpine.tenantId, userId: owner.userId, requestId: newId(), at: new Date().toISOString() },
      'GP_OWNER',
      {
        name: 'From the kept template',
        refKind: 'test',
        refId: newId(),
        templateId,
        signers: [{ signerId: 'holder', name: 'Ada Investor', email: 'ada@example.com', role: 'LP', group: 1 }],
        tagValues: { INVESTOR_NAME: 'Ada Investor' },
        send: true,
      },
    );
    expect(direct.project.status).toBe('SENT');
    expect(direct.documents[0]?.fields).toHaveLength(2);

    const foreignDelete = await post(beaconOwner, '/template/delete', { templateId });
    expect(foreignDelete.status).toBe(404);
    expect(errorOf(foreignDelete).code).toBe('signingTemplateNotFound');
    expect((await post(gp, '/template/delete', { templateId })).status).toBe(200);
    expect((await post(gp, '/template/delete', { templateId })).status).toBe(404);
    const after = await call<{ items: { templateId: string }[] }>(gp, '/template/list');
    expect(after.body.items.map((i) => i.templateId)).not.toContain(templateId);
  });
});

describe('company seals', SLOW, () => {
  it('are added by an administrator as a small PNG, listed for the editor, and refused otherwise', async () => {
    const png = fixtures.signaturePng(120, 120);
    const added = await call<{ sealId: string; width: number; dataUrl: string }>(gp, '/seal/list', {
      method: 'POST',
      body: { name: 'Alpine Capital seal', png: png.toString('base64') },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.width).toBe(120);
    const byMember = await call(member, '/seal/list', {
      method: 'POST',
      body: { name: 'Member seal', png: png.toString('base64') },
    });
    expect(byMember.status).toBe(403);
    const notPng = await call(gp, '/seal/list', {
      method: 'POST',
      body: { name: 'JPEG', png: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]).toString('base64') },
    });
    expect(notPng.status).toBe(400);
    expect(errorOf(notPng).code).toBe('signingSealInvalid');
    const list = await call<{ items: { sealId: string; dataUrl: string }[] }>(member, '/seal/list');
    const listed = list.body.items.find((s) => s.sealId === added.body.sealId);
    expect(listed?.dataUrl).toBe(`data:image/png;base64,${png.toString('base64')}`);
    const foreign = await call<{ items: unknown[] }>(await signedIn(beacon, 'GP_OWNER'), '/seal/list');
    expect(JSON.stringify(foreign.body)).not.toContain(added.body.sealId);
  });
});
