import { describe, expect, it } from 'vitest';
import {
  addMonths,
  assessEligibility,
  ELIGIBILITY_TEST_RULES,
  ELIGIBILITY_TESTS,
  type EligibilityEvidence,
  EligibilityEvidenceSchema,
  evidenceExpiry,
  isEligibleForNewSubscription,
  isRenewalDue,
  renewalDueOn,
} from './eligibility.js';

const usd = (amount: string) => ({ amount, currency: 'USD' as const });
const hkd = (amount: string) => ({ amount, currency: 'HKD' as const });
const aud = (amount: string) => ({ amount, currency: 'AUD' as const });
const sgd = (amount: string) => ({ amount, currency: 'SGD' as const });
const base = { documentIds: ['doc-1'], assessedOn: '2026-01-15' };
const asOf = '2026-06-01';

const outcome = (e: unknown, on = asOf) => assessEligibility(EligibilityEvidenceSchema.parse(e), on).outcome;

/**
 * DOMAIN.md's thresholds as vectors, each on both sides of its boundary: "> x" tests fail at exactly x,
 * ">= x" tests pass at exactly x.
 */
describe('thresholds (DOMAIN.md "Eligibility categories")', () => {
  it.each([
    // US accredited investor: income > $200k in each of the last 2 years, > $300k joint.
    [{ test: 'US_AI_INCOME', incomes: [usd('200000.01'), usd('250000')], joint: false }, 'ELIGIBLE'],
    [{ test: 'US_AI_INCOME', incomes: [usd('250000'), usd('200000')], joint: false }, 'BELOW_THRESHOLD'],
    [{ test: 'US_AI_INCOME', incomes: [usd('300000'), usd('400000')], joint: true }, 'BELOW_THRESHOLD'],
    [{ test: 'US_AI_INCOME', incomes: [usd('300000.01'), usd('400000')], joint: true }, 'ELIGIBLE'],
    // Net worth > $1M excluding the primary residence.
    [{ test: 'US_AI_NET_WORTH', netWorth: usd('1000000') }, 'BELOW_THRESHOLD'],
    [{ test: 'US_AI_NET_WORTH', netWorth: usd('1000000.01') }, 'ELIGIBLE'],
    [{ test: 'US_AI_LICENCE', licence: 'SERIES_65' }, 'ELIGIBLE'],
    // Qualified purchaser: >= $5M individual, >= $25M entity.
    [{ test: 'US_QP_INVESTMENTS', investments: usd('5000000'), holder: 'INDIVIDUAL' }, 'ELIGIBLE'],
    [{ test: 'US_QP_INVESTMENTS', investments: usd('4999999.99'), holder: 'INDIVIDUAL' }, 'BELOW_THRESHOLD'],
    [{ test: 'US_QP_INVESTMENTS', investments: usd('24999999.99'), holder: 'ENTITY' }, 'BELOW_THRESHOLD'],
    [{ test: 'US_QP_INVESTMENTS', investments: usd('25000000'), holder: 'ENTITY' }, 'ELIGIBLE'],
    // Hong Kong professional investor: portfolio >= HK$8M.
    [{ test: 'HK_PI_PORTFOLIO', portfolio: hkd('8000000') }, 'ELIGIBLE'],
    [{ test: 'HK_PI_PORTFOLIO', portfolio: hkd('7999999.99') }, 'BELOW_THRESHOLD'],
    // Australia wholesale, accountant's certificate: net assets >= A$2.5M or gross income >= A$250k for 2 years.
    [{ test: 'AU_WHOLESALE_ACCOUNTANT_CERTIFICATE', netAssets: aud('2500000') }, 'ELIGIBLE'],
    [{ test: 'AU_WHOLESALE_ACCOUNTANT_CERTIFICATE', netAssets: aud('2499999.99') }, 'BELOW_THRESHOLD'],
    [
      {
        test: 'AU_WHOLESALE_ACCOUNTANT_CERTIFICATE',
        netAssets: aud('100'),
        grossIncomes: [aud('250000'), aud('260000')],
      },
      'ELIGIBLE',
    ],
    [{ test: 'AU_WHOLESALE_ACCOUNTANT_CERTIFICATE', grossIncomes: [aud('250000'), aud('249999')] }, 'BELOW_THRESHOLD'],
    [{ test: 'AU_WHOLESALE_PRODUCT_VALUE', investment: aud('500000') }, 'ELIGIBLE'],
    [{ test: 'AU_WHOLESALE_PRODUCT_VALUE', investment: aud('499999.99') }, 'BELOW_THRESHOLD'],
    // Singapore accredited investor: net personal assets > S$2M or income >= S$300k; opt-in.
    [
      { test: 'SG_AI_NET_PERSONAL_ASSETS', netPersonalAssets: sgd('2000000'), optedInOn: '2026-01-15' },
      'BELOW_THRESHOLD',
    ],
    [{ test: 'SG_AI_NET_PERSONAL_ASSETS', netPersonalAssets: sgd('2000000.01'), optedInOn: '2026-01-15' }, 'ELIGIBLE'],
    [{ test: 'SG_AI_INCOME', income: sgd('300000'), optedInOn: '2026-01-15' }, 'ELIGIBLE'],
    [{ test: 'SG_AI_INCOME', income: sgd('299999.99'), optedInOn: '2026-01-15' }, 'BELOW_THRESHOLD'],
  ] as const)('%j -> %s', (evidence, expected) => {
    expect(outcome({ ...base, ...evidence })).toBe(expected);
  });

  it('names the field that falls short', () => {
    const e = EligibilityEvidenceSchema.parse({
      ...base,
      test: 'US_AI_INCOME',
      incomes: [usd('250000'), usd('150000')],
      joint: false,
    });
    expect(assessEligibility(e, asOf)).toMatchObject({ outcome: 'BELOW_THRESHOLD', field: 'incomes.1' });
  });

  it('Singapore status starts at the opt-in, not at the assessment', () => {
    const e = { ...base, test: 'SG_AI_INCOME', income: sgd('400000'), optedInOn: '2026-03-01' };
    expect(outcome(e, '2026-02-28')).toBe('NOT_YET_VALID');
    expect(outcome(e, '2026-03-01')).toBe('ELIGIBLE');
  });
});

describe('schema', () => {
  it('refuses a threshold amount in another currency, naming the field', () => {
    const r = EligibilityEvidenceSchema.safeParse({ ...base, test: 'HK_PI_PORTFOLIO', portfolio: usd('9000000') });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['portfolio', 'currency']);
  });

  it('refuses evidence without a document, an expiry beyond the rule and a certificate with no figure', () => {
    const bad = [
      { ...base, documentIds: [], test: 'US_AI_LICENCE', licence: 'SERIES_7' },
      { ...base, expiresOn: '2027-01-16', test: 'US_AI_LICENCE', licence: 'SERIES_7' },
      { ...base, expiresOn: '2026-01-15', test: 'US_AI_LICENCE', licence: 'SERIES_7' },
      { ...base, test: 'AU_WHOLESALE_ACCOUNTANT_CERTIFICATE' },
      { ...base, test: 'US_AI_NET_WORTH', netWorth: usd('-5') },
    ];
    for (const e of bad) expect(EligibilityEvidenceSchema.safeParse(e).success, JSON.stringify(e)).toBe(false);
  });

  it('accepts an expiry the manager shortened', () => {
    const e = EligibilityEvidenceSchema.parse({
      ...base,
      expiresOn: '2026-07-01',
      test: 'US_AI_LICENCE',
      licence: 'SERIES_7',
    });
    expect(evidenceExpiry(e)).toBe('2026-07-01');
  });
});

describe('expiry and renewal', () => {
  it('every test has a rule; the Australian certificate is valid for 2 years (DOMAIN.md)', () => {
    for (const t of ELIGIBILITY_TESTS) expect(ELIGIBILITY_TEST_RULES[t].validityMonths).toBeGreaterThan(0);
    expect(ELIGIBILITY_TEST_RULES.AU_WHOLESALE_ACCOUNTANT_CERTIFICATE.validityMonths).toBe(24);
  });

  it('adds calendar months, keeping month ends', () => {
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-15', 24)).toBe('2028-11-15');
  });

  it('an accountant certificate of 2024-03-10 is good until 2026-03-09 and expired on 2026-03-10', () => {
    const e = {
      documentIds: ['cert'],
      assessedOn: '2024-03-10',
      test: 'AU_WHOLESALE_ACCOUNTANT_CERTIFICATE',
      netAssets: aud('3000000'),
    };
    expect(outcome(e, '2026-03-09')).toBe('ELIGIBLE');
    expect(outcome(e, '2026-03-10')).toBe('EXPIRED');
    const parsed = EligibilityEvidenceSchema.parse(e);
    expect(renewalDueOn(parsed)).toBe('2026-02-08');
    expect(isRenewalDue(parsed, '2026-02-07')).toBe(false);
    expect(isRenewalDue(parsed, '2026-02-08')).toBe(true);
  });

  it('threshold failures win over dates (the investor must fix the figure, not renew it)', () => {
    const e = { ...base, assessedOn: '2020-01-01', test: 'HK_PI_PORTFOLIO', portfolio: hkd('1') };
    expect(outcome(e)).toBe('BELOW_THRESHOLD');
  });
});

describe('isEligibleForNewSubscription', () => {
  const parse = (e: object): EligibilityEvidence => EligibilityEvidenceSchema.parse({ ...base, ...e });
  const ai = parse({ test: 'US_AI_NET_WORTH', netWorth: usd('2000000') });
  const staleQp = parse({
    test: 'US_QP_INVESTMENTS',
    investments: usd('6000000'),
    holder: 'INDIVIDUAL',
    assessedOn: '2024-01-01',
  });

  it('accepts current evidence of the product jurisdiction only', () => {
    expect(isEligibleForNewSubscription({ eligibility: [ai] }, 'US', asOf)).toMatchObject({
      eligible: true,
      qualifying: { basis: 'US_ACCREDITED_INVESTOR' },
    });
    expect(isEligibleForNewSubscription({ eligibility: [ai] }, 'HK', asOf)).toEqual({
      eligible: false,
      reason: 'NO_EVIDENCE',
    });
    expect(isEligibleForNewSubscription({}, 'US', asOf)).toEqual({ eligible: false, reason: 'NO_EVIDENCE' });
  });

  it('refuses expired evidence and says so', () => {
    expect(isEligibleForNewSubscription({ eligibility: [staleQp] }, 'US', asOf)).toEqual({
      eligible: false,
      reason: 'EXPIRED',
    });
    // The same evidence counted before its expiry.
    expect(isEligibleForNewSubscription({ eligibility: [staleQp] }, 'US', '2024-12-31').eligible).toBe(true);
  });

  it('narrows to the bases a product accepts', () => {
    const profile = { eligibility: [ai, staleQp] };
    expect(isEligibleForNewSubscription(profile, 'US', asOf).eligible).toBe(true);
    expect(isEligibleForNewSubscription(profile, 'US', asOf, ['US_QUALIFIED_PURCHASER'])).toEqual({
      eligible: false,
      reason: 'EXPIRED',
    });
  });
});
