import * as z from '../lazy-zod.js';

/**
 * Events of signing projects as the manager prepares, sends, voids them and as the completion seals
 * them (issue 12, docs/signing.md), spread into EVENT_CATALOGUE (catalogue.ts). A project's events sit
 * in its own partition (subject 'signingProject', keys.ts pattern 39) and make its history; an uploaded
 * source PDF's in its own (subject 'signingPdf', pattern 40). The signer's own steps (code, consent,
 * signature, decline, lock, reminders, expiry) are the signer side's events (signer-events.ts); the
 * manager's send, resend and void commit that side's SIGNER_NOTIFIED, SIGNER_RESENT and SIGNER_CANCELLED
 * for each signer concerned. Project-wide events carry `refId = projectId` like the signer side's.
 * States and codes are plain strings: this module must not import the error catalogue.
 */
const Id = z.string().min(1).max(64);
const Word = z.string().min(1).max(60);

export const SIGNING_EVENTS_CATALOGUE = {
  SIGNING_PROJECT_CREATED: {
    subject: 'signingProject',
    version: 1,
    payload: z.looseObject({
      projectId: Id,
      name: z.string(),
      refKind: Word.optional(),
      refId: Id.optional(),
    }),
  },
  /** A draft changed: its settings and signers, its documents, or one document's fields. */
  SIGNING_PROJECT_UPDATED: {
    subject: 'signingProject',
    version: 1,
    payload: z.looseObject({
      projectId: Id,
      version: z.number().int().min(1),
      what: z.enum(['SETTINGS', 'SIGNERS', 'DOCUMENTS', 'FIELDS']),
      documentId: Id.optional(),
    }),
  },
  SIGNING_PROJECT_SENT: {
    subject: 'signingProject',
    version: 1,
    payload: z.looseObject({
      projectId: Id,
      version: z.number().int().min(1),
      expiresAt: z.string(),
      senderId: Id,
    }),
  },
  SIGNING_PROJECT_VOIDED: {
    subject: 'signingProject',
    version: 1,
    payload: z.looseObject({
      refId: Id,
      projectId: Id,
      reason: z.string().min(1).max(1000),
      cancelledSignerIds: z.array(Id),
      senderId: Id,
    }),
  },
  /**
   * The last signer signed (emitted by the signer side with the project's COMPLETE). The completion
   * worker (functions/src/signing/completion-worker.ts) seals every document on it.
   */
  SIGNING_PROJECT_COMPLETED: {
    subject: 'signingProject',
    version: 1,
    payload: z.looseObject({
      refId: Id,
      projectId: Id,
      completedAt: z.string(),
      project: z.string().min(1).max(300).optional(),
      userIds: z.array(Id).max(40).optional(),
    }),
  },
  /** One document sealed and stored under Object Lock (written once per document). */
  SIGNING_DOCUMENT_SEALED: {
    subject: 'signingProject',
    version: 1,
    payload: z.looseObject({
      projectId: Id,
      documentId: Id,
      sha256: z.string(),
      sourceSha256: z.string(),
      retainUntil: z.string(),
      certificateFingerprint: z.string(),
    }),
  },
  /**
   * Every document of the project sealed: the download is ready. `project` and `userIds` (the sender)
   * are for the sender's "completed" notice (the signer side's inbox kind).
   */
  SIGNING_PROJECT_SEALED: {
    subject: 'signingProject',
    version: 1,
    payload: z.looseObject({
      refId: Id,
      projectId: Id,
      project: z.string().min(1).max(300),
      userIds: z.array(Id).min(1).max(40),
      documents: z.array(z.looseObject({ documentId: Id, sha256: z.string(), sourceSha256: z.string() })),
    }),
  },
  /** A five-minute link to a sealed document was handed out (who downloaded what, and which bytes). */
  SIGNING_FILE_DOWNLOADED: {
    subject: 'signingProject',
    version: 1,
    payload: z.looseObject({ projectId: Id, documentId: Id, sha256: z.string() }),
  },
  /** A source PDF arrived in the bucket: the worker checks it (pdf-lib does not fit an API handler). */
  SIGNING_PDF_UPLOADED: {
    subject: 'signingPdf',
    version: 1,
    payload: z.looseObject({ fileId: Id, size: z.number().int().min(0) }),
  },
  SIGNING_PDF_CHECKED: {
    subject: 'signingPdf',
    version: 1,
    payload: z.looseObject({
      fileId: Id,
      status: z.enum(['READY', 'REFUSED']),
      code: Word.optional(),
      sha256: z.string().optional(),
      pages: z.number().int().min(0).optional(),
    }),
  },
  /** A company seal image was added (the tenant's partition). */
  COMPANY_SEAL_ADDED: {
    subject: 'tenant',
    version: 1,
    payload: z.looseObject({ sealId: Id, name: z.string() }),
  },
  /** A signing template was kept, or deleted (the tenant's partition; docs/signing.md "Templates"). */
  SIGNING_TEMPLATE_SAVED: {
    subject: 'tenant',
    version: 1,
    payload: z.looseObject({ templateId: Id, name: z.string(), documents: z.number().int(), fields: z.number().int() }),
  },
  SIGNING_TEMPLATE_DELETED: {
    subject: 'tenant',
    version: 1,
    payload: z.looseObject({ templateId: Id, name: z.string() }),
  },
} as const;
