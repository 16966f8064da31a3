import { canAssignRole, canChangeRole } from '@tranche/shared/auth/permissions';
import { isGp, type Role } from '@tranche/shared/auth/roles';
import type { AccountInviteStatus } from '@tranche/shared/enums';
import type { TeamMember } from '@tranche/shared/user/user.schema';
import { db, tableName } from '#lib/db/client';
import { QueryCommand } from '#lib/db/commands';
import { commit, event } from '#lib/db/commit';
import { decodeCursor, encodeCursor, invalidCursor } from '#lib/db/cursor';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import type { Session } from '#lib/session';
import { hit } from '#lib/throttle';
import { LINK_TTL_SECONDS } from '../auth/auth.repo.js';
import { actorOf, type PortalCtx } from '../auth/context.js';
import { getUserRecord, type UserRecord } from './user.repo.js';

/**
 * The GP team screen's use-cases: list the team, change a member's role, resend an invitation.
 * Who may do what is the table in shared/src/auth/permissions.ts; every change is one conditional
 * transaction with its audit event.
 */

export const toTeamMember = (user: UserRecord): TeamMember => ({
  userId: user.userId,
  email: user.email,
  displayName: user.displayName,
  role: user.role as TeamMember['role'],
  inviteStatus: user.inviteStatus,
  accountState: user.accountState,
  mfaMethods: user.mfaMethods,
  createdAt: user.createdAt,
  ...(user.lastSignInAt ? { lastSignInAt: user.lastSignInAt } : {}),
  version: user.version ?? 0,
});

const INDEX_KEY_ATTRIBUTES = ['PK', 'SK', 'GSI2PK', 'GSI2SK'] as const;

/**
 * The team, by role then joining time, from the sparse team index (investors are not in it). A
 * role filter is a key condition; a status filter is applied after the read, so a page may hold
 * fewer than `limit` members while `nextCursor` says there is more.
 */
export const listTeamMembers = async (
  tenantId: string,
  query: {
    role?: Role | undefined;
    status?: AccountInviteStatus | undefined;
    limit: number;
    cursor?: string | undefined;
  },
) => {
  const pk = keys.teamIndexPk(tenantId);
  const startKey = await decodeCursor(query.cursor, 'GSI2PK', pk, INDEX_KEY_ATTRIBUTES);
  // A cursor from an unfiltered (or another role's) listing would start outside this range.
  if (startKey && query.role && !startKey.GSI2SK?.startsWith(`${query.role}#`)) {
    throw invalidCursor();
  }
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':pk': pk };
  let keyCondition = 'GSI2PK = :pk';
  if (query.role) {
    keyCondition += ' AND begins_with(GSI2SK, :role)';
    values[':role'] = `${query.role}#`;
  }
  let filter: string | undefined;
  if (query.status) {
    filter = '#status = :status';
    names['#status'] = 'inviteStatus';
    values[':status'] = query.status;
  }
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: keyCondition,
      ...(filter ? { FilterExpression: filter, ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
      Limit: query.limit,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }),
  );
  const items = (out.Items ?? []).map((item) => toTeamMember(item as UserRecord));
  const nextCursor = await encodeCursor(out.LastEvaluatedKey);
  return { items, ...(nextCursor ? { nextCursor } : {}) };
};

/**
 * Changes a team member's role. Admins move members between MEMBER and ADMIN; only an owner grants
 * or revokes OWNER; nobody changes their own role. The change names the member's `version` as read
 * (409 when someone changed the member since). Asking for the role the member already has changes
 * nothing and answers the member.
 *
 * The last owner: an owner can only be demoted by another owner, so the actor is a second owner.
 * The transaction checks that the actor *still* holds the role that allows the change: two owners
 * demoting each other at once cannot both succeed (one finds itself no longer an owner and gets
 * `lastOwner`), so a tenant never loses its last owner.
 */
export const changeUserRole = async (
  ctx: PortalCtx,
  session: Session,
  memberId: string,
  input: { role: Role; version: number },
): Promise<TeamMember> => {
  const target = await getUserRecord(ctx.tenantId, memberId);
  if (!isGp(target.role)) throw new DomainError('notATeamMember');
  if (target.userId === session.userId) throw new DomainError('cannotChangeOwnRole');
  if (!canChangeRole(session.role, target.role, input.role)) throw new DomainError('FORBIDDEN');
  const seen = target.version ?? 0;
  if (seen !== input.version) throw new DomainError('VERSION_CONFLICT');
  if (target.role === input.role) return toTeamMember(target);

  const ownerInvolved = target.role === 'GP_OWNER' || input.role === 'GP_OWNER';
  const actorRoles: Role[] = ownerInvolved ? ['GP_OWNER'] : ['GP_ADMIN', 'GP_OWNER'];
  const table = tableName();
  const targetKey = keys.user(ctx.tenantId, target.userId);
  const index = keys.teamMember(ctx.tenantId, input.role, target.createdAt, target.userId);
  // The actor's check comes first: when both conditions fail, losing the role that allowed the
  // change (lastOwner / FORBIDDEN) is the answer, not the conflict on the member.
  await commit(actorOf(ctx, session.userId), {
    steps: [
      {
        item: {
          ConditionCheck: {
            TableName: table,
            Key: keys.user(ctx.tenantId, session.userId),
            ConditionExpression: `#role IN (${actorRoles.map((_, i) => `:r${i}`).join(', ')}) AND inviteStatus = :registered`,
            ExpressionAttributeNames: { '#role': 'role' },
            ExpressionAttributeValues: {
              ...Object.fromEntries(actorRoles.map((r, i) => [`:r${i}`, r])),
              ':registered': 'REGISTERED',
            },
          },
        },
        refusal: target.role === 'GP_OWNER' ? 'lastOwner' : 'FORBIDDEN',
      },
      {
        item: {
          Update: {
            TableName: table,
            Key: targetKey,
            UpdateExpression: 'SET #role = :to, GSI2PK = :gpk, GSI2SK = :gsk ADD #version :one',
            ConditionExpression: `attribute_exists(PK) AND #role = :from AND ${
              seen === 0 ? '(attribute_not_exists(#version) OR #version = :seen)' : '#version = :seen'
            }`,
            ExpressionAttributeNames: { '#role': 'role', '#version': 'version' },
            ExpressionAttributeValues: {
              ':to': input.role,
              ':from': target.role,
              ':gpk': index.GSI2PK,
              ':gsk': index.GSI2SK,
              ':one': 1,
              ':seen': seen,
            },
          },
        },
        refusal: 'VERSION_CONFLICT',
      },
    ],
    events: [event('ROLE_CHANGED', target.userId, { from: target.role, to: input.role })],
    result: undefined,
  });
  return toTeamMember({ ...target, role: input.role, version: seen + 1 });
};

/** Resends per invited user: 3 an hour, whoever asks (each one emails the invitee). */
const RESEND_RULE = { scope: 'resend-invite', limit: 3, windowSeconds: 3600 };

/**
 * Sends an INVITED user a new activation link (72 hours): the request records INVITE_RESENT (while
 * the user is still INVITED), and the invitations consumer issues the link, spends the previous one
 * (it answers 'The active link has expired.' from then on) and emails it (functions/src/events/
 * invitations.ts). Of several resends the last link issued is the one that works. Whoever may invite
 * the user's role may resend. The answer's `expiresAt` is when a link issued now stops working.
 */
export const resendInvite = async (ctx: PortalCtx, session: Session, inviteeId: string) => {
  const target = await getUserRecord(ctx.tenantId, inviteeId);
  if (target.inviteStatus !== 'INVITED') throw new DomainError('inviteNotPending');
  if (!canAssignRole(session.role, target.role)) throw new DomainError('FORBIDDEN');
  await hit(ctx.tenantId, RESEND_RULE, target.userId);
  const actor = actorOf(ctx, session.userId);
  await commit(actor, {
    steps: [
      {
        item: {
          ConditionCheck: {
            TableName: tableName(),
            Key: keys.user(ctx.tenantId, target.userId),
            ConditionExpression: 'inviteStatus = :invited',
            ExpressionAttributeValues: { ':invited': 'INVITED' },
          },
        },
        refusal: 'inviteNotPending',
      },
    ],
    events: [event('INVITE_RESENT', target.userId, {})],
    result: undefined,
  });
  return {
    userId: target.userId,
    email: target.email,
    inviteStatus: 'INVITED' as const,
    expiresAt: new Date(Date.parse(actor.at) + LINK_TTL_SECONDS.activation * 1000).toISOString(),
  };
};
