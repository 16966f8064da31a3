import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { appendAuditCertificate, type SignerAudit } from './audit-certificate.js';
import { type FilledField, fillAndFlatten } from './fields.js';
import type { SealingCertificate } from './sealing-certificate.js';
import { toP12 } from './sealing-certificate.js';
import { loadSourcePdf, sha256Hex } from './source-pdf.js';

export interface CompletionInput {
  /** The document as uploaded. */
  source: Uint8Array;
  documentName: string;
  projectId: string;
  tenantName: string;
  fields: readonly FilledField[];
  signers: readonly SignerAudit[];
  /** When the last signer signed: the audit page's completion time and the seal's signing time. */
  completedAt: Date;
  certificate: Pick<SealingCertificate, 'certPem' | 'keyPem'>;
}

export interface CompletedDocument {
  bytes: Buffer;
  /** SHA-256 (hex) of `bytes`: what the table records and the download is checked against. */
  sha256: string;
  sourceSha256: string;
}

/** Enough for a PKCS#7 with one RSA-2048 certificate and signed attributes (about 3 KB), doubled as hex. */
const SIGNATURE_LENGTH = 8192;

/** The literal strings of a signature dictionary are PDFDocEncoding: anything else becomes `?`. */
const pdfDocSafe = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');

/**
 * Completes one document of a signing project: loads it (refusing encrypted, malformed or oversized
 * files), draws the signers' fields and flattens, appends the audit certificate, then seals the whole
 * file with a detached PKCS#7 (adbe.pkcs7.detached) under the tenant's certificate, so that any
 * reader verifies it and any later change shows. Pure: bytes in, bytes out; the caller stores them.
 */
export const completeDocument = async (input: CompletionInput): Promise<CompletedDocument> => {
  const sourceSha256 = sha256Hex(input.source);
  const doc = await loadSourcePdf(input.source);
  await fillAndFlatten(doc, input.fields);
  await appendAuditCertificate(doc, {
    tenantName: input.tenantName,
    projectId: input.projectId,
    documentName: input.documentName,
    sourceSha256,
    completedAt: input.completedAt.toISOString(),
    signers: input.signers,
  });
  doc.setModificationDate(input.completedAt);
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: pdfDocSafe(`Completed signing project ${input.projectId}`),
    contactInfo: '',
    name: pdfDocSafe(input.tenantName),
    location: 'Tranche',
    signingTime: input.completedAt,
    signatureLength: SIGNATURE_LENGTH,
  });
  // No object streams: the signature dictionary with its placeholder must be plain text in the file
  // for @signpdf to find and fill it.
  const prepared = await doc.save({ useObjectStreams: false });
  const { p12, passphrase } = toP12(input.certificate);
  const bytes = await new SignPdf().sign(Buffer.from(prepared), new P12Signer(p12, { passphrase }), input.completedAt);
  return { bytes, sha256: sha256Hex(bytes), sourceSha256 };
};
