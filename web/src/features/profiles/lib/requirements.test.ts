import { resolveRequirements } from '@tranche/shared/profile/requirement-levels';
import { describe, expect, it } from 'vitest';
import { fieldRule, resumeStep, STEP_KINDS, stepAfter, stepsFor } from './requirements';

describe('profile wizard steps', () => {
  it('walks an individual through personal details and never through entity steps', () => {
    const steps = stepsFor('INDIVIDUAL', resolveRequirements('INDIVIDUAL'));
    expect(steps).toEqual(['details', 'tax', 'addresses', 'bank', 'classification', 'documents', 'review']);
  });

  it('walks an entity through the entity and its people instead of personal details', () => {
    const steps = stepsFor('ENTITY', resolveRequirements('ENTITY'));
    expect(steps.slice(0, 2)).toEqual(['entity', 'members']);
    expect(steps).not.toContain('details');
  });

  it('leaves out a step whose every kind the tenant hides, and keeps it while one is optional', () => {
    const hidden = resolveRequirements('INDIVIDUAL', { INDIVIDUAL: { BANK_INFORMATION: 'HIDDEN' } });
    expect(stepsFor('INDIVIDUAL', hidden)).not.toContain('bank');
    const taxHalf = resolveRequirements('INDIVIDUAL', { INDIVIDUAL: { TAX_JURISDICTION: 'HIDDEN' } });
    // TAX_REPORTING is optional by default: the step stays for it.
    expect(stepsFor('INDIVIDUAL', taxHalf)).toContain('tax');
    const taxGone = resolveRequirements('INDIVIDUAL', {
      INDIVIDUAL: { TAX_JURISDICTION: 'HIDDEN', TAX_REPORTING: 'HIDDEN' },
    });
    expect(stepsFor('INDIVIDUAL', taxGone)).not.toContain('tax');
  });

  it('always keeps classification and review, which no requirement kind controls', () => {
    const everythingHidden = resolveRequirements('ENTITY', {
      ENTITY: Object.fromEntries(Object.values(STEP_KINDS).flatMap((kinds) => kinds.map((k) => [k, 'HIDDEN']))),
    });
    expect(stepsFor('ENTITY', everythingHidden)).toEqual(['classification', 'review']);
  });

  it('marks mandatory fields required and does not render hidden ones', () => {
    const table = resolveRequirements('ENTITY', {
      ENTITY: { POSITION_OR_TITLE: 'HIDDEN', EMAIL_ADDRESS: 'MANDATORY' },
    });
    expect(fieldRule(table, 'POSITION_OR_TITLE')).toEqual({ visible: false, required: false });
    expect(fieldRule(table, 'EMAIL_ADDRESS')).toEqual({ visible: true, required: true });
    expect(fieldRule(table, 'TAX_REPORTING')).toEqual({ visible: true, required: false });
  });

  it('resumes at the first incomplete step, and at review once every step before it is complete', () => {
    const steps = stepsFor('INDIVIDUAL', resolveRequirements('INDIVIDUAL'));
    const done = new Set(['details', 'tax']);
    expect(resumeStep(steps, (s) => done.has(s))).toBe('addresses');
    expect(resumeStep(steps, () => false)).toBe('details');
    expect(resumeStep(steps, () => true)).toBe('review');
  });

  it('names the next step, and nothing after the last', () => {
    const steps = stepsFor('JOINT', resolveRequirements('JOINT'));
    expect(stepAfter(steps, 'details')).toBe('tax');
    expect(stepAfter(steps, 'review')).toBeUndefined();
  });
});
