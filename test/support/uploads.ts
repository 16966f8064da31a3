import type { CreateFileUpload, UploadedFile } from '@tranche/shared/files/files.schema';
import { type Caller, call, type Tenant } from './api.js';

/**
 * Uploads through the real path (docs/profiles.md "Documents"): POST /v2/files, the presigned POST
 * form straight to s3rver as a browser sends it, then GET /v2/files/{fileName}/scan-result until the
 * file is CLEAN or REFUSED. Profiles are written straight to the table (the profile routes are the
 * profiles-core part's): only what the document routes read, `ownerUserId` and `state`.
 */

export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

/** A small well-formed one-page PDF, with `extra` inside a comment (where EICAR can hide). */
export const pdfBytes = (extra = ''): Buffer =>
  Buffer.from(
    `%PDF-1.4\n%${extra}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );

/** A Windows executable's first bytes (the MZ header and PE signature): what a renamed .exe starts with. */
export const exeBytes = (extra = ''): Buffer => {
  const bytes = Buffer.alloc(1024, 0);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  bytes.write(extra, 0x200, 'latin1');
  return bytes;
};

export interface UploadForm {
  method: 'POST';
  url: string;
  fields: [string, string][];
  expiresAt: string;
}

export const createUpload = (caller: Caller, input: CreateFileUpload) =>
  call<{ file: UploadedFile; upload: UploadForm }>(caller, '/v2/files', { method: 'POST', body: input });

/** Posts the form as a browser does: every field, then the file last. */
export const postForm = async (form: UploadForm, bytes: Buffer, contentType: string) => {
  const data = new FormData();
  for (const [name, value] of form.fields) data.append(name, value);
  data.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), 'upload');
  return fetch(form.url, { method: 'POST', body: data });
};

export const scanResult = (caller: Caller, fileName: string) =>
  call<UploadedFile>(caller, `/v2/files/${fileName}/scan-result`);

/** Polls the scan result until the file is CLEAN or REFUSED (the local scanner answers within a second or two). */
export const waitForVerdict = async (caller: Caller, fileName: string, timeoutMs = 20_000): Promise<UploadedFile> => {
  const started = Date.now();
  for (;;) {
    const res = await scanResult(caller, fileName);
    if (res.status !== 200) throw new Error(`scan-result answered ${res.status}: ${JSON.stringify(res.body)}`);
    if (res.body.status === 'CLEAN' || res.body.status === 'REFUSED') return res.body;
    if (Date.now() - started > timeoutMs) throw new Error(`${fileName} still ${res.body.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

/** Registers, uploads and waits: the file as the scan left it. */
export const uploadFile = async (
  caller: Caller,
  bytes: Buffer,
  opts: { contentType?: CreateFileUpload['contentType']; originalName?: string } = {},
): Promise<UploadedFile> => {
  const contentType = opts.contentType ?? 'application/pdf';
  const made = await createUpload(caller, {
    purpose: 'PROFILE_DOCUMENT',
    originalName: opts.originalName ?? 'passport.pdf',
    contentType,
    size: bytes.byteLength,
  });
  if (made.status !== 201) throw new Error(`POST /v2/files answered ${made.status}: ${JSON.stringify(made.body)}`);
  const posted = await postForm(made.body.upload, bytes, contentType);
  if (!posted.ok) throw new Error(`the upload form answered ${posted.status}: ${await posted.text()}`);
  return waitForVerdict(caller, made.body.file.fileName);
};

/** A profile's #META item as the document routes read it, written straight to the table. */
export const writeProfile = async (tenant: Tenant, ownerUserId: string, state = 'DRAFT'): Promise<string> => {
  const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
  const { keys } = await import('../../functions/src/_lib/db/keys.js');
  const { newId } = await import('../../functions/src/_lib/ids.js');
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const profileId = newId();
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.profile(tenant.tenantId, profileId),
        type: 'PROFILE',
        profileId,
        profileType: 'INDIVIDUAL',
        ownerUserId,
        state,
        version: 1,
        createdAt: new Date().toISOString(),
      },
    }),
  );
  return profileId;
};

export const setProfileState = async (tenant: Tenant, profileId: string, state: string) => {
  const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
  const { keys } = await import('../../functions/src/_lib/db/keys.js');
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.profile(tenant.tenantId, profileId),
      UpdateExpression: 'SET #state = :state',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':state': state },
    }),
  );
};
