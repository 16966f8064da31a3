import type { ProfileDocumentContentType } from '@tranche/shared/files/files.schema';
import { fileTypeFromBuffer } from 'file-type';

/**
 * Magic-byte sniffing of an upload's first bytes (file-type): what the bytes are, whatever the
 * browser declared. HEIC photos carry one of several ISO-BMFF brands, which file-type reports as
 * HEIC or HEIF; both are the format a phone's "HEIC" photo is.
 */
export const SNIFF_BYTES = 4100;

const ACCEPTED_AS: Record<ProfileDocumentContentType, readonly string[]> = {
  'application/pdf': ['application/pdf'],
  'image/jpeg': ['image/jpeg'],
  'image/png': ['image/png'],
  'image/heic': ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'],
};

/** The type the bytes have (a MIME type), or undefined when file-type knows no signature in them. */
export const sniff = async (firstBytes: Uint8Array): Promise<string | undefined> =>
  (await fileTypeFromBuffer(firstBytes))?.mime;

/** Whether sniffed bytes are the declared type: an unknown or other signature is not. */
export const isDeclaredType = (declared: ProfileDocumentContentType, sniffed: string | undefined): boolean =>
  sniffed !== undefined && ACCEPTED_AS[declared].includes(sniffed);
