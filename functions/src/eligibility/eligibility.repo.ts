import {
  ELIGIBILITY_BASIS_LABELS,
  ELIGIBILITY_TEST_RULES,
  type EligibilityEvidence,
  EligibilityEvidenceSchema,
  evidenceExpiry,
  renewalDueOn,
} from '@tranche/shared/profile/eligibility';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
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

/**
 * What the renewal task's text calls the evidence: its basis ("Accredited investor (US)"), the same for
 * every test of one classification, so renewing by another test still closes the task. English: the
 * inbox stores a task's text values once, as it does fund names. From the eligibility rules rather
 * than the classification labels, which the event dispatcher would otherwise carry whole (12 KB).
 */
export const classificationText = (test: EligibilityEvidence['test']): string =>
  ELIGIBILITY_BASIS_LABELS[ELIGIBILITY_TEST_RULES[test].basis].en;

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
