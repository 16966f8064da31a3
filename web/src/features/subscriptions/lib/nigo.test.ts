import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { nigoFailures } from './nigo';

const refused = (details: Record<string, unknown>) =>
  new ApiError({ code: 'SUBSCRIPTION_NIGO' as never, status: 422, lang: 'en', details });

describe('reading the NIGO check’s refusal', () => {
  it('keeps each well-formed finding', () => {
    const failures = [
      { step: 'investorDetails', field: 'sourceOfFunds', code: 'scenarioIncomplete' },
      { step: 'documents', field: 'documents.W8_BEN', code: 'mandatoryDocumentMissing' },
    ];
    expect(nigoFailures(refused({ failures: [...failures, { step: 1 }] }))).toEqual(failures);
  });

  it('is not a NIGO refusal for another code or without findings', () => {
    expect(nigoFailures(new ApiError({ code: 'VERSION_CONFLICT', status: 409, lang: 'en' }))).toBeUndefined();
    expect(nigoFailures(refused({}))).toBeUndefined();
    expect(nigoFailures(new Error('x'))).toBeUndefined();
  });
});

describe('saying a finding', () => {
  it('reads the catalogue in the user’s language with the field filled in', async () => {
    const { nigoText } = await import('./nigo');
    const t = ((key: string) => key) as never;
    expect(nigoText({ step: 'details', field: 'sourceOfFunds', code: 'scenarioIncomplete' }, 'en', t)).toBe(
      'A required answer is missing: sourceOfFunds.',
    );
    expect(nigoText({ step: 'X', field: 'y', code: 'notACode' }, 'zh-CN', t)).toBe('subscriptions.nigo.other');
  });
});
