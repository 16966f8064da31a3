import { SIGNER_LIFECYCLE } from '@tranche/shared/signing/signing-state';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { type EventDraft, event, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { freshCodeState } from '../signing-code.js';
import { type ProjectParts, type SignerRecord, signerUpdate } from './signer.repo.js';

/**
 * Telling signers it is their turn (issue 12): each moves WAITING -> NOTIFIED (with a fresh code
 * state) and gets a SIGNER_NOTIFIED event of their own, since each signer has their own task; the
 * inbox opens it for an account holder (on the investor portal or the console, by `accountType`),
 * and the signing consumer emails a link to a signer without an account.
 */

/** Which side of the portal an account holder's task belongs on; none without an account. */
export const accountTypeOf = async (tenantId: string, signer: SignerRecord): Promise<'LP' | 'GP' | undefined> => {
  if (!signer.userId) return undefined;
  // The role alone (not the user module: it would carry the profile schemas into the signing handler).
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.user(tenantId, signer.userId),
      ProjectionExpression: '#role',
      ExpressionAttributeNames: { '#role': 'role' },
    }),
  );
  if (typeof Item?.role !== 'string') return undefined;
  return Item.role === 'LP' ? 'LP' : 'GP';
};

/** The payload of SIGNER_NOTIFIED, SIGNER_RESENT and SIGNER_REMINDED for one signer. */
export const signerMessage = async (tenantId: string, parts: Pick<ProjectParts, 'project'>, signer: SignerRecord) => {
  const accountType = await accountTypeOf(tenantId, signer);
  return {
    refId: signer.signerId,
    projectId: parts.project.projectId,
    project: parts.project.name.slice(0, 300),
    signer: signer.name.slice(0, 300),
    ...(signer.userId && accountType ? { userIds: [signer.userId], accountType } : {}),
  };
};

/** The writes and events that tell `signers` (WAITING, of the group whose turn came) it is their turn. */
export const notifiedSteps = async (
  tenantId: string,
  parts: Pick<ProjectParts, 'project'>,
  signers: readonly SignerRecord[],
  at: string,
): Promise<{ steps: Step[]; events: EventDraft[] }> => {
  const steps: Step[] = [];
  const events: EventDraft[] = [];
  for (const signer of signers) {
    const state = SIGNER_LIFECYCLE.next(signer.state, 'NOTIFY', 'SYSTEM');
    steps.push(signerUpdate(tenantId, signer, { state, notifiedAt: at, code: freshCodeState() }));
    events.push(event('SIGNER_NOTIFIED', parts.project.projectId, await signerMessage(tenantId, parts, signer)));
  }
  return { steps, events };
};
