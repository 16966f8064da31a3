import { assessEligibility } from '@tranche/shared/profile/eligibility';
import { describe, expect, it } from 'vitest';
import { checkEvidence, emptyEvidence, evidenceInputPath, evidenceValues, testsFor } from './evidence';

describe('the evidence form', () => {
  it('offers the tests that establish the classification', () => {
    expect(testsFor('AI')).toEqual(['US_AI_INCOME', 'US_AI_NET_WORTH', 'US_AI_LICENCE', 'US_AI_ENTITY_ASSETS']);
    expect(testsFor('INPI')).toEqual(['HK_PI_PORTFOLIO']);
    expect(testsFor('TEAM_MEMBER')).toEqual([]);
  });

  it("builds the route's evidence in the test's own currency, and reads it back", () => {
    const values = {
      ...emptyEvidence('US_AI_INCOME'),
      fields: { 'incomes.0': '250,000', 'incomes.1': '210000', joint: false },
      documentIds: ['DOC1'],
      assessedOn: '2026-10-01',
    };
    const checked = checkEvidence(values);
    expect(checked).toEqual({
      ok: true,
      evidence: {
        test: 'US_AI_INCOME',
        incomes: [
          { amount: '250000', currency: 'USD' },
          { amount: '210000', currency: 'USD' },
        ],
        joint: false,
        documentIds: ['DOC1'],
        assessedOn: '2026-10-01',
      },
    });
    if (!checked.ok) return;
    expect(assessEligibility(checked.evidence, '2026-11-01')).toMatchObject({
      outcome: 'ELIGIBLE',
      expiresOn: '2027-10-01',
    });
    expect(evidenceValues(checked.evidence)).toEqual({
      ...values,
      fields: { 'incomes.0': '250000', 'incomes.1': '210000', joint: false },
    });
  });

  it('names each input that is missing or malformed', () => {
    const checked = checkEvidence({
      ...emptyEvidence('SG_AI_INCOME'),
      fields: { income: '12.5.0' },
      assessedOn: '2026-10-01',
      expiresOn: '2030-01-01',
    });
    expect(checked).toEqual({
      ok: false,
      problems: { income: 'amount', optedInOn: 'required', documentIds: 'required', expiresOn: 'expiry' },
    });
  });

  it("asks the accountant's certificate for net assets or two years of income", () => {
    const base = {
      ...emptyEvidence('AU_WHOLESALE_ACCOUNTANT_CERTIFICATE'),
      documentIds: ['D'],
      assessedOn: '2026-01-01',
    };
    expect(checkEvidence(base)).toEqual({ ok: false, problems: { netAssets: 'either' } });
    expect(checkEvidence({ ...base, fields: { netAssets: '3000000' } }).ok).toBe(true);
  });

  it("maps the server's field paths onto the inputs", () => {
    expect(evidenceInputPath(['body', 'certificate', 'evidence', 'incomes', 1, 'amount'])).toBe('incomes.1');
    expect(evidenceInputPath(['evidence', 'assessedOn'])).toBe('assessedOn');
    expect(evidenceInputPath(['netWorth', 'currency'])).toBe('netWorth');
  });
});
