import { keys } from './db/keys.js';
import { newId } from './ids.js';

export interface Actor {
  userId: string;
  tenantId: string;
  requestId: string;
  at: string;
}

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
