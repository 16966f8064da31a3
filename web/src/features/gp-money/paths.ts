// features/gp-money's light entry: links into the manager's money screens (the console's menu, a
// fund's page) without loading them.

/** The money area: capital calls first. */
export const GP_MONEY_PATH = '/gp/money';

export const GP_CALLS_PATH = `${GP_MONEY_PATH}/calls`;
export const GP_NEW_CALL_PATH = `${GP_CALLS_PATH}/new`;
export const GP_NAV_PATH = `${GP_MONEY_PATH}/nav`;
export const GP_REDEMPTIONS_PATH = `${GP_MONEY_PATH}/redemptions`;

/** One capital call's page: its allocation, decisions, payments and receipts. */
export const gpCallPath = (callId: string): string => `${GP_CALLS_PATH}/${callId}`;

export const GP_DISTRIBUTIONS_PATH = `${GP_MONEY_PATH}/distributions`;
export const GP_NEW_DISTRIBUTION_PATH = `${GP_DISTRIBUTIONS_PATH}/new`;
export const gpDistributionPath = (distributionId: string): string => `${GP_DISTRIBUTIONS_PATH}/${distributionId}`;
export const GP_DEALING_PATH = `${GP_MONEY_PATH}/dealing`;
export const GP_CORRECTIONS_PATH = `${GP_MONEY_PATH}/corrections`;
/** One investment's ledger, where an entry is corrected. */
export const gpInvestmentPath = (subscriptionId: string): string => `${GP_MONEY_PATH}/investments/${subscriptionId}`;
