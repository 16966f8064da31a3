// features/gp-console's light entry for links into the console's investor screens from other features
// (a subscription's case page names its investor) without loading them.

/** The tenant's investors. */
export const GP_INVESTORS_PATH = '/gp/investors';

/** One investor for the team: account, profiles, subscriptions and recent activity (principal-detail). */
export const gpInvestorPath = (userId: string): string => `${GP_INVESTORS_PATH}/${encodeURIComponent(userId)}`;
