import { BatchWriteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@tranche/shared/auth/roles';
import type { ProductState } from '@tranche/shared/enums';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DEMO_TENANTS, demoPdf, productItems } from '../../local/seed.js';
import { alpine, beacon, type Caller, call, errorOf, signedIn, type Tenant } from '../support/api.js';

/**
 * Product documents, marketing folders and contracts against the real local stack: uploads go
 * through presigned URLs to s3rver with fetch, as a browser sends them. Each test makes its own
 * products (straight into the table, as the seed does), so none depends on another's data.
 */

const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
const { keys } = await import('../../functions/src/_lib/db/keys.js');
const { headObject } = await import('../../functions/src/_lib/aws/s3.js');
const { newId } = await import('../../functions/src/_lib/ids.js');
const { objectKeys } = await import('../../functions/src/product/document-object-keys.js');

interface Doc {
  documentId: string;
  productId: string;
  kind: string;
  title: { en: string };
  folderId?: string;
  fileName: string;
  size: number;
  state: 'UPLOADING' | 'READY' | 'REJECTED';
  version: number;
}
interface Created {
  document: Doc;
  upload: { method: 'PUT'; url: string; headers: Record<string, string>; expiresAt: string };
}
interface Folder {
  folderId: string;
  name: { en: string };
  version: number;
  documentCount: number;
}
interface Link {
  url: string;
  expiresAt: string;
}

const newProduct = async (tenant: Tenant, state: ProductState): Promise<string> => {
  const productId = newId();
  const [meta, ...classes] = productItems(tenant.tenantId, DEMO_TENANTS[0]!.funds[0]!, productId);
  const { GSI1PK: _pk, GSI1SK: _sk, ...unlisted } = meta!;
  const items = [state === 'DRAFT' ? { ...unlisted, state } : { ...meta, state }, ...classes];
  await db.send(
    new BatchWriteCommand({ RequestItems: { [tableName()]: items.map((Item) => ({ PutRequest: { Item } })) } }),
  );
  return productId;
};

const setState = async (tenant: Tenant, productId: string, state: ProductState) => {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.product(tenant.tenantId, productId),
      UpdateExpression: 'SET #state = :state',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':state': state },
    }),
  );
};

const as = (tenant: Tenant, role: Role) => signedIn(tenant, role);

const contractPath = (productId: string) => `/product/${productId}/contract`;
const docsPath = (productId: string) => `/products/${productId}/documents`;
const docPath = (productId: string, documentId: string) => `/products/${productId}/documents/${documentId}`;

const createDoc = (caller: Caller, productId: string, body: Record<string, unknown>) =>
  call<Created>(caller, docsPath(productId), {
    method: 'POST',
    body: { kind: 'MARKETING', title: { en: 'Factsheet' }, contentType: 'application/pdf', ...body },
  });

const put = (upload: Created['upload'], bytes: Uint8Array) =>
  fetch(upload.url, { method: upload.method, headers: upload.headers, body: bytes });

/** Registers, uploads and completes a PDF: a READY document. */
const readyDoc = async (caller: Caller, productId: string, fileName: string, extra: Record<string, unknown> = {}) => {
  const pdf = demoPdf(fileName);
  const created = await createDoc(caller, productId, { fileName, size: pdf.length, ...extra });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await put(created.body.upload, pdf)).status).toBe(200);
  const done = await call<Doc>(caller, `${docPath(productId, created.body.document.documentId)}/complete`, {
    method: 'POST',
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { doc: done.body, pdf };
};

const newFolder = async (caller: Caller, productId: string, en: string) => {
  const res = await call<Folder>(caller, `/gp/products/${productId}/marketing-folders`, {
    method: 'POST',
    body: { name: { en } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

const listDocs = (caller: Caller, productId: string, query?: Record<string, string>) =>
  call<{ items: Doc[] }>(caller, docsPath(productId), query ? { query } : {});

const download = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
};

const auditActions = async (tenant: Tenant, productId: string) => {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :evt)',
      ExpressionAttributeValues: { ':pk': keys.productPk(tenant.tenantId, productId), ':evt': 'EVT#' },
    }),
  );
  return (out.Items ?? []).map((i) => ({ action: i.action as string, actorId: i.actorId as string, data: i.data }));
};

describe('product documents', () => {
  it('uploads through the presigned URL, completes to READY, and investors download the same bytes', async () => {
    const productId = await newProduct(alpine, 'PUBLISHED');
    const admin = await as(alpine, 'GP_ADMIN');
    const investor = await as(alpine, 'LP');
    const folder = await newFolder(admin, productId, 'Quarterly reports');
    const pdf = demoPdf('Q1 report');
    const fileName = 'Q1 report 季报.pdf';

    const created = await createDoc(admin, productId, { fileName, size: pdf.length, folderId: folder.folderId });
    expect(created.status).toBe(201);
    const { document, upload } = created.body;
    expect(document).toMatchObject({ state: 'UPLOADING', version: 1, fileName, folderId: folder.folderId });
    expect(upload.headers).toEqual({ 'content-type': 'application/pdf' });
    expect(new Date(upload.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
    // The file lands under the tenant's prefix, at a key made of ids only.
    expect(new URL(upload.url).pathname).toContain(
      `/uploads/tenants/${alpine.tenantId}/products/${productId}/documents/${document.documentId}.pdf`,
    );

    // Not yet uploaded: the GP sees it as UPLOADING, investors not at all.
    expect((await listDocs(admin, productId)).body.items.map((d) => d.state)).toEqual(['UPLOADING']);
    expect((await listDocs(investor, productId)).body.items).toEqual([]);
    const early = await call(admin, docPath(productId, document.documentId));
    expect([early.status, errorOf(early).code]).toEqual([409, 'documentNotReady']);
    const earlyLp = await call(investor, docPath(productId, document.documentId));
    expect([earlyLp.status, errorOf(earlyLp).code]).toEqual([404, 'FILE_NOT_EXIST']);
    const notUploaded = await call(admin, `${docPath(productId, document.documentId)}/complete`, { method: 'POST' });
    expect([notUploaded.status, errorOf(notUploaded).code]).toEqual([404, 'FILE_NOT_EXIST']);

    expect((await put(upload, pdf)).status).toBe(200);
    const completed = await call<Doc>(admin, `${docPath(productId, document.documentId)}/complete`, { method: 'POST' });
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ state: 'READY', version: 2, size: pdf.length });
    // Completing again changes nothing.
    const again = await call<Doc>(admin, `${docPath(productId, document.documentId)}/complete`, { method: 'POST' });
    expect(again.body).toEqual(completed.body);

    const lpList = await listDocs(investor, productId);
    expect(lpList.body.items).toEqual([completed.body]);
    expect(
      (await listDocs(investor, productId, { folderId: folder.folderId, kind: 'MARKETING' })).body.items,
    ).toHaveLength(1);
    expect((await listDocs(investor, productId, { kind: 'LEGAL' })).body.items).toEqual([]);

    const got = await call<{ document: Doc; download: Link }>(investor, docPath(productId, document.documentId));
    expect(got.status).toBe(200);
    expect(new Date(got.body.download.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
    const file = await download(got.body.download.url);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(pdf)).toBe(true);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="Q1 report __.pdf"; filename*=UTF-8''Q1%20report%20%E5%AD%A3%E6%8A%A5.pdf`,
    );

    // Re-using the upload URL after the check cannot change what investors get.
    expect((await put(upload, new TextEncoder().encode('%PDF- but not the file that was checked'))).status).toBe(200);
    const later = await call<{ download: Link }>(investor, docPath(productId, document.documentId));
    expect((await download(later.body.download.url)).bytes.equals(pdf)).toBe(true);

    const folders = await call<{ items: Folder[] }>(investor, `/products/${productId}/marketing-documents`);
    expect(folders.body.items).toEqual([{ ...folder, productId, documentCount: 1 }]);

    const audit = (await auditActions(alpine, productId)).filter((e) =>
      /^(PRODUCT_DOCUMENT|MARKETING_FOLDER)_/.test(e.action),
    );
    expect(audit.map((e) => e.action).sort()).toEqual(
      [
        'MARKETING_FOLDER_CREATED',
        'PRODUCT_DOCUMENT_CREATED',
        'PRODUCT_DOCUMENT_READY',
        'PRODUCT_DOCUMENT_DOWNLOADED',
        'PRODUCT_DOCUMENT_DOWNLOADED',
      ].sort(),
    );
    const lpUser = alpine.users.find((u) => u.role === 'LP')!;
    expect(
      audit.filter((e) => e.action === 'PRODUCT_DOCUMENT_DOWNLOADED').every((e) => e.actorId === lpUser.userId),
    ).toBe(true);
  });

  it('REJECTS a file that is not a PDF, and removes it', async () => {
    const productId = await newProduct(alpine, 'DRAFT');
    const member = await as(alpine, 'GP_MEMBER');
    const zipBytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]);
    const created = await createDoc(member, productId, { fileName: 'deck.pdf', size: zipBytes.length });
    expect((await put(created.body.upload, zipBytes)).status).toBe(200);
    const { documentId } = created.body.document;

    const res = await call(member, `${docPath(productId, documentId)}/complete`, { method: 'POST' });
    expect(res.status).toBe(422);
    expect(errorOf(res)).toMatchObject({ code: 'documentRejected', details: { reason: 'NOT_PDF' } });
    expect(await headObject(objectKeys.upload(alpine.tenantId, productId, documentId))).toBeUndefined();
    expect(await headObject(objectKeys.document(alpine.tenantId, productId, documentId))).toBeUndefined();
    expect((await listDocs(member, productId)).body.items.map((d) => d.state)).toEqual(['REJECTED']);
    // Asking again gets the same verdict.
    const again = await call(member, `${docPath(productId, documentId)}/complete`, { method: 'POST' });
    expect(errorOf(again).code).toBe('documentRejected');
    const get = await call(member, docPath(productId, documentId));
    expect(errorOf(get).code).toBe('documentNotReady');
  });

  it('REJECTS a file whose size is not the declared size', async () => {
    const productId = await newProduct(alpine, 'DRAFT');
    const member = await as(alpine, 'GP_MEMBER');
    const pdf = demoPdf('Longer than declared');
    const created = await createDoc(member, productId, { fileName: 'memo.pdf', size: pdf.length - 10 });
    // s3rver does not check signatures; real S3 refuses this PUT already (content-length is signed).
    await put(created.body.upload, pdf);
    const res = await call(member, `${docPath(productId, created.body.document.documentId)}/complete`, {
      method: 'POST',
    });
    expect(res.status).toBe(422);
    expect(errorOf(res)).toMatchObject({ code: 'documentRejected', details: { reason: 'SIZE_MISMATCH' } });
  });

  it('refuses a declared size over the limit, naming the field', async () => {
    const productId = await newProduct(alpine, 'DRAFT');
    const res = await createDoc(await as(alpine, 'GP_MEMBER'), productId, {
      fileName: 'big.pdf',
      size: 50 * 1024 * 1024 + 1,
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).details?.fields?.map((f) => f.field)).toEqual(['body.size']);
  });

  it("answers 404 to another tenant's investor and GP, and never shows the document", async () => {
    const productId = await newProduct(alpine, 'PUBLISHED');
    const { doc } = await readyDoc(await as(alpine, 'GP_ADMIN'), productId, 'private.pdf');
    for (const role of ['LP', 'GP_OWNER'] as const) {
      const foreign = await as(beacon, role);
      for (const path of [docPath(productId, doc.documentId), docsPath(productId)]) {
        const res = await call(foreign, path);
        expect(res.status).toBe(404);
        expect(errorOf(res).code).toBe('productIsNotExist');
        expect(JSON.stringify(res.body)).not.toContain(doc.documentId);
      }
    }
    // The seeded product of the other tenant does not hold it either.
    const own = await call(await as(beacon, 'LP'), docPath(beacon.productIds[0]!, doc.documentId));
    expect([own.status, errorOf(own).code]).toEqual([404, 'FILE_NOT_EXIST']);
  });

  it("hides a DRAFT product's documents, folders and contract from investors", async () => {
    const productId = await newProduct(alpine, 'DRAFT');
    const member = await as(alpine, 'GP_MEMBER');
    const folder = await newFolder(member, productId, 'Draft folder');
    const { doc } = await readyDoc(member, productId, 'draft.pdf', { folderId: folder.folderId });
    const investor = await as(alpine, 'LP');
    for (const path of [
      docsPath(productId),
      docPath(productId, doc.documentId),
      `/products/${productId}/marketing-documents`,
      `/products/${productId}/marketing-documents/${folder.folderId}/zip`,
      `/product/${productId}/contract`,
    ]) {
      const res = await call(investor, path);
      expect([res.status, errorOf(res).code], path).toEqual([404, 'productIsNotExist']);
    }
    expect((await listDocs(member, productId)).body.items.map((d) => d.documentId)).toEqual([doc.documentId]);
  });

  it('updates title, kind and folder with optimistic concurrency', async () => {
    const productId = await newProduct(alpine, 'DRAFT');
    const member = await as(alpine, 'GP_MEMBER');
    const folder = await newFolder(member, productId, 'Decks');
    const { doc } = await readyDoc(member, productId, 'deck.pdf');
    const path = docPath(productId, doc.documentId);
    const body = { kind: 'OFFERING', title: { en: 'Offering deck' }, folderId: folder.folderId, version: doc.version };

    const updated = await call<Doc>(member, path, { method: 'PUT', body });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ kind: 'OFFERING', title: { en: 'Offering deck' }, folderId: folder.folderId });
    expect(updated.body.version).toBe(doc.version + 1);

    const stale = await call(member, path, { method: 'PUT', body: { ...body, title: { en: 'Lost edit' } } });
    expect([stale.status, errorOf(stale).code]).toEqual([409, 'VERSION_CONFLICT']);

    const nowhere = await call(member, path, {
      method: 'PUT',
      body: { ...body, folderId: beacon.productDocuments.folderId, version: updated.body.version },
    });
    expect(nowhere.status).toBe(404);
    expect(errorOf(nowhere)).toMatchObject({
      code: 'FILE_NOT_EXIST',
      details: { fields: [{ field: 'body.folderId' }] },
    });

    const audit = await auditActions(alpine, productId);
    expect(audit.find((e) => e.action === 'PRODUCT_DOCUMENT_UPDATED')?.data).toEqual({
      documentId: doc.documentId,
      // The title it has after the change, so the history names the document without reading it.
      title: { en: 'Offering deck' },
      changes: {
        kind: { from: 'MARKETING', to: 'OFFERING' },
        title: { from: { en: 'Factsheet' }, to: { en: 'Offering deck' } },
        folderId: { from: null, to: folder.folderId },
      },
    });
  });

  it('deletes the record and its file', async () => {
    const productId = await newProduct(alpine, 'DRAFT');
    const member = await as(alpine, 'GP_MEMBER');
    const { doc } = await readyDoc(member, productId, 'gone.pdf');
    const objectKey = objectKeys.document(alpine.tenantId, productId, doc.documentId);
    expect(await headObject(objectKey)).toBeDefined();

    const res = await call(member, docPath(productId, doc.documentId), { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await headObject(objectKey)).toBeUndefined();
    const after = await call(member, docPath(productId, doc.documentId));
    expect(errorOf(after).code).toBe('FILE_NOT_EXIST');
    expect((await auditActions(alpine, productId)).map((e) => e.action)).toContain('PRODUCT_DOCUMENT_DELETED');
  });

  it('lets members edit drafts only, and nobody edit closed products', async () => {
    const published = await newProduct(alpine, 'PUBLISHED');
    const closed = await newProduct(alpine, 'CLOSED');
    const member = await as(alpine, 'GP_MEMBER');
    const owner = await as(alpine, 'GP_OWNER');
    const body = { fileName: 'x.pdf', size: 100 };
    for (const [caller, productId] of [
      [member, published],
      [owner, closed],
    ] as const) {
      const doc = await createDoc(caller, productId, body);
      expect([doc.status, errorOf(doc).code]).toEqual([409, 'productNotEditable']);
      const folder = await call(caller, `/gp/products/${productId}/marketing-folders`, {
        method: 'POST',
        body: { name: { en: 'F' } },
      });
      expect(errorOf(folder).code).toBe('productNotEditable');
    }
    // Closed products stay readable to investors.
    const investor = await as(alpine, 'LP');
    expect((await listDocs(investor, closed)).status).toBe(200);
  });
});

describe('marketing folders', () => {
  it('zips the READY documents of a folder, reuses an unchanged zip, and rebuilds a changed one', async () => {
    const productId = await newProduct(alpine, 'DRAFT');
    const member = await as(alpine, 'GP_MEMBER');
    const folder = await newFolder(member, productId, 'Launch pack');
    const other = await newFolder(member, productId, 'Other');
    const first = await readyDoc(member, productId, 'factsheet.pdf', { folderId: folder.folderId });
    const second = await readyDoc(member, productId, 'Factsheet.pdf', { folderId: folder.folderId });
    await readyDoc(member, productId, 'elsewhere.pdf', { folderId: other.folderId });
    await createDoc(member, productId, { fileName: 'pending.pdf', size: 10, folderId: folder.folderId });

    const zipPath = `/products/${productId}/marketing-documents/${folder.folderId}/zip`;
    const link = await call<Link>(member, zipPath);
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    expect(new Date(link.body.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
    const zip = await download(link.body.url);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-disposition')).toContain('filename="Launch pack.zip"');
    const entries = unzipSync(new Uint8Array(zip.bytes));
    expect(Object.keys(entries)).toEqual(['factsheet.pdf', 'Factsheet (2).pdf']);
    expect(Buffer.from(entries['factsheet.pdf']!).equals(first.pdf)).toBe(true);
    expect(Buffer.from(entries['Factsheet (2).pdf']!).equals(second.pdf)).toBe(true);

    const key = (url: string) => new URL(url).pathname;
    expect(key((await call<Link>(member, zipPath)).body.url)).toBe(key(link.body.url));

    const renamed = await call<Doc>(member, docPath(productId, second.doc.documentId), {
      method: 'PUT',
      body: { kind: 'MARKETING', title: { en: 'Renamed' }, folderId: folder.folderId, version: second.doc.version },
    });
    expect(renamed.status).toBe(200);
    expect(key((await call<Link>(member, zipPath)).body.url)).not.toBe(key(link.body.url));

    const list = await call<{ items: Folder[] }>(member, `/products/${productId}/marketing-documents`);
    expect(list.body.items.map((f) => [f.name.en, f.documentCount])).toEqual([
      ['Launch pack', 2],
      ['Other', 1],
    ]);
  });

  it('answers FILE_NOT_EXIST for a folder with no READY document', async () => {
    const productId = await newProduct(alpine, 'DRAFT');
    const member = await as(alpine, 'GP_MEMBER');
    const folder = await newFolder(member, productId, 'Empty');
    const res = await call(member, `/products/${productId}/marketing-documents/${folder.folderId}/zip`);
    expect(res.status).toBe(404);
    expect(errorOf(res)).toMatchObject({ code: 'FILE_NOT_EXIST', details: { reason: 'FOLDER_EMPTY' } });
  });

  it('renames with optimistic concurrency and deletes only empty folders', async () => {
    const productId = await newProduct(alpine, 'DRAFT');
    const member = await as(alpine, 'GP_MEMBER');
    const folder = await newFolder(member, productId, 'Decks');
    const path = `/gp/products/${productId}/marketing-folders/${folder.folderId}`;

    const renamed = await call<Folder>(member, path, {
      method: 'PUT',
      body: { name: { en: 'Pitch decks' }, version: 1 },
    });
    expect(renamed.body).toMatchObject({ name: { en: 'Pitch decks' }, version: 2, documentCount: 0 });
    const stale = await call(member, path, { method: 'PUT', body: { name: { en: 'Lost' }, version: 1 } });
    expect([stale.status, errorOf(stale).code]).toEqual([409, 'VERSION_CONFLICT']);

    // An UPLOADING document keeps the folder from being deleted too.
    const pending = await createDoc(member, productId, { fileName: 'p.pdf', size: 10, folderId: folder.folderId });
    const refused = await call(member, path, { method: 'DELETE' });
    expect([refused.status, errorOf(refused).code]).toEqual([409, 'folderNotEmpty']);

    const moved = await call(member, docPath(productId, pending.body.document.documentId), {
      method: 'PUT',
      body: { kind: 'MARKETING', title: { en: 'Factsheet' }, version: 1 },
    });
    expect(moved.status).toBe(200);
    expect((await call(member, path, { method: 'DELETE' })).status).toBe(200);
    expect((await call<{ items: Folder[] }>(member, `/products/${productId}/marketing-documents`)).body.items).toEqual(
      [],
    );
    const gone = await call(member, path, { method: 'DELETE' });
    expect([gone.status, errorOf(gone).code]).toEqual([404, 'FILE_NOT_EXIST']);
    const actions = (await auditActions(alpine, productId)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['MARKETING_FOLDER_RENAMED', 'MARKETING_FOLDER_DELETED']));
  });

  it('refuses a document in a folder that does not exist in the product', async () => {
    const productId = await newProduct(alpine, 'DRAFT');
    const otherProduct = await newProduct(alpine, 'DRAFT');
    const member = await as(alpine, 'GP_MEMBER');
    const elsewhere = await newFolder(member, otherProduct, 'Not here');
    const res = await createDoc(member, productId, { fileName: 'a.pdf', size: 10, folderId: elsewhere.folderId });
    expect(res.status).toBe(404);
    expect(errorOf(res)).toMatchObject({ code: 'FILE_NOT_EXIST', details: { fields: [{ field: 'body.folderId' }] } });
    expect((await listDocs(member, productId)).body.items).toEqual([]);
  });
});

describe('product contract', () => {
  const gpContractPath = (productId: string) => `/gp/products/${productId}/contract`;
  const terms = { en: 'You confirm you have read the offering memorandum.' };

  it('is created at version 0, names a READY LEGAL document, and is read by investors once published', async () => {
    const productId = await newProduct(alpine, 'DRAFT');
    const member = await as(alpine, 'GP_MEMBER');
    const investor = await as(alpine, 'LP');
    const none = await call(member, contractPath(productId));
    expect([none.status, errorOf(none).code]).toEqual([404, 'FILE_NOT_EXIST']);

    const legal = (await readyDoc(member, productId, 'agreement.pdf', { kind: 'LEGAL' })).doc;
    const marketing = (await readyDoc(member, productId, 'deck.pdf')).doc;
    const uploading = (await createDoc(member, productId, { kind: 'LEGAL', fileName: 'b.pdf', size: 10 })).body
      .document;
    for (const id of [marketing.documentId, uploading.documentId, beacon.productDocuments.agreementDocumentId]) {
      const res = await call(member, gpContractPath(productId), {
        method: 'PUT',
        body: { terms, agreementDocumentId: id, requiresSignature: true, version: 0 },
      });
      expect(res.status).toBe(404);
      expect(errorOf(res)).toMatchObject({
        code: 'FILE_NOT_EXIST',
        details: { fields: [{ field: 'body.agreementDocumentId' }] },
      });
    }

    const body = { terms, agreementDocumentId: legal.documentId, requiresSignature: true, version: 0 };
    const made = await call(member, gpContractPath(productId), { method: 'PUT', body });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ productId, terms, agreementDocumentId: legal.documentId, version: 1 });
    const twice = await call(member, gpContractPath(productId), { method: 'PUT', body });
    expect([twice.status, errorOf(twice).code]).toEqual([409, 'VERSION_CONFLICT']);

    const changed = await call(member, gpContractPath(productId), {
      method: 'PUT',
      body: { ...body, requiresSignature: false, version: 1 },
    });
    expect(changed.body).toMatchObject({ requiresSignature: false, version: 2 });
    const stale = await call(member, gpContractPath(productId), { method: 'PUT', body: { ...body, version: 1 } });
    expect([stale.status, errorOf(stale).code]).toEqual([409, 'VERSION_CONFLICT']);

    // Investors see it only once the product is in the catalogue.
    expect((await call(investor, contractPath(productId))).status).toBe(404);
    await setState(alpine, productId, 'PUBLISHED');
    const read = await call(investor, contractPath(productId));
    expect(read.status).toBe(200);
    expect(read.body).toEqual(changed.body);

    const audit = (await auditActions(alpine, productId)).map((e) => e.action);
    expect(audit.filter((a) => a.startsWith('PRODUCT_CONTRACT_'))).toEqual([
      'PRODUCT_CONTRACT_CREATED',
      'PRODUCT_CONTRACT_UPDATED',
    ]);
  });

  it('keeps its agreement: the document cannot be deleted or made non-LEGAL while named', async () => {
    const productId = await newProduct(alpine, 'DRAFT');
    const member = await as(alpine, 'GP_MEMBER');
    const legal = (await readyDoc(member, productId, 'agreement.pdf', { kind: 'LEGAL' })).doc;
    const body = { terms, agreementDocumentId: legal.documentId, requiresSignature: true, version: 0 };
    expect((await call(member, gpContractPath(productId), { method: 'PUT', body })).status).toBe(200);

    const del = await call(member, docPath(productId, legal.documentId), { method: 'DELETE' });
    expect([del.status, errorOf(del).code]).toEqual([409, 'documentInUse']);
    const rekind = await call(member, docPath(productId, legal.documentId), {
      method: 'PUT',
      body: { kind: 'OTHER', title: legal.title, version: legal.version },
    });
    expect([rekind.status, errorOf(rekind).code]).toEqual([409, 'documentInUse']);

    const { agreementDocumentId: _, ...withoutAgreement } = body;
    expect(
      (await call(member, gpContractPath(productId), { method: 'PUT', body: { ...withoutAgreement, version: 1 } }))
        .status,
    ).toBe(200);
    expect((await call(member, docPath(productId, legal.documentId), { method: 'DELETE' })).status).toBe(200);
  });

  it('lets members set it on drafts only', async () => {
    const productId = await newProduct(alpine, 'PUBLISHED');
    const res = await call(await as(alpine, 'GP_MEMBER'), gpContractPath(productId), {
      method: 'PUT',
      body: { terms, requiresSignature: false, version: 0 },
    });
    expect([res.status, errorOf(res).code]).toEqual([409, 'productNotEditable']);
    const admin = await call(await as(alpine, 'GP_ADMIN'), gpContractPath(productId), {
      method: 'PUT',
      body: { terms, requiresSignature: false, version: 0 },
    });
    expect(admin.status).toBe(200);
  });
});

describe('the seeded documents', () => {
  it('give every demo tenant a READY document, a folder and a contract investors can read', async () => {
    for (const tenant of [alpine, beacon]) {
      const investor = await as(tenant, 'LP');
      const productId = tenant.productIds[0]!;
      const contract = await call<{ agreementDocumentId: string }>(investor, contractPath(productId));
      expect(contract.body.agreementDocumentId).toBe(tenant.productDocuments.agreementDocumentId);
      const got = await call<{ download: Link }>(investor, docPath(productId, tenant.productDocuments.documentId));
      const file = await download(got.body.download.url);
      expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  });
});
