import type { KycCase, KycMatch, KycSubject } from '@tranche/shared/profile/kyc.schema';

/**
 * Test builders for the KYC screens: an entity case in review whose beneficial owner matched the
 * sample list's TEST-P-002 (John Robert Fictitious, born 1975). Each call builds fresh objects.
 */
export const kycMatch = (over: Partial<KycMatch> = {}): KycMatch => ({
  subjectId: 'SUBJ-OWNER',
  entry: {
    entryId: 'TEST-P-002',
    name: 'John Robert Fictitious',
    aliases: ['Johnny Fictitious'],
    birthDates: ['1975'],
    countries: ['us', 'ca'],
    schema: 'Person',
    dataset: 'tranche_test_fixture',
    sanctions: ['TEST DATA - fictional entry, not a real designation'],
  },
  score: 0.934,
  rating: 'HIGH',
  matchedName: 'John Robert Fictitious',
  subjectName: 'John R. Fictitious',
  fields: ['name', 'birthDate'],
  birthDate: 'match',
  ...over,
});

export const kycSubject = (over: Partial<KycSubject> = {}): KycSubject => ({
  subjectId: 'SUBJ-OWNER',
  role: 'ownership',
  kind: 'person',
  name: 'John R. Fictitious',
  aliases: [],
  birthDate: '1975-06-01',
  countries: ['US'],
  rating: 'HIGH',
  matches: [kycMatch()],
  ...over,
});

export const kycCase = (over: Partial<KycCase> = {}): KycCase => ({
  caseId: '01JCASE00000000000000000001',
  profileId: '01JPROF00000000000000000001',
  profileType: 'ENTITY',
  profileName: 'Harbour Light Holdings Ltd',
  ownerUserId: '01JUSER00000000000000000001',
  status: 'IN_REVIEW',
  trigger: 'SUBMISSION',
  riskRating: 'HIGH',
  screeningRating: 'HIGH',
  matchCount: 1,
  identityOutcome: 'PASS',
  findings: ['SCREEN_NOT_PASS'],
  openedAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  version: 3,
  profile: {
    profileId: '01JPROF00000000000000000001',
    type: 'ENTITY',
    name: 'Harbour Light Holdings Ltd',
    country: 'HK',
  },
  riskFactors: ['SCREENING_HIGH'],
  subjects: [
    {
      subjectId: 'SUBJ-ENTITY',
      role: 'PROFILE',
      kind: 'organisation',
      name: 'Harbour Light Holdings Ltd',
      aliases: [],
      countries: ['HK'],
      rating: 'NONE',
      matches: [],
    },
    kycSubject(),
  ],
  identity: {
    outcome: 'PASS',
    provider: 'SANDBOX',
    reference: 'sbx-0001',
    reasons: [],
    checkedAt: '2026-11-20T09:00:00.000Z',
  },
  listVersion: 'abc123def4567890',
  listSize: 10,
  history: [
    {
      eventId: 'EVT-1',
      action: 'KYC_CASE_OPENED',
      at: '2026-11-20T09:00:00.000Z',
      actorId: 'SYSTEM',
      to: 'IN_REVIEW',
    },
  ],
  allowedDecisions: ['APPROVE', 'REJECT', 'REQUEST_DOCUMENTS', 'SALES_SUPPORT'],
  ...over,
});
