import type { Profile } from '@tranche/shared/profile/profile.schema';
import type { RequirementLevels } from '@tranche/shared/profile/requirement-levels';
import type { Actor } from '#lib/audit';
import { commit, type EventDraft, event, type Step } from '#lib/db/commit';
import type { ProfileRecord } from './profile.repo.js';
import { advance, checkVersion, copyOf, ownProfile, profileView, readRequirementLevels } from './profile.service.js';

/**
 * The shape of a change to one part of a profile: read the caller's profile, check the version they
 * saw, let `decide` change a copy and name its steps, then commit them with the #META step
 * (`advance`) and an INVESTOR_PROFILE_CHANGED event. Its own module, so a handler carries only its part.
 */
export interface PartChange {
  steps: Step[];
  events?: EventDraft[];
  section: string;
  key?: string;
  fields: string[];
  kycRelevant: boolean;
}

export const changePart = (
  actor: Actor,
  profileId: string,
  seen: number,
  // Async for a part that seals or opens a secret (a bank account's numbers).
  decide: (before: ProfileRecord, after: ProfileRecord, levels: RequirementLevels) => PartChange | Promise<PartChange>,
): Promise<Profile> =>
  commit(actor, async () => {
    const [before, levels] = await Promise.all([
      ownProfile(actor, profileId),
      readRequirementLevels(actor.tenantId).then((d) => d.settings),
    ]);
    checkVersion(before, seen);
    const after = copyOf(before);
    const part = await decide(before, after, levels);
    const moved = advance(actor, before, after, part.kycRelevant, levels);
    return {
      steps: [...moved.steps, ...part.steps],
      events: [
        event('INVESTOR_PROFILE_CHANGED', profileId, {
          profileId,
          section: part.section,
          ...(part.key ? { key: part.key } : {}),
          fields: part.fields,
          version: after.version,
        }),
        ...(part.events ?? []),
        ...moved.events,
      ],
      result: profileView(after),
    };
  });
