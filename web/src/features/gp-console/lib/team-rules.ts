import { canAssignRole, canChangeRole, canLockRole } from '@tranche/shared/auth/permissions';
import { GP_ROLES, type Role } from '@tranche/shared/auth/roles';
import type { TeamMember } from '@tranche/shared/user/user.schema';

export type TeamRole = (typeof GP_ROLES)[number];

/**
 * Team roles an actor may give: on an invitation (`from` undefined) or as a change from `from`. The
 * rules are shared/src/auth/permissions.ts, the table the API enforces, so the screen offers nothing
 * the API would refuse.
 */
export const assignableRoles = (actor: Role, from?: TeamRole): TeamRole[] =>
  GP_ROLES.filter((to) => (from ? to !== from && canChangeRole(actor, from, to) : canAssignRole(actor, to)));

/** What a team row offers the signed-in actor; nothing on their own row. */
export const rowActionsFor = (actor: Role, actorId: string, member: TeamMember) => {
  const self = member.userId === actorId;
  return {
    changeRole: !self && assignableRoles(actor, member.role).length > 0,
    lock: !self && canLockRole(actor, member.role),
    resend: !self && member.inviteStatus === 'INVITED' && canAssignRole(actor, member.role),
  };
};
