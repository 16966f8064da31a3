import { GP_ROLES, ROLES } from '../auth/roles.js';
import { IdSchema, LangSchema, PageQuerySchema, pageOf, safeText } from '../common.schema.js';
import { ACCOUNT_INVITE_STATUSES, ACCOUNT_STATES, MFA_METHODS } from '../enums.js';
import * as z from '../lazy-zod.js';
import { CurrencySchema } from '../money.js';

/**
 * Email rule of spec §5: standard pattern, at most 254 characters in all, 64 in the local part and
 * 63 in each domain label.
 */
export const EmailSchema = z
  .string()
  .max(254)
  .email()
  .refine((v) => (v.split('@')[0] ?? '').length <= 64, 'The part before @ is at most 64 characters')
  .refine(
    (v) => (v.split('@')[1] ?? '').split('.').every((label) => label.length <= 63),
    'Each domain label is at most 63 characters',
  );

/** Spec §5 `phone` ('Invalid phone number'): E.164, a plus and 8 to 15 digits. */
export const PhoneSchema = z.string().regex(/^\+[1-9]\d{7,14}$/, 'Invalid phone number');

export const CurrentUserSchema = z.object({
  userId: IdSchema,
  tenantId: IdSchema,
  email: z.string(),
  displayName: z.string(),
  role: z.enum(ROLES),
  inviteStatus: z.enum(ACCOUNT_INVITE_STATUSES),
  accountState: z.enum(ACCOUNT_STATES),
  mfaMethods: z.array(z.enum(MFA_METHODS)),
  language: LangSchema,
  currency: CurrencySchema,
  phone: PhoneSchema.optional(),
  /** Whether the phone number was confirmed with a texted code (needed before SMS MFA). */
  phoneVerified: z.boolean().optional(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** /user-center/update: what users may change about themselves (never email, role or status). */
export const UpdateCurrentUserSchema = z
  .strictObject({
    displayName: safeText({ max: 100 }).optional(),
    language: LangSchema.optional(),
    currency: CurrencySchema.optional(),
    phone: PhoneSchema.nullable().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Change at least one field');

/**
 * /email-preferences: which kinds of email the user gets. Security notices (password changed,
 * new sign-in codes) are not optional and are not listed.
 */
export const EmailPreferencesSchema = z.strictObject({
  productNews: z.boolean(),
  marketing: z.boolean(),
  inboxDigest: z.boolean(),
});
export type EmailPreferences = z.infer<typeof EmailPreferencesSchema>;
export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = { productNews: true, marketing: false, inboxDigest: true };

/** /invest-account/email-preferences: an investor's notices about their investments. */
export const InvestAccountEmailPreferencesSchema = z.strictObject({
  capitalCalls: z.boolean(),
  navUpdates: z.boolean(),
  distributions: z.boolean(),
  documents: z.boolean(),
  subscriptionUpdates: z.boolean(),
});
export type InvestAccountEmailPreferences = z.infer<typeof InvestAccountEmailPreferencesSchema>;
export const DEFAULT_INVEST_ACCOUNT_EMAIL_PREFERENCES: InvestAccountEmailPreferences = {
  capitalCalls: true,
  navUpdates: true,
  distributions: true,
  documents: true,
  subscriptionUpdates: true,
};

// ---- The GP team (docs/identity.md "Team"): listing, role changes, invitations

/** The team roles: investors are users, not team members. */
export const TeamRoleSchema = z.enum(GP_ROLES);

/** A team member as the GP team screen shows it; `version` guards role changes (409 when stale). */
export const TeamMemberSchema = z.object({
  userId: IdSchema,
  email: z.string(),
  displayName: z.string(),
  role: TeamRoleSchema,
  inviteStatus: z.enum(ACCOUNT_INVITE_STATUSES),
  accountState: z.enum(ACCOUNT_STATES),
  mfaMethods: z.array(z.enum(MFA_METHODS)),
  createdAt: z.string(),
  /** When they last signed in (absent: never, or before this was recorded). */
  lastSignInAt: z.string().optional(),
  /** Counts role changes, locks and unlocks; a change must name the version it was decided on. */
  version: z.number().int().min(0),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const ListTeamMembersQuerySchema = PageQuerySchema.extend({
  role: TeamRoleSchema.optional(),
  status: z.enum(ACCOUNT_INVITE_STATUSES).optional(),
});
export const TeamMembersPageSchema = pageOf(TeamMemberSchema);

export const MemberIdParamsSchema = z.object({ memberId: IdSchema });
export const InviteeIdParamsSchema = z.object({ inviteeId: IdSchema });

export const ChangeUserRoleSchema = z.strictObject({
  role: TeamRoleSchema,
  /** The member's `version` as read (bounded so that `version + 1` stays exact). */
  version: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31),
});

export const ResendInviteResultSchema = z.object({
  userId: IdSchema,
  email: z.string(),
  inviteStatus: z.literal('INVITED'),
  /** When the new activation link stops working (the previous one no longer works at all). */
  expiresAt: z.string(),
});
