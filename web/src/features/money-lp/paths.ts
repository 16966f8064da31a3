// features/money-lp's light entry: where the investor's money pages are (the inbox's task paths
// /investments/{refId} and /redemptions/{refId}/amend land on them). No screens, no zod.

export const PORTFOLIO_PATH = '/portfolio';
export const TRANSACTIONS_PATH = '/transactions';
export const CALLS_PATH = '/capital-calls';
export const REDEMPTIONS_PATH = '/redemptions';

/** An investment's page: its figures, calls and redemptions (refId of the money tasks = the subscription). */
export const investmentPath = (subscriptionId: string): string => `/investments/${subscriptionId}`;
export const redemptionPath = (redemptionId: string): string => `/redemptions/${redemptionId}`;
export const amendRedemptionPath = (redemptionId: string): string => `/redemptions/${redemptionId}/amend`;
export const newRedemptionPath = (subscriptionId?: string): string =>
  subscriptionId ? `/redemptions/new?subscriptionId=${encodeURIComponent(subscriptionId)}` : '/redemptions/new';
