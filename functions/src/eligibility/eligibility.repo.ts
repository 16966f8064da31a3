import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  ELIGIBILITY_TEST_RULES,
  type EligibilityEvidence,
  EligibilityEvidenceSchema,
  evidenceExpiry,
  renewalDueOn,
} from '@tranche/shared/profile/eligibility';
import { INVESTOR_CLASSIFICATION_LABELS, type InvestorClassification } from '@tranche/shared/profile/profile-enums';
import { db, tableName } from '#lib/db/client';
import type { Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';

/**
 * The eligibility index (keys.ts pattern 38): one ELIG#<classification> item per certificate that
 * carries valid evidence, in the profile's partition (so deleting the profile deletes it), listed on the
 * platform-wide renewal index until the daily job opens the renewal task for that evidence.
 */

export interface EligibilityIndexItem {
  tenantId: string;
  profileId: string;
  classification: string;
  expiresOn: string;
  renewalDueOn: string;
  /** Set when the job opened the renewal task for the evidence expiring on `expiresOn`. */
  renewalOpenedFor?: string;
}

/** The classification as the renewal task's text names it (the inbox stores text in one language). */
export const classificationText = (classification: string): string =>
  INVESTOR_CLASSIFICATION_LABELS[classification as InvestorClassification]?.en ?? classification;

/** The certificate's evidence, when it has evidence the eligibility schema accepts. */
export const readEvidence = async (
  tenantId: string,
  profileId: string,
  classification: string,
): Promise<EligibilityEvidence | undefined> => {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.profilePart(tenantId, profileId, `CERT#${classification}`),
      ConsistentRead: true,
    }),
  );
  const parsed = EligibilityEvidenceSchema.safeParse(Item?.evidence);
  return parsed.success ? parsed.data : undefined;
};

export const readIndexItem = async (tenantId: string, profileId: string, classification: string) => {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.eligibility(tenantId, profileId, classification),
      ConsistentRead: true,
    }),
  );
  return Item as (EligibilityIndexItem & Record<string, unknown>) | undefined;
};

/**
 * The index item for the evidence as it now is. Evidence with the same expiry as the one a renewal task
 * was already opened for stays off the renewal index (the task exists); new evidence goes back on it.
 */
export const indexSteps = (
  tenantId: string,
  profileId: string,
  classification: string,
  evidence: EligibilityEvidence | undefined,
  previous: EligibilityIndexItem | undefined,
): Step[] => {
  const key = keys.eligibility(tenantId, profileId, classification);
  if (!evidence) return previous ? [{ item: { Delete: { TableName: tableName(), Key: key } } }] : [];
  const expiresOn = evidenceExpiry(evidence);
  const dueOn = renewalDueOn(evidence);
  const opened = previous?.renewalOpenedFor === expiresOn;
  const item: EligibilityIndexItem = {
    tenantId,
    profileId,
    classification,
    expiresOn,
    renewalDueOn: dueOn,
    ...(opened ? { renewalOpenedFor: expiresOn } : {}),
  };
  return [
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: {
            ...key,
            type: 'PROFILE_ELIGIBILITY',
            ...item,
            test: evidence.test,
            jurisdiction: ELIGIBILITY_TEST_RULES[evidence.test].jurisdiction,
            ...(opened ? {} : keys.eligibilityDue(dueOn, tenantId, profileId, classification)),
          },
        },
      },
    },
  ];
};
