/**
 * The case's risk rating (issue 11, deliver 5; docs/profiles.md "KYC review"): one pure rule over what
 * screening and the identity check found, so the consumer that opens the case and the tests agree.
 *
 * | rating | when (any of)                                                                 |
 * |--------|-------------------------------------------------------------------------------|
 * | HIGH   | a list match rated HIGH; the identity check FAILED; the investor's country is not open for the tenant |
 * | MEDIUM | a list match rated MEDIUM or LOW (a PEP is capped at MEDIUM by the matcher); the identity check needs review; an entity with persons not screened (none listed) |
 * | LOW    | otherwise: no match, identity passed                                          |
 *
 * A LOW match still raises the case to MEDIUM: it is reported because a person should look at it,
 * and a case rated LOW reads as "nothing to see". Every reason is returned as a factor, so the case
 * page says why, not only how much.
 */

/** The screening engine's ratings (functions/src/screening/screening-index.ts RISK_RATINGS, same values). */
export const SCREENING_RATINGS = ['NONE', 'LOW', 'MEDIUM', 'HIGH'] as const;
export type ScreeningRating = (typeof SCREENING_RATINGS)[number];

export const IDENTITY_OUTCOMES = ['PASS', 'REVIEW', 'FAIL'] as const;
export type IdentityOutcome = (typeof IDENTITY_OUTCOMES)[number];

export const KYC_RISK_RATINGS = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type KycRiskRating = (typeof KYC_RISK_RATINGS)[number];

export const RISK_FACTORS = [
  'SCREENING_HIGH',
  'SCREENING_MEDIUM',
  'SCREENING_LOW',
  'IDENTITY_FAILED',
  'IDENTITY_REVIEW',
  'COUNTRY_NOT_OPEN',
  'ENTITY_WITHOUT_PERSONS',
] as const;
export type RiskFactor = (typeof RISK_FACTORS)[number];

const FACTOR_RATING: Record<RiskFactor, KycRiskRating> = {
  SCREENING_HIGH: 'HIGH',
  IDENTITY_FAILED: 'HIGH',
  COUNTRY_NOT_OPEN: 'HIGH',
  SCREENING_MEDIUM: 'MEDIUM',
  SCREENING_LOW: 'MEDIUM',
  IDENTITY_REVIEW: 'MEDIUM',
  ENTITY_WITHOUT_PERSONS: 'MEDIUM',
};

export const RISK_FACTOR_LABELS: Record<RiskFactor, { en: string; 'zh-CN': string }> = {
  SCREENING_HIGH: { en: 'A strong match on the screening list', 'zh-CN': '筛查名单中存在高度匹配' },
  SCREENING_MEDIUM: { en: 'A probable match on the screening list', 'zh-CN': '筛查名单中存在可能匹配' },
  SCREENING_LOW: { en: 'A weak match on the screening list', 'zh-CN': '筛查名单中存在低度匹配' },
  IDENTITY_FAILED: { en: 'The identity check failed', 'zh-CN': '身份核验未通过' },
  IDENTITY_REVIEW: { en: 'The identity check needs a person to review it', 'zh-CN': '身份核验需要人工复核' },
  COUNTRY_NOT_OPEN: {
    en: "The investor's country is not open for this portal",
    'zh-CN': '投资者所在国家/地区未对本门户开放',
  },
  ENTITY_WITHOUT_PERSONS: {
    en: 'An entity with no directors, owners or signatories to screen',
    'zh-CN': '机构未列出可供筛查的董事、受益所有人或授权签字人',
  },
};

export interface RiskInput {
  /** The worst screening rating over every subject of the profile. */
  screening: ScreeningRating;
  identity: IdentityOutcome;
  countryOpen: boolean;
  /** An entity profile with no person screened besides the entity itself. */
  entityWithoutPersons?: boolean;
}

export interface RiskAssessment {
  rating: KycRiskRating;
  /** Why, most severe first. */
  factors: RiskFactor[];
}

export const assessRisk = (input: RiskInput): RiskAssessment => {
  const factors: RiskFactor[] = [];
  if (input.screening === 'HIGH') factors.push('SCREENING_HIGH');
  if (input.identity === 'FAIL') factors.push('IDENTITY_FAILED');
  if (!input.countryOpen) factors.push('COUNTRY_NOT_OPEN');
  if (input.screening === 'MEDIUM') factors.push('SCREENING_MEDIUM');
  if (input.screening === 'LOW') factors.push('SCREENING_LOW');
  if (input.identity === 'REVIEW') factors.push('IDENTITY_REVIEW');
  if (input.entityWithoutPersons) factors.push('ENTITY_WITHOUT_PERSONS');
  const rating = factors.some((f) => FACTOR_RATING[f] === 'HIGH')
    ? 'HIGH'
    : factors.some((f) => FACTOR_RATING[f] === 'MEDIUM')
      ? 'MEDIUM'
      : 'LOW';
  return { rating, factors };
};

/** The worst of several screening ratings (NONE when there are none). */
export const worstScreening = (ratings: readonly ScreeningRating[]): ScreeningRating =>
  ratings.reduce<ScreeningRating>(
    (worst, r) => (SCREENING_RATINGS.indexOf(r) > SCREENING_RATINGS.indexOf(worst) ? r : worst),
    'NONE',
  );
