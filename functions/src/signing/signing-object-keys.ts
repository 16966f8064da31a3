/**
 * Object keys of signing's files in the data-room bucket, made of ids only (the session's tenant and
 * server-generated ids; shared/src/infra/data-room.ts has their IAM patterns):
 * - a source PDF's upload lands under `uploads/` (expires after a day), and is copied to its kept key
 *   only once the check (pdf-lib, in the signing worker) found it a readable, unencrypted PDF;
 * - a sealed PDF's key holds its own SHA-256, so a sealing run that produced other bytes can never
 *   write over a stored one; it is written once, under S3 Object Lock (compliance mode).
 */
export const signingObjectKeys = {
  upload: (tenantId: string, fileId: string) => `uploads/tenants/${tenantId}/signing/${fileId}`,
  source: (tenantId: string, fileId: string) => `tenants/${tenantId}/signing/sources/${fileId}.pdf`,
  sealed: (tenantId: string, projectId: string, documentId: string, sha256: string) =>
    `tenants/${tenantId}/signing/sealed/${projectId}/${documentId}/${sha256}.pdf`,
};
