import type {
  AssetStrategy,
  DealingFrequency,
  FeeDisplayType,
  FeeType,
  FundType,
  InvestmentPermission,
  InvestorTypeForSubscription,
  Objective,
  ProductKind,
  ProductOpenness,
  Region,
  TargetReturn,
  TargetReturnRange,
} from '@tranche/shared/enums';
import {
  type Fee,
  type GpProduct,
  type ShareClass,
  ShareClassInputSchema,
} from '@tranche/shared/product/product.schema';

/**
 * What the product forms hold: every input as the user typed it (strings, '' for nothing), so the
 * inputs stay controlled. `toXxxInput` turns the values into what the API takes (decimal strings
 * untouched, empty optional fields left out); the shared zod schema then validates that, so the
 * form and the server apply the same rules and name the same field.
 */
export interface LocalizedValues {
  en: string;
  'zh-CN': string;
}

export interface FeeValues {
  /** Optional fees only: whether this fee is charged at all. */
  enabled: boolean;
  type: FeeType;
  display: FeeDisplayType;
  value: string;
  upTo: string;
  note: LocalizedValues;
}

export interface ProductFormValues {
  kind: ProductKind;
  name: LocalizedValues;
  summary: LocalizedValues;
  description: LocalizedValues;
  fundType: FundType;
  dealingFrequency: DealingFrequency;
  investmentPermission: InvestmentPermission;
  openness: ProductOpenness;
  objectives: Objective[];
  strategies: AssetStrategy[];
  regions: Region[];
  investorTypes: InvestorTypeForSubscription[];
  targetReturn: TargetReturn | '';
  targetReturnRange: TargetReturnRange | '';
  currency: string;
  minInvestment: string;
  maxInvestment: string;
  targetSize: string;
  openingDate: string;
  closingDate: string;
  finalClosingDate: string;
  managementFee: FeeValues;
  subscriptionFee: FeeValues;
  performanceFee: FeeValues;
  /** Open-ended funds: the redemption gate in percent of NAV ('' for no gate). */
  redemptionGatePercent: string;
}

export interface ShareClassFormValues {
  name: LocalizedValues;
  currency: string;
  minInvestment: string;
  maxInvestment: string;
  managementFee: FeeValues;
  subscriptionFee: FeeValues;
  performanceFee: FeeValues;
  redemptionFee: FeeValues;
}

export const SHARE_CLASS_FEES = ['managementFee', 'subscriptionFee', 'performanceFee', 'redemptionFee'] as const;
/** Fees a share class must state, as the shared schema says; the others (and every product-level fee) are optional. */
export const REQUIRED_SHARE_CLASS_FEES: ReadonlySet<string> = new Set(
  SHARE_CLASS_FEES.filter((fee) => !ShareClassInputSchema.shape[fee].isOptional()),
);

/** The currencies a product's forms offer: the tenant's, plus the product's own if it is no longer offered. */
export const currencyOptions = (offered: readonly string[], own: string): readonly string[] =>
  offered.includes(own) ? offered : [...offered, own];

const emptyText = (): LocalizedValues => ({ en: '', 'zh-CN': '' });

export const emptyFee = (enabled = false): FeeValues => ({
  enabled,
  type: 'PERCENTAGE',
  display: 'FLAT',
  value: '',
  upTo: '',
  note: emptyText(),
});

export const emptyProductValues = (currency: string): ProductFormValues => ({
  kind: 'FUND',
  name: emptyText(),
  summary: emptyText(),
  description: emptyText(),
  fundType: 'CLOSE_ENDED',
  dealingFrequency: 'QUARTERLY',
  investmentPermission: 'ALLOW_INVESTMENT',
  openness: 'COMING_SOON',
  objectives: [],
  strategies: [],
  regions: [],
  investorTypes: ['ANY'],
  targetReturn: '',
  targetReturnRange: '',
  currency,
  minInvestment: '',
  maxInvestment: '',
  targetSize: '',
  openingDate: '',
  closingDate: '',
  finalClosingDate: '',
  managementFee: emptyFee(),
  subscriptionFee: emptyFee(),
  performanceFee: emptyFee(),
  redemptionGatePercent: '',
});

export const emptyShareClassValues = (currency: string): ShareClassFormValues => ({
  name: emptyText(),
  currency,
  minInvestment: '',
  maxInvestment: '',
  managementFee: emptyFee(true),
  subscriptionFee: emptyFee(true),
  performanceFee: emptyFee(),
  redemptionFee: emptyFee(),
});

// ---- From the API

/** Localized text as the form holds it ('' for a language without text). */
export const textValues = (text: { en: string; 'zh-CN'?: string | undefined } | undefined): LocalizedValues => ({
  en: text?.en ?? '',
  'zh-CN': text?.['zh-CN'] ?? '',
});

const feeValues = (fee: Fee | undefined): FeeValues =>
  fee
    ? {
        enabled: true,
        type: fee.type,
        display: fee.display,
        value: fee.value ?? '',
        upTo: fee.upTo ?? '',
        note: textValues(fee.note),
      }
    : emptyFee();

export const productValues = (p: GpProduct): ProductFormValues => ({
  kind: p.kind,
  name: textValues(p.name),
  summary: textValues(p.summary),
  description: textValues(p.description),
  fundType: p.fundType,
  dealingFrequency: p.dealingFrequency,
  investmentPermission: p.investmentPermission,
  openness: p.openness,
  objectives: [...p.objectives],
  strategies: [...p.strategies],
  regions: [...p.regions],
  investorTypes: [...p.investorTypes],
  targetReturn: p.targetReturn ?? '',
  targetReturnRange: p.targetReturnRange ?? '',
  currency: p.currency,
  minInvestment: p.minInvestment,
  maxInvestment: p.maxInvestment ?? '',
  targetSize: p.targetSize,
  openingDate: p.openingDate ?? '',
  closingDate: p.closingDate ?? '',
  finalClosingDate: p.finalClosingDate ?? '',
  managementFee: feeValues(p.managementFee),
  subscriptionFee: feeValues(p.subscriptionFee),
  performanceFee: feeValues(p.performanceFee),
  redemptionGatePercent: p.redemptionGatePercent ?? '',
});

export const shareClassValues = (sc: ShareClass): ShareClassFormValues => ({
  name: textValues(sc.name),
  currency: sc.currency,
  minInvestment: sc.minInvestment,
  maxInvestment: sc.maxInvestment ?? '',
  managementFee: feeValues(sc.managementFee),
  subscriptionFee: feeValues(sc.subscriptionFee),
  performanceFee: feeValues(sc.performanceFee),
  redemptionFee: feeValues(sc.redemptionFee),
});

// ---- To the API (validated afterwards by the shared schema)

/** Drops keys whose value is undefined, so optional fields are absent rather than `undefined`. */
const compact = <T extends Record<string, unknown>>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

const optional = (s: string): string | undefined => (s.trim() === '' ? undefined : s.trim());

/** Required text: English always sent (empty fails validation on `en`), Chinese only when given. */
export const localizedInput = (text: LocalizedValues) =>
  compact({ en: text.en.trim(), 'zh-CN': optional(text['zh-CN']) });

/** Optional text: absent when both languages are empty. */
export const optionalLocalizedInput = (text: LocalizedValues) =>
  text.en.trim() || text['zh-CN'].trim() ? localizedInput(text) : undefined;

/** A fee with only the inputs its display type uses: FLAT a value, RANGE both ends, OTHER a note. */
export const feeInput = (fee: FeeValues, required: boolean) => {
  if (!required && !fee.enabled) return undefined;
  return compact({
    type: fee.type,
    display: fee.display,
    value: fee.display === 'OTHER' ? undefined : optional(fee.value),
    upTo: fee.display === 'RANGE' ? optional(fee.upTo) : undefined,
    note: fee.display === 'OTHER' ? optionalLocalizedInput(fee.note) : undefined,
  });
};

export const toProductInput = (v: ProductFormValues) =>
  compact({
    kind: v.kind,
    name: localizedInput(v.name),
    summary: localizedInput(v.summary),
    description: optionalLocalizedInput(v.description),
    fundType: v.fundType,
    dealingFrequency: v.dealingFrequency,
    investmentPermission: v.investmentPermission,
    openness: v.openness,
    objectives: v.objectives,
    strategies: v.strategies,
    regions: v.regions,
    investorTypes: v.investorTypes,
    targetReturn: v.targetReturn || undefined,
    targetReturnRange: v.targetReturnRange || undefined,
    currency: v.currency,
    minInvestment: optional(v.minInvestment),
    maxInvestment: optional(v.maxInvestment),
    targetSize: optional(v.targetSize),
    openingDate: optional(v.openingDate),
    closingDate: optional(v.closingDate),
    finalClosingDate: optional(v.finalClosingDate),
    managementFee: feeInput(v.managementFee, false),
    subscriptionFee: feeInput(v.subscriptionFee, false),
    performanceFee: feeInput(v.performanceFee, false),
    // The product PUT replaces the whole content: a gate left out would be cleared, so it is always
    // sent back when set (docs/money.md "Dealing and distributions").
    redemptionGatePercent: optional(v.redemptionGatePercent),
  });

export const toShareClassInput = (v: ShareClassFormValues) =>
  compact({
    name: localizedInput(v.name),
    currency: v.currency,
    minInvestment: optional(v.minInvestment),
    maxInvestment: optional(v.maxInvestment),
    managementFee: feeInput(v.managementFee, REQUIRED_SHARE_CLASS_FEES.has('managementFee')),
    subscriptionFee: feeInput(v.subscriptionFee, REQUIRED_SHARE_CLASS_FEES.has('subscriptionFee')),
    performanceFee: feeInput(v.performanceFee, REQUIRED_SHARE_CLASS_FEES.has('performanceFee')),
    redemptionFee: feeInput(v.redemptionFee, REQUIRED_SHARE_CLASS_FEES.has('redemptionFee')),
  });
