/**
 * Object keys of product files in the data-room bucket, derived from ids only (never from a name a
 * user typed). Finished documents live under the tenant's prefix; uploads land under `uploads/` and
 * derived zips under `derived/`, prefixes a lifecycle rule expires. No imports: the seed uses it.
 */
export const objectKeys = {
  document: (tenantId: string, productId: string, documentId: string) =>
    `tenants/${tenantId}/products/${productId}/documents/${documentId}.pdf`,
  upload: (tenantId: string, productId: string, documentId: string) =>
    `uploads/tenants/${tenantId}/products/${productId}/documents/${documentId}.pdf`,
  folderZip: (tenantId: string, productId: string, folderId: string, hash: string) =>
    `derived/tenants/${tenantId}/products/${productId}/marketing-folders/${folderId}/${hash}.zip`,
};
