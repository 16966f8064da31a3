import type { RequirementLevels } from '@tranche/shared/profile/requirement-levels';
import type { Actor } from '#lib/audit';
import { tableName } from '#lib/db/client';
import { commit, event } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { readRequirementLevels, requirementsDoc } from './profile.service.js';

/**
 * Replaces the tenant's requirement levels if the caller saw the current version (0: never set, so
 * the item must not exist yet); audited. Profiles already submitted keep what they were judged on:
 * the new table applies to the next change or submission.
 */
export const updateRequirementLevels = async (actor: Actor, doc: { settings: RequirementLevels; version: number }) => {
  const next = { settings: doc.settings, version: doc.version + 1 };
  await commit(actor, {
    steps: [
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.profileRequirements(actor.tenantId),
              type: 'PROFILE_REQUIREMENTS',
              ...next,
              updatedAt: actor.at,
              updatedBy: actor.userId,
            },
            ...(doc.version === 0
              ? { ConditionExpression: 'attribute_not_exists(PK)' }
              : { ConditionExpression: 'version = :seen', ExpressionAttributeValues: { ':seen': doc.version } }),
          },
        },
        refusal: 'VERSION_CONFLICT',
      },
    ],
    events: [event('PROFILE_REQUIREMENTS_UPDATED', actor.tenantId, { from: doc.version, to: next.version })],
    result: undefined,
  });
  return requirementsDoc(next);
};

export const getRequirementLevels = async (tenantId: string) => requirementsDoc(await readRequirementLevels(tenantId));
