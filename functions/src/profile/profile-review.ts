import type { Profile } from '@tranche/shared/profile/profile.schema';
import {
  PROFILE_LIFECYCLE,
  type ProfileDecisionEvent,
  type ProfileState,
  validationStatusOf,
} from '@tranche/shared/profile/profile-lifecycle';
import type { Actor } from '#lib/audit';
import { commit, type EventDraft, event, type Step } from '#lib/db/commit';
import { DomainError } from '#lib/errors';
import { deleteProfileItem, profileItemKeys, putProfileMeta, readProfile } from './profile.repo.js';
import { requirementsNotMet, submissionIssues } from './profile.rules.js';
import { checkVersion, copyOf, ownProfile, profileView, readRequirementLevels } from './profile.service.js';

/**
 * Submitting a profile for KYC review, deleting one, and the review's decisions: the profile's
 * lifecycle (shared/src/profile/profile-lifecycle.ts) moved by its owner or by the KYC review.
 */

/**
 * Hands the profile to review: the whole profile against the tenant's requirement levels (422 naming
 * every field), then SUBMITTED and PROFILE_SUBMITTED, which the KYC review's consumer screens.
 */
export const submitProfile = (actor: Actor, profileId: string, seen: number): Promise<Profile> =>
  commit(actor, async () => {
    const [before, levels] = await Promise.all([
      ownProfile(actor, profileId),
      readRequirementLevels(actor.tenantId).then((d) => d.settings),
    ]);
    checkVersion(before, seen);
    const state = PROFILE_LIFECYCLE.next(before.state, 'SUBMIT', 'SELF');
    const issues = submissionIssues(before, levels);
    if (issues.length > 0) throw requirementsNotMet(issues);
    const after = copyOf(before);
    Object.assign(after, { state, version: before.version + 1, updatedAt: actor.at, submittedAt: actor.at });
    return {
      steps: [{ item: putProfileMeta(actor.tenantId, after, { version: before.version, state: before.state }) }],
      events: [
        event('PROFILE_SUBMITTED', profileId, {
          profileId,
          type: before.type,
          ownerUserId: before.ownerUserId,
          reason: 'SUBMIT',
        }),
      ],
      result: profileView(after),
    };
  });

/** Deletes a draft or rejected profile with all its parts (the lifecycle refuses any other: 409). */
export const deleteProfile = (actor: Actor, profileId: string, seen: number) =>
  commit(actor, async () => {
    const before = await ownProfile(actor, profileId);
    checkVersion(before, seen);
    PROFILE_LIFECYCLE.next(before.state, 'DELETE', 'SELF');
    const parts = (await profileItemKeys(actor.tenantId, profileId)).filter((sk) => sk !== '#META');
    const steps: Step[] = [
      {
        item: {
          Delete: {
            ...deleteProfileItem(actor.tenantId, profileId, '#META').Delete!,
            ConditionExpression: 'version = :seen',
            ExpressionAttributeValues: { ':seen': before.version },
          },
        },
      },
      ...parts.map((sk) => ({ item: deleteProfileItem(actor.tenantId, profileId, sk) })),
    ];
    return {
      steps,
      events: [event('INVESTOR_PROFILE_DELETED', profileId, { profileId, type: before.type })],
      result: { profileId, deleted: true as const },
    };
  });

export interface DecisionOptions {
  /** The manager's reason (every decision has one), or the system's (a rescreen match, an expiry). */
  reason?: string;
  caseId?: string;
  /** When the decision is made: the KYC service's actor time. */
  at: string;
}

export interface ProfileDecision {
  from: ProfileState;
  to: ProfileState;
  /** Put into the caller's own commit, beside its case change: one transaction moves both. */
  steps: Step[];
  events: EventDraft[];
}

/**
 * For the KYC review (and the rescreen and expiry jobs): the steps and event that move a profile by a
 * decision event, to be committed in the caller's own transaction. Reads the profile fresh, so call
 * it inside the caller's `decide`; the #META step conditions on the version and state read, so a
 * concurrent edit makes the caller decide again. 404 for an unknown profile; 409
 * TRANSITION_NOT_ALLOWED when the profile is not in a state the event applies to.
 */
export const profileDecision = async (
  tenantId: string,
  profileId: string,
  decision: ProfileDecisionEvent,
  options: DecisionOptions,
): Promise<ProfileDecision> => {
  const before = await readProfile(tenantId, profileId);
  if (!before) throw new DomainError('SUBSCRIPTION_PROFILE_EXISTS');
  const to = PROFILE_LIFECYCLE.next(before.state, decision, 'SYSTEM');
  const after = copyOf(before);
  Object.assign(after, {
    state: to,
    version: before.version + 1,
    updatedAt: options.at,
    ...(decision === 'FLAG' ? { submittedAt: options.at } : { decidedAt: options.at }),
  });
  return {
    from: before.state,
    to,
    steps: [{ item: putProfileMeta(tenantId, after, { version: before.version, state: before.state }) }],
    events: [
      event('PROFILE_STATUS_CHANGED', profileId, {
        profileId,
        event: decision,
        from: before.state,
        to,
        validationStatus: validationStatusOf(to),
        ...(options.reason ? { reason: options.reason } : {}),
        ...(options.caseId ? { caseId: options.caseId } : {}),
      }),
    ],
  };
};
