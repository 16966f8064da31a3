/**
 * Object keys of the data-room bucket as IAM patterns (`*` spans any characters, `/` included),
 * one per kind of object the handlers write: functions/src/product/document-object-keys.ts and
 * functions/src/tenant/logo.ts build the keys; cdk/test/catalogue-access.test.ts checks that real
 * keys match these patterns and no other. Routes name them in their `needs` (needs.ts); the CDK
 * turns them into grants and the bucket's lifecycle (cdk/lib/data-room.ts).
 */
export const DATA_ROOM_KEYS = {
  /** Presigned uploads of product documents, before "complete" checks them. Expire (`uploads/`). */
  documentUploads: 'uploads/tenants/*/products/*/documents/*',
  /** Checked product documents, what investors download. Kept. */
  documents: 'tenants/*/products/*/documents/*',
  /** Zips of a marketing folder, rebuilt when the folder changes. Expire (`derived/`). */
  folderZips: 'derived/tenants/*/products/*/marketing-folders/*',
  /** Tenant logos: the presigned upload lands where the logo is served from. Kept. */
  logos: 'tenants/*/branding/logo/*',
  /**
   * Investors' uploads (profile documents, issue 11) by presigned POST, sniffed and scanned for
   * malware here (GuardDuty's plan protects `uploads/tenants/`). Expire (`uploads/`).
   */
  fileUploads: 'uploads/tenants/*/files/*',
  /** Uploaded files once CLEAN, copied out of `uploads/`: the only key a download link points at. Kept. */
  files: 'tenants/*/files/*',
  /** A manager's source PDF for signing (issue 12), by presigned POST, checked by the signing worker. Expire. */
  signingUploads: 'uploads/tenants/*/signing/*',
  /** Checked source PDFs: what the editor and the signers' view render. Kept. */
  signingSources: 'tenants/*/signing/sources/*',
  /** Sealed PDFs, written once under Object Lock (compliance) by the signing worker. Kept. */
  signingSealed: 'tenants/*/signing/sealed/*',
  /** Capital call notice PDFs (issue 14), one per investor's notice, written once by the notice worker. Kept. */
  callNotices: 'tenants/*/money/notices/*',
  /**
   * The screening list (issue 11): the operators' real list and the sample the deployment uploads
   * (functions/src/screening/list-source.ts SCREENING_LIST_KEYS). Platform-wide, no tenant. Kept.
   */
  screeningList: 'platform/screening/*',
} as const;

/**
 * Set on the functions granted the screening list (cdk access.ts): they read it from the bucket
 * rather than from a file (list-source.ts `configuredListSource`).
 */
export const SCREENING_LIST_SOURCE_ENV = 'SCREENING_LIST_SOURCE';

/**
 * `s3:prefix` patterns for `s3:ListBucket`. The grant is there for one reason: S3 answers a HEAD or
 * GET of a missing key with 404 only to a caller that may list the key (403 otherwise, which the
 * handlers would report as a 500 instead of "not uploaded"/"no archive yet"). Listing is limited to
 * the prefixes those reads look under.
 */
export const DATA_ROOM_LIST_PREFIXES = {
  uploads: 'uploads/tenants/*',
  derived: 'derived/tenants/*',
  logos: DATA_ROOM_KEYS.logos,
  /** A real list not uploaded yet is a 404, and the deployed sample is read instead. */
  screeningList: DATA_ROOM_KEYS.screeningList,
} as const;
