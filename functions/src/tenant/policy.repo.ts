import type { EventName } from '@tranche/shared/events/catalogue';
import type { GpPolicy, PolicyContent, PolicyVersion } from '@tranche/shared/tenant/policy.schema';
import type { Actor } from '#lib/audit';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { commit, eventOf, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { DomainError } from '#lib/errors';

/** The policy item: the working draft, the published version (a copy) and the version history. */
export type PolicyRecord = Omit<GpPolicy, 'hasUnpublishedChanges'>;

const toRecord = (item: Record<string, unknown>): PolicyRecord => {
  const { PK: _pk, SK: _sk, type: _type, ...rest } = item;
  return rest as PolicyRecord;
};

export const getPolicyRecord = async (tenantId: string, policyId: string): Promise<PolicyRecord> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.policy(tenantId, policyId), ConsistentRead: true }),
  );
  if (!Item) throw new DomainError('policyNotExist');
  return toRecord(Item);
};

/** Every policy of a tenant, drafts included (the GP team's list). */
export const listPolicyRecords = async (tenantId: string): Promise<PolicyRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :policy)',
      ExpressionAttributeValues: { ':pk': keys.policiesPk(tenantId), ':policy': keys.policyPrefix },
      ConsistentRead: true,
    })
  ).map(toRecord);

/** The published versions only: drafts are neither read nor returned. */
export const listPublishedPolicies = async (tenantId: string): Promise<(PolicyVersion & { policyId: string })[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :policy)',
      FilterExpression: '#status = :published',
      ProjectionExpression: 'policyId, published',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':pk': keys.policiesPk(tenantId),
        ':policy': keys.policyPrefix,
        ':published': 'PUBLISHED',
      },
    })
  ).map((i) => ({ ...(i.published as PolicyVersion), policyId: i.policyId as string }));

/**
 * Writes a policy item: created only if absent (`seenRevision` undefined), otherwise only if its
 * revision is still the one read. A new published version is written alongside, never overwritten.
 * The audit event goes in the same transaction.
 */
export const writePolicy = async (
  tenantId: string,
  record: PolicyRecord,
  seenRevision: string | undefined,
  actor: Actor,
  audit: { action: EventName; data: Record<string, unknown> },
  newVersion?: PolicyVersion & { publishedBy: string },
): Promise<void> => {
  const table = tableName();
  const key = keys.policy(tenantId, record.policyId);
  const steps: Step[] = [
    {
      item: {
        Put: {
          TableName: table,
          Item: { ...key, type: 'POLICY', ...record },
          ...(seenRevision === undefined
            ? { ConditionExpression: 'attribute_not_exists(PK)' }
            : {
                ConditionExpression: 'attribute_exists(PK) AND revision = :seen',
                ExpressionAttributeValues: { ':seen': seenRevision },
              }),
        },
      },
    },
    ...(newVersion
      ? [
          {
            item: {
              Put: {
                TableName: table,
                Item: {
                  ...keys.policyVersion(tenantId, record.policyId, newVersion.version),
                  type: 'POLICY_VERSION',
                  policyId: record.policyId,
                  ...newVersion,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          },
        ]
      : []),
  ];
  await commit(actor, {
    steps,
    events: [eventOf(audit.action, record.policyId, { policyId: record.policyId, ...audit.data })],
    result: undefined,
  });
};

/** Equal content: what publishing compares (the draft against the published version). */
export const sameContent = (a: PolicyContent, b: PolicyContent): boolean => {
  const canonical = (c: PolicyContent) =>
    JSON.stringify([c.kind, c.requireAcceptance, c.title.en, c.title['zh-CN'], c.body.en, c.body['zh-CN']]);
  return canonical(a) === canonical(b);
};
