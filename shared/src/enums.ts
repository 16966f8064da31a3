/** Enumerations from the product specification (sections 3 and 4), spelled as the spec spells them. */

export const SUBSCRIPTION_TYPES = [
  'EXPRESSED_INTEREST_SUBSCRIPTION',
  'RESERVE_SUBSCRIPTION',
  'COMMON_SUBSCRIPTION',
  'INVEST_SUBSCRIPTION',
] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

export const FUND_TYPES = ['OPEN_ENDED', 'CLOSE_ENDED'] as const;
export type FundType = (typeof FUND_TYPES)[number];

export const DEALING_FREQUENCIES = ['MONTHLY', 'QUARTERLY', 'YEARLY', 'YEARS_3_5', 'YEARS_5_PLUS'] as const;
export type DealingFrequency = (typeof DEALING_FREQUENCIES)[number];

export const INVESTMENT_PERMISSIONS = ['ALLOW_INVESTMENT', 'ONLY_EXPRESS_INTEREST', 'INVESTMENT_NOT_ALLOWED'] as const;
export type InvestmentPermission = (typeof INVESTMENT_PERMISSIONS)[number];

export const PRODUCT_OPENNESS = ['COMING_SOON', 'OPEN', 'CLOSING_SOON', 'CLOSED'] as const;
export type ProductOpenness = (typeof PRODUCT_OPENNESS)[number];

export const OBJECTIVES = [
  'INCOME',
  'CAPITAL_PROTECTED',
  'CAPITAL_GROWTH',
  'DISCRETIONARY_MACRO',
  'ABSOLUTE_RETURN',
  'FINE_ART',
  'IMPACT',
  'ART_AND_VALUABLES_CREDIT',
  'FUND_OF_FUNDS',
  'DIRECT_INVESTMENT',
  'ASSET_ALLOCATION',
  'FEEDER',
] as const;
export type Objective = (typeof OBJECTIVES)[number];

export const REGIONS = [
  'EUROPE',
  'USA',
  'ASIA',
  'GLOBAL',
  'EMERGING_MARKETS',
  'AFRICA',
  'LATAM',
  'BRAZIL',
  'MENA',
  'AUSTRALIA',
  'INDIA',
] as const;
export type Region = (typeof REGIONS)[number];

export const INVESTOR_TYPES_FOR_SUBSCRIPTION = ['INDIVIDUAL', 'ENTITY', 'ANY', 'JOINT'] as const;
export type InvestorTypeForSubscription = (typeof INVESTOR_TYPES_FOR_SUBSCRIPTION)[number];

export const FEE_TYPES = ['FIXED', 'PERCENTAGE'] as const;
export type FeeType = (typeof FEE_TYPES)[number];
export const FEE_DISPLAY_TYPES = ['FLAT', 'RANGE', 'OTHER'] as const;
export type FeeDisplayType = (typeof FEE_DISPLAY_TYPES)[number];

/** Which subscription types an investor is offered, by the product's investment permission. */
export const SUBSCRIPTION_TYPES_BY_PERMISSION: Record<InvestmentPermission, readonly SubscriptionType[]> = {
  ALLOW_INVESTMENT: ['EXPRESSED_INTEREST_SUBSCRIPTION', 'RESERVE_SUBSCRIPTION', 'INVEST_SUBSCRIPTION'],
  ONLY_EXPRESS_INTEREST: ['EXPRESSED_INTEREST_SUBSCRIPTION'],
  INVESTMENT_NOT_ALLOWED: [],
};

export const ACCOUNT_INVITE_STATUSES = ['NOT_INVITE', 'INVITED', 'REGISTERED', 'LOCKED'] as const;
export type AccountInviteStatus = (typeof ACCOUNT_INVITE_STATUSES)[number];

export const ACCOUNT_STATES = ['normal', 'noValidation'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

export const MFA_METHODS = ['email', 'authenticator', 'sms'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

export const INVESTOR_TYPES = ['individual', 'institutional', 'notVerified'] as const;
export type InvestorType = (typeof INVESTOR_TYPES)[number];
