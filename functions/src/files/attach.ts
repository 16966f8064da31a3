import type { Actor } from '#lib/audit';
import { tableName } from '#lib/db/client';
import type { Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';

/**
 * Attaching an uploaded file to the record it documents (a profile document, a subscription's
 * document): the one rule both follow, kept light (no S3 client) for the handlers that attach.
 */
interface AttachableFile {
  fileName: string;
  ownerUserId: string;
  status: string;
  reason?: string;
}

/**
 * The caller's own file, scanned clean: anyone else's is FILE_NOT_EXIST (named at `field`) as if it
 * did not exist; one still being checked is fileNotScanned (409, try again); a refused one is FAIL
 * with its reason.
 */
export const cleanOwnFile = <F extends AttachableFile>(file: F | undefined, actor: Actor, field: string): F => {
  if (!file || file.ownerUserId !== actor.userId) throw new DomainError('FILE_NOT_EXIST', { field });
  if (file.status === 'UPLOADING' || file.status === 'PENDING_SCAN') throw new DomainError('fileNotScanned');
  if (file.status !== 'CLEAN') throw new DomainError('FAIL', { reason: file.reason ?? 'REFUSED' });
  return file;
};

/**
 * The commit step that attaches the file: one file, one record (deleting the record deletes the file,
 * so it is never shared), still clean and the caller's at the commit, and off the abandoned-uploads
 * index (keys.ts pattern 36a) so the daily sweep never removes it.
 */
export const attachFileStep = (actor: Actor, fileName: string, attachedTo: Record<string, string>): Step => ({
  item: {
    Update: {
      TableName: tableName(),
      Key: keys.file(actor.tenantId, fileName),
      UpdateExpression: 'SET attachedTo = :doc REMOVE GSI2PK, GSI2SK',
      ConditionExpression: '#status = :clean AND ownerUserId = :owner AND attribute_not_exists(attachedTo)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':doc': attachedTo, ':clean': 'CLEAN', ':owner': actor.userId },
    },
  },
  refusal: () => new DomainError('FAIL', { reason: 'ALREADY_ATTACHED' }),
});
