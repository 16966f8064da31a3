import { describe, expect, it } from 'vitest';
import { checkPackage, type PackageFacts, type PackageProfile } from './nigo.js';

const VERIFIED: PackageProfile = {
  type: 'INDIVIDUAL',
  state: 'SUCCESS',
  coHolderIds: [],
  signatoryIds: [],
  eligibilityExpiries: [],
  latestKycStatus: 'APPROVED',
  kycCaseOpen: false,
};

const GOOD: PackageFacts = {
  type: 'INVEST_SUBSCRIPTION',
  amount: '250000',
  limits: { currency: 'USD', minInvestment: '100000', maxInvestment: '1000000' },
  investorUserId: 'U1',
  profile: VERIFIED,
  scenarioMissing: [],
  requiredDocKeys: ['W8_BEN'],
  uploadedDocKeys: ['W8_BEN'],
  signatures: [{ signerId: 'U1', role: 'HOLDER' }],
  asOf: '2026-11-24',
};

const codes = (f: PackageFacts) => checkPackage(f).map((x) => `${x.step}:${x.field}:${x.code}`);

describe('the NIGO firewall (checkPackage)', () => {
  it('passes a complete individual package', () => {
    expect(checkPackage(GOOD)).toEqual([]);
  });

  it('names every missing scenario field and mandatory document, all at once', () => {
    expect(
      codes({
        ...GOOD,
        scenarioMissing: [
          { step: 'FORM_1', field: 'sourceOfFunds' },
          { step: 'QUESTIONNAIRE', field: 'q3' },
        ],
        uploadedDocKeys: [],
      }),
    ).toEqual([
      'FORM_1:sourceOfFunds:scenarioIncomplete',
      'QUESTIONNAIRE:q3:scenarioIncomplete',
      'DOCUMENTS:documents.W8_BEN:mandatoryDocumentMissing',
    ]);
  });

  it('refuses a package without a verified profile, and one without any profile', () => {
    expect(codes({ ...GOOD, profile: { ...VERIFIED, state: 'SUBMITTED' } })).toEqual([
      'PROFILE:profileId:profileNotVerified',
    ]);
    expect(codes({ ...GOOD, profile: undefined })).toEqual(['PROFILE:profileId:profileNotVerified']);
  });

  it('refuses while screening has not passed: no approved case, or a case open again', () => {
    expect(codes({ ...GOOD, profile: { ...VERIFIED, latestKycStatus: 'IN_REVIEW' } })).toEqual([
      'SCREENING:profileId:screeningNotPassed',
    ]);
    expect(codes({ ...GOOD, profile: { ...VERIFIED, kycCaseOpen: true } })).toEqual([
      'SCREENING:profileId:screeningNotPassed',
    ]);
    expect(codes({ ...GOOD, profile: { ...VERIFIED, latestKycStatus: undefined } })).toEqual([
      'SCREENING:profileId:screeningNotPassed',
    ]);
  });

  it('refuses expired eligibility from its expiry day, unless other evidence is still current', () => {
    const expiring = (dates: string[]) => codes({ ...GOOD, profile: { ...VERIFIED, eligibilityExpiries: dates } });
    expect(expiring(['2026-11-24'])).toEqual(['ELIGIBILITY:profileId:ELIGIBILITY_EXPIRED']);
    expect(expiring(['2025-01-10', '2026-11-24'])).toEqual(['ELIGIBILITY:profileId:ELIGIBILITY_EXPIRED']);
    expect(expiring(['2026-11-25'])).toEqual([]);
    expect(expiring(['2025-01-10', '2027-06-01'])).toEqual([]);
  });

  it('holds the amount to the share class limits, and requires one for an investment', () => {
    expect(codes({ ...GOOD, amount: '99999.99' })).toEqual(['AMOUNT:amount:subscriptionAmountBelowMinimum']);
    expect(codes({ ...GOOD, amount: '1000000.01' })).toEqual(['AMOUNT:amount:subscriptionAmountAboveMaximum']);
    expect(codes({ ...GOOD, amount: undefined })).toEqual(['AMOUNT:amount:subscriptionAmountRequired']);
    expect(codes({ ...GOOD, amount: '1000000' })).toEqual([]);
  });

  it('requires the holder and every joint co-holder to have signed', () => {
    const joint: PackageProfile = { ...VERIFIED, type: 'JOINT', coHolderIds: ['P2', 'P3'] };
    expect(codes({ ...GOOD, profile: joint, signatures: [{ signerId: 'U1', role: 'HOLDER' }] })).toEqual([
      'SIGN:signatures.CO_HOLDER.P2:signatureMissing',
      'SIGN:signatures.CO_HOLDER.P3:signatureMissing',
    ]);
    expect(
      codes({
        ...GOOD,
        profile: joint,
        signatures: [
          { signerId: 'U1', role: 'HOLDER' },
          { signerId: 'P2', role: 'CO_HOLDER' },
          { signerId: 'P3', role: 'CO_HOLDER' },
        ],
      }),
    ).toEqual([]);
    expect(codes({ ...GOOD, signatures: [] })).toEqual(['SIGN:signatures.HOLDER:signatureMissing']);
  });

  it("requires one of an entity's authorised signatories, not just anyone, to have signed", () => {
    const entity: PackageProfile = { ...VERIFIED, type: 'ENTITY', signatoryIds: ['S1', 'S2'] };
    expect(codes({ ...GOOD, profile: entity, signatures: [{ signerId: 'U1', role: 'HOLDER' }] })).toEqual([
      'SIGN:signatures.SIGNATORY:signatureMissing',
    ]);
    expect(codes({ ...GOOD, profile: entity, signatures: [{ signerId: 'X9', role: 'SIGNATORY' }] })).toEqual([
      'SIGN:signatures.SIGNATORY:signatureMissing',
    ]);
    expect(codes({ ...GOOD, profile: entity, signatures: [{ signerId: 'S2', role: 'SIGNATORY' }] })).toEqual([]);
    expect(codes({ ...GOOD, profile: { ...entity, signatoryIds: [] }, signatures: [] })).toEqual([
      'SIGN:profile.members.signatory:signatureMissing',
    ]);
  });
});
