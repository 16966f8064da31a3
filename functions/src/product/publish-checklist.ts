import { type PublishChecklist, publishChecklist } from '@tranche/shared/product/publish-checklist';
import { keys } from '#lib/db/keys';
import { getTenant } from '../tenant/tenant.repo.js';
import { getContractItem, listDocumentItems, listFolderItems, type ProductAccess } from './documents.repo.js';
import type { ProductRecord, ShareClassRecord } from './product.items.js';
import { loadProduct } from './product.repo.js';

/**
 * The publish checklist of a product as stored (or as an update would leave it: `product` may be the
 * record after the change). The facts are read here, the judgement is the shared function the console
 * shows, so the API's refusal and the dialog's list come from the same rules.
 */
export const checklistOf = async (
  tenantId: string,
  product: ProductRecord,
  classes: readonly ShareClassRecord[],
): Promise<PublishChecklist> => {
  const access: ProductAccess = {
    tenantId,
    productId: product.productId,
    state: product.state,
    pk: keys.productPk(tenantId, product.productId),
  };
  const [documents, folders, contract, tenant] = await Promise.all([
    listDocumentItems(access),
    listFolderItems(access),
    getContractItem(access),
    getTenant(tenantId),
  ]);
  return publishChecklist({ product, shareClasses: classes, documents, folders, contract, tenant });
};

/** The checklist route: what the product has and lacks for going live now. */
export const getPublishChecklist = async (tenantId: string, productId: string): Promise<PublishChecklist> => {
  const { product, classes } = await loadProduct(tenantId, productId, false);
  return checklistOf(tenantId, product, classes);
};
