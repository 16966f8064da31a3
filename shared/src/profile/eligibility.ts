/**
 * Investor eligibility with evidence (issue 11, Deliver 7; DOMAIN.md "Eligibility categories"). A profile
 * carries a list of evidence items. Each item is one statutory test of one jurisdiction, with the amounts
 * the test measures (in that jurisdiction's currency, so no exchange rate enters a legal threshold), the
 * document(s) that prove it, the date it was assessed and its expiry. The rules here are pure: the server,
 * the daily renewal job and subscriptions (issue 13) all call the same functions. docs/profiles.md,
 * "Eligibility", lists the thresholds and the validity periods, with the ones that are our decisions marked.
 */
import { IsoDateSchema } from '../common.schema.js';
import type { Lang } from '../i18n/langs.js';
import * as z from '../lazy-zod.js';
import { scaled } from '../money/fixed-point.js';
import { AmountSchema } from '../money.js';
import type { InvestorClassification } from './profile-enums.js';

type Labels = Readonly<Record<Lang, string>>;
const l = (en: string, zh: string): Labels => ({ en, 'zh-CN': zh });

export const ELIGIBILITY_JURISDICTIONS = ['US', 'HK', 'AU', 'SG'] as const;
export type EligibilityJurisdiction = (typeof ELIGIBILITY_JURISDICTIONS)[number];
export const EligibilityJurisdictionSchema = z.enum(ELIGIBILITY_JURISDICTIONS);

export const ELIGIBILITY_BASES = [
  'US_ACCREDITED_INVESTOR',
  'US_QUALIFIED_PURCHASER',
  'HK_PROFESSIONAL_INVESTOR',
  'AU_WHOLESALE_INVESTOR',
  'SG_ACCREDITED_INVESTOR',
] as const;
export type EligibilityBasis = (typeof ELIGIBILITY_BASES)[number];
export const EligibilityBasisSchema = z.enum(ELIGIBILITY_BASES);

export const ELIGIBILITY_BASIS_LABELS: Record<EligibilityBasis, Labels> = {
  US_ACCREDITED_INVESTOR: l('Accredited investor (US)', '认可投资者（美国）'),
  US_QUALIFIED_PURCHASER: l('Qualified purchaser (US)', '合格购买者（美国）'),
  HK_PROFESSIONAL_INVESTOR: l('Professional investor (Hong Kong)', '专业投资者（香港）'),
  AU_WHOLESALE_INVESTOR: l('Wholesale investor (Australia)', '批发投资者（澳大利亚）'),
  SG_ACCREDITED_INVESTOR: l('Accredited investor (Singapore)', '认可投资者（新加坡）'),
};

/**
 * Every test a piece of evidence can rest on. The value names the jurisdiction, the basis and the test, so
 * one discriminator selects the fields to validate and the rule to apply.
 */
export const ELIGIBILITY_TESTS = [
  'US_AI_INCOME',
  'US_AI_NET_WORTH',
  'US_AI_LICENCE',
  'US_AI_ENTITY_ASSETS',
  'US_QP_INVESTMENTS',
  'HK_PI_PORTFOLIO',
  'HK_PI_CORPORATE_ASSETS',
  'AU_WHOLESALE_PRODUCT_VALUE',
  'AU_WHOLESALE_ACCOUNTANT_CERTIFICATE',
  'AU_WHOLESALE_PROFESSIONAL_INVESTOR',
  'AU_WHOLESALE_LARGE_BUSINESS',
  'SG_AI_NET_PERSONAL_ASSETS',
  'SG_AI_INCOME',
] as const;
export type EligibilityTest = (typeof ELIGIBILITY_TESTS)[number];

export interface EligibilityTestRule {
  jurisdiction: EligibilityJurisdiction;
  basis: EligibilityBasis;
  /** The spec's investor classification this test establishes (the profile shows it). */
  classification: InvestorClassification;
  /** How long evidence for this test stays valid after `assessedOn`, in calendar months. */
  validityMonths: number;
  label: Labels;
}

/**
 * Validity: DOMAIN.md fixes only Australia's accountant's certificate (2 years, Corporations Act s761G(7)(c)).
 * The others are our decisions, written down in docs/profiles.md: 12 months where the test measures a
 * figure that moves every year (income, net worth, portfolio), which is also how often the Hong Kong SFC
 * expects a professional investor to be re-confirmed; 24 months for the other Australian tests, to match
 * the certificate.
 */
export const ELIGIBILITY_TEST_RULES: Record<EligibilityTest, EligibilityTestRule> = {
  US_AI_INCOME: {
    jurisdiction: 'US',
    basis: 'US_ACCREDITED_INVESTOR',
    classification: 'AI',
    validityMonths: 12,
    label: l(
      'Income over US$200,000 (US$300,000 joint) in each of the last 2 years',
      '过去2年每年收入超过20万美元（联名30万美元）',
    ),
  },
  US_AI_NET_WORTH: {
    jurisdiction: 'US',
    basis: 'US_ACCREDITED_INVESTOR',
    classification: 'AI',
    validityMonths: 12,
    label: l('Net worth over US$1,000,000, excluding the primary residence', '净资产超过100万美元（不含主要住所）'),
  },
  US_AI_LICENCE: {
    jurisdiction: 'US',
    basis: 'US_ACCREDITED_INVESTOR',
    classification: 'AI',
    validityMonths: 12,
    label: l('Holder of a Series 7, 65 or 82 licence in good standing', '持有有效的Series 7、65或82执照'),
  },
  US_AI_ENTITY_ASSETS: {
    jurisdiction: 'US',
    basis: 'US_ACCREDITED_INVESTOR',
    classification: 'AI',
    validityMonths: 12,
    label: l('Entity with total assets over US$5,000,000', '总资产超过500万美元的实体'),
  },
  US_QP_INVESTMENTS: {
    jurisdiction: 'US',
    basis: 'US_QUALIFIED_PURCHASER',
    classification: 'QP',
    validityMonths: 12,
    label: l(
      'Investments of US$5,000,000 or more (US$25,000,000 for an entity)',
      '投资额不少于500万美元（实体为2,500万美元）',
    ),
  },
  HK_PI_PORTFOLIO: {
    jurisdiction: 'HK',
    basis: 'HK_PROFESSIONAL_INVESTOR',
    classification: 'INPI',
    validityMonths: 12,
    label: l('Portfolio of HK$8,000,000 or more', '投资组合不少于800万港元'),
  },
  HK_PI_CORPORATE_ASSETS: {
    jurisdiction: 'HK',
    basis: 'HK_PROFESSIONAL_INVESTOR',
    classification: 'CPI',
    validityMonths: 12,
    label: l('Corporation with total assets of HK$40,000,000 or more', '总资产不少于4,000万港元的法团'),
  },
  AU_WHOLESALE_PRODUCT_VALUE: {
    jurisdiction: 'AU',
    basis: 'AU_WHOLESALE_INVESTOR',
    classification: 'WHOLESALE_PRODUCT_VALUE',
    validityMonths: 24,
    label: l('Investment of A$500,000 or more', '投资额不少于50万澳元'),
  },
  AU_WHOLESALE_ACCOUNTANT_CERTIFICATE: {
    jurisdiction: 'AU',
    basis: 'AU_WHOLESALE_INVESTOR',
    classification: 'WHOLESALE_ACCOUNTANT_CERTIFICATE',
    validityMonths: 24,
    label: l(
      "Accountant's certificate: net assets of A$2,500,000 or gross income of A$250,000 in each of the last 2 years",
      '会计师证明：净资产不少于250万澳元，或过去2年每年总收入不少于25万澳元',
    ),
  },
  AU_WHOLESALE_PROFESSIONAL_INVESTOR: {
    jurisdiction: 'AU',
    basis: 'AU_WHOLESALE_INVESTOR',
    classification: 'WHOLESALE_PROFESSIONAL_INVESTOR',
    validityMonths: 24,
    label: l(
      'Professional investor (licensee, or A$10,000,000 controlled)',
      '专业投资者（持牌人，或控制资产不少于1,000万澳元）',
    ),
  },
  AU_WHOLESALE_LARGE_BUSINESS: {
    jurisdiction: 'AU',
    basis: 'AU_WHOLESALE_INVESTOR',
    classification: 'WHOLESALE_LARGE_BUSINESS',
    validityMonths: 24,
    label: l('Business that is not a small business', '非小型企业'),
  },
  SG_AI_NET_PERSONAL_ASSETS: {
    jurisdiction: 'SG',
    basis: 'SG_ACCREDITED_INVESTOR',
    classification: 'IAI',
    validityMonths: 12,
    label: l('Net personal assets over S$2,000,000', '个人净资产超过200万新元'),
  },
  SG_AI_INCOME: {
    jurisdiction: 'SG',
    basis: 'SG_ACCREDITED_INVESTOR',
    classification: 'IAI',
    validityMonths: 12,
    label: l('Income of S$300,000 or more in the last 12 months', '过去12个月收入不少于30万新元'),
  },
};

/** Money in one fixed currency: a legal threshold is compared in its own currency, never converted. */
const moneyIn = <C extends 'USD' | 'HKD' | 'AUD' | 'SGD'>(currency: C) =>
  z.strictObject({ amount: AmountSchema, currency: z.literal(currency) });

const common = {
  /** Uploaded documents that prove the test (statements, tax returns, the accountant's certificate). */
  documentIds: z.array(z.string().min(1).max(128)).min(1).max(20),
  /** When the evidence was assessed; for a certificate, the certificate's date. */
  assessedOn: IsoDateSchema,
  /** An earlier expiry than the rule's (a manager may shorten it); absent: the rule's maximum applies. */
  expiresOn: IsoDateSchema.optional(),
};

const test = <T extends EligibilityTest, S extends z.ZodRawShape>(name: T, shape: S) =>
  z.strictObject({ test: z.literal(name), ...common, ...shape });

const HolderSchema = z.enum(['INDIVIDUAL', 'ENTITY']);
export const US_LICENCES = ['SERIES_7', 'SERIES_65', 'SERIES_82'] as const;

export const EligibilityEvidenceSchema = z
  .discriminatedUnion('test', [
    test('US_AI_INCOME', {
      /** The last two calendar years' income, most recent first. */
      incomes: z.tuple([moneyIn('USD'), moneyIn('USD')]),
      /** Joint income with a spouse or spousal equivalent (the threshold is then US$300,000). */
      joint: z.boolean(),
    }),
    test('US_AI_NET_WORTH', { netWorth: moneyIn('USD') }),
    test('US_AI_LICENCE', { licence: z.enum(US_LICENCES) }),
    test('US_AI_ENTITY_ASSETS', { totalAssets: moneyIn('USD') }),
    test('US_QP_INVESTMENTS', { investments: moneyIn('USD'), holder: HolderSchema }),
    test('HK_PI_PORTFOLIO', { portfolio: moneyIn('HKD') }),
    test('HK_PI_CORPORATE_ASSETS', { totalAssets: moneyIn('HKD') }),
    test('AU_WHOLESALE_PRODUCT_VALUE', { investment: moneyIn('AUD') }),
    test('AU_WHOLESALE_ACCOUNTANT_CERTIFICATE', {
      netAssets: moneyIn('AUD').optional(),
      /** Gross income of the last two financial years, most recent first. */
      grossIncomes: z.tuple([moneyIn('AUD'), moneyIn('AUD')]).optional(),
    }),
    test('AU_WHOLESALE_PROFESSIONAL_INVESTOR', {}),
    test('AU_WHOLESALE_LARGE_BUSINESS', {}),
    test('SG_AI_NET_PERSONAL_ASSETS', {
      netPersonalAssets: moneyIn('SGD'),
      /** Singapore's accredited status is opt-in: the date the investor consented to be treated as one. */
      optedInOn: IsoDateSchema,
    }),
    test('SG_AI_INCOME', { income: moneyIn('SGD'), optedInOn: IsoDateSchema }),
  ])
  .superRefine((e, ctx) => {
    if (e.expiresOn !== undefined) {
      if (e.expiresOn <= e.assessedOn) {
        ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: 'Must be after assessedOn' });
      } else if (e.expiresOn > maximumExpiry(e)) {
        ctx.addIssue({
          code: 'custom',
          path: ['expiresOn'],
          message: `Must not be after ${maximumExpiry(e)} (${ELIGIBILITY_TEST_RULES[e.test].validityMonths} months)`,
        });
      }
    }
    if (e.test === 'AU_WHOLESALE_ACCOUNTANT_CERTIFICATE' && !e.netAssets && !e.grossIncomes) {
      ctx.addIssue({ code: 'custom', path: ['netAssets'], message: 'Give net assets or gross incomes' });
    }
  });
export type EligibilityEvidence = z.infer<typeof EligibilityEvidenceSchema>;

// ---- Dates (ISO yyyy-mm-dd, compared as strings, computed in UTC)

/** `date` plus `months` calendar months; the 29th-31st fall back to the month's last day (2024-02-29 + 12 = 2025-02-28). */
export const addMonths = (date: string, months: number): string => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
};

export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The latest expiry the test's rule allows. */
export const maximumExpiry = (e: Pick<EligibilityEvidence, 'test' | 'assessedOn'>): string =>
  addMonths(e.assessedOn, ELIGIBILITY_TEST_RULES[e.test].validityMonths);

/** The day the evidence stops counting: the first day on which it is expired. */
export const evidenceExpiry = (e: EligibilityEvidence): string => e.expiresOn ?? maximumExpiry(e);

/**
 * Days before expiry on which the renewal task opens. 30 days: long enough for an accountant's certificate
 * or a bank statement to be obtained, short enough that the figures requested are current (our decision).
 */
export const RENEWAL_LEAD_DAYS = 30;

/** The first day on which the renewal task is due. */
export const renewalDueOn = (e: EligibilityEvidence): string => addDays(evidenceExpiry(e), -RENEWAL_LEAD_DAYS);

/** Whether the renewal job should open (or have opened) the renewal task on `asOf` (yyyy-mm-dd). */
export const isRenewalDue = (e: EligibilityEvidence, asOf: string): boolean => renewalDueOn(e) <= asOf;

// ---- The rules

export type EligibilityOutcome =
  /** The test is met and the evidence is current. */
  | 'ELIGIBLE'
  /** An amount does not reach the statutory threshold. */
  | 'BELOW_THRESHOLD'
  /** The evidence is past its expiry: ineligible for new subscriptions until renewed. */
  | 'EXPIRED'
  /** Assessed (or opted in) after `asOf`: not evidence yet. */
  | 'NOT_YET_VALID';

export interface EligibilityAssessment {
  outcome: EligibilityOutcome;
  eligible: boolean;
  jurisdiction: EligibilityJurisdiction;
  basis: EligibilityBasis;
  classification: InvestorClassification;
  expiresOn: string;
  renewalDueOn: string;
  /** Where the outcome is BELOW_THRESHOLD: the field that fell short (`incomes.1`, `portfolio`). */
  field?: string;
}

/**
 * An amount (AmountSchema: at most 6 fraction digits) as an integer of millionths: exact comparisons
 * without floating point, and without the decimal library, which profile handlers and the event
 * dispatcher would otherwise carry just for these thresholds.
 */
const units = (amount: string): bigint => scaled(amount, 6, { truncate: true });
const atLeast = (m: { amount: string }, threshold: string) => units(m.amount) >= units(threshold);
const over = (m: { amount: string }, threshold: string) => units(m.amount) > units(threshold);

/** The field that falls short of the test's threshold, or undefined when the test is met. */
const shortfall = (e: EligibilityEvidence): string | undefined => {
  switch (e.test) {
    case 'US_AI_INCOME': {
      // "Income > $200k (> $300k joint) in each of the last 2 years" (DOMAIN.md): both years, strictly over.
      const threshold = e.joint ? '300000' : '200000';
      const i = e.incomes.findIndex((income) => !over(income, threshold));
      return i < 0 ? undefined : `incomes.${i}`;
    }
    case 'US_AI_NET_WORTH':
      return over(e.netWorth, '1000000') ? undefined : 'netWorth';
    case 'US_AI_LICENCE':
      return undefined;
    case 'US_AI_ENTITY_ASSETS':
      return over(e.totalAssets, '5000000') ? undefined : 'totalAssets';
    case 'US_QP_INVESTMENTS':
      return atLeast(e.investments, e.holder === 'ENTITY' ? '25000000' : '5000000') ? undefined : 'investments';
    case 'HK_PI_PORTFOLIO':
      return atLeast(e.portfolio, '8000000') ? undefined : 'portfolio';
    case 'HK_PI_CORPORATE_ASSETS':
      return atLeast(e.totalAssets, '40000000') ? undefined : 'totalAssets';
    case 'AU_WHOLESALE_PRODUCT_VALUE':
      return atLeast(e.investment, '500000') ? undefined : 'investment';
    case 'AU_WHOLESALE_ACCOUNTANT_CERTIFICATE': {
      // Either limb suffices: net assets of A$2.5M, or gross income of A$250k in each of the last 2 years.
      if (e.netAssets && atLeast(e.netAssets, '2500000')) return undefined;
      if (e.grossIncomes?.every((income) => atLeast(income, '250000'))) return undefined;
      if (e.grossIncomes) return `grossIncomes.${e.grossIncomes.findIndex((income) => !atLeast(income, '250000'))}`;
      return 'netAssets';
    }
    case 'AU_WHOLESALE_PROFESSIONAL_INVESTOR':
    case 'AU_WHOLESALE_LARGE_BUSINESS':
      // Status tests: the documents are the evidence; there is no figure to compare.
      return undefined;
    case 'SG_AI_NET_PERSONAL_ASSETS':
      return over(e.netPersonalAssets, '2000000') ? undefined : 'netPersonalAssets';
    case 'SG_AI_INCOME':
      return atLeast(e.income, '300000') ? undefined : 'income';
  }
};

/** One piece of evidence judged on `asOf` (yyyy-mm-dd). Threshold first, then dates. */
export const assessEligibility = (evidence: EligibilityEvidence, asOf: string): EligibilityAssessment => {
  const rule = ELIGIBILITY_TEST_RULES[evidence.test];
  const base = {
    jurisdiction: rule.jurisdiction,
    basis: rule.basis,
    classification: rule.classification,
    expiresOn: evidenceExpiry(evidence),
    renewalDueOn: renewalDueOn(evidence),
  };
  const field = shortfall(evidence);
  if (field !== undefined) return { ...base, outcome: 'BELOW_THRESHOLD', eligible: false, field };
  const startsOn =
    'optedInOn' in evidence && evidence.optedInOn > evidence.assessedOn ? evidence.optedInOn : evidence.assessedOn;
  if (asOf < startsOn) return { ...base, outcome: 'NOT_YET_VALID', eligible: false };
  if (asOf >= base.expiresOn) return { ...base, outcome: 'EXPIRED', eligible: false };
  return { ...base, outcome: 'ELIGIBLE', eligible: true };
};

/** What of a profile the eligibility rules read: its evidence list (absent on a profile without any). */
export interface ProfileEligibility {
  eligibility?: readonly EligibilityEvidence[] | undefined;
}

export interface NewSubscriptionEligibility {
  eligible: boolean;
  /** The evidence that qualifies, when eligible (the one that expires last). */
  qualifying?: EligibilityAssessment;
  /** Why not, when ineligible: EXPIRED when some evidence for the jurisdiction would qualify but has lapsed. */
  reason?: 'NO_EVIDENCE' | 'EXPIRED' | 'BELOW_THRESHOLD' | 'NOT_YET_VALID';
}

/**
 * Whether the profile may make a new subscription to a product offered under `jurisdiction`'s rules on
 * `asOf` (issue 13 calls this). `bases` narrows the accepted bases: a US 3(c)(7) fund accepts only
 * US_QUALIFIED_PURCHASER. Expired evidence never qualifies; existing subscriptions are not affected.
 */
export const isEligibleForNewSubscription = (
  profile: ProfileEligibility,
  jurisdiction: EligibilityJurisdiction,
  asOf: string,
  bases?: readonly EligibilityBasis[],
): NewSubscriptionEligibility => {
  const assessments = (profile.eligibility ?? [])
    .map((e) => assessEligibility(e, asOf))
    .filter((a) => a.jurisdiction === jurisdiction && (!bases || bases.includes(a.basis)));
  if (assessments.length === 0) return { eligible: false, reason: 'NO_EVIDENCE' };
  const eligible = assessments.filter((a) => a.eligible).sort((a, b) => (a.expiresOn < b.expiresOn ? 1 : -1));
  if (eligible[0]) return { eligible: true, qualifying: eligible[0] };
  // The most useful reason first: a lapse the investor can fix by renewing, then a future start, then a shortfall.
  for (const reason of ['EXPIRED', 'NOT_YET_VALID', 'BELOW_THRESHOLD'] as const) {
    if (assessments.some((a) => a.outcome === reason)) return { eligible: false, reason };
  }
  return { eligible: false, reason: 'NO_EVIDENCE' };
};
