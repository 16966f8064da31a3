import * as z from '../lazy-zod.js';

/**
 * Events of investor profiles (issue 11, docs/profiles.md "Profiles (server)"), spread into
 * EVENT_CATALOGUE (catalogue.ts). A profile's events sit in the profile's audit partition (subject
 * 'profile', keys.ts pattern 33); a person's in the investor's (subject 'user'). Payloads name the
 * fields that changed, never their values: the audit trail must not become a second copy of identity
 * numbers and bank details. Plain strings for enumerations, so this module imports no profile schema.
 */
const Id = z.string().min(1).max(64);
const Word = z.string().min(1).max(60);

export const PROFILE_EVENTS_CATALOGUE = {
  /** A draft profile was created by its owner. */
  INVESTOR_PROFILE_CREATED: {
    subject: 'profile',
    version: 1,
    payload: z.looseObject({ profileId: Id, type: Word, ownerUserId: Id }),
  },
  /**
   * A part of the profile changed: `section` is HEADER, INDIVIDUAL, ADDRESS, BANK, CERTIFICATE, MEMBER,
   * MEMBER_REMOVED or CO_HOLDER; `fields` the names of what changed; `version` the profile's new version.
   */
  INVESTOR_PROFILE_CHANGED: {
    subject: 'profile',
    version: 1,
    payload: z.looseObject({
      profileId: Id,
      section: Word,
      key: z.string().max(64).optional(),
      fields: z.array(z.string()),
      version: z.number().int(),
    }),
  },
  INVESTOR_PROFILE_DELETED: {
    subject: 'profile',
    version: 1,
    payload: z.looseObject({ profileId: Id, type: Word }),
  },
  /**
   * The profile went to review: submitted by its owner (`reason` SUBMIT) or a verified profile's
   * KYC-relevant details changed (REVISE). The KYC review screens it and opens its case.
   */
  PROFILE_SUBMITTED: {
    subject: 'profile',
    version: 1,
    payload: z.looseObject({ profileId: Id, type: Word, ownerUserId: Id, reason: Word.optional() }),
  },
  /** The review moved the profile (approve, reject, documents requested, sales support, flag, expiry). */
  PROFILE_STATUS_CHANGED: {
    subject: 'profile',
    version: 1,
    payload: z.looseObject({
      profileId: Id,
      event: Word,
      from: Word,
      to: Word,
      validationStatus: Word,
      reason: z.string().max(2000).optional(),
      caseId: Id.optional(),
    }),
  },
  /**
   * A bank account was added or its details changed (`change` ADDED or CHANGED): it is PENDING until a
   * GP admin approves it. CLOSED: the owner closed it. Never carries the account number.
   */
  BANK_ACCOUNT_CHANGED: {
    subject: 'profile',
    version: 1,
    payload: z.looseObject({ profileId: Id, bankId: Id, change: Word.optional(), kind: Word.optional() }),
  },
  /** One of the investor's persons was created or its details changed (subject: the investor). */
  PERSON_SAVED: {
    subject: 'user',
    version: 1,
    payload: z.looseObject({ personId: Id, fields: z.array(z.string()), version: z.number().int() }),
  },
  /** A GP admin changed the tenant's requirement levels for profile fields. */
  PROFILE_REQUIREMENTS_UPDATED: {
    subject: 'tenant',
    version: 1,
    payload: z.looseObject({ from: z.number().int(), to: z.number().int() }),
  },
} as const;
