import { createHash } from 'node:crypto';
import { EncryptedPDFError, PDFDocument } from 'pdf-lib';
import { DomainError } from '#lib/errors';

/** The largest PDF a signing project takes (issue 12): larger ones are refused before parsing. */
export const MAX_SIGNING_PDF_BYTES = 25 * 1024 * 1024;

const PDF_HEADER = Buffer.from('%PDF-', 'latin1');

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * An encrypted file's object streams are ciphertext, so the strict load fails on them before
 * pdf-lib reports the encryption: a lenient second look at the trailer tells the two apart.
 */
const isEncrypted = async (bytes: Uint8Array): Promise<boolean> => {
  try {
    return (await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })).isEncrypted;
  } catch {
    return false;
  }
};

/**
 * Loads a PDF a signer will sign, or refuses it with a catalogued code: over 25 MB
 * (signingPdfTooLarge), encrypted (signingPdfEncrypted: flattening and sealing would need the
 * owner password, and a sealed file that needs a password to open helps nobody), anything pdf-lib
 * cannot read strictly or that has no page (signingPdfMalformed). The same check runs at upload and
 * again at completion, so a stored file that was swapped or damaged since is never sealed.
 */
export const loadSourcePdf = async (bytes: Uint8Array): Promise<PDFDocument> => {
  if (bytes.byteLength > MAX_SIGNING_PDF_BYTES) {
    throw new DomainError('signingPdfTooLarge', { maxBytes: MAX_SIGNING_PDF_BYTES, bytes: bytes.byteLength });
  }
  // The header may follow a little junk (readers allow 1 KB), but a file without one is not a PDF.
  if (Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).indexOf(PDF_HEADER) < 0) {
    throw new DomainError('signingPdfMalformed', { reason: 'no PDF header' });
  }
  let doc: PDFDocument;
  try {
    // throwOnInvalidObject: pdf-lib otherwise replaces unreadable objects silently, and a document
    // whose pages lost content would be signed as if it were whole.
    doc = await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false });
  } catch (error) {
    if (error instanceof EncryptedPDFError || (await isEncrypted(bytes))) throw new DomainError('signingPdfEncrypted');
    throw new DomainError('signingPdfMalformed', { reason: 'unreadable' });
  }
  if (doc.isEncrypted) throw new DomainError('signingPdfEncrypted');
  let pages: number;
  try {
    pages = doc.getPageCount();
  } catch {
    throw new DomainError('signingPdfMalformed', { reason: 'no page tree' });
  }
  if (pages === 0) throw new DomainError('signingPdfMalformed', { reason: 'no pages' });
  return doc;
};

/** What the editor needs of an uploaded PDF to place fields: each page's visible size, in points. */
export interface SourcePdfFacts {
  sha256: string;
  bytes: number;
  pages: { width: number; height: number; rotation: number }[];
}

/**
 * Checks an upload (the same refusals as at completion) and describes its pages: the crop box's size
 * (the space fields are placed in) and the page's rotation, which the editor must undo when it maps
 * a position on the rendered page back to page space.
 */
export const describeSourcePdf = async (bytes: Uint8Array): Promise<SourcePdfFacts> => {
  const doc = await loadSourcePdf(bytes);
  return {
    sha256: sha256Hex(bytes),
    bytes: bytes.byteLength,
    pages: doc.getPages().map((page) => {
      const box = page.getCropBox();
      return { width: box.width, height: box.height, rotation: ((page.getRotation().angle % 360) + 360) % 360 };
    }),
  };
};
