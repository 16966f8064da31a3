import * as z from '../lazy-zod.js';

/**
 * Events of uploaded files and profile documents (issue 11, docs/profiles.md "Documents"), spread
 * into EVENT_CATALOGUE (catalogue.ts). Plain strings for enumerations: this module must not import
 * the files schema, which imports the error catalogue. A file's events sit in the file's audit
 * partition (subject 'file', keys.ts pattern 36), a profile document's in the profile's (pattern 33).
 */
const Id = z.string().min(1).max(64);
const Word = z.string().min(1).max(60);

export const FILE_EVENTS_CATALOGUE = {
  /** An upload was registered and a presigned POST handed out (the object does not exist yet). */
  FILE_UPLOAD_STARTED: {
    subject: 'file',
    version: 1,
    payload: z.looseObject({ purpose: Word, contentType: Word, size: z.number().int(), ownerUserId: Id }),
  },
  /**
   * The uploaded object was checked (size, magic bytes): PENDING_SCAN, or REFUSED with the reason
   * before any malware verdict is consulted. `sniffed` is the type its bytes have, when known.
   */
  FILE_INSPECTED: {
    subject: 'file',
    version: 1,
    payload: z.looseObject({
      status: Word,
      reason: Word.optional(),
      sniffed: Word.optional(),
      size: z.number().int(),
    }),
  },
  /** The malware scan's verdict (GuardDuty's scan status, or the local scanner's) made the file CLEAN or REFUSED. */
  FILE_SCANNED: {
    subject: 'file',
    version: 1,
    payload: z.looseObject({
      status: Word,
      scanStatus: Word,
      reason: Word.optional(),
      threats: z.array(Word).optional(),
    }),
  },
  /**
   * The daily sweep removed an upload never attached a day after it was registered: never sent
   * (UPLOADING), never judged (PENDING_SCAN), refused, or clean but never attached. `status` is the
   * state it was left in.
   */
  FILE_UPLOAD_ABANDONED: {
    subject: 'file',
    version: 1,
    payload: z.looseObject({ status: Word, ownerUserId: Id }),
  },
  /** A clean file was attached to a profile: the KYC case waiting for documents listens to it. */
  PROFILE_DOCUMENT_ADDED: {
    subject: 'profile',
    version: 1,
    payload: z.looseObject({ profileId: Id, documentId: Id, kind: Word, fileName: Word, memberId: Id.optional() }),
  },
  PROFILE_DOCUMENT_REMOVED: {
    subject: 'profile',
    version: 1,
    payload: z.looseObject({ profileId: Id, documentId: Id, kind: Word, fileName: Word }),
  },
  /** A download link to a profile document was handed out (SECURITY.md: document views are audited). */
  PROFILE_DOCUMENT_VIEWED: {
    subject: 'profile',
    version: 1,
    payload: z.looseObject({ profileId: Id, documentId: Id, kind: Word, viewerRole: Word }),
  },
} as const;
