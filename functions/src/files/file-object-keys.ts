/**
 * Object keys of uploaded files, made of ids only (keys the handlers build from the session's
 * tenant and a server-generated name; shared/src/infra/data-room.ts has their IAM patterns). The
 * upload lands under `uploads/` (expires after a day, scanned by GuardDuty); a CLEAN file is copied
 * to its kept key, which no upload form points at.
 */
export const fileObjectKeys = {
  upload: (tenantId: string, fileName: string) => `uploads/tenants/${tenantId}/files/${fileName}`,
  file: (tenantId: string, fileName: string) => `tenants/${tenantId}/files/${fileName}`,
};

const UPLOAD_KEY = /^uploads\/tenants\/([^/]+)\/files\/([^/]+)$/;

/** The tenant and file name of an upload key (a scan verdict names the object only), or undefined. */
export const parseUploadKey = (key: string): { tenantId: string; fileName: string } | undefined => {
  const m = UPLOAD_KEY.exec(key);
  return m?.[1] && m[2] ? { tenantId: m[1], fileName: m[2] } : undefined;
};
