import type { Role } from '@tranche/shared/auth/roles';
import { isGp } from '@tranche/shared/auth/roles';
import type { ContractNote } from '@tranche/shared/money/money.schema';
import type { Actor } from '#lib/audit';
import { presignDownload } from '#lib/aws/s3';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';

/** A contract note as stored (pattern 49b), without its keys; undefined when there is none. */
export const readNote = async (tenantId: string, subscriptionId: string, contractNoteId: string) => {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.contractNote(tenantId, subscriptionId, contractNoteId),
      ConsistentRead: true,
    }),
  );
  if (!Item) return undefined;
  const { PK: _pk, SK: _sk, type: _t, GSI1PK: _a, GSI1SK: _b, GSI2PK: _c, GSI2SK: _d, ...note } = Item;
  return note as unknown as ContractNote;
};

/**
 * The short-lived link to a contract note's PDF: its investor (another investor's note, like an
 * unknown one or another tenant's, is contractNoteNotExists) or the team; contractNoteNotReady (409)
 * until the worker has stored it.
 */
export const contractNotePdfLink = async (
  actor: Actor,
  role: Role,
  subscriptionId: string,
  contractNoteId: string,
): Promise<{ url: string; expiresAt: string; fileName: string }> => {
  const note = await readNote(actor.tenantId, subscriptionId, contractNoteId);
  if (!note || (!isGp(role) && note.investorId !== actor.userId)) throw new DomainError('contractNoteNotExists');
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.contractNotePdf(actor.tenantId, contractNoteId),
      ConsistentRead: true,
    }),
  );
  if (!Item) throw new DomainError('contractNoteNotReady');
  const fileName = String(Item.fileName);
  const link = await presignDownload(String(Item.objectKey), { fileName, contentType: 'application/pdf' });
  return { ...link, fileName };
};
