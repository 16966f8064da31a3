import { isCountryOpen } from '@tranche/shared/country/country-access';
import type { IdentityCheck, KycMatch } from '@tranche/shared/profile/kyc.schema';
import { KYC_CASE_LIFECYCLE, type KycCaseStatus, type KycFinding } from '@tranche/shared/profile/kyc-case-lifecycle';
import { assessRisk, type ScreeningRating, worstScreening } from '@tranche/shared/profile/kyc-risk';
import type { Actor } from '#lib/audit';
import { tableName } from '#lib/db/client';
import { commit, type EventDraft, event, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { newId } from '#lib/ids';
import { logger } from '#lib/logger';
import { type ProfileRecord, readProfile, screeningSubjects } from '../profile/profile.repo.js';
import { profileDecision } from '../profile/profile-review.js';
import { type ScreeningRun, screening } from '../screening/screening.port.js';
import type { ScreeningResult, ScreeningSubject } from '../screening/screening-index.js';
import { getLpSettings } from '../tenant/tenant.repo.js';
import { type IdentityRequest, identity, worstOutcome } from './identity.port.js';
import {
  type CaseRecord,
  findCase,
  findLatestCase,
  findOpenCaseId,
  MAX_MATCH_ITEMS,
  matchKeysOf,
  readCasePartition,
  type SubjectRecord,
} from './kyc.repo.js';
import { caseMoveStep } from './kyc.service.js';

/**
 * Screening and the identity check of a profile, and the case they open (issue 11, deliver 5;
 * docs/profiles.md "KYC review"). Called by the consumers in functions/src/events/kyc.ts:
 *
 * - at submission: screens the investor (or the entity) and every person of the profile, checks their
 *   identity, rates the risk and opens the profile's case (one open case per profile: a claim item,
 *   conditional put). A profile submitted again while its case is open (corrected after a request for
 *   documents) is screened again in place: the case goes back to IN_REVIEW (RESUBMITTED).
 * - after the list changed: screens an approved profile again; a match the approved case did not have
 *   flags the profile (back to review, profiles-core's FLAG) and opens a new case (trigger RESCREEN).
 */

export interface Screened {
  run: ScreeningRun;
  subjects: SubjectRecord[];
  matches: KycMatch[];
  identity: IdentityCheck;
  findings: KycFinding[];
  riskRating: CaseRecord['riskRating'];
  riskFactors: CaseRecord['riskFactors'];
  screeningRating: ScreeningRating;
  country?: string;
  profileName: string;
}

const personName = (p: { firstName?: string; middleName?: string; lastName?: string } | undefined) =>
  [p?.firstName, p?.middleName, p?.lastName].filter(Boolean).join(' ');

/** What the profile is called in the queue and the investor's task: the entity's name, or the person's. */
export const profileNameOf = (profile: ProfileRecord): string =>
  (profile.type === 'ENTITY' ? profile.header.entity?.legalName : personName(profile.individual)) ||
  profile.header.displayName ||
  profile.profileId;

/** The investor's country: where an entity is incorporated, where a person lives (else their nationality). */
export const profileCountryOf = (profile: ProfileRecord): string | undefined =>
  profile.type === 'ENTITY'
    ? profile.header.entity?.countryOfIncorporation
    : (profile.individual?.countryOfResidence ?? profile.individual?.nationality);

/** The role each screened subject has in the profile, as the case page shows it. */
const roleOf = (profile: ProfileRecord, ref: string): string => {
  if (ref === profile.profileId) return 'PROFILE';
  const members = profile.members.filter((m) => m.personId === ref);
  if (members.some((m) => m.coHolder)) return 'CO_HOLDER';
  return [...new Set(members.flatMap((m) => m.terms?.roles ?? []))].join(',') || 'MEMBER';
};

/** Who is identity-checked, with which document: each screened person, and the entity by its registration. */
const identityRequests = (profile: ProfileRecord, subjects: readonly ScreeningSubject[]): IdentityRequest[] =>
  subjects.map((s) => {
    const base = {
      subjectId: s.ref,
      kind: s.kind,
      name: s.name,
      ...(s.birthDate ? { birthDate: s.birthDate } : {}),
    };
    if (s.kind === 'organisation') {
      const entity = profile.header.entity;
      return {
        ...base,
        ...(entity?.incorporationId
          ? {
              document: {
                type: 'REGISTRATION',
                number: entity.incorporationId,
                ...(entity.countryOfIncorporation ? { country: entity.countryOfIncorporation } : {}),
              },
            }
          : {}),
      };
    }
    const details = s.ref === profile.profileId ? profile.individual : profile.persons[s.ref]?.details;
    const doc = details?.idDocument;
    return {
      ...base,
      ...(details?.nationality ? { nationality: details.nationality } : {}),
      ...(doc ? { document: { type: doc.type, number: doc.number, country: doc.issuingCountry } } : {}),
    };
  });

const toMatches = (results: readonly ScreeningResult[]): KycMatch[] =>
  results.flatMap((r) =>
    r.matches.map((m) => ({
      subjectId: r.ref,
      entry: {
        entryId: m.entryId,
        name: m.entryName,
        aliases: m.listed.aliases,
        birthDates: m.listed.birthDates,
        countries: m.listed.countries,
        schema: m.schema,
        dataset: m.dataset,
        sanctions: m.sanctions,
      },
      score: m.score,
      rating: m.rating,
      matchedName: m.matchedName,
      subjectName: m.subjectName,
      fields: m.fields,
      birthDate: m.birthDate,
    })),
  );

/** Screens and identity-checks a profile and rates it: everything a case keeps, nothing written yet. */
export const screenProfile = async (tenantId: string, profile: ProfileRecord, at: string): Promise<Screened> => {
  const subjects = screeningSubjects(profile);
  const [run, lp] = await Promise.all([screening().screen(subjects), getLpSettings(tenantId)]);
  const port = identity();
  const checks = await Promise.all(identityRequests(profile, subjects).map((r) => port.verify(r)));
  const outcome = subjects.length === 0 ? 'REVIEW' : worstOutcome(checks.map((c) => c.outcome));
  const country = profileCountryOf(profile);
  // A country the tenant does not serve is the manager's to see (and blocks approval), not a silent pass.
  const countryOpen = country === undefined || isCountryOpen(lp.settings, country);
  const matches = toMatches(run.results);
  const screeningRating = worstScreening(run.results.map((r) => r.rating));
  const findings: KycFinding[] = [];
  if (!countryOpen) findings.push('SCREEN_NOT_OPEN_COUNTRY');
  // Nobody could be screened (no name on the profile): screening has not happened.
  if (subjects.length === 0) findings.push('SCREEN_UNDO');
  if (outcome === 'FAIL') findings.push('IDENTITY_NOT_PASS');
  if (matches.length > 0) findings.push('SCREEN_NOT_PASS');
  const risk = assessRisk({
    screening: screeningRating,
    identity: outcome,
    countryOpen,
    entityWithoutPersons: profile.type === 'ENTITY' && profile.members.length === 0,
  });
  const bySubject = new Map(run.results.map((r) => [r.ref, r]));
  return {
    run,
    subjects: subjects.map((s) => ({
      subjectId: s.ref,
      role: roleOf(profile, s.ref),
      kind: s.kind,
      name: s.name,
      aliases: [...(s.aliases ?? [])],
      ...(s.birthDate ? { birthDate: s.birthDate } : {}),
      countries: [...(s.countries ?? [])],
      rating: bySubject.get(s.ref)?.rating ?? 'NONE',
      matchCount: bySubject.get(s.ref)?.matches.length ?? 0,
    })),
    matches,
    identity: {
      outcome,
      provider: port.provider,
      reference: checks
        .map((c) => c.reference)
        .join(',')
        .slice(0, 500),
      reasons: [...new Set(checks.flatMap((c) => c.reasons))],
      checkedAt: at,
    },
    findings,
    riskRating: risk.rating,
    riskFactors: risk.factors,
    screeningRating,
    ...(country ? { country } : {}),
    profileName: profileNameOf(profile),
  };
};

/** The case's screening fields, as stored on its #META. */
const screeningFields = (s: Screened, sourceEventId: string) => ({
  profileName: s.profileName,
  ...(s.country ? { country: s.country } : {}),
  riskRating: s.riskRating,
  riskFactors: s.riskFactors,
  screeningRating: s.screeningRating,
  matchCount: s.matches.length,
  identityOutcome: s.identity.outcome,
  identity: s.identity,
  findings: s.findings,
  subjects: s.subjects,
  listVersion: s.run.listVersion,
  listSize: s.run.listSize,
  sourceEventId,
});

/** The best matches, at most MAX_MATCH_ITEMS (a case with more is HIGH risk whatever the rest say). */
const keptMatches = (matches: readonly KycMatch[]) =>
  [...matches].sort((a, b) => b.score - a.score).slice(0, MAX_MATCH_ITEMS);

const matchPut = (tenantId: string, caseId: string, m: KycMatch): Step => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: { ...keys.kycMatch(tenantId, caseId, m.subjectId, m.entry.entryId), type: 'KYC_MATCH', ...m },
    },
  },
});

/** The manager's team task for the new case (GP_KYC_CASE_REVIEW). */
const reviewRequested = (c: { caseId: string; profileId: string }, s: Screened): EventDraft =>
  event('KYC_REVIEW_REQUESTED', c.profileId, {
    refId: c.profileId,
    caseId: c.caseId,
    profile: s.profileName.slice(0, 300),
  });

const openedEvent = (c: { caseId: string; profileId: string; trigger: string }, s: Screened): EventDraft =>
  event('KYC_CASE_OPENED', c.caseId, {
    caseId: c.caseId,
    profileId: c.profileId,
    trigger: c.trigger,
    riskRating: s.riskRating,
    screeningRating: s.screeningRating,
    matchCount: s.matches.length,
    identityOutcome: s.identity.outcome,
    findings: s.findings,
    listVersion: s.run.listVersion,
  });

/** The steps that open a new case for the profile: the claim, the #META with its two indexes, the matches. */
const openCaseSteps = (
  actor: Actor,
  profile: ProfileRecord,
  caseId: string,
  trigger: 'SUBMISSION' | 'RESCREEN',
  s: Screened,
  sourceEventId: string,
): Step[] => {
  const { tenantId, at } = actor;
  const status: KycCaseStatus = 'IN_REVIEW';
  return [
    {
      // One open case per profile: a second opening finds the claim and decides again (resubmission).
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...keys.kycOpenCase(tenantId, profile.profileId), type: 'KYC_OPEN_CASE', caseId },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    },
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.kycCase(tenantId, caseId),
            ...keys.kycQueue(tenantId, status, at, caseId),
            ...keys.kycCasesOfProfile(tenantId, profile.profileId, at, caseId),
            type: 'KYC_CASE',
            caseId,
            profileId: profile.profileId,
            profileType: profile.type,
            ownerUserId: profile.ownerUserId,
            status,
            trigger,
            openedAt: at,
            updatedAt: at,
            version: 1,
            ...screeningFields(s, sourceEventId),
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    },
    ...keptMatches(s.matches).map((m) => matchPut(tenantId, caseId, m)),
  ];
};

export type SubmissionOutcome = 'OPENED' | 'RESCREENED' | 'UNCHANGED' | 'SKIPPED';

/**
 * PROFILE_SUBMITTED: screen the profile and open its case, or screen its open case again in place.
 * `sourceEventId` makes a redelivered event change nothing.
 */
export const screenSubmission = (actor: Actor, profileId: string, sourceEventId: string) =>
  commit<SubmissionOutcome>(actor, async () => {
    const { tenantId } = actor;
    const profile = await readProfile(tenantId, profileId);
    // Deleted since (only a rejected or draft profile can be): nothing to review.
    if (profile?.state !== 'SUBMITTED') return { steps: [], events: [], result: 'SKIPPED' };
    const openId = await findOpenCaseId(tenantId, profileId);
    const open = openId ? await findCase(tenantId, openId) : undefined;
    if (open?.sourceEventId === sourceEventId) return { steps: [], events: [], result: 'UNCHANGED' };
    const s = await screenProfile(tenantId, profile, actor.at);
    if (!open) {
      const caseId = newId();
      return {
        steps: openCaseSteps(actor, profile, caseId, 'SUBMISSION', s, sourceEventId),
        events: [
          openedEvent({ caseId, profileId, trigger: 'SUBMISSION' }, s),
          reviewRequested({ caseId, profileId }, s),
        ],
        result: 'OPENED',
      };
    }
    if (!KYC_CASE_LIFECYCLE.can(open.status, 'RESUBMITTED', 'SYSTEM')) {
      logger.warn('profile submitted while its case cannot take it back', { caseId: open.caseId, status: open.status });
      return { steps: [], events: [], result: 'SKIPPED' };
    }
    const to = KYC_CASE_LIFECYCLE.next(open.status, 'RESUBMITTED', 'SYSTEM', { findings: open.findings });
    const stale = await matchKeysOf(tenantId, open.caseId);
    return {
      steps: [
        caseMoveStep(tenantId, open, to, actor.at, screeningFields(s, sourceEventId)),
        ...stale.map((key) => ({ item: { Delete: { TableName: tableName(), Key: key } } })),
        ...keptMatches(s.matches).map((m) => matchPut(tenantId, open.caseId, m)),
      ],
      events: [
        event('KYC_CASE_RESCREENED', open.caseId, {
          caseId: open.caseId,
          profileId,
          from: open.status,
          to,
          riskRating: s.riskRating,
          screeningRating: s.screeningRating,
          matchCount: s.matches.length,
          identityOutcome: s.identity.outcome,
          findings: s.findings,
          listVersion: s.run.listVersion,
        }),
      ],
      result: 'RESCREENED',
    };
  });

const matchKey = (m: Pick<KycMatch, 'subjectId'> & { entry: { entryId: string } }) =>
  `${m.subjectId}#${m.entry.entryId}`;

export type RescreenOutcome = 'FLAGGED' | 'CLEAR' | 'SKIPPED';

/**
 * KYC_RESCREEN_REQUESTED: an approved profile against the new list. Only a match the approved case did
 * not already have (a person newly listed, or listed under a new alias) flags the profile: the matches
 * the manager approved over are not raised again.
 */
export const rescreenApproved = (actor: Actor, profileId: string, approvedCaseId: string, sourceEventId: string) =>
  commit<RescreenOutcome>(actor, async () => {
    const { tenantId } = actor;
    const [profile, latest] = await Promise.all([
      readProfile(tenantId, profileId),
      findLatestCase(tenantId, profileId),
    ]);
    // Changed since the event was sent: resubmitted, already flagged, or expired and revised.
    if (!profile || (profile.state !== 'SUCCESS' && profile.state !== 'EXPIRED')) {
      return { steps: [], events: [], result: 'SKIPPED' };
    }
    if (!latest || latest.caseId !== approvedCaseId || latest.status !== 'APPROVED') {
      return { steps: [], events: [], result: 'SKIPPED' };
    }
    const s = await screenProfile(tenantId, profile, actor.at);
    const known = new Set((await readCasePartition(tenantId, approvedCaseId))?.matches.map(matchKey) ?? []);
    const fresh = s.matches.filter((m) => !known.has(matchKey(m)));
    if (fresh.length === 0) return { steps: [], events: [], result: 'CLEAR' };
    const caseId = newId();
    const flag = await profileDecision(tenantId, profileId, 'FLAG', {
      reason: `New screening match on list ${s.run.listVersion}`,
      caseId,
      at: actor.at,
    });
    return {
      steps: [...openCaseSteps(actor, profile, caseId, 'RESCREEN', s, sourceEventId), ...flag.steps],
      events: [
        openedEvent({ caseId, profileId, trigger: 'RESCREEN' }, s),
        reviewRequested({ caseId, profileId }, s),
        ...flag.events,
      ],
      result: 'FLAGGED',
    };
  });
