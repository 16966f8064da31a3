import type * as z from 'zod';
import { AmountSchema } from '../money.js';

/**
 * Cross-field rules of products and share classes, shared by the API schemas and the web forms so
 * both name the same field with the same words. Each rule reports the path of the field at fault;
 * `rule` becomes the issue's `params.rule` (the field list's `rule` stays zod's `custom`).
 */
export interface RuleIssue {
  path: (string | number)[];
  rule: 'required' | 'range' | 'order' | 'exclusive';
  message: string;
}

interface FeeLike {
  type: 'FIXED' | 'PERCENTAGE';
  display: 'FLAT' | 'RANGE' | 'OTHER';
  value?: string | undefined;
  upTo?: string | undefined;
  note?: unknown;
}

/** Amounts have at most 6 decimals (AmountSchema): as integers of millionths they compare exactly. */
const AMOUNT_SCALE = 6;
const HUNDRED = 100n * 10n ** BigInt(AMOUNT_SCALE);

/**
 * zod runs an object's refinements even when some of its fields failed their own checks, so a rule
 * may see any value there: it judges only well-formed amounts, dates and lists, and leaves the rest
 * to the field's own issue (never throwing, which would turn bad input into a 500).
 * Comparisons only, so BigInt rather than decimal.js: the rules run in every product handler (they
 * are part of the route schemas), where decimal.js was 31 KB of each bundle.
 */
const amount = (v: unknown): bigint | undefined => {
  if (typeof v !== 'string' || !AmountSchema.safeParse(v).success) return undefined;
  const [whole, fraction = ''] = v.split('.');
  return BigInt(`${whole}${fraction.padEnd(AMOUNT_SCALE, '0')}`);
};
const above = (a: bigint | undefined, b: bigint | undefined): boolean => a !== undefined && b !== undefined && a > b;
const isoDate = (v: unknown): string | undefined =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined;

export const feeIssues = (fee: FeeLike, at: (string | number)[]): RuleIssue[] => {
  const issues: RuleIssue[] = [];
  const need = (field: 'value' | 'upTo' | 'note', why: string) => {
    if (fee[field] === undefined) issues.push({ path: [...at, field], rule: 'required', message: why });
  };
  if (fee.display === 'FLAT') need('value', 'A flat fee needs a value');
  if (fee.display === 'RANGE') {
    need('value', 'A fee range needs its lower value');
    need('upTo', 'A fee range needs its upper value');
  }
  if (fee.display === 'OTHER') need('note', 'Describe the fee in the note');
  if (fee.type === 'PERCENTAGE') {
    for (const field of ['value', 'upTo'] as const) {
      if (above(amount(fee[field]), HUNDRED)) {
        issues.push({ path: [...at, field], rule: 'range', message: 'A percentage must be from 0 to 100' });
      }
    }
  }
  const [value, upTo] = [amount(fee.value), amount(fee.upTo)];
  if (above(value, upTo)) {
    issues.push({ path: [...at, 'upTo'], rule: 'order', message: 'The upper value must not be below the lower value' });
  }
  return issues;
};

interface LimitsLike {
  minInvestment: string;
  maxInvestment?: string | undefined;
}

const limitIssues = (x: LimitsLike): RuleIssue[] => {
  const [min, max] = [amount(x.minInvestment), amount(x.maxInvestment)];
  return above(min, max)
    ? [{ path: ['maxInvestment'], rule: 'order', message: 'The maximum investment must not be below the minimum' }]
    : [];
};

const FEE_FIELDS = ['managementFee', 'subscriptionFee', 'performanceFee', 'redemptionFee'] as const;
type FeeHolder = Partial<Record<(typeof FEE_FIELDS)[number], FeeLike | undefined>>;

const allFeeIssues = (x: FeeHolder): RuleIssue[] =>
  FEE_FIELDS.flatMap((field) => {
    const fee = x[field];
    return fee && typeof fee === 'object' ? feeIssues(fee, [field]) : [];
  });

export const shareClassIssues = (sc: LimitsLike & FeeHolder): RuleIssue[] => [...limitIssues(sc), ...allFeeIssues(sc)];

interface ProductLike extends LimitsLike, FeeHolder {
  investorTypes: readonly string[];
  openingDate?: string | undefined;
  closingDate?: string | undefined;
  finalClosingDate?: string | undefined;
}

/** ISO dates (YYYY-MM-DD) compare correctly as strings. */
const DATE_ORDER = ['openingDate', 'closingDate', 'finalClosingDate'] as const;

export const productIssues = (p: ProductLike): RuleIssue[] => {
  const issues = [...limitIssues(p), ...allFeeIssues(p)];
  for (let i = 0; i < DATE_ORDER.length; i++) {
    for (let j = i + 1; j < DATE_ORDER.length; j++) {
      const earlier = isoDate(p[DATE_ORDER[i]!]);
      const later = isoDate(p[DATE_ORDER[j]!]);
      if (earlier !== undefined && later !== undefined && earlier > later) {
        issues.push({ path: [DATE_ORDER[j]!], rule: 'order', message: `Must not be before ${DATE_ORDER[i]}` });
      }
    }
  }
  if (Array.isArray(p.investorTypes) && p.investorTypes.includes('ANY') && p.investorTypes.length > 1) {
    issues.push({ path: ['investorTypes'], rule: 'exclusive', message: 'ANY cannot be combined with other types' });
  }
  return issues;
};

const report = (issues: RuleIssue[], ctx: z.RefinementCtx) => {
  for (const issue of issues) {
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, params: { rule: issue.rule } });
  }
};

export const checkShareClassRules = (sc: LimitsLike & FeeHolder, ctx: z.RefinementCtx) =>
  report(shareClassIssues(sc), ctx);
export const checkProductRules = (p: ProductLike, ctx: z.RefinementCtx) => report(productIssues(p), ctx);
