import type { Actor } from '#lib/audit';
import { dataRoomBucket } from '#lib/aws/s3';
import { clock } from '#lib/clock';
import { logger } from '#lib/logger';
import { parseUploadKey } from './file-object-keys.js';
import { isScanStatus, recordVerdict } from './files.service.js';

/**
 * Worker `recordScanResult` (shared/src/infra/workers.ts): GuardDuty Malware Protection for S3
 * sends one EventBridge event per scanned object of the data-room bucket; this records its verdict
 * on the file it is about. The local stack's EICAR scanner (local/malware-scanner.ts) sends the same
 * event shape to the same module. Events about other objects (product document uploads are under
 * the protected prefix too) or other buckets are ignored, as is a repeated event (the file has
 * moved on, and `recordVerdict` changes nothing).
 */
export interface GuardDutyScanResultEvent {
  id: string;
  'detail-type': string;
  source: string;
  time: string;
  detail: {
    scanStatus?: string;
    resourceType?: string;
    s3ObjectDetails?: { bucketName?: string; objectKey?: string; eTag?: string; versionId?: string };
    scanResultDetails?: { scanResultStatus?: string; threats?: { name?: string }[] | null };
  };
}

export const handler = async (event: GuardDutyScanResultEvent): Promise<void> => {
  const object = event.detail?.s3ObjectDetails;
  const status = event.detail?.scanResultDetails?.scanResultStatus;
  if (!object?.objectKey || object.bucketName !== dataRoomBucket()) return;
  const file = parseUploadKey(object.objectKey);
  if (!file) return;
  if (!isScanStatus(status)) {
    logger.warn('scan result without a known status', { key: object.objectKey, status });
    return;
  }
  // The scan is the system's doing, not a user's: its events name the scanner as their actor.
  const actor: Actor = {
    tenantId: file.tenantId,
    userId: 'system:malware-scan',
    requestId: event.id,
    at: clock.nowIso(),
  };
  const threats = (event.detail.scanResultDetails?.threats ?? []).flatMap((t) => (t.name ? [t.name] : []));
  const after = await recordVerdict(actor, file.tenantId, file.fileName, { status, etag: object.eTag, threats });
  logger.info('scan result recorded', { fileName: file.fileName, scanStatus: status, fileStatus: after?.status });
};
