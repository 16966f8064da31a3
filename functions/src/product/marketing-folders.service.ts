import type { Role } from '@tranche/shared/auth/roles';
import type { LocalizedText } from '@tranche/shared/common.schema';
import type { Lang } from '@tranche/shared/i18n/langs';
import type { Actor } from '#lib/audit';
import { headObject, openObject, presignDownload, uploadStream } from '#lib/aws/s3';
import { clock } from '#lib/clock';
import { tableName } from '#lib/db/client';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { objectKeys } from './document-object-keys.js';
import {
  auditRead,
  commitProductChange,
  type DocumentItem,
  type FolderItem,
  folderOr404,
  listDocumentItems,
  listFolderItems,
  newProductItem,
  type ProductAccess,
  productForEditing,
  productForReading,
  productStateUnchanged,
} from './documents.repo.js';
import { zipHash, zipStream } from './folder-zip.js';
import { changesOf } from './product.items.js';

/**
 * Marketing-document folders of a product, and their zip download. Documents name their folder;
 * the folder keeps a count of them (any state) so that deleting a non-empty folder is refused in
 * the same transaction that would delete it.
 */

/** A zip is built within one API request: beyond this much input it would not finish in time. */
export const MAX_ZIP_INPUT_BYTES = 512 * 1024 * 1024;
/** Archives expire from the bucket after 7 days (lifecycle on `derived/`); reuse only younger ones. */
export const ZIP_REUSE_MS = 6 * 24 * 60 * 60 * 1000;

const readyIn = (docs: DocumentItem[], folderId: string) =>
  docs.filter((d) => d.folderId === folderId && d.state === 'READY');

const toFolder = (folder: FolderItem, docs: DocumentItem[]) => ({
  folderId: folder.folderId,
  productId: folder.productId,
  name: folder.name,
  version: folder.version,
  documentCount: readyIn(docs, folder.folderId).length,
});

export const listFolders = async (tenantId: string, role: Role, productId: string) => {
  const product = await productForReading(tenantId, productId, role);
  const [folders, docs] = await Promise.all([listFolderItems(product), listDocumentItems(product)]);
  return { items: folders.map((f) => toFolder(f, docs)) };
};

export const createFolder = async (actor: Actor, role: Role, productId: string, name: LocalizedText) => {
  const product = await productForEditing(actor.tenantId, productId, role);
  const folder: FolderItem = { folderId: newId(), productId, name, version: 1, memberCount: 0 };
  await commitProductChange(
    product,
    actor,
    [
      newProductItem(
        keys.marketingFolder(actor.tenantId, productId, folder.folderId),
        'MARKETING_FOLDER',
        actor,
        folder,
      ),
      productStateUnchanged(product),
    ],
    'MARKETING_FOLDER_CREATED',
    { folderId: folder.folderId, name },
  );
  return toFolder(folder, []);
};

export const renameFolder = async (
  actor: Actor,
  role: Role,
  productId: string,
  folderId: string,
  input: { name: LocalizedText; version: number },
) => {
  const product = await productForEditing(actor.tenantId, productId, role);
  const folder = await folderOr404(product, folderId);
  if (folder.version !== input.version) throw new DomainError('VERSION_CONFLICT');
  const changes = changesOf(folder, { ...folder, name: input.name }, ['name']);
  let current = folder;
  if (Object.keys(changes).length > 0) {
    await commitProductChange(
      product,
      actor,
      [
        {
          item: {
            Update: {
              TableName: tableName(),
              Key: keys.marketingFolder(product.tenantId, productId, folderId),
              UpdateExpression: 'SET #name = :name, #version = :next, updatedAt = :at, updatedBy = :by',
              ConditionExpression: '#version = :seen',
              ExpressionAttributeNames: { '#name': 'name', '#version': 'version' },
              ExpressionAttributeValues: {
                ':name': input.name,
                ':seen': folder.version,
                ':next': folder.version + 1,
                ':at': actor.at,
                ':by': actor.userId,
              },
            },
          },
          refusal: 'VERSION_CONFLICT',
        },
        productStateUnchanged(product),
      ],
      'MARKETING_FOLDER_RENAMED',
      { folderId, changes },
    );
    current = { ...folder, name: input.name, version: folder.version + 1 };
  }
  return toFolder(current, await listDocumentItems(product));
};

export const deleteFolder = async (actor: Actor, role: Role, productId: string, folderId: string) => {
  const product = await productForEditing(actor.tenantId, productId, role);
  const folder = await folderOr404(product, folderId);
  if ((folder.memberCount ?? 0) > 0) throw new DomainError('folderNotEmpty');
  await commitProductChange(
    product,
    actor,
    [
      {
        item: {
          Delete: {
            TableName: tableName(),
            Key: keys.marketingFolder(product.tenantId, productId, folderId),
            // A document filed meanwhile raised the count: the delete loses, never the document.
            ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(memberCount) OR memberCount = :zero)',
            ExpressionAttributeValues: { ':zero': 0 },
          },
        },
        refusal: 'folderNotEmpty',
      },
      productStateUnchanged(product),
    ],
    'MARKETING_FOLDER_DELETED',
    { folderId, name: folder.name },
  );
  return { ok: true as const };
};

/** A name for the downloaded archive: the folder's name in the reader's language, safe as a file name. */
const archiveName = (name: LocalizedText, lang: Lang) =>
  `${(name[lang] ?? name.en).replace(/[\p{Cc}/\\:*?"<>|]+/gu, '_').trim() || 'documents'}.zip`;

const buildZip = async (key: string, docs: DocumentItem[]) => {
  const body = zipStream(docs.map((d) => ({ ...d, open: () => openObject(d.objectKey) })));
  await uploadStream(key, body, 'application/zip').catch((error: unknown) => {
    body.destroy();
    throw error;
  });
};

/**
 * A signed link to a zip of the folder's READY documents, built once per folder content: the
 * archive's key is a hash of the documents' ids and versions, so an unchanged folder reuses it.
 * An empty folder has nothing to download: FILE_NOT_EXIST (docs/decisions.md).
 */
export const folderZipLink = async (actor: Actor, role: Role, lang: Lang, productId: string, folderId: string) => {
  const product: ProductAccess = await productForReading(actor.tenantId, productId, role);
  const folder = await folderOr404(product, folderId);
  const docs = readyIn(await listDocumentItems(product), folderId);
  if (docs.length === 0) throw new DomainError('FILE_NOT_EXIST', { reason: 'FOLDER_EMPTY' });
  const total = docs.reduce((sum, d) => sum + d.size, 0);
  if (total > MAX_ZIP_INPUT_BYTES) throw new DomainError('folderTooLargeToZip', { bytes: total });

  const key = objectKeys.folderZip(product.tenantId, productId, folderId, zipHash(folderId, docs));
  const existing = await headObject(key);
  const fresh = existing?.lastModified && clock.now().getTime() - existing.lastModified.getTime() < ZIP_REUSE_MS;
  if (!fresh) await buildZip(key, docs);

  const link = await presignDownload(key, { fileName: archiveName(folder.name, lang), contentType: 'application/zip' });
  await auditRead(product, actor, 'MARKETING_FOLDER_DOWNLOADED', {
    folderId,
    name: folder.name,
    documents: docs.map((d) => ({ documentId: d.documentId, version: d.version })),
  });
  return link;
};
