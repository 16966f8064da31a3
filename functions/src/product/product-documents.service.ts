import { isGp, type Role } from '@tranche/shared/auth/roles';
import type { ProductDocumentKind } from '@tranche/shared/enums';
import { MAX_PRODUCT_DOCUMENT_BYTES, type ProductDocument } from '@tranche/shared/product/product.schema';
import type { Actor } from '#lib/audit';
import { copyObject, deleteObjects, headObject, presignDownload, presignUpload, readFirstBytes } from '#lib/aws/s3';
import { tableName } from '#lib/db/client';
import type { Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { logger } from '#lib/logger';
import { objectKeys } from './document-object-keys.js';
import {
  auditRead,
  commitProductChange,
  type DocumentItem,
  documentOr404,
  folderMembers,
  folderOr404,
  getDocumentItem,
  getFolderItem,
  listDocumentItems,
  missingReference,
  newProductItem,
  notTheAgreement,
  type ProductAccess,
  productForEditing,
  productForReading,
  productStateUnchanged,
  toDocument,
} from './documents.repo.js';
import { changesOf } from './product.items.js';

/**
 * A product's documents. A GP registers a PDF (UPLOADING) and gets a presigned PUT; after the
 * upload, "complete" checks the object itself (size against the declared size and the limit,
 * the %PDF- signature) and makes the document READY, or REJECTED. Investors only ever see READY
 * documents of catalogue products; every download link is short-lived and audited.
 */

const PDF_SIGNATURE = Buffer.from('%PDF-', 'latin1');

/** Whether the first bytes of a file are the PDF header (at offset 0: no junk or polyglot prefix). */
export const looksLikePdf = (firstBytes: Uint8Array): boolean =>
  firstBytes.length >= PDF_SIGNATURE.length && Buffer.from(firstBytes.subarray(0, 5)).equals(PDF_SIGNATURE);

export type RejectionReason = 'TOO_LARGE' | 'SIZE_MISMATCH' | 'NOT_PDF';

/** Why an uploaded object of `actual` bytes cannot stand for a document declared at `declared` bytes. */
export const sizeProblem = (declared: number, actual: number): RejectionReason | undefined => {
  if (actual > MAX_PRODUCT_DOCUMENT_BYTES) return 'TOO_LARGE';
  if (actual !== declared) return 'SIZE_MISMATCH';
  return undefined;
};

const visibleTo = (role: Role) => (doc: DocumentItem) => isGp(role) || doc.state === 'READY';

export const listDocuments = async (
  tenantId: string,
  role: Role,
  productId: string,
  filter: { kind?: ProductDocumentKind | undefined; folderId?: string | undefined },
) => {
  const product = await productForReading(tenantId, productId, role);
  if (filter.folderId) await folderOr404(product, filter.folderId);
  const docs = await listDocumentItems(product);
  return {
    items: docs
      .filter(visibleTo(role))
      .filter((d) => (!filter.kind || d.kind === filter.kind) && (!filter.folderId || d.folderId === filter.folderId))
      .map(toDocument),
  };
};

/** A READY document with a signed download link; investors learn nothing of documents not yet READY. */
export const documentWithLink = async (actor: Actor, role: Role, productId: string, documentId: string) => {
  const product = await productForReading(actor.tenantId, productId, role);
  const doc = await documentOr404(product, documentId);
  if (doc.state !== 'READY') throw new DomainError(isGp(role) ? 'documentNotReady' : 'FILE_NOT_EXIST');
  const download = await presignDownload(doc.objectKey, { fileName: doc.fileName, contentType: doc.contentType });
  await auditRead(product, actor, 'PRODUCT_DOCUMENT_DOWNLOADED', {
    documentId,
    title: doc.title,
    version: doc.version,
  });
  return { document: toDocument(doc), download };
};

const requireFolder = async (product: ProductAccess, folderId: string | undefined) => {
  if (folderId && !(await getFolderItem(product, folderId))) throw missingReference('body.folderId', 'folder');
};

export const createDocument = async (
  actor: Actor,
  role: Role,
  productId: string,
  input: Pick<ProductDocument, 'kind' | 'title' | 'folderId' | 'fileName' | 'contentType' | 'size'>,
) => {
  const product = await productForEditing(actor.tenantId, productId, role);
  await requireFolder(product, input.folderId);
  const documentId = newId();
  const doc: DocumentItem = {
    documentId,
    productId,
    kind: input.kind,
    title: input.title,
    ...(input.folderId ? { folderId: input.folderId } : {}),
    fileName: input.fileName,
    contentType: input.contentType,
    size: input.size,
    state: 'UPLOADING',
    version: 1,
    uploadedAt: actor.at,
    objectKey: objectKeys.document(actor.tenantId, productId, documentId),
    uploadKey: objectKeys.upload(actor.tenantId, productId, documentId),
  };
  await commitProductChange(
    product,
    actor,
    [
      newProductItem(keys.productDocument(actor.tenantId, productId, documentId), 'PRODUCT_DOCUMENT', actor, doc),
      ...(input.folderId ? [folderMembers(product, input.folderId, 1, 'body.folderId')] : []),
      productStateUnchanged(product),
    ],
    'PRODUCT_DOCUMENT_CREATED',
    {
      documentId,
      kind: doc.kind,
      title: doc.title,
      folderId: doc.folderId ?? null,
      fileName: doc.fileName,
      size: doc.size,
    },
  );
  const upload = await presignUpload(doc.uploadKey, { contentType: doc.contentType, size: doc.size });
  return { document: toDocument(doc), upload };
};

/** Moves an UPLOADING document to its verdict, if nobody got there first. */
const settle = (
  product: ProductAccess,
  actor: Actor,
  doc: DocumentItem,
  verdict: 'READY' | 'REJECTED',
  reason?: string,
) =>
  commitProductChange(
    product,
    actor,
    [
      {
        item: {
          Update: {
            TableName: tableName(),
            Key: keys.productDocument(product.tenantId, product.productId, doc.documentId),
            UpdateExpression: `SET #state = :state, #version = :next, uploadedAt = :at, updatedAt = :at${reason ? ', rejectedReason = :reason' : ''}`,
            ConditionExpression: '#state = :uploading AND #version = :seen',
            ExpressionAttributeNames: { '#state': 'state', '#version': 'version' },
            ExpressionAttributeValues: {
              ':state': verdict,
              ':uploading': 'UPLOADING',
              ':seen': doc.version,
              ':next': doc.version + 1,
              ':at': actor.at,
              ...(reason ? { ':reason': reason } : {}),
            },
          },
        },
      },
      productStateUnchanged(product),
    ],
    verdict === 'READY' ? 'PRODUCT_DOCUMENT_READY' : 'PRODUCT_DOCUMENT_REJECTED',
    {
      documentId: doc.documentId,
      // Names travel with the record, so the history reads "‘Factsheet’ is ready" even after a rename or delete.
      title: doc.title,
      ...(reason ? { reason } : {}),
    },
  );

const rejected = (reason: string | undefined) => new DomainError('documentRejected', reason ? { reason } : undefined);

/** What complete answers for a document already settled (a repeated or concurrent call). */
const settled = (doc: DocumentItem): ProductDocument => {
  if (doc.state === 'REJECTED') throw rejected(doc.rejectedReason);
  return toDocument(doc);
};

const removeQuietly = async (objectKeysToDelete: string[]) => {
  // The record is already right; a leftover object is unreachable and the bucket's lifecycle or a
  // later delete removes it. Failing the request now would only make the caller retry a done change.
  await deleteObjects(objectKeysToDelete).catch((error: unknown) =>
    logger.error('could not delete objects', { error: error as Error, keys: objectKeysToDelete }),
  );
};

export const completeDocument = async (
  actor: Actor,
  role: Role,
  productId: string,
  documentId: string,
): Promise<ProductDocument> => {
  const product = await productForEditing(actor.tenantId, productId, role);
  const doc = await documentOr404(product, documentId);
  if (doc.state !== 'UPLOADING') return settled(doc);
  const head = await headObject(doc.uploadKey);
  if (!head) throw new DomainError('FILE_NOT_EXIST', { reason: 'NOT_UPLOADED' });
  let reason = sizeProblem(doc.size, head.size);
  if (!reason) {
    const first =
      head.size < PDF_SIGNATURE.length ? new Uint8Array() : await readFirstBytes(doc.uploadKey, 5, head.etag);
    if (!looksLikePdf(first)) reason = 'NOT_PDF';
  }
  try {
    if (reason) {
      await settle(product, actor, doc, 'REJECTED', reason);
      await removeQuietly([doc.uploadKey]);
      throw rejected(reason);
    }
    // Only the checked version is copied (If-Match), to a key no upload URL points at: re-using the
    // upload URL afterwards cannot change what investors download.
    await copyObject(doc.uploadKey, doc.objectKey, { etag: head.etag, contentType: doc.contentType });
    await settle(product, actor, doc, 'READY');
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'VERSION_CONFLICT') throw error;
    const now = await getDocumentItem(product, documentId);
    if (!now || now.state === 'UPLOADING') throw error;
    return settled(now);
  }
  await removeQuietly([doc.uploadKey]);
  return toDocument({ ...doc, state: 'READY', version: doc.version + 1, uploadedAt: actor.at });
};

export const updateDocument = async (
  actor: Actor,
  role: Role,
  productId: string,
  documentId: string,
  input: Pick<ProductDocument, 'kind' | 'title' | 'folderId' | 'version'>,
): Promise<ProductDocument> => {
  const product = await productForEditing(actor.tenantId, productId, role);
  const doc = await documentOr404(product, documentId);
  if (doc.version !== input.version) throw new DomainError('VERSION_CONFLICT');
  const next = { kind: input.kind, title: input.title, folderId: input.folderId };
  const changes = changesOf({ kind: doc.kind, title: doc.title, folderId: doc.folderId }, next, [
    'kind',
    'title',
    'folderId',
  ]);
  if (Object.keys(changes).length === 0) return toDocument(doc);
  const moved = doc.folderId !== next.folderId;
  if (moved) await requireFolder(product, next.folderId);

  const steps: Step[] = [
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.productDocument(product.tenantId, product.productId, documentId),
          UpdateExpression: `SET #kind = :kind, #title = :title, #version = :next, updatedAt = :at, updatedBy = :by${
            next.folderId ? ', #folderId = :folderId' : ' REMOVE #folderId'
          }`,
          ConditionExpression: '#version = :seen',
          ExpressionAttributeNames: {
            '#kind': 'kind',
            '#title': 'title',
            '#version': 'version',
            '#folderId': 'folderId',
          },
          ExpressionAttributeValues: {
            ':kind': next.kind,
            ':title': next.title,
            ':seen': doc.version,
            ':next': doc.version + 1,
            ':at': actor.at,
            ':by': actor.userId,
            ...(next.folderId ? { ':folderId': next.folderId } : {}),
          },
        },
      },
      refusal: 'VERSION_CONFLICT',
    },
  ];
  if (moved && doc.folderId) steps.push(folderMembers(product, doc.folderId, -1, 'body.folderId'));
  if (moved && next.folderId) steps.push(folderMembers(product, next.folderId, 1, 'body.folderId'));
  // The subscription agreement must stay a LEGAL document (product-contract.service.ts).
  if (doc.kind === 'LEGAL' && next.kind !== 'LEGAL') steps.push(notTheAgreement(product, documentId));
  steps.push(productStateUnchanged(product));
  await commitProductChange(product, actor, steps, 'PRODUCT_DOCUMENT_UPDATED', {
    documentId,
    title: next.title,
    changes,
  });
  const { folderId: _old, ...rest } = doc;
  return toDocument({ ...rest, ...next, version: doc.version + 1 });
};

export const deleteDocument = async (actor: Actor, role: Role, productId: string, documentId: string) => {
  const product = await productForEditing(actor.tenantId, productId, role);
  const doc = await documentOr404(product, documentId);
  await commitProductChange(
    product,
    actor,
    [
      {
        item: {
          Delete: {
            TableName: tableName(),
            Key: keys.productDocument(product.tenantId, product.productId, documentId),
            ConditionExpression: 'attribute_exists(PK)',
          },
        },
        refusal: 'FILE_NOT_EXIST',
      },
      ...(doc.folderId ? [folderMembers(product, doc.folderId, -1, 'documentId')] : []),
      notTheAgreement(product, documentId),
      productStateUnchanged(product),
    ],
    'PRODUCT_DOCUMENT_DELETED',
    {
      documentId,
      kind: doc.kind,
      title: doc.title,
      fileName: doc.fileName,
      state: doc.state,
      folderId: doc.folderId ?? null,
    },
  );
  await removeQuietly([doc.objectKey, doc.uploadKey]);
  return { ok: true as const };
};
