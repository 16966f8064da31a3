import {
  type CreateSigningPdfUpload,
  MAX_SIGNING_PDF_BYTES,
  type SigningPdf,
} from '@tranche/shared/signing/signing.schema';
import type { Actor } from '#lib/audit';
import { headObject, presignDownload } from '#lib/aws/s3';
import { presignPost } from '#lib/aws/s3-post';
import { tableName } from '#lib/db/client';
import { commit, event } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { type PdfItem, readPdf } from './projects.repo.js';
import { signingObjectKeys } from './signing-object-keys.js';

/**
 * A manager's source PDF (/pdf-files, /pdffile/detail; keys.ts pattern 41). The 25 MB limit is
 * enforced three times: the declared size when the upload is registered (413 at once), S3's form
 * (`content-length-range`, so nothing larger is stored), and the size of what arrived. The content
 * check (encrypted, malformed: seal/source-pdf.ts) needs pdf-lib, which does not fit an API handler,
 * so the signing worker runs it on SIGNING_PDF_UPLOADED; the editor polls /pdffile/detail, which
 * answers UPLOADING, CHECKING, READY (page sizes, sha256, a link for pdf.js) or the refusal's own
 * catalogued error (413 signingPdfTooLarge, 422 signingPdfEncrypted / signingPdfMalformed).
 *
 *   UPLOADING --object arrived--> CHECKING --worker--> READY | REFUSED
 */

/** The presigned form lives long enough to send 25 MB on a slow line; S3 checks expiry at request start. */
const UPLOAD_FORM_SECONDS = 15 * 60;

export const createPdfUpload = async (actor: Actor, input: CreateSigningPdfUpload) => {
  if (input.size > MAX_SIGNING_PDF_BYTES) throw new DomainError('signingPdfTooLarge', { field: 'size' });
  const fileId = newId();
  const upload = await presignPost(
    signingObjectKeys.upload(actor.tenantId, fileId),
    { contentType: 'application/pdf', minBytes: 1, maxBytes: MAX_SIGNING_PDF_BYTES },
    UPLOAD_FORM_SECONDS,
  );
  const item: PdfItem = {
    fileId,
    name: input.name,
    size: input.size,
    status: 'UPLOADING',
    version: 1,
    createdAt: actor.at,
    createdBy: actor.userId,
    updatedAt: actor.at,
  };
  await commit(actor, {
    steps: [
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: { ...keys.signingPdf(actor.tenantId, fileId), type: 'SIGNING_PDF', ...item },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      },
    ],
    events: [],
    result: undefined,
  });
  return { fileId, status: 'UPLOADING' as const, upload };
};

/** The PDF's move from one status to the next, on the version read (the worker and a poll may race). */
export const pdfMoveStep = (tenantId: string, pdf: PdfItem, at: string, set: Partial<PdfItem>) => {
  const names: Record<string, string> = { '#version': 'version', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':seen': pdf.version, ':next': pdf.version + 1, ':at': at };
  const sets = ['#version = :next', '#updatedAt = :at'];
  Object.entries(set).forEach(([name, value], i) => {
    names[`#s${i}`] = name;
    values[`:s${i}`] = value;
    sets.push(`#s${i} = :s${i}`);
  });
  return {
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.signingPdf(tenantId, pdf.fileId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: '#version = :seen',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  };
};

const view = async (tenantId: string, pdf: PdfItem): Promise<SigningPdf> => ({
  fileId: pdf.fileId,
  name: pdf.name,
  size: pdf.size,
  status: pdf.status,
  createdAt: pdf.createdAt,
  ...(pdf.sha256 ? { sha256: pdf.sha256 } : {}),
  ...(pdf.pages ? { pages: pdf.pages } : {}),
  ...(pdf.status === 'READY'
    ? {
        url: (
          await presignDownload(signingObjectKeys.source(tenantId, pdf.fileId), {
            fileName: pdf.name.toLowerCase().endsWith('.pdf') ? pdf.name : `${pdf.name}.pdf`,
            contentType: 'application/pdf',
          })
        ).url,
      }
    : {}),
});

/**
 * The PDF's state. While UPLOADING it looks for the object: once there it moves to CHECKING (too
 * large: REFUSED at once) and the worker takes over. A REFUSED file answers its refusal's error, so
 * the editor shows the same words as any other refusal.
 */
export const pdfDetail = async (actor: Actor, fileId: string): Promise<SigningPdf> => {
  const pdf = await commit(actor, async () => {
    const current = await readPdf(actor.tenantId, fileId);
    if (current.status !== 'UPLOADING') return { steps: [], events: [], result: current };
    const head = await headObject(signingObjectKeys.upload(actor.tenantId, fileId));
    if (!head) return { steps: [], events: [], result: current };
    const tooLarge = head.size > MAX_SIGNING_PDF_BYTES;
    const next: PdfItem = tooLarge
      ? { ...current, status: 'REFUSED', refusal: 'signingPdfTooLarge', size: head.size }
      : { ...current, status: 'CHECKING', size: head.size };
    return {
      steps: [
        pdfMoveStep(actor.tenantId, current, actor.at, {
          status: next.status,
          size: head.size,
          ...(next.refusal ? { refusal: next.refusal } : {}),
        }),
      ],
      events: tooLarge
        ? [event('SIGNING_PDF_CHECKED', fileId, { fileId, status: 'REFUSED', code: 'signingPdfTooLarge' })]
        : [event('SIGNING_PDF_UPLOADED', fileId, { fileId, size: head.size })],
      result: next,
    };
  });
  if (pdf.status === 'REFUSED') throw new DomainError(pdf.refusal ?? 'signingPdfMalformed', { fileId });
  return view(actor.tenantId, pdf);
};
