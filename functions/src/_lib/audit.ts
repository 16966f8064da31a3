import { clock } from './clock.js';
import { keys } from './db/keys.js';
import { newId } from './ids.js';

export interface Actor {
  userId: string;
  tenantId: string;
  requestId: string;
  at: string;
}

/** The actor of a signed-in request: the session's user, in the request's tenant, now. */
export const sessionActor = (ctx: { tenantId: string; requestId: string; session: { userId: string } }): Actor => ({
  tenantId: ctx.tenantId,
  userId: ctx.session.userId,
  requestId: ctx.requestId,
  at: clock.nowIso(),
});

/**
 * An append-only audit event, stored in the partition of the record it is about so one Query reads
 * both. Written in the same transaction as the change it records; `attribute_not_exists` makes it
 * impossible to overwrite.
 */
export const auditEventPut = (tableName: string, recordPk: string, actor: Actor, action: string, data: object) => {
  const eventId = newId();
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...keys.auditEvent(recordPk, actor.at, eventId),
        type: 'AUDIT',
        eventId,
        action,
        actorId: actor.userId,
        tenantId: actor.tenantId,
        requestId: actor.requestId,
        at: actor.at,
        data,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
};
