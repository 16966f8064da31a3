import { INBOX_ROUTES } from '@tranche/shared/http/routes/inbox.routes';
import { sessionActor } from '#lib/audit';
import { tableName } from '#lib/db/client';
import { commit, event } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { created, httpApi } from '#lib/http-api';
import { newId } from '#lib/ids';

/**
 * The investor's activity trail for the manager's CRM: one item per thing viewed or done, and its
 * event in the investor's audit trail. Ids are not checked against the records they name: the trail
 * says what the investor's browser reported, and reads it back only for this tenant's manager.
 */
export const handler = httpApi(INBOX_ROUTES.addActivity, async (ctx) => {
  const actor = sessionActor(ctx);
  const activityId = newId();
  const { action, subjectId, path } = ctx.body;
  await commit(actor, {
    steps: [
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.activity(actor.tenantId, actor.userId, actor.at, activityId),
              type: 'ACTIVITY',
              activityId,
              userId: actor.userId,
              action,
              at: actor.at,
              ...(subjectId ? { subjectId } : {}),
              ...(path ? { path } : {}),
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      },
    ],
    events: [
      event('LP_ACTIVITY_RECORDED', actor.userId, {
        activityId,
        action,
        ...(subjectId ? { subjectId } : {}),
        ...(path ? { path } : {}),
      }),
    ],
    result: undefined,
  });
  return created({ activityId });
});
