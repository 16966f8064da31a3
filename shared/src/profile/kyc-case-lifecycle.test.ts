import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../auth/roles.js';
import { DomainError } from '../errors/domain-error.js';
import { describeLifecycleProperties } from '../lifecycle/lifecycle-properties.js';
import {
  BLOCKING_FINDINGS,
  blockingFinding,
  isOpenKycStatus,
  KYC_CASE_LIFECYCLE,
  KYC_CASE_STATUSES,
  KYC_DECISIONS,
  KYC_FINDINGS,
  type KycCaseStatus,
  OPEN_KYC_CASE_STATUSES,
} from './kyc-case-lifecycle.js';
import { assessRisk, IDENTITY_OUTCOMES, SCREENING_RATINGS, worstScreening } from './kyc-risk.js';

const refusal = (f: () => unknown): string | undefined => {
  try {
    f();
    return undefined;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
};

describeLifecycleProperties(KYC_CASE_LIFECYCLE, {
  actors: [...ROLES, 'SYSTEM'],
  contexts: fc.record({ findings: fc.subarray([...KYC_FINDINGS]) }),
});

describe('the KYC case lifecycle', () => {
  const clean = { findings: [] };

  it('lets only GP admins and owners decide, and only the system record an upload or a resubmission', () => {
    for (const decision of KYC_DECISIONS) {
      expect(KYC_CASE_LIFECYCLE.next('IN_REVIEW', decision, 'GP_ADMIN', clean)).toBeDefined();
      expect(KYC_CASE_LIFECYCLE.next('IN_REVIEW', decision, 'GP_OWNER', clean)).toBeDefined();
      expect(refusal(() => KYC_CASE_LIFECYCLE.next('IN_REVIEW', decision, 'GP_MEMBER', clean))).toBe('FORBIDDEN');
      expect(refusal(() => KYC_CASE_LIFECYCLE.next('IN_REVIEW', decision, 'LP', clean))).toBe('FORBIDDEN');
      expect(refusal(() => KYC_CASE_LIFECYCLE.next('IN_REVIEW', decision, 'SYSTEM', clean))).toBe('FORBIDDEN');
    }
    expect(refusal(() => KYC_CASE_LIFECYCLE.next('DOCUMENTS_REQUESTED', 'DOCUMENTS_ADDED', 'GP_ADMIN', clean))).toBe(
      'FORBIDDEN',
    );
    expect(KYC_CASE_LIFECYCLE.allowedEvents('IN_REVIEW', 'GP_MEMBER', clean)).toEqual([]);
  });

  it('walks request documents -> upload -> approve, and ends there', () => {
    let s: KycCaseStatus = 'IN_REVIEW';
    s = KYC_CASE_LIFECYCLE.next(s, 'REQUEST_DOCUMENTS', 'GP_ADMIN', clean);
    expect(s).toBe('DOCUMENTS_REQUESTED');
    s = KYC_CASE_LIFECYCLE.next(s, 'DOCUMENTS_ADDED', 'SYSTEM', clean);
    expect(s).toBe('DOCUMENTS_UPLOADED');
    s = KYC_CASE_LIFECYCLE.next(s, 'APPROVE', 'GP_OWNER', clean);
    expect(s).toBe('APPROVED');
    expect(KYC_CASE_LIFECYCLE.isTerminal(s)).toBe(true);
    expect(refusal(() => KYC_CASE_LIFECYCLE.next('APPROVED', 'REJECT', 'GP_ADMIN', clean))).toBe(
      'TRANSITION_NOT_ALLOWED',
    );
  });

  it('does not move a case in review on an upload nobody asked for', () => {
    expect(KYC_CASE_LIFECYCLE.can('IN_REVIEW', 'DOCUMENTS_ADDED', 'SYSTEM')).toBe(false);
    expect(KYC_CASE_LIFECYCLE.can('SALES_SUPPORT', 'DOCUMENTS_ADDED', 'SYSTEM')).toBe(false);
  });

  it('takes a resubmitted profile back to review from any state the investor can resubmit in', () => {
    for (const s of ['DOCUMENTS_REQUESTED', 'DOCUMENTS_UPLOADED', 'IN_REVIEW'] as const) {
      expect(KYC_CASE_LIFECYCLE.next(s, 'RESUBMITTED', 'SYSTEM', clean)).toBe('IN_REVIEW');
    }
  });

  it('refuses an approval with the first blocking finding, but not for a list match alone', () => {
    expect(
      refusal(() =>
        KYC_CASE_LIFECYCLE.next('IN_REVIEW', 'APPROVE', 'GP_ADMIN', {
          findings: ['SCREEN_NOT_PASS', 'IDENTITY_NOT_PASS'],
        }),
      ),
    ).toBe('IDENTITY_NOT_PASS');
    expect(
      refusal(() =>
        KYC_CASE_LIFECYCLE.next('IN_REVIEW', 'APPROVE', 'GP_ADMIN', {
          findings: ['IDENTITY_NOT_PASS', 'SCREEN_NOT_OPEN_COUNTRY'],
        }),
      ),
    ).toBe('SCREEN_NOT_OPEN_COUNTRY');
    expect(KYC_CASE_LIFECYCLE.next('IN_REVIEW', 'APPROVE', 'GP_ADMIN', { findings: ['SCREEN_NOT_PASS'] })).toBe(
      'APPROVED',
    );
    // A blocked approval still lets the manager reject or ask for documents.
    const blocked = { findings: ['IDENTITY_NOT_PASS' as const] };
    expect(KYC_CASE_LIFECYCLE.allowedEvents('IN_REVIEW', 'GP_ADMIN', blocked)).toEqual([
      'REJECT',
      'REQUEST_DOCUMENTS',
      'SALES_SUPPORT',
    ]);
    fc.assert(
      fc.property(fc.subarray([...KYC_FINDINGS]), (findings) => {
        expect(blockingFinding(findings) === undefined).toBe(
          !findings.some((f) => (BLOCKING_FINDINGS as readonly string[]).includes(f)),
        );
      }),
    );
  });

  it('calls exactly the non-terminal states open', () => {
    for (const s of KYC_CASE_STATUSES) {
      expect(isOpenKycStatus(s)).toBe(!KYC_CASE_LIFECYCLE.isTerminal(s));
    }
    expect(OPEN_KYC_CASE_STATUSES).toHaveLength(4);
  });
});

describe('the risk rule', () => {
  const base = { screening: 'NONE', identity: 'PASS', countryOpen: true } as const;

  it('is LOW with nothing found', () => {
    expect(assessRisk(base)).toEqual({ rating: 'LOW', factors: [] });
  });

  it('is HIGH for a strong match, a failed identity check or a closed country, naming each', () => {
    expect(assessRisk({ ...base, screening: 'HIGH' })).toEqual({ rating: 'HIGH', factors: ['SCREENING_HIGH'] });
    expect(assessRisk({ ...base, identity: 'FAIL' })).toEqual({ rating: 'HIGH', factors: ['IDENTITY_FAILED'] });
    expect(assessRisk({ ...base, countryOpen: false })).toEqual({ rating: 'HIGH', factors: ['COUNTRY_NOT_OPEN'] });
    expect(assessRisk({ ...base, screening: 'LOW', identity: 'FAIL' }).factors).toEqual([
      'IDENTITY_FAILED',
      'SCREENING_LOW',
    ]);
  });

  it('is MEDIUM for a weaker match, an identity check to review or an entity without persons', () => {
    for (const screening of ['LOW', 'MEDIUM'] as const) {
      expect(assessRisk({ ...base, screening }).rating).toBe('MEDIUM');
    }
    expect(assessRisk({ ...base, identity: 'REVIEW' }).rating).toBe('MEDIUM');
    expect(assessRisk({ ...base, entityWithoutPersons: true }).rating).toBe('MEDIUM');
  });

  it('never rates below any factor it names, and is monotone in screening and identity', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SCREENING_RATINGS),
        fc.constantFrom(...IDENTITY_OUTCOMES),
        fc.boolean(),
        fc.boolean(),
        (screening, identity, countryOpen, entityWithoutPersons) => {
          const r = assessRisk({ screening, identity, countryOpen, entityWithoutPersons });
          const order = ['LOW', 'MEDIUM', 'HIGH'];
          expect(r.factors.length === 0).toBe(r.rating === 'LOW');
          const worse = assessRisk({ screening: 'HIGH', identity, countryOpen, entityWithoutPersons });
          expect(order.indexOf(worse.rating)).toBeGreaterThanOrEqual(order.indexOf(r.rating));
        },
      ),
    );
  });

  it('takes the worst screening rating of several subjects', () => {
    expect(worstScreening([])).toBe('NONE');
    expect(worstScreening(['LOW', 'HIGH', 'MEDIUM'])).toBe('HIGH');
  });
});
