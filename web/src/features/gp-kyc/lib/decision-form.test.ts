import { KycDecisionBodySchema } from '@tranche/shared/profile/kyc.schema';
import { describe, expect, it } from 'vitest';
import {
  decisionBody,
  decisionButtons,
  decisionErrorKey,
  decisionFieldPath,
  EMPTY_DECISION_FORM,
} from './decision-form';
import { kycCase } from './kyc-case.fixture';

describe('decisionButtons', () => {
  it('offers an admin every decision of a case in review', () => {
    const b = decisionButtons(kycCase());
    expect(b.shown).toEqual(['APPROVE', 'REJECT', 'REQUEST_DOCUMENTS', 'SALES_SUPPORT']);
    expect([...b.enabled]).toEqual(['APPROVE', 'REJECT', 'REQUEST_DOCUMENTS', 'SALES_SUPPORT']);
    expect(b.readOnly).toBeUndefined();
  });

  it('shows a member the same buttons, all disabled, and says why', () => {
    const b = decisionButtons(kycCase({ allowedDecisions: [] }));
    expect(b.shown).toHaveLength(4);
    expect(b.enabled.size).toBe(0);
    expect(b.readOnly).toBe('role');
  });

  it('disables Approve when a finding blocks it, naming the first blocking finding', () => {
    const b = decisionButtons(kycCase({ findings: ['SCREEN_NOT_PASS', 'IDENTITY_NOT_PASS'] }));
    expect(b.approvalBlockedBy).toBe('IDENTITY_NOT_PASS');
    expect(b.enabled.has('APPROVE')).toBe(false);
    expect(b.enabled.has('REJECT')).toBe(true);
  });

  it('offers from sales support only what the lifecycle allows there (not sales support again)', () => {
    expect(decisionButtons(kycCase({ status: 'SALES_SUPPORT' })).shown).toEqual([
      'APPROVE',
      'REJECT',
      'REQUEST_DOCUMENTS',
    ]);
  });

  it('shows nothing to decide on an ended case', () => {
    const b = decisionButtons(kycCase({ status: 'APPROVED', allowedDecisions: [] }));
    expect(b.shown).toEqual([]);
    expect(b.readOnly).toBe('ended');
  });
});

describe('the decision body', () => {
  const issuesOf = (body: unknown) =>
    (KycDecisionBodySchema.safeParse(body).error?.issues ?? []).map((i) => [
      decisionFieldPath(i.path),
      decisionErrorKey(i),
    ]);

  it('is refused without a reason, the issue on the reason field', () => {
    expect(issuesOf(decisionBody('APPROVE', 3, EMPTY_DECISION_FORM))).toEqual([['reason', 'required']]);
    expect(issuesOf(decisionBody('APPROVE', 3, { ...EMPTY_DECISION_FORM, reason: '   ' }))).toEqual([
      ['reason', 'required'],
    ]);
  });

  it('asks for at least one document kind or a message when requesting documents', () => {
    const body = decisionBody('REQUEST_DOCUMENTS', 3, { reason: 'Owner matches a listed name', kinds: [], note: '  ' });
    expect(body).toEqual({
      decision: 'REQUEST_DOCUMENTS',
      reason: 'Owner matches a listed name',
      version: 3,
      documents: { kinds: [] },
    });
    expect(issuesOf(body)).toEqual([['kinds', 'kindsOrNote']]);
    expect(
      issuesOf(decisionBody('REQUEST_DOCUMENTS', 3, { reason: 'x', kinds: [], note: 'A certified passport copy' })),
    ).toEqual([]);
  });

  it('sends the kinds, the version read and only the fields of the chosen decision', () => {
    const values = { reason: 'Clear', kinds: ['PROOF_OF_IDENTITY' as const], note: 'ignored' };
    expect(decisionBody('REJECT', 7, values)).toEqual({ decision: 'REJECT', reason: 'Clear', version: 7 });
  });

  it('reads an over-long reason as too long', () => {
    expect(issuesOf(decisionBody('REJECT', 1, { ...EMPTY_DECISION_FORM, reason: 'x'.repeat(1001) }))).toEqual([
      ['reason', 'tooLong'],
    ]);
  });
});
