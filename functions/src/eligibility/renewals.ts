import type { EligibilityEvidence } from '@tranche/shared/profile/eligibility';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { db, tableName } from '#lib/db/client';
import { DeleteCommand } from '#lib/db/commands';
import { commit, event } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { DomainError } from '#lib/errors';
import { logger } from '#lib/logger';
import { namesOf, readProfileMeta } from '../bank-account/bank-account.service.js';
import { classificationText } from './eligibility.repo.js';

/**
 * The daily eligibility job (WORKERS `eligibilityRenewals`: an EventBridge schedule on AWS, a timer in
 * the local stack, POST /_local/schedules/eligibilityRenewals/run in tests). Every piece of evidence
 * whose renewal is due (RENEWAL_LEAD_DAYS before it expires, or already expired) gets one
 * ELIGIBILITY_RENEWAL_DUE event, whose inbox consumer opens the ELIGIBILITY_RENEWAL task for the
 * profile's owner. Once per evidence: the same commit takes the item off the renewal index on the
 * condition that it is still the entry read, so a second run, or two runs at once, open nothing more.
 */

export interface RenewalResult {
  opened: number;
}

export const runRenewals = async (now: Date = clock.now()): Promise<RenewalResult> => {
  const today = now.toISOString().slice(0, 10);
  const due = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI2',
    // `~` sorts after every character of a tenant or profile id: every entry due today or before.
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK <= :today',
    ExpressionAttributeValues: { ':pk': keys.eligibilityDueIndexPk, ':today': `${today}#~` },
  });
  let opened = 0;
  for (const entry of due) {
    const tenantId = String(entry.tenantId);
    const profileId = String(entry.profileId);
    const classification = String(entry.classification);
    const expiresOn = String(entry.expiresOn);
    try {
      const meta = await readProfileMeta(tenantId, profileId);
      const key = keys.eligibility(tenantId, profileId, classification);
      if (!meta) {
        // The profile was deleted after its evidence was indexed: the entry goes too.
        await db.send(new DeleteCommand({ TableName: tableName(), Key: key }));
        continue;
      }
      const names = await namesOf(tenantId, meta);
      const actor: Actor = {
        tenantId,
        userId: 'SYSTEM',
        requestId: `eligibility-renewals-${today}`,
        at: now.toISOString(),
      };
      await commit(actor, {
        steps: [
          {
            item: {
              Update: {
                TableName: tableName(),
                Key: key,
                UpdateExpression: 'SET renewalOpenedFor = :expires REMOVE GSI2PK, GSI2SK',
                ConditionExpression: 'GSI2SK = :seen',
                ExpressionAttributeValues: { ':expires': expiresOn, ':seen': entry.GSI2SK },
              },
            },
            // Another run opened it, or the evidence changed since the read: nothing to open now.
            refusal: 'VERSION_CONFLICT',
          },
        ],
        events: [
          event('ELIGIBILITY_RENEWAL_DUE', profileId, {
            refId: profileId,
            userIds: [meta.ownerUserId],
            profile: names.profileName,
            classification: classificationText(entry.test as EligibilityEvidence['test']),
            dueDate: expiresOn,
          }),
        ],
        result: undefined,
      });
      opened++;
    } catch (error) {
      if (error instanceof DomainError) continue;
      // One profile's failure must not hold up the others: its entry stays for tomorrow.
      logger.error('eligibility renewal not opened', { error: error as Error, tenantId, profileId });
    }
  }
  logger.info('eligibility renewal job done', { opened, due: due.length });
  return { opened };
};

export const handler = async (): Promise<RenewalResult> => runRenewals();
