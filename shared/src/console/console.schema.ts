import { IdSchema, PageQuerySchema, pageOf, safeText } from '../common.schema.js';
import { ACCOUNT_INVITE_STATUSES, ACCOUNT_STATES, MFA_METHODS, PRODUCT_STATES } from '../enums.js';
import * as z from '../lazy-zod.js';

/**
 * The GP console's overview and investors list (issue 9): what the manager's team sees of the tenant
 * as a whole. Counts only; the records behind them have their own routes.
 */

const count = z.number().int().min(0);
const countsBy = <T extends readonly [string, ...string[]]>(values: T) =>
  z.object(Object.fromEntries(values.map((v) => [v, count])) as { [K in T[number]]: typeof count });

/** How many days back "new investors" reaches. */
export const NEW_INVESTOR_DAYS = 30;

export const GpOverviewSchema = z.object({
  /** Products (funds) by lifecycle state; share classes are not counted. */
  products: z.object({ total: count, byState: countsBy(PRODUCT_STATES) }),
  /** Investor accounts by invitation status, and those created in the last NEW_INVESTOR_DAYS days. */
  investors: z.object({ total: count, byStatus: countsBy(ACCOUNT_INVITE_STATUSES), newLast30Days: count }),
  /** The GP team by invitation status (pending invitations are INVITED). */
  team: z.object({ total: count, byStatus: countsBy(ACCOUNT_INVITE_STATUSES) }),
  /** When the counts were taken (UTC). */
  asOf: z.string(),
});
export type GpOverview = z.infer<typeof GpOverviewSchema>;

/** An investor as the console's list shows them: who, how far their account got, whether MFA is on. */
export const InvestorSummarySchema = z.object({
  userId: IdSchema,
  email: z.string(),
  displayName: z.string(),
  inviteStatus: z.enum(ACCOUNT_INVITE_STATUSES),
  accountState: z.enum(ACCOUNT_STATES),
  mfaMethods: z.array(z.enum(MFA_METHODS)),
  /** When the account was created (sign-up or invitation): the list's order. */
  createdAt: z.string(),
});
export type InvestorSummary = z.infer<typeof InvestorSummarySchema>;

/** The list's orders: by registration date, the investor index's own order (no full read). */
export const INVESTOR_ORDERS = ['newest', 'oldest'] as const;
export type InvestorOrder = (typeof INVESTOR_ORDERS)[number];

export const ListInvestorsQuerySchema = PageQuerySchema.extend({
  /** Words that must all appear in the name or email (accents and case ignored). */
  q: safeText({ min: 0, max: 100 }).optional(),
  status: z.enum(ACCOUNT_INVITE_STATUSES).optional(),
  order: z.enum(INVESTOR_ORDERS).optional(),
});
export type ListInvestorsQuery = z.infer<typeof ListInvestorsQuerySchema>;
export const InvestorListSchema = pageOf(InvestorSummarySchema);
