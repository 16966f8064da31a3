import * as z from '../lazy-zod.js';

/**
 * Events of KYC cases and screening (issue 11, docs/profiles.md "KYC review"), spread into
 * EVENT_CATALOGUE (catalogue.ts). Statuses and codes are plain strings here: this module must not
 * import the profile modules, which import the error catalogue. A case's events sit in the case's
 * audit partition (subject 'kycCase', keys.ts pattern 35) and make its history; what the investor's
 * inbox listens to is about the profile (subject 'profile'), so their tasks link to the profile.
 */
const Id = z.string().min(1).max(64);
const Word = z.string().min(1).max(60);
const Text = z.string().min(1).max(300);
const Reason = z.string().min(1).max(1000);
const Documents = z.looseObject({ kinds: z.array(Word).max(19), note: z.string().max(1000).optional() });

export const KYC_EVENTS_CATALOGUE = {
  /** A case was opened, already screened and identity-checked: its first history entry. */
  KYC_CASE_OPENED: {
    subject: 'kycCase',
    version: 1,
    payload: z.looseObject({
      caseId: Id,
      profileId: Id,
      trigger: Word,
      riskRating: Word,
      screeningRating: Word,
      matchCount: z.number().int().min(0),
      identityOutcome: Word,
      findings: z.array(Word),
      listVersion: Word,
    }),
  },
  /**
   * The manager decided: `decision` and the lifecycle's `from` and `to`, with the reason. `refId` is
   * the profile: the manager's review task (GP_KYC_CASE_REVIEW) is about it and ends with an approval
   * or a rejection.
   */
  KYC_CASE_DECIDED: {
    subject: 'kycCase',
    version: 1,
    payload: z.looseObject({
      caseId: Id,
      refId: Id,
      decision: Word,
      from: Word,
      to: Word,
      reason: Reason,
      version: z.number().int().min(1),
      documents: Documents.optional(),
      validUntil: z.string().optional(),
    }),
  },
  /** The profile was submitted again while its case was open: screened again in place, back to review. */
  KYC_CASE_RESCREENED: {
    subject: 'kycCase',
    version: 1,
    payload: z.looseObject({
      caseId: Id,
      profileId: Id,
      from: Word,
      to: Word,
      riskRating: Word,
      screeningRating: Word,
      matchCount: z.number().int().min(0),
      identityOutcome: Word,
      findings: z.array(Word),
      listVersion: Word,
    }),
  },
  /**
   * Opens the manager's team task GP_KYC_CASE_REVIEW (inbox catalogue) for a case that waits for a
   * decision. `refId` is the profile, like KYC_CASE_DECIDED's, which closes the task on approval or
   * rejection; `caseId` is the case page the task opens. About the profile (its audit trail), so the
   * case's own history stays the case's decisions.
   */
  KYC_REVIEW_REQUESTED: {
    subject: 'profile',
    version: 1,
    payload: z.looseObject({
      refId: Id,
      userIds: z.array(Id).min(1).max(40).optional(),
      caseId: Id,
      profile: Text,
    }),
  },
  /** The investor added a document while the case waited for documents (the system's transition). */
  KYC_CASE_DOCUMENTS_ADDED: {
    subject: 'kycCase',
    version: 1,
    payload: z.looseObject({ caseId: Id, profileId: Id, documentId: Id, kind: Word, from: Word, to: Word }),
  },
  /**
   * Opens the investor's KYC_DOCUMENTS_REQUIRED task (inbox catalogue). `documents` is what was asked
   * for, in the investor's language; `profile` the profile's name.
   */
  KYC_DOCUMENTS_REQUESTED: {
    subject: 'profile',
    version: 1,
    payload: z.looseObject({
      refId: Id,
      userIds: z.array(Id).min(1).max(40),
      // The task is about the profile; the case is named for the audit trail (the inbox does not need it).
      caseId: Id.optional(),
      profile: Text,
      documents: Text,
    }),
  },
  /** Closes the investor's KYC_DOCUMENTS_REQUIRED task: a document arrived, or the case ended. */
  KYC_DOCUMENTS_PROVIDED: {
    subject: 'profile',
    version: 1,
    payload: z.looseObject({ refId: Id, caseId: Id.optional() }),
  },
  /**
   * The screening list's version changed since this tenant's profiles were last screened (the
   * scheduled check, functions/src/kyc/screening-list-check.ts): its consumer rescreens the tenant's
   * approved profiles.
   */
  SCREENING_LIST_CHANGED: {
    subject: 'tenant',
    version: 1,
    payload: z.looseObject({
      listVersion: Word,
      previousVersion: Word.optional(),
      listSize: z.number().int().min(0),
    }),
  },
  /** One approved profile to screen again against `listVersion` (the fan-out of SCREENING_LIST_CHANGED). */
  KYC_RESCREEN_REQUESTED: {
    subject: 'profile',
    version: 1,
    payload: z.looseObject({ profileId: Id, approvedCaseId: Id, listVersion: Word }),
  },
} as const;
