import { presignDownload } from '#lib/aws/s3';
import { signingObjectKeys } from '../signing-object-keys.js';

/**
 * A five-minute GET of a document's source PDF for the signer's pdf.js (the data room's CORS lets the
 * portal fetch it). Only after the emailed code: the route checks the ticket before it is made.
 */
export const sourcePdfUrl = (
  tenantId: string,
  fileId: string,
  name: string,
): Promise<{ url: string; expiresAt: string }> =>
  presignDownload(signingObjectKeys.source(tenantId, fileId), {
    fileName: name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`,
    contentType: 'application/pdf',
  });

/** The sealed PDF's five-minute GET, named as the manager's download names it ("<name> (signed).pdf"). */
export const sealedPdfUrl = (key: string, name: string): Promise<{ url: string; expiresAt: string }> =>
  presignDownload(key, {
    fileName: `${name.replace(/\.pdf$/i, '').trim() || 'document'} (signed).pdf`,
    contentType: 'application/pdf',
  });
