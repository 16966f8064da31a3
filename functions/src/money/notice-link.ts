import type { Role } from '@tranche/shared/auth/roles';
import { isGp } from '@tranche/shared/auth/roles';
import type { Actor } from '#lib/audit';
import { presignDownload } from '#lib/aws/s3';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { readNotice } from './call.records.js';

/**
 * The short-lived link to one investor's call notice PDF (docs/money.md "Notices, currency,
 * reversals"). The investor sees only their own notice (another's, like an unknown one, is
 * capitalCallNotExists: nothing says it exists); the team sees every notice of the tenant. The PDF is
 * rendered by the notice worker once the notice is written: until then callNoticeNotReady (409), which
 * a screen answers by trying again shortly.
 */
export const noticePdfLink = async (
  actor: Actor,
  role: Role,
  callId: string,
  subscriptionId: string,
): Promise<{ url: string; expiresAt: string; fileName: string }> => {
  const notice = await readNotice(actor.tenantId, callId, subscriptionId);
  if (!notice || (!isGp(role) && notice.investorId !== actor.userId)) throw new DomainError('capitalCallNotExists');
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.noticePdf(actor.tenantId, callId, subscriptionId),
      ConsistentRead: true,
    }),
  );
  if (!Item) throw new DomainError('callNoticeNotReady');
  const fileName = String(Item.fileName);
  const link = await presignDownload(String(Item.objectKey), { fileName, contentType: 'application/pdf' });
  return { ...link, fileName };
};
