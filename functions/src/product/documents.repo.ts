import { isGp, type Role } from '@tranche/shared/auth/roles';
import type { LocalizedText } from '@tranche/shared/common.schema';
import type { ProductState } from '@tranche/shared/enums';
import type { EventName, EventPayload } from '@tranche/shared/events/catalogue';
import type { ProductDocument } from '@tranche/shared/product/product.schema';
import { assertProductEditable, isCatalogueState } from '@tranche/shared/product/product-state';
import type { Actor } from '#lib/audit';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { commit, event, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { DomainError } from '#lib/errors';
import { productOr404 } from './product.repo.js';

/**
 * Storage of a product's documents, marketing folders and contract: items in the product's own
 * partition (keys.ts, pattern 17), audited there in the same transaction as each change, and
 * their files in the data-room bucket under keys derived from ids only (never from user input).
 */

export interface DocumentItem extends ProductDocument {
  /** Where the checked file lives once READY; no upload URL ever points here. */
  objectKey: string;
  /** Where the presigned PUT lands; checked, then copied to `objectKey` and removed. */
  uploadKey: string;
  rejectedReason?: string;
}

export interface FolderItem {
  folderId: string;
  productId: string;
  name: LocalizedText;
  version: number;
  /** Documents in the folder in any state: a folder is deleted only at zero (folderNotEmpty). */
  memberCount: number;
}

export interface ContractItem {
  productId: string;
  terms: LocalizedText;
  agreementDocumentId?: string;
  requiresSignature: boolean;
  version: number;
  updatedAt: string;
}

// ---- Products (read only: product.repo.ts owns them)

export interface ProductAccess {
  tenantId: string;
  productId: string;
  state: ProductState;
  pk: string;
}

const accessTo = async (tenantId: string, productId: string): Promise<ProductAccess> => {
  const { state } = await productOr404(tenantId, productId, true);
  return { tenantId, productId, state, pk: keys.productPk(tenantId, productId) };
};

/** A product the caller may read: investors only see catalogue products (published or closed). */
export const productForReading = async (tenantId: string, productId: string, role: Role) => {
  const product = await accessTo(tenantId, productId);
  if (!isGp(role) && !isCatalogueState(product.state)) throw new DomainError('productIsNotExist');
  return product;
};

/** A product whose content the caller may change now (product-state.ts: canEditProduct). */
export const productForEditing = async (tenantId: string, productId: string, role: Role) => {
  const product = await accessTo(tenantId, productId);
  assertProductEditable(product.state, role);
  return product;
};

// ---- Reads

const stripKeys = <T>(item: Record<string, unknown>): T => {
  const { PK: _pk, SK: _sk, type: _type, tenantId: _tid, ...rest } = item;
  return rest as T;
};

const getItem = async <T>(key: { PK: string; SK: string }): Promise<T | undefined> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item ? stripKeys<T>(Item) : undefined;
};

/** Every item of a product partition under one SK prefix (all pages: a product has tens, not thousands). */
const queryPrefix = async <T>(pk: string, prefix: string): Promise<T[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
      ConsistentRead: true,
    })
  ).map((item) => stripKeys<T>(item));

export const getDocumentItem = (p: ProductAccess, documentId: string) =>
  getItem<DocumentItem>(keys.productDocument(p.tenantId, p.productId, documentId));
export const getFolderItem = (p: ProductAccess, folderId: string) =>
  getItem<FolderItem>(keys.marketingFolder(p.tenantId, p.productId, folderId));
export const getContractItem = (p: ProductAccess) =>
  getItem<ContractItem>(keys.productContract(p.tenantId, p.productId));

/** A product's documents, oldest first (ids are ULIDs). */
export const listDocumentItems = (p: ProductAccess) => queryPrefix<DocumentItem>(p.pk, keys.productDocumentPrefix);
export const listFolderItems = (p: ProductAccess) => queryPrefix<FolderItem>(p.pk, keys.marketingFolderPrefix);

/** `FILE_NOT_EXIST` naming the body field that referred to nothing. */
export const missingReference = (field: string, what: string): DomainError =>
  new DomainError('FILE_NOT_EXIST', {
    fields: [{ field, rule: 'not_found', message: `No such ${what} in this product` }],
  });

export const documentOr404 = async (p: ProductAccess, documentId: string): Promise<DocumentItem> => {
  const doc = await getDocumentItem(p, documentId);
  if (!doc) throw new DomainError('FILE_NOT_EXIST');
  return doc;
};

export const folderOr404 = async (p: ProductAccess, folderId: string): Promise<FolderItem> => {
  const folder = await getFolderItem(p, folderId);
  if (!folder) throw new DomainError('FILE_NOT_EXIST');
  return folder;
};

// ---- Wire shapes

export const toDocument = (d: DocumentItem): ProductDocument => ({
  documentId: d.documentId,
  productId: d.productId,
  kind: d.kind,
  title: d.title,
  ...(d.folderId ? { folderId: d.folderId } : {}),
  fileName: d.fileName,
  contentType: d.contentType,
  size: d.size,
  state: d.state,
  version: d.version,
  uploadedAt: d.uploadedAt,
});

export const toContract = (c: ContractItem) => ({
  productId: c.productId,
  terms: c.terms,
  ...(c.agreementDocumentId ? { agreementDocumentId: c.agreementDocumentId } : {}),
  requiresSignature: c.requiresSignature,
  version: c.version,
  updatedAt: c.updatedAt,
});

// ---- Writes: one transaction per change, with its audit event and the conditions that keep it true

/**
 * The product is still in the state the edit rule was checked against (a publish in between is a
 * conflict). Only the state: unlike product.repo's `productUnchanged` (its `rev`), edits of the
 * product's content or share classes do not contend with its documents.
 */
export const productStateUnchanged = (p: ProductAccess): Step => ({
  item: {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.product(p.tenantId, p.productId),
      ConditionExpression: '#state = :state',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':state': p.state },
    },
  },
  refusal: 'VERSION_CONFLICT',
});

/** Creates an item in the product's partition (a document, a folder), stamped with who and when. */
export const newProductItem = (
  key: { PK: string; SK: string },
  type: 'PRODUCT_DOCUMENT' | 'MARKETING_FOLDER',
  actor: Actor,
  fields: object,
): Step => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: { ...key, type, tenantId: actor.tenantId, ...fields, createdAt: actor.at, createdBy: actor.userId },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  },
});

/** Commits a change in the product's partition (documents, folders, the contract) with its event. */
export const commitProductChange = <N extends EventName>(
  p: ProductAccess,
  actor: Actor,
  steps: readonly Step[],
  name: N,
  payload: EventPayload<N>,
): Promise<void> => commit(actor, { steps, events: [event(name, p.productId, payload)], result: undefined });

/** Records a read (a download link handed out): nothing changes but the audit trail and its event. */
export const auditRead = <N extends EventName>(
  p: ProductAccess,
  actor: Actor,
  name: N,
  payload: EventPayload<N>,
): Promise<void> => commitProductChange(p, actor, [], name, payload);

/** Moves a folder's member count; the folder must exist (a document never points at a missing folder). */
export const folderMembers = (p: ProductAccess, folderId: string, delta: 1 | -1, field: string): Step => ({
  item: {
    Update: {
      TableName: tableName(),
      Key: keys.marketingFolder(p.tenantId, p.productId, folderId),
      UpdateExpression: 'ADD memberCount :d',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':d': delta },
    },
  },
  refusal: () => missingReference(field, 'folder'),
});

/** The contract does not name this document as its agreement (or there is no contract). */
export const notTheAgreement = (p: ProductAccess, documentId: string): Step => ({
  item: {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.productContract(p.tenantId, p.productId),
      ConditionExpression:
        'attribute_not_exists(PK) OR attribute_not_exists(agreementDocumentId) OR agreementDocumentId <> :d',
      ExpressionAttributeValues: { ':d': documentId },
    },
  },
  refusal: 'documentInUse',
});
