import {
  type CreateFileUpload,
  EXTENSION_OF,
  FILE_LIMITS,
  type FilePurpose,
  type FileRefusalReason,
  type FileStatus,
  type ProfileDocumentContentType,
  REFUSAL_CODE,
  type UploadedFile,
} from '@tranche/shared/files/files.schema';
import type { Actor } from '#lib/audit';
import { copyObject, deleteObjects, headObject, objectTags, readFirstBytes } from '#lib/aws/s3';
import { presignPost } from '#lib/aws/s3-post';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { commit, event } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { logger } from '#lib/logger';
import { fileObjectKeys } from './file-object-keys.js';
import { isDeclaredType, SNIFF_BYTES, sniff } from './sniff.js';

/**
 * Uploaded files (docs/profiles.md "Documents"). One item per file (keys.file, pattern 36) moves
 * UPLOADING -> PENDING_SCAN -> CLEAN, or to REFUSED with a reason, each step a conditional update on
 * the item's version through `commit`:
 *  1. POST /v2/files registers the upload and answers a presigned POST (size and type pinned).
 *  2. Inspection, once the object exists: its size, then its first bytes must be the declared type.
 *     A file that is not what it says is REFUSED here, before any malware verdict is looked at.
 *  3. The malware verdict: GuardDuty Malware Protection for S3 on AWS (an EventBridge event, or the
 *     `GuardDutyMalwareScanStatus` tag it writes on the object), the EICAR scanner locally (which
 *     writes the same tag and sends the same event). Only NO_THREATS_FOUND makes the file CLEAN;
 *     it is then copied out of `uploads/` to a key no upload form points at.
 * Nothing hands out a link to a file that is not CLEAN.
 */

/** The presigned POST lives long enough to send 20 MB on a slow line; S3 checks expiry at request start. */
export const UPLOAD_FORM_SECONDS = 10 * 60;

/** GuardDuty's scan result statuses (the tag's value and the event's `scanResultStatus`). */
export type ScanStatus = 'NO_THREATS_FOUND' | 'THREATS_FOUND' | 'UNSUPPORTED' | 'ACCESS_DENIED' | 'FAILED';
export const SCAN_STATUS_TAG = 'GuardDutyMalwareScanStatus';
const SCAN_STATUSES: readonly string[] = [
  'NO_THREATS_FOUND',
  'THREATS_FOUND',
  'UNSUPPORTED',
  'ACCESS_DENIED',
  'FAILED',
];
export const isScanStatus = (value: unknown): value is ScanStatus =>
  typeof value === 'string' && SCAN_STATUSES.includes(value);

export interface FileItem {
  fileName: string;
  ownerUserId: string;
  purpose: FilePurpose;
  originalName: string;
  contentType: ProfileDocumentContentType;
  size: number;
  status: FileStatus;
  reason?: FileRefusalReason;
  /** The ETag of the version that was inspected: only a verdict on that version counts. */
  etag?: string;
  sniffed?: string;
  scanStatus?: string;
  uploadKey: string;
  objectKey: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export const toUploadedFile = (f: FileItem): UploadedFile => ({
  fileName: f.fileName,
  purpose: f.purpose,
  originalName: f.originalName,
  contentType: f.contentType,
  size: f.size,
  status: f.status,
  ...(f.reason ? { reason: f.reason, code: REFUSAL_CODE[f.reason] } : {}),
  createdAt: f.createdAt,
  updatedAt: f.updatedAt,
});

export const getFileItem = async (tenantId: string, fileName: string): Promise<FileItem | undefined> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.file(tenantId, fileName), ConsistentRead: true }),
  );
  return Item as FileItem | undefined;
};

/** The caller's own file; anyone else's (or another tenant's) is FILE_NOT_EXIST, as if it did not exist. */
export const ownFileOr404 = async (actor: Actor, fileName: string): Promise<FileItem> => {
  const file = await getFileItem(actor.tenantId, fileName);
  if (!file || file.ownerUserId !== actor.userId) throw new DomainError('FILE_NOT_EXIST');
  return file;
};

export const createUpload = async (actor: Actor, input: CreateFileUpload) => {
  const limits = FILE_LIMITS[input.purpose];
  const fileName = `${newId()}.${EXTENSION_OF[input.contentType]}`;
  const file: FileItem = {
    fileName,
    ownerUserId: actor.userId,
    purpose: input.purpose,
    originalName: input.originalName,
    contentType: input.contentType,
    size: input.size,
    status: 'UPLOADING',
    uploadKey: fileObjectKeys.upload(actor.tenantId, fileName),
    objectKey: fileObjectKeys.file(actor.tenantId, fileName),
    version: 1,
    createdAt: actor.at,
    updatedAt: actor.at,
  };
  await commit(actor, {
    steps: [
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.file(actor.tenantId, fileName),
              // Listed among the tenant's unattached uploads until attached (the daily sweep reads it).
              ...keys.openUpload(actor.tenantId, file.createdAt, fileName),
              type: 'FILE',
              tenantId: actor.tenantId,
              ...file,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      },
    ],
    events: [
      event('FILE_UPLOAD_STARTED', fileName, {
        purpose: input.purpose,
        contentType: input.contentType,
        size: input.size,
        ownerUserId: actor.userId,
      }),
    ],
    result: undefined,
  });
  // The exact declared size: S3 refuses any other length, and the limit was checked on the body.
  const upload = await presignPost(
    file.uploadKey,
    { contentType: input.contentType, minBytes: Math.min(input.size, limits.maxBytes), maxBytes: input.size },
    UPLOAD_FORM_SECONDS,
  );
  return { file: toUploadedFile(file), upload };
};

/** Moves a file on from the status it was read in, if nobody got there first (else VERSION_CONFLICT). */
const advance = async (
  actor: Actor,
  tenantId: string,
  file: FileItem,
  set: Partial<Pick<FileItem, 'status' | 'reason' | 'etag' | 'sniffed' | 'scanStatus'>>,
  draft: ReturnType<typeof event>,
): Promise<FileItem> => {
  const next: FileItem = { ...file, ...set, version: file.version + 1, updatedAt: actor.at };
  const fields = Object.entries(set).filter(([, v]) => v !== undefined);
  await commit(actor, {
    steps: [
      {
        item: {
          Update: {
            TableName: tableName(),
            Key: keys.file(tenantId, file.fileName),
            UpdateExpression: `SET ${fields.map(([k]) => `#${k} = :${k}`).join(', ')}, #version = :next, updatedAt = :at`,
            ConditionExpression: '#status = :seenStatus AND #version = :seen',
            ExpressionAttributeNames: {
              ...Object.fromEntries(fields.map(([k]) => [`#${k}`, k])),
              '#status': 'status',
              '#version': 'version',
            },
            ExpressionAttributeValues: {
              ...Object.fromEntries(fields.map(([k, v]) => [`:${k}`, v])),
              ':seenStatus': file.status,
              ':seen': file.version,
              ':next': file.version + 1,
              ':at': actor.at,
            },
          },
        },
      },
    ],
    events: [draft],
    result: undefined,
  });
  return next;
};

const removeQuietly = async (objectKeysToDelete: string[]) => {
  // The item already says REFUSED or CLEAN; a leftover upload is unreachable (no link is ever made
  // to `uploads/`) and the bucket's lifecycle removes it within a day.
  await deleteObjects(objectKeysToDelete).catch((error: unknown) =>
    logger.error('could not delete objects', { error: error as Error, keys: objectKeysToDelete }),
  );
};

/**
 * After a lost race, the file as the winner left it. The scanner's worker and the investor's
 * polling may work on one file at once: the loser's write is refused (VERSION_CONFLICT), or its S3
 * call finds the upload already copied and deleted (NoSuchKey). Either way the winner's result is
 * the answer; an error with no winner behind it is a real one.
 */
const reread = async (tenantId: string, file: FileItem, error: unknown): Promise<FileItem> => {
  const lostRace =
    (error instanceof DomainError && error.code === 'VERSION_CONFLICT') ||
    ['NoSuchKey', 'NotFound', 'PreconditionFailed'].includes((error as { name?: string }).name ?? '');
  if (!lostRace) throw error;
  const now = await getFileItem(tenantId, file.fileName);
  if (!now || now.version === file.version) throw error;
  return now;
};

/**
 * Step 2: an UPLOADING file whose object exists is checked: size within the purpose's limit and
 * equal to the declared size (a stand-in ignores the policy), then the magic bytes. Answers the
 * file as it is afterwards (still UPLOADING when nothing was uploaded yet).
 */
export const inspect = async (actor: Actor, tenantId: string, file: FileItem): Promise<FileItem> => {
  if (file.status !== 'UPLOADING') return file;
  try {
    const head = await headObject(file.uploadKey);
    if (!head) return file;
    let reason: FileRefusalReason | undefined;
    let sniffed: string | undefined;
    if (head.size > FILE_LIMITS[file.purpose].maxBytes) reason = 'TOO_LARGE';
    else if (head.size !== file.size) reason = 'SIZE_MISMATCH';
    else {
      sniffed = sniff(await readFirstBytes(file.uploadKey, Math.min(SNIFF_BYTES, head.size), head.etag));
      if (!isDeclaredType(file.contentType, sniffed)) reason = 'TYPE_MISMATCH';
    }
    const next = await advance(
      actor,
      tenantId,
      file,
      { status: reason ? 'REFUSED' : 'PENDING_SCAN', reason, etag: head.etag, sniffed },
      event('FILE_INSPECTED', file.fileName, {
        status: reason ? 'REFUSED' : 'PENDING_SCAN',
        ...(reason ? { reason } : {}),
        ...(sniffed ? { sniffed } : {}),
        size: head.size,
      }),
    );
    if (reason) await removeQuietly([file.uploadKey]);
    return next;
  } catch (error) {
    return reread(tenantId, file, error);
  }
};

/** The verdict a scan status gives: CLEAN only for "no threats found". */
const verdictOf = (scan: ScanStatus): { status: 'CLEAN' } | { status: 'REFUSED'; reason: FileRefusalReason } =>
  scan === 'NO_THREATS_FOUND'
    ? { status: 'CLEAN' }
    : { status: 'REFUSED', reason: scan === 'THREATS_FOUND' ? 'INFECTED' : 'SCAN_FAILED' };

/**
 * Step 3: records a malware verdict on a file. A file still UPLOADING is inspected first, so a file
 * that is not what it says stays refused for that reason whatever the scanner found. A verdict on
 * another version of the object than the inspected one (`etag`) is ignored: the URL's lifetime
 * allowed a second upload, and only the inspected bytes may become CLEAN.
 */
export const recordVerdict = async (
  actor: Actor,
  tenantId: string,
  fileName: string,
  scan: { status: ScanStatus; etag?: string | undefined; threats?: string[] | undefined },
): Promise<FileItem | undefined> => {
  let file = await getFileItem(tenantId, fileName);
  if (!file) return undefined;
  file = await inspect(actor, tenantId, file);
  if (file.status !== 'PENDING_SCAN') return file;
  if (scan.etag && file.etag && unquote(scan.etag) !== unquote(file.etag)) {
    logger.warn('scan verdict for another version of an upload ignored', { fileName, scanned: scan.etag });
    return file;
  }
  let verdict = verdictOf(scan.status);
  if (verdict.status === 'CLEAN') {
    try {
      // Only the inspected version (If-Match), without GuardDuty's tag, to the kept key.
      await copyObject(file.uploadKey, file.objectKey, {
        ...(file.etag ? { etag: file.etag } : {}),
        contentType: file.contentType,
        dropTags: true,
      });
    } catch (error) {
      // Gone: another worker of this file copied it and removed the upload (its result is the answer).
      if ((error as { name?: string }).name !== 'PreconditionFailed') return reread(tenantId, file, error);
      // The object was replaced after inspection: what was scanned is not what was checked.
      verdict = { status: 'REFUSED', reason: 'SCAN_FAILED' };
    }
  }
  try {
    const next = await advance(
      actor,
      tenantId,
      file,
      verdict.status === 'CLEAN'
        ? { status: 'CLEAN', scanStatus: scan.status }
        : { status: 'REFUSED', reason: verdict.reason, scanStatus: scan.status },
      event('FILE_SCANNED', fileName, {
        status: verdict.status,
        scanStatus: scan.status,
        ...(verdict.status === 'REFUSED' ? { reason: verdict.reason } : {}),
        ...(scan.threats?.length ? { threats: scan.threats.slice(0, 20) } : {}),
      }),
    );
    await removeQuietly([file.uploadKey]);
    return next;
  } catch (error) {
    return reread(tenantId, file, error);
  }
};

const unquote = (etag: string) => etag.replace(/"/g, '');

/**
 * GET /v2/files/{fileName}/scan-result: the file's state, moved on as far as can be known now.
 * An upload not yet inspected is inspected; a file waiting for its verdict reads GuardDuty's tag
 * on the object, so a lost or late EventBridge event does not leave it waiting for ever.
 */
export const scanResult = async (actor: Actor, fileName: string): Promise<UploadedFile> => {
  let file = await ownFileOr404(actor, fileName);
  file = await inspect(actor, actor.tenantId, file);
  if (file.status === 'PENDING_SCAN') {
    const tag = (await objectTags(file.uploadKey))?.[SCAN_STATUS_TAG];
    if (isScanStatus(tag)) file = (await recordVerdict(actor, actor.tenantId, fileName, { status: tag })) ?? file;
  }
  return toUploadedFile(file);
};
