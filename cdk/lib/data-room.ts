/**
 * The data-room key layouts moved to shared/src/infra/data-room.ts, where the routes' `needs` name
 * them; the bucket's lifecycle, which only the CDK needs, stays here.
 */
export { DATA_ROOM_KEYS, DATA_ROOM_LIST_PREFIXES } from '@tranche/shared/infra/data-room';

/**
 * Prefixes the bucket's lifecycle empties: abandoned or checked uploads after a day, derived files
 * (folder zips, reused for 6 days by marketing-folders.service.ts) after a week. Current and
 * noncurrent versions alike. Nothing a user keeps lives under them.
 */
export const DATA_ROOM_EXPIRY = [
  { id: 'ExpireUploads', prefix: 'uploads/', days: 1 },
  { id: 'ExpireDerived', prefix: 'derived/', days: 7 },
] as const;
