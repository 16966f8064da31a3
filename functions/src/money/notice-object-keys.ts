/**
 * Where a call notice's PDF is kept in the data-room bucket (shared/src/infra/data-room.ts
 * `callNotices`): ids only, one object per investor's notice, written once by the notice worker.
 */
export const noticeObjectKey = (tenantId: string, callId: string, subscriptionId: string) =>
  `tenants/${tenantId}/money/notices/${callId}/${subscriptionId}.pdf`;

/**
 * Where a contract note's PDF is kept: beside the notices, so the notice worker's PutObject grant and
 * the download route's GetObject grant (`callNotices`) cover it without another data-room prefix.
 */
export const contractNoteObjectKey = (tenantId: string, contractNoteId: string) =>
  `tenants/${tenantId}/money/notices/contract-notes/${contractNoteId}.pdf`;
