/**
 * Where a call notice's PDF is kept in the data-room bucket (shared/src/infra/data-room.ts
 * `callNotices`): ids only, one object per investor's notice, written once by the notice worker.
 */
export const noticeObjectKey = (tenantId: string, callId: string, subscriptionId: string) =>
  `tenants/${tenantId}/money/notices/${callId}/${subscriptionId}.pdf`;
