import { PLATFORM_OPERATOR } from '@tranche/shared/auth/operator';
import type { DomainEvent } from '@tranche/shared/events/catalogue';
import { clock } from '#lib/clock';
import { db, tableName } from '#lib/db/client';
import { TransactWriteCommand } from '#lib/db/commands';
import { keys } from '#lib/db/keys';
import { newOpaqueToken, sha256 } from '#lib/secrets';
import { LINK_TTL_SECONDS, linkPut, supersedeLink } from '../auth/auth.repo.js';
import { notify, portalLink } from '../auth/notifications.js';
import { getTenant } from '../tenant/tenant.repo.js';
import { findUser, getUserRecord, type UserRecord } from '../user/user.repo.js';
import type { Consumer } from './consumer.js';

/**
 * A new activation link for an INVITED user: the link, the previous one spent, and the user's record
 * of its current link, in one transaction conditional on the link it replaces. Answers the token, or
 * nothing when the user is no longer INVITED (activated or locked meanwhile: nothing to send).
 */
const issueActivationLink = async (user: UserRecord): Promise<string | undefined> => {
  const token = newOpaqueToken();
  const tokenHash = sha256(token);
  const previous = user.activationLinkHash;
  const link = linkPut(user.tenantId, { kind: 'activation', userId: user.userId }, tokenHash);
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: link.put },
          ...(previous ? [{ Update: supersedeLink(user.tenantId, previous) }] : []),
          {
            Update: {
              TableName: tableName(),
              Key: keys.user(user.tenantId, user.userId),
              UpdateExpression: 'SET activationLinkHash = :new, inviteLinkIssuedAt = :at',
              ConditionExpression: `attribute_exists(PK) AND inviteStatus = :invited AND ${
                previous ? 'activationLinkHash = :previous' : 'attribute_not_exists(activationLinkHash)'
              }`,
              ExpressionAttributeValues: {
                ':new': tokenHash,
                ':at': clock.nowIso(),
                ':invited': 'INVITED',
                ...(previous ? { ':previous': previous } : {}),
              },
            },
          },
        ],
      }),
    );
  } catch (error) {
    // The user changed since it was read (activated, locked, another link issued): read again.
    const now = await findUser(user.tenantId, user.userId);
    if (now?.inviteStatus !== 'INVITED') return undefined;
    throw error;
  }
  return token;
};

/**
 * Invitations: a user created INVITED (by a team member, or the platform operator for a tenant's first
 * owner) and every resend get a fresh activation link by email, in the invitee's language, naming
 * who invited or resent. The link is issued here, not in the request, so its token exists only in
 * the email, never in a stored event.
 */
export const invitations: Consumer = {
  name: 'invitation',
  on: ['USER_CREATED', 'INVITE_RESENT'],
  effect: async (event: DomainEvent, once) => {
    if (event.name === 'USER_CREATED' && event.payload.inviteStatus !== 'INVITED') return;
    await once('', async () => {
      const user = await getUserRecord(event.tenantId, event.subject.id);
      if (user.inviteStatus !== 'INVITED') return;
      const token = await issueActivationLink(user);
      if (!token) return;
      const tenant = await getTenant(event.tenantId);
      const link = await portalLink(tenant.prefix, '/activate', { token });
      const values = {
        portal: tenant.branding.displayName,
        link,
        hours: String(LINK_TTL_SECONDS.activation / 3600),
      };
      if (event.actorId === PLATFORM_OPERATOR) {
        await notify(user.email, 'ownerInvitation', user.language, values);
        return;
      }
      const inviter = await getUserRecord(event.tenantId, event.actorId);
      await notify(user.email, 'invitation', user.language, { ...values, inviter: inviter.displayName });
    });
  },
};
