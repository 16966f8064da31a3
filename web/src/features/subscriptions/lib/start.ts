import type { ProductDetail } from '@tranche/shared/product/product.schema';
import type { ProfileSummary } from '@tranche/shared/profile/profile.schema';
import type { AmountLimits } from '@tranche/shared/subscription/request';

/** A decimal amount as the API takes it: digits, at most two decimals, no separators. */
export const AMOUNT_PATTERN = /^\d{1,15}(\.\d{1,2})?$/;

/**
 * The limits an amount is checked against: the chosen share class's, the product's when it has
 * none (as createSubscription checks it, shared/src/subscription/request.ts).
 */
export const amountLimits = (product: ProductDetail, shareClassId: string | undefined): AmountLimits => {
  const shareClass = product.shareClasses.find((c) => c.shareClassId === shareClassId);
  const source = shareClass ?? product;
  return { currency: source.currency, minInvestment: source.minInvestment, maxInvestment: source.maxInvestment };
};

/**
 * The profiles an investor may subscribe as: submitted ones, under review or approved. A draft has
 * not been submitted for screening, and a failed, expired or deleted one cannot invest; whether the
 * chosen one passes every check (screening, eligibility) is the NIGO check's answer before submit.
 */
export const investableProfiles = (profiles: readonly ProfileSummary[]): ProfileSummary[] =>
  profiles.filter(
    (p) =>
      p.state === 'SUBMITTED' ||
      p.state === 'DOCUMENTS_REQUESTED' ||
      p.state === 'SALES_SUPPORT' ||
      p.state === 'SUCCESS',
  );
