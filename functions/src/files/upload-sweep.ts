import type { Actor } from '#lib/audit';
import { deleteObjects } from '#lib/aws/s3';
import { clock } from '#lib/clock';
import { tableName } from '#lib/db/client';
import { commit, event } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { allTenantIds } from '#lib/db/tenant-ids';
import { DomainError } from '#lib/errors';
import { logger } from '#lib/logger';
import type { FileItem } from './files.service.js';

/**
 * The daily upload sweep (WORKERS `uploadSweep`; POST /_local/schedules/uploadSweep/run locally):
 * a file registered over a day ago and never attached to a profile is removed, its item and its
 * objects. That is an upload never sent (UPLOADING), one whose verdict never came (PENDING_SCAN), a
 * refused one, and a clean one never attached. The upload's own object under `uploads/` would expire
 * by the bucket's lifecycle; a clean file's kept copy would not, nor would any item.
 *
 * The tenant's unattached uploads are an index (keys.ts pattern 36a) that attaching leaves, so the
 * sweep reads only what is due. Each removal is a commit conditioned on the version read and on the
 * file still being unattached: a file attached (or moved on by its scan) meanwhile is kept and
 * looked at again tomorrow. The objects are deleted after the commit (the item no longer names them).
 */

/** A day: long past the 10-minute upload form and a scan's minutes, short enough to keep little. */
export const ABANDONED_AFTER_MS = 24 * 3600 * 1000;

export interface SweepResult {
  removed: number;
}

export const sweepAbandonedUploads = async (now: Date = clock.now()): Promise<SweepResult> => {
  const cutoff = new Date(now.getTime() - ABANDONED_AFTER_MS).toISOString();
  let removed = 0;
  for (const tenantId of await allTenantIds()) {
    const due = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK < :cutoff',
      ExpressionAttributeValues: { ':pk': keys.openUploadsPk(tenantId), ':cutoff': cutoff },
    });
    for (const found of due as unknown as (FileItem & { attachedTo?: unknown })[]) {
      if (found.attachedTo) continue;
      const actor: Actor = {
        tenantId,
        userId: 'SYSTEM',
        requestId: `upload-sweep-${found.fileName}`,
        at: now.toISOString(),
      };
      try {
        await commit(actor, {
          steps: [
            {
              item: {
                Delete: {
                  TableName: tableName(),
                  Key: keys.file(tenantId, found.fileName),
                  ConditionExpression: 'attribute_not_exists(attachedTo) AND version = :seen',
                  ExpressionAttributeValues: { ':seen': found.version },
                },
              },
              // Attached or moved on since it was read: not abandoned after all.
              refusal: 'VERSION_CONFLICT',
            },
          ],
          events: [
            event('FILE_UPLOAD_ABANDONED', found.fileName, { status: found.status, ownerUserId: found.ownerUserId }),
          ],
          result: undefined,
        });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        logger.info('upload kept: it changed since it was read', { tenantId, fileName: found.fileName });
        continue;
      }
      removed++;
      await deleteObjects([found.uploadKey, found.objectKey]).catch((error: unknown) =>
        // The item is gone, so nothing links to them: a leftover upload expires with the bucket's
        // lifecycle; a leftover kept copy is logged to be removed by hand.
        logger.error('abandoned upload: objects not deleted', {
          error: error as Error,
          keys: [found.uploadKey, found.objectKey],
        }),
      );
    }
  }
  logger.info('abandoned uploads swept', { removed });
  return { removed };
};

export const handler = async (): Promise<SweepResult> => sweepAbandonedUploads();
