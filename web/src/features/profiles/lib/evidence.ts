import {
  ELIGIBILITY_TEST_RULES,
  ELIGIBILITY_TESTS,
  type EligibilityEvidence,
  EligibilityEvidenceSchema,
  type EligibilityJurisdiction,
  type EligibilityTest,
} from '@tranche/shared/profile/eligibility';
import type { InvestorClassification } from '@tranche/shared/profile/profile-enums';

/**
 * The classification step's evidence form as data (issue 11, Deliver 7; the rules and thresholds are
 * shared/src/profile/eligibility.ts). Each statutory test asks for its own figures; a form value is a
 * string (or a checkbox) keyed by the evidence's field, a two-year figure as `incomes.0` and `incomes.1`,
 * so the server's field paths (`body.certificate.evidence.incomes.1`) name the same inputs.
 */
export type EvidenceFieldKind = 'money' | 'money2' | 'bool' | 'licence' | 'holder' | 'date';
export interface EvidenceField {
  key: string;
  kind: EvidenceFieldKind;
  /** The accountant's certificate takes net assets or two years of gross income: each optional. */
  optional?: boolean;
}

export const EVIDENCE_FIELDS: Record<EligibilityTest, readonly EvidenceField[]> = {
  US_AI_INCOME: [
    { key: 'incomes', kind: 'money2' },
    { key: 'joint', kind: 'bool' },
  ],
  US_AI_NET_WORTH: [{ key: 'netWorth', kind: 'money' }],
  US_AI_LICENCE: [{ key: 'licence', kind: 'licence' }],
  US_AI_ENTITY_ASSETS: [{ key: 'totalAssets', kind: 'money' }],
  US_QP_INVESTMENTS: [
    { key: 'investments', kind: 'money' },
    { key: 'holder', kind: 'holder' },
  ],
  HK_PI_PORTFOLIO: [{ key: 'portfolio', kind: 'money' }],
  HK_PI_CORPORATE_ASSETS: [{ key: 'totalAssets', kind: 'money' }],
  AU_WHOLESALE_PRODUCT_VALUE: [{ key: 'investment', kind: 'money' }],
  AU_WHOLESALE_ACCOUNTANT_CERTIFICATE: [
    { key: 'netAssets', kind: 'money', optional: true },
    { key: 'grossIncomes', kind: 'money2', optional: true },
  ],
  AU_WHOLESALE_PROFESSIONAL_INVESTOR: [],
  AU_WHOLESALE_LARGE_BUSINESS: [],
  SG_AI_NET_PERSONAL_ASSETS: [
    { key: 'netPersonalAssets', kind: 'money' },
    { key: 'optedInOn', kind: 'date' },
  ],
  SG_AI_INCOME: [
    { key: 'income', kind: 'money' },
    { key: 'optedInOn', kind: 'date' },
  ],
};

/** A legal threshold is compared in its own currency: the test's jurisdiction fixes it. */
export const EVIDENCE_CURRENCY: Record<EligibilityJurisdiction, 'USD' | 'HKD' | 'AUD' | 'SGD'> = {
  US: 'USD',
  HK: 'HKD',
  AU: 'AUD',
  SG: 'SGD',
};

/** The tests that establish a classification (none for QP's entity-only or the team-member kinds). */
export const testsFor = (classification: InvestorClassification): EligibilityTest[] =>
  ELIGIBILITY_TESTS.filter((t) => ELIGIBILITY_TEST_RULES[t].classification === classification);

export interface EvidenceValues {
  test: EligibilityTest;
  fields: Record<string, string | boolean>;
  documentIds: string[];
  assessedOn: string;
  expiresOn: string;
}

export const emptyEvidence = (test: EligibilityTest): EvidenceValues => ({
  test,
  fields: {},
  documentIds: [],
  assessedOn: '',
  expiresOn: '',
});

/** Saved evidence back into the form's values. */
export const evidenceValues = (e: EligibilityEvidence): EvidenceValues => {
  const record = e as unknown as Record<string, unknown>;
  const fields: Record<string, string | boolean> = {};
  for (const f of EVIDENCE_FIELDS[e.test]) {
    const v = record[f.key];
    if (f.kind === 'money' && v) fields[f.key] = (v as { amount: string }).amount;
    else if (f.kind === 'money2' && Array.isArray(v)) {
      (v as { amount: string }[]).forEach((m, i) => {
        fields[`${f.key}.${i}`] = m.amount;
      });
    } else if (f.kind === 'bool') fields[f.key] = v === true;
    else if (typeof v === 'string') fields[f.key] = v;
  }
  return {
    test: e.test,
    fields,
    documentIds: [...e.documentIds],
    assessedOn: e.assessedOn,
    expiresOn: e.expiresOn ?? '',
  };
};

const text = (v: string | boolean | undefined) => (typeof v === 'string' ? v.trim().replace(/,/g, '') : '');

/** The form's values as the evidence the route takes (unchecked: `checkEvidence` judges it). */
export const evidenceInput = (v: EvidenceValues): Record<string, unknown> => {
  const currency = EVIDENCE_CURRENCY[ELIGIBILITY_TEST_RULES[v.test].jurisdiction];
  const out: Record<string, unknown> = { test: v.test, documentIds: v.documentIds, assessedOn: v.assessedOn.trim() };
  if (v.expiresOn.trim()) out.expiresOn = v.expiresOn.trim();
  for (const f of EVIDENCE_FIELDS[v.test]) {
    if (f.kind === 'money') {
      const amount = text(v.fields[f.key]);
      if (amount || !f.optional) out[f.key] = { amount, currency };
    } else if (f.kind === 'money2') {
      const amounts = [text(v.fields[`${f.key}.0`]), text(v.fields[`${f.key}.1`])];
      if (amounts.some(Boolean) || !f.optional) out[f.key] = amounts.map((amount) => ({ amount, currency }));
    } else if (f.kind === 'bool') out[f.key] = v.fields[f.key] === true;
    else out[f.key] = text(v.fields[f.key]);
  }
  return out;
};

export type EvidenceProblem = 'required' | 'amount' | 'date' | 'expiry' | 'either';

/**
 * The form's input paths (`incomes.1`, `assessedOn`, `documentIds`) of a field path the schema or the
 * server names, without the money's own `amount`/`currency` and the request's wrapper.
 */
export const evidenceInputPath = (path: readonly (string | number)[]): string => {
  const parts = path.map(String);
  const start = parts.lastIndexOf('evidence');
  const rest = start >= 0 ? parts.slice(start + 1) : parts;
  return rest.filter((p) => p !== 'amount' && p !== 'currency').join('.');
};

/**
 * The evidence judged by the route's own schema: the problems by input path, or the evidence to send.
 * An empty value is "required"; otherwise the kind of the field says what is wrong with it.
 */
export const checkEvidence = (
  v: EvidenceValues,
): { ok: true; evidence: EligibilityEvidence } | { ok: false; problems: Record<string, EvidenceProblem> } => {
  const input = evidenceInput(v);
  const parsed = EligibilityEvidenceSchema.safeParse(input);
  if (parsed.success) return { ok: true, evidence: parsed.data };
  const problems: Record<string, EvidenceProblem> = {};
  const kinds = new Map<string, EvidenceFieldKind>();
  for (const f of EVIDENCE_FIELDS[v.test]) {
    if (f.kind === 'money2') {
      kinds.set(`${f.key}.0`, 'money');
      kinds.set(`${f.key}.1`, 'money');
    } else kinds.set(f.key, f.kind);
  }
  for (const issue of parsed.error.issues) {
    const path = evidenceInputPath(issue.path as (string | number)[]);
    if (problems[path]) continue;
    const value =
      path === 'assessedOn'
        ? v.assessedOn
        : path === 'expiresOn'
          ? v.expiresOn
          : path === 'documentIds'
            ? ''
            : v.fields[path];
    if (path === 'documentIds') problems[path] = 'required';
    else if (path === 'expiresOn' && v.expiresOn.trim()) problems[path] = 'expiry';
    else if (v.test === 'AU_WHOLESALE_ACCOUNTANT_CERTIFICATE' && path === 'netAssets' && !text(value)) {
      problems[path] = 'either';
    } else if (typeof value !== 'boolean' && !text(value)) problems[path] = 'required';
    else problems[path] = kinds.get(path) === 'money' ? 'amount' : 'date';
  }
  return { ok: false, problems };
};
