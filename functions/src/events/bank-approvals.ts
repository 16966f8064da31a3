import type { DomainEvent } from '@tranche/shared/events/catalogue';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { event as eventDraft } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { logger } from '#lib/logger';
import {
  decisionEvent,
  decisionStep,
  namesOf,
  readBankItem,
  readProfileMeta,
} from '../bank-account/bank-account.service.js';
import { commitOnce } from './commit-once.js';
import type { Consumer } from './consumer.js';

/**
 * Wire-instruction integrity (issue 11, Deliver 8; docs/profiles.md "Bank accounts: approval, step-up,
 * payouts"): what a bank account's change causes elsewhere.
 */

/**
 * A new or changed account (BANK_ACCOUNT_CHANGED from the profiles part) asks the GP team to approve
 * it: BANK_CHANGE_REQUESTED opens the inbox's GP_BANK_CHANGE_APPROVAL task for the team, one per
 * account. Read fresh: an account already decided or closed by the time the event arrives needs no task.
 */
export const bankApprovalRequests: Consumer = {
  name: 'bankApprovalRequests',
  on: ['BANK_ACCOUNT_CHANGED'],
  effect: async (event: DomainEvent, once) => {
    if (event.payload.change === 'CLOSED') return;
    const profileId = String(event.payload.profileId);
    const bankId = String(event.payload.bankId);
    await once('', async () => {
      await commitOnce(event, 'bankApprovalRequests', async () => {
        const [meta, bank] = await Promise.all([
          readProfileMeta(event.tenantId, profileId),
          readBankItem(event.tenantId, profileId, bankId),
        ]);
        if (!meta || bank?.status !== 'PENDING') return undefined;
        const names = await namesOf(event.tenantId, meta);
        return {
          steps: [],
          events: [
            eventDraft('BANK_CHANGE_REQUESTED', profileId, {
              refId: profileId,
              investor: names.investorName,
              profile: names.profileName,
              payeeId: bankId,
            }),
          ],
          result: undefined,
        };
      });
    });
  },
};

/** Why an approval decided on the inbox task (no reason field there) reads in the account's review. */
const TASK_DECISION_REASON = 'Decided on the approval task';

/**
 * A GP admin may also decide the approval task itself (/tasks/notice-task-approval; TASK_DECIDED). The
 * decision applies to the account only if it is still the one the task was opened for: pending, and
 * not changed after the task was created. A task about details the investor has since changed is
 * moot (the change opened a new task), so nothing is approved that the GP did not see.
 */
export const bankTaskDecisions: Consumer = {
  name: 'bankTaskDecisions',
  on: ['TASK_DECIDED'],
  effect: async (event: DomainEvent, once) => {
    if (event.payload.kind !== 'GP_BANK_CHANGE_APPROVAL') return;
    await once('', async () => {
      await commitOnce(event, 'bankTaskDecisions', async (actor) => {
        const { Item: task } = await db.send(
          new GetCommand({
            TableName: tableName(),
            Key: keys.task(event.tenantId, event.subject.id),
            ConsistentRead: true,
          }),
        );
        const params = (task?.params ?? {}) as Record<string, string>;
        const profileId = params.refId;
        const bankId = params.payeeId;
        if (!task || !profileId || !bankId) return undefined;
        const [meta, bank] = await Promise.all([
          readProfileMeta(event.tenantId, profileId),
          readBankItem(event.tenantId, profileId, bankId),
        ]);
        if (!meta || !bank || bank.status !== 'PENDING' || bank.updatedAt > String(task.createdAt)) {
          logger.info('bank approval task decided on an account that moved on; nothing applied', {
            taskId: event.subject.id,
          });
          return undefined;
        }
        const decision = event.payload.decision === 'APPROVED' ? 'APPROVED' : 'REJECTED';
        const review = {
          decision,
          reason:
            typeof event.payload.comment === 'string' && event.payload.comment
              ? event.payload.comment
              : TASK_DECISION_REASON,
          decidedBy: actor.userId,
          decidedAt: actor.at,
        } as const;
        const names = await namesOf(event.tenantId, meta);
        return {
          steps: [decisionStep(event.tenantId, profileId, bank, decision === 'APPROVED' ? 'OPEN' : 'CLOSED', review)],
          events: [decisionEvent(meta, names.profileName, bankId, review)],
          result: undefined,
        };
      });
    });
  },
};
