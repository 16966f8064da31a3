import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors/domain-error.js';
import { describeLifecycleProperties } from '../lifecycle/lifecycle-properties.js';
import { VALIDATION_STATUSES } from './profile-enums.js';
import { editEventFor, PROFILE_LIFECYCLE, PROFILE_STATES, validationStatusOf } from './profile-lifecycle.js';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).code;
  }
  throw new Error('expected a refusal');
};

describe('profile lifecycle', () => {
  it('goes from draft to submitted to verified, rejected or documents requested by the review', () => {
    expect(PROFILE_LIFECYCLE.next('DRAFT', 'SUBMIT', 'SELF')).toBe('SUBMITTED');
    expect(PROFILE_LIFECYCLE.next('SUBMITTED', 'APPROVE', 'SYSTEM')).toBe('SUCCESS');
    expect(PROFILE_LIFECYCLE.next('SUBMITTED', 'REJECT', 'SYSTEM')).toBe('FAILED');
    expect(PROFILE_LIFECYCLE.next('SUBMITTED', 'REQUEST_DOCUMENTS', 'SYSTEM')).toBe('DOCUMENTS_REQUESTED');
    expect(PROFILE_LIFECYCLE.next('DOCUMENTS_REQUESTED', 'APPROVE', 'SYSTEM')).toBe('SUCCESS');
  });

  it('refuses deleting a profile under review or verified, and allows a draft or a rejected one', () => {
    for (const state of ['SUBMITTED', 'SALES_SUPPORT', 'DOCUMENTS_REQUESTED', 'SUCCESS', 'EXPIRED'] as const) {
      expect(refusal(() => PROFILE_LIFECYCLE.next(state, 'DELETE', 'SELF'))).toBe('TRANSITION_NOT_ALLOWED');
    }
    expect(PROFILE_LIFECYCLE.next('DRAFT', 'DELETE', 'SELF')).toBe('DELETED');
    expect(PROFILE_LIFECYCLE.next('FAILED', 'DELETE', 'SELF')).toBe('DELETED');
  });

  it('sends a verified profile back to review when its KYC details change, and refuses edits under review', () => {
    expect(editEventFor('SUCCESS')).toBe('REVISE');
    expect(PROFILE_LIFECYCLE.next('SUCCESS', 'REVISE', 'SELF')).toBe('SUBMITTED');
    expect(PROFILE_LIFECYCLE.next('EXPIRED', 'REVISE', 'SELF')).toBe('SUBMITTED');
    expect(refusal(() => PROFILE_LIFECYCLE.next('SUBMITTED', editEventFor('SUBMITTED'), 'SELF'))).toBe(
      'TRANSITION_NOT_ALLOWED',
    );
    expect(PROFILE_LIFECYCLE.next('FAILED', 'EDIT', 'SELF')).toBe('DRAFT');
  });

  it('lets only the review decide, and only the owner submit', () => {
    expect(refusal(() => PROFILE_LIFECYCLE.next('SUBMITTED', 'APPROVE', 'SELF'))).toBe('FORBIDDEN');
    expect(refusal(() => PROFILE_LIFECYCLE.next('DRAFT', 'SUBMIT', 'SYSTEM'))).toBe('FORBIDDEN');
  });

  it("answers the spec's validation status for every state, UNVERIFIED for ours", () => {
    for (const state of PROFILE_STATES) expect(VALIDATION_STATUSES).toContain(validationStatusOf(state));
    expect(validationStatusOf('SUCCESS')).toBe('SUCCESS');
    expect(validationStatusOf('DRAFT')).toBe('UNVERIFIED');
    expect(validationStatusOf('DOCUMENTS_REQUESTED')).toBe('UNVERIFIED');
  });
});

describeLifecycleProperties(PROFILE_LIFECYCLE, { actors: ['SELF', 'SYSTEM'] });
