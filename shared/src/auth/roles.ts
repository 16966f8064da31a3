/**
 * Who can call what. A session carries one principal role: an LP investor, or a GP team member
 * with the spec's member role (MEMBER, ADMIN, OWNER). Routes declare the roles they allow;
 * a route that declares none is denied to everyone signed in (DESIGN.md: undeclared means denied).
 */
export const MEMBER_ROLES = ['MEMBER', 'ADMIN', 'OWNER'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const ROLES = ['LP', 'GP_MEMBER', 'GP_ADMIN', 'GP_OWNER'] as const;
export type Role = (typeof ROLES)[number];

export const GP_ROLES = ['GP_MEMBER', 'GP_ADMIN', 'GP_OWNER'] as const satisfies readonly Role[];
export const GP_ADMINS = ['GP_ADMIN', 'GP_OWNER'] as const satisfies readonly Role[];
export const ANY_ROLE = ROLES;

export const gpRole = (memberRole: MemberRole): Role => `GP_${memberRole}`;
export const isGp = (role: Role): boolean => role !== 'LP';
