import type { DomainEvent } from '@tranche/shared/events/catalogue';
import type { Lang } from '@tranche/shared/i18n/langs';
import { tableName } from '#lib/db/client';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { sendEmail } from '#lib/mailer';
import { findUser, type UserRecord, userRecordOf } from '../user/user.repo.js';
import type { Consumer } from './consumer.js';

/**
 * A scenario's email nodes (issue 13, docs/subscriptions.md "Scenario flows"): the node's own subject
 * and text, in each recipient's language, to the investor or to the fund's team (every registered,
 * unlocked team member). One email per recipient per event: a redelivery sends none twice.
 */
const reachable = (u: UserRecord | undefined): u is UserRecord =>
  u !== undefined && u.inviteStatus === 'REGISTERED' && u.accountState === 'normal';

const recipients = async (event: DomainEvent, to: string, userIds: readonly string[]): Promise<UserRecord[]> => {
  if (to === 'GP_TEAM') {
    const team = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.teamIndexPk(event.tenantId) },
    });
    return team.map(userRecordOf).filter(reachable);
  }
  return (await Promise.all(userIds.map((id) => findUser(event.tenantId, id)))).filter(reachable);
};

export const scenarioEmails: Consumer = {
  name: 'scenarioEmails',
  on: ['SCENARIO_EMAIL_REQUESTED'],
  effect: async (event, once) => {
    const p = event.payload as {
      to: string;
      userIds: string[];
      subject: Record<Lang, string>;
      body: Record<Lang, string>;
    };
    for (const user of await recipients(event, p.to, p.userIds)) {
      await once(user.userId, async () => {
        const lang: Lang = user.language in p.subject ? user.language : 'en';
        await sendEmail({ to: user.email, subject: p.subject[lang], text: p.body[lang] });
      });
    }
  },
};
