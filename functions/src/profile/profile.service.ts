import type { BankAccountView, MemberView, Profile, ProfileSummary } from '@tranche/shared/profile/profile.schema';
import type { ProfileType } from '@tranche/shared/profile/profile-enums';
import { PROFILE_TYPES } from '@tranche/shared/profile/profile-enums';
import {
  editEventFor,
  PROFILE_LIFECYCLE,
  type ProfileState,
  validationStatusOf,
} from '@tranche/shared/profile/profile-lifecycle';
import { type RequirementLevels, resolveRequirements } from '@tranche/shared/profile/requirement-levels';
import type { Actor } from '#lib/audit';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { type EventDraft, event, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import {
  type ProfileRecord,
  putProfileMeta,
  readProfile,
  type StoredBank,
  type StoredProfile,
} from './profile.repo.js';
import { maskLast4, requirementsNotMet, submissionIssues } from './profile.rules.js';

/**
 * What every profile use case shares: finding the caller's own profile, the tenant's requirement
 * levels, the answer's shape, and the step that moves the #META item to its next version (and state).
 */

/** The caller's profile; any other id (another investor's, another tenant's, none) is the same 404. */
export const ownProfile = async (actor: Pick<Actor, 'tenantId' | 'userId'>, profileId: string) => {
  const profile = await readProfile(actor.tenantId, profileId);
  if (!profile || profile.ownerUserId !== actor.userId) throw new DomainError('SUBSCRIPTION_PROFILE_EXISTS');
  return profile;
};

/** A change names the version it saw; an older one is refused before anything is decided. */
export const checkVersion = (profile: StoredProfile, seen: number): void => {
  if (profile.version !== seen) throw new DomainError('VERSION_CONFLICT', { version: profile.version });
};

export interface LevelsDoc {
  settings: RequirementLevels;
  version: number;
}

/** The tenant's requirement levels as stored (version 0 and no changes when it never set them). */
export const readRequirementLevels = async (tenantId: string): Promise<LevelsDoc> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.profileRequirements(tenantId), ConsistentRead: true }),
  );
  return Item
    ? { settings: Item.settings as RequirementLevels, version: Item.version as number }
    : { settings: {}, version: 0 };
};

export const requirementsDoc = (doc: LevelsDoc) => ({
  ...doc,
  resolved: Object.fromEntries(PROFILE_TYPES.map((t) => [t, resolveRequirements(t, doc.settings)])) as Record<
    ProfileType,
    ReturnType<typeof resolveRequirements>
  >,
});

// ---- Answers

const bankView = (b: StoredBank): BankAccountView => {
  // The envelope (and an old item's clear numbers) never leave the server: the views show the last 4.
  const { sealedNumbers: _sealed, legacyNumbers: _clear, last4, custodian, review, ...rest } = b;
  return {
    ...rest,
    // The investor reads the decision and its reason; not which team member took it.
    ...(review ? { review: { decision: review.decision, reason: review.reason, decidedAt: review.decidedAt } } : {}),
    accountNumberMasked: maskLast4(last4),
    last4,
    ...(custodian ? { custodian: { name: custodian.name, accountNumberMasked: maskLast4(custodian.last4) } } : {}),
  };
};
export const bankViews = (p: StoredProfile): BankAccountView[] => p.banks.map(bankView);

const displayNameOf = (p: ProfileRecord): string => {
  if (p.header.displayName) return p.header.displayName;
  if (p.type === 'ENTITY') return p.header.entity?.legalName ?? '';
  return [p.individual?.firstName, p.individual?.lastName].filter(Boolean).join(' ');
};

export const summaryOf = (p: StoredProfile & { persons?: ProfileRecord['persons'] }): ProfileSummary => ({
  profileId: p.profileId,
  type: p.type,
  name: displayNameOf({ persons: {}, ...p }),
  state: p.state,
  validationStatus: validationStatusOf(p.state),
  version: p.version,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
  ...(p.submittedAt ? { submittedAt: p.submittedAt } : {}),
  ...(p.decidedAt ? { decidedAt: p.decidedAt } : {}),
});

export const memberViews = (p: ProfileRecord): MemberView[] =>
  p.members
    .filter((m) => !m.coHolder)
    .map((m) => ({
      ...(m.terms ?? {}),
      memberId: m.memberId,
      personId: m.personId,
      person: p.persons[m.personId]?.details ?? {},
    }));

export const profileView = (p: ProfileRecord): Profile => {
  const coHolder = p.members.find((m) => m.coHolder);
  return {
    ...summaryOf(p),
    header: p.header,
    ...(p.individual ? { individual: p.individual } : {}),
    ...(coHolder
      ? { coHolder: { personId: coHolder.personId, person: p.persons[coHolder.personId]?.details ?? {} } }
      : {}),
    addresses: p.addresses,
    bankAccounts: bankViews(p),
    certificates: p.certificates.map((c) => ({ ...c }) as Profile['certificates'][number]),
    members: memberViews(p),
  };
};

// ---- The #META step of a change

export interface Moved {
  state: ProfileState;
  steps: Step[];
  events: EventDraft[];
}

/**
 * The profile's next #META: version + 1, and for a KYC-relevant change the state the lifecycle gives
 * (EDIT in place; REVISE sends a verified profile back to review, so the edited profile must meet the
 * requirements as a submission would, and is announced as submitted). Under review, the lifecycle
 * refuses (409 TRANSITION_NOT_ALLOWED).
 */
export const advance = (
  actor: Actor,
  before: ProfileRecord,
  after: ProfileRecord,
  kycRelevant: boolean,
  levels: RequirementLevels,
): Moved => {
  let state = before.state;
  const events: EventDraft[] = [];
  if (kycRelevant) {
    const change = editEventFor(before.state);
    state = PROFILE_LIFECYCLE.next(before.state, change, 'SELF');
    if (change === 'REVISE') {
      const issues = submissionIssues(after, levels);
      if (issues.length > 0) throw requirementsNotMet(issues);
      after.submittedAt = actor.at;
      events.push(
        event('PROFILE_SUBMITTED', before.profileId, {
          profileId: before.profileId,
          type: before.type,
          ownerUserId: before.ownerUserId,
          reason: 'REVISE',
        }),
      );
    }
  } else if (before.state === 'DELETED') {
    throw new DomainError('SUBSCRIPTION_PROFILE_EXISTS');
  }
  after.state = state;
  after.version = before.version + 1;
  after.updatedAt = actor.at;
  return {
    state,
    steps: [{ item: putProfileMeta(actor.tenantId, after, { version: before.version, state: before.state }) }],
    events,
  };
};

/** A deep copy to build the changed profile on, leaving what was read as it was. */
export const copyOf = (p: ProfileRecord): ProfileRecord => structuredClone(p);

/** A part that belongs to some profile types only (an individual's details on an entity: 422). */
export const sectionNotForTypeOf = <P extends StoredProfile>(profile: P, types: readonly ProfileType[]): P => {
  if (!types.includes(profile.type)) throw new DomainError('profileSectionNotForType');
  return profile;
};
