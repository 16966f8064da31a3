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

/**
 * Target-return bands (spec §3: "from under 5% (EQ5) up to over 40% (GT40), plus NET_IRR_20 and
 * ABSOLUTE_RETURN"). The spec names only the ends; the steps between are ours: EQn means "about n%"
 * (EQ5: up to 5%), one band per point to 10%, then every 5 points to 40%.
 */
export const TARGET_RETURNS = [
  'EQ5',
  'EQ6',
  'EQ7',
  'EQ8',
  'EQ9',
  'EQ10',
  'EQ15',
  'EQ20',
  'EQ25',
  'EQ30',
  'EQ35',
  'EQ40',
  'GT40',
  'NET_IRR_20',
  'ABSOLUTE_RETURN',
] as const;
export type TargetReturn = (typeof TARGET_RETURNS)[number];

/** The second band list (spec §3): 0-5%, 5-10%, 10-15%, 15-20%, 20-30%, 30-40%, >40%, Other. */
export const TARGET_RETURN_RANGES = ['R0_5', 'R5_10', 'R10_15', 'R15_20', 'R20_30', 'R30_40', 'GT40', 'OTHER'] as const;
export type TargetReturnRange = (typeof TARGET_RETURN_RANGES)[number];

/** About 45 asset strategies, from Agriculture to Venture Capital (spec §3), alphabetical, Other last. */
export const ASSET_STRATEGIES = [
  'AGRICULTURE',
  'AIRCRAFT_LEASING',
  'ART',
  'BUYOUT',
  'COMMODITIES',
  'CREDIT',
  'CRYPTO_ASSETS',
  'DIGITAL_INFRASTRUCTURE',
  'DISTRESSED_DEBT',
  'DIRECT_LENDING',
  'ENERGY',
  'EQUITY_LONG_SHORT',
  'EVENT_DRIVEN',
  'FIXED_INCOME',
  'FUND_OF_FUNDS',
  'GLOBAL_MACRO',
  'GROWTH_EQUITY',
  'HEALTHCARE',
  'HEDGE_FUND',
  'INFRASTRUCTURE',
  'LIFE_SETTLEMENTS',
  'LITIGATION_FINANCE',
  'LONG_ONLY_EQUITY',
  'MEZZANINE',
  'MULTI_STRATEGY',
  'MUSIC_ROYALTIES',
  'NATURAL_RESOURCES',
  'PRIVATE_CREDIT',
  'PRIVATE_EQUITY',
  'QUANTITATIVE',
  'REAL_ESTATE',
  'RELATIVE_VALUE',
  'RENEWABLE_ENERGY',
  'SAFE',
  'SECONDARIES',
  'SEED',
  'SERIES_A',
  'SERIES_B',
  'SERIES_C',
  'SHIPPING',
  'SPECIALTY_FINANCE',
  'STRUCTURED_CREDIT',
  'TIMBERLAND',
  'VENTURE_CAPITAL',
  'OTHER',
] as const;
export type AssetStrategy = (typeof ASSET_STRATEGIES)[number];

/** Fund or other product (spec: "publish funds and products"). */
export const PRODUCT_KINDS = ['FUND', 'PRODUCT'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/**
 * The publication lifecycle, separate from the openness an investor sees. DRAFT: only the GP sees
 * it. PUBLISHED: in the catalogue. CLOSED: still shown to investors (as closed, with no actions),
 * editable by nobody until reopened.
 */
export const PRODUCT_STATES = ['DRAFT', 'PUBLISHED', 'CLOSED'] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];

/** Sections of a product page that a tenant and each product can show or hide. */
export const PORTAL_COMPONENTS = [
  'OVERVIEW',
  'KEY_TERMS',
  'SHARE_CLASSES',
  'FEES',
  'DOCUMENTS',
  'MARKETING_DOCUMENTS',
  'PERFORMANCE',
  'TEAM',
  'FAQ',
  'CONTACT_MANAGER',
] as const;
export type PortalComponent = (typeof PORTAL_COMPONENTS)[number];
export const VISIBILITY_STATES = ['SHOW', 'HIDE'] as const;
export type VisibilityState = (typeof VISIBILITY_STATES)[number];

/** Kinds of product document. Marketing documents sit in folders that investors can download as a zip. */
export const PRODUCT_DOCUMENT_KINDS = ['MARKETING', 'OFFERING', 'LEGAL', 'REPORT', 'OTHER'] as const;
export type ProductDocumentKind = (typeof PRODUCT_DOCUMENT_KINDS)[number];
