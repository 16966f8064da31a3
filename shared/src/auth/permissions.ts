import { ANY_ROLE, GP_ADMINS, GP_ROLES, type Role } from './roles.js';

/**
 * What each principal may do, as one table. Routes take their `roles` from here, so the route
 * table, this table and the role matrix test (every session route x every role x both tenants)
 * cannot disagree. docs/identity.md shows the same table for people.
 *
 * | Capability              | LP | MEMBER | ADMIN | OWNER |
 * |-------------------------|----|--------|-------|-------|
 * | own profile, password,  | ✓  | ✓      | ✓     | ✓     |
 * |   MFA, email prefs      |    |        |       |       |
 * | investment-account      | ✓  |        |       |       |
 * |   email preferences     |    |        |       |       |
 * | keep a watchlist of     | ✓  |        |       |       |
 * |   catalogue funds       |    |        |       |       |
 * | own inbox and tasks     | ✓  | ✓      | ✓     | ✓     |
 * |   (acting: per kind)    |    |        |       |       |
 * | activity trail          | ✓  |        |       |       |
 * | own investor profiles   | ✓  |        |       |       |
 * |   and persons           |    |        |       |       |
 * | read profile field      | ✓  | ✓      | ✓     | ✓     |
 * |   requirement levels    |    |        |       |       |
 * | read GP settings        |    | ✓      | ✓     | ✓     |
 * | change LP/GP settings   |    |        | ✓     | ✓     |
 * | invite investors        |    | ✓      | ✓     | ✓     |
 * | invite MEMBER / ADMIN   |    |        | ✓     | ✓     |
 * | invite OWNER            |    |        |       | ✓     |
 * | lock / unlock users     |    |        | ✓     | ✓     |
 * |   (not an OWNER unless  |    |        |       |       |
 * |    the actor is one)    |    |        |       |       |
 * | list team members       |    | ✓      | ✓     | ✓     |
 * | resend an invitation    |    | ✓      | ✓     | ✓     |
 * |   (for the roles the    |    |        |       |       |
 * |    actor may invite)    |    |        |       |       |
 * | change MEMBER <-> ADMIN |    |        | ✓     | ✓     |
 * | grant / revoke OWNER    |    |        |       | ✓     |
 * |   (never one's own role;|    |        |       |       |
 * |    an owner remains)    |    |        |       |       |
 * | see every product (any  |    | ✓      | ✓     | ✓     |
 * |   state), its audit     |    |        |       |       |
 * | edit draft products,    |    | ✓      | ✓     | ✓     |
 * |   share classes, docs   |    |        |       |       |
 * | publish, close, reopen, |    |        | ✓     | ✓     |
 * |   unpublish; edit live  |    |        |       |       |
 * |   products              |    |        |       |       |
 * | console overview (counts|    | ✓      | ✓     | ✓     |
 * |   of funds, investors,  |    |        |       |       |
 * |   team)                 |    |        |       |       |
 * | list the investors      |    | ✓      | ✓     | ✓     |
 * | read KYC cases          |    | ✓      | ✓     | ✓     |
 * | decide KYC cases        |    |        | ✓     | ✓     |
 * | read and prepare money  |    | ✓      | ✓     | ✓     |
 * |   (calls, NAV, funds)   |    |        |       |       |
 * | approve / issue calls,  |    |        | ✓     | ✓     |
 * |   confirm receipts,     |    |        |       |       |
 * |   approve NAV           |    |        |       |       |
 * | own calls, transactions | ✓  |        |       |       |
 * |   and dashboard         |    |        |       |       |
 * | subscribe, follow own   | ✓  |        |       |       |
 * |   subscriptions         |    |        |       |       |
 * | read the tenant's subs, |    | ✓      | ✓     | ✓     |
 * |   Add manually, CRM     |    |        |       |       |
 * | bulk approve, mandatory |    |        | ✓     | ✓     |
 * |   document list         |    |        |       |       |
 */
export const PERMISSIONS = {
  manageOwnAccount: ANY_ROLE,
  manageInvestAccountPreferences: ['LP'],
  keepWatchlist: ['LP'],
  readGpSettings: GP_ROLES,
  changeTenantSettings: GP_ADMINS,
  inviteUsers: GP_ROLES,
  lockUsers: GP_ADMINS,
  readTeam: GP_ROLES,
  resendInvites: GP_ROLES,
  changeRoles: GP_ADMINS,
  readProducts: GP_ROLES,
  editProducts: GP_ROLES,
  publishProducts: GP_ADMINS,
  /** One's own inbox and tasks; whether a task may be acted on is the task kind's (inbox/catalogue.ts). */
  useInbox: ANY_ROLE,
  /** The investor's activity trail (/lp/activities/add). */
  recordActivity: ['LP'],
  /** The investor's own profiles, their parts and persons (issue 11): only the owner, never the team. */
  keepProfiles: ['LP'],
  /** The tenant's requirement levels: investors' forms follow them, the team's settings page shows them. */
  readProfileRequirements: ANY_ROLE,
  readOverview: GP_ROLES,
  readInvestors: GP_ROLES,
  /** The KYC queue and cases (issue 11): the whole team reads them. */
  readKycCases: GP_ROLES,
  /** Approve, reject, request documents, hand to sales support: admins and owners only. */
  decideKycCases: GP_ADMINS,
  /** Approve or reject a new or changed bank account (issue 11, wire-instruction integrity): admins and owners. */
  decideBankAccounts: GP_ADMINS,
  /**
   * Subscriptions (issue 13): investors subscribe and follow their own; the team reads the tenant's and
   * records paper orders (Add manually). Which action a role may take is the lifecycle's actor table
   * (shared/src/subscription/subscription-lifecycle.ts), so the action route admits every role.
   */
  subscribe: ANY_ROLE,
  useSubscriptions: ANY_ROLE,
  /** Bulk approval and the tenant's list of mandatory documents: admins and owners. */
  approveSubscriptions: GP_ADMINS,
  /** The manager's view of one investor (/gp/crm/principal-detail). */
  readPrincipals: GP_ROLES,
  /** Money (issue 14): the team reads calls, receipts and NAVs, and prepares them (calls, NAV entries, funds received). */
  readMoney: GP_ROLES,
  prepareMoney: GP_ROLES,
  /** The second pair of eyes: approve, issue or cancel a call, confirm a receipt, approve a NAV. */
  decideMoney: GP_ADMINS,
  /** An investor's own calls, transactions and dashboard. */
  ownInvestments: ['LP'],
} as const satisfies Record<string, readonly Role[]>;
export type Capability = keyof typeof PERMISSIONS;

/** Whether `role` may do `capability`: the same table the routes take their roles from. */
export const can = (role: Role, capability: Capability): boolean =>
  (PERMISSIONS[capability] as readonly Role[]).includes(role);

/** Which roles an actor may give to someone they invite. */
const ASSIGNABLE: Record<Role, readonly Role[]> = {
  LP: [],
  GP_MEMBER: ['LP'],
  GP_ADMIN: ['LP', 'GP_MEMBER', 'GP_ADMIN'],
  GP_OWNER: ['LP', 'GP_MEMBER', 'GP_ADMIN', 'GP_OWNER'],
};
export const canAssignRole = (actor: Role, target: Role): boolean => ASSIGNABLE[actor].includes(target);

/**
 * Whether an actor may move a team member from one team role to another (never their own role:
 * checked by id). Admins move members between MEMBER and ADMIN; only an owner grants or revokes
 * OWNER. Investors are not team members: their role never changes.
 */
export const canChangeRole = (actor: Role, from: Role, to: Role): boolean => {
  const team = GP_ROLES as readonly Role[];
  if (!(PERMISSIONS.changeRoles as readonly Role[]).includes(actor) || !team.includes(from) || !team.includes(to)) {
    return false;
  }
  return actor === 'GP_OWNER' || (from !== 'GP_OWNER' && to !== 'GP_OWNER');
};

/** Whether an actor may lock or unlock a user of the given role (never themselves: checked by id). */
export const canLockRole = (actor: Role, target: Role): boolean =>
  (PERMISSIONS.lockUsers as readonly Role[]).includes(actor) && (target !== 'GP_OWNER' || actor === 'GP_OWNER');

/**
 * Routes a session may use while the tenant requires MFA of it and none is enrolled
 * (GpSettings.requireMfaForGp): enough to see who you are, enrol a factor, or leave.
 */
export const MFA_ENROLMENT_OPERATIONS: readonly string[] = [
  'getCurrentUser',
  'enrolTotp',
  'confirmTotp',
  'setMfaMethods',
  'signOut',
];
