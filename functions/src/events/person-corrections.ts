import type { DomainEvent } from '@tranche/shared/events/catalogue';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { commit, type EventDraft, event } from '#lib/db/commit';
import { logger } from '#lib/logger';
import { readProfile } from '../profile/profile.repo.js';
import { profilesNamingPersons } from '../profile/profile-members.js';
import { profileDecision } from '../profile/profile-review.js';
import type { Consumer } from './consumer.js';

/** What PROFILE_SUBMITTED's `reason` says when a shared person's correction sends a profile to review. */
export const PERSON_CORRECTED = 'PERSON_CORRECTED';

/**
 * A person is one record shared by every profile of the investor naming it (docs/profiles.md
 * "Profiles (server)"), so correcting it through one profile changes what the manager verified in the
 * others. Each VERIFIED profile naming the person goes back to review: the lifecycle's FLAG (SUCCESS →
 * SUBMITTED) with PROFILE_SUBMITTED, which the KYC consumer screens into a new case. A profile already
 * in SUBMITTED (its case open) is announced again so its case is screened again with the corrected
 * details. The profile the correction was made through moved itself (REVISE), so it is found
 * SUBMITTED here and at most rescreened in place.
 *
 * One commit per profile, each conditioned on the version and state read (profileDecision): a
 * redelivered event finds the profile SUBMITTED and flags nothing twice; an investor's concurrent edit
 * makes the commit decide again from fresh reads.
 */
export const personCorrections: Consumer = {
  name: 'personCorrections',
  on: ['PERSON_SAVED'],
  effect: async (e: DomainEvent, once) => {
    const { personId, version } = e.payload as { personId: string; version: number };
    // Version 1 is a new person: no profile was verified with it yet.
    if (version <= 1) return;
    const ownerUserId = e.subject.id;
    const { profiles, usedBy } = await profilesNamingPersons(e.tenantId, ownerUserId);
    const naming = usedBy.get(personId) ?? new Set<string>();
    const affected = profiles.filter(
      (p) => naming.has(p.profileId) && (p.state === 'SUCCESS' || p.state === 'SUBMITTED'),
    );
    for (const p of affected) {
      await once(p.profileId, async () => {
        const actor: Actor = {
          tenantId: e.tenantId,
          userId: 'SYSTEM',
          requestId: `personCorrections-${e.eventId}`,
          at: clock.nowIso(),
        };
        const moved = await commit(actor, async () => {
          const submitted: EventDraft = event('PROFILE_SUBMITTED', p.profileId, {
            profileId: p.profileId,
            type: p.type,
            ownerUserId,
            reason: PERSON_CORRECTED,
          });
          const state = (await readProfile(e.tenantId, p.profileId))?.state;
          if (state === 'SUBMITTED') return { steps: [], events: [submitted], result: 'RESCREEN' };
          if (state !== 'SUCCESS') return { steps: [], events: [], result: 'NONE' };
          const d = await profileDecision(e.tenantId, p.profileId, 'FLAG', {
            reason: `Person ${personId} corrected`,
            at: actor.at,
          });
          return { steps: d.steps, events: [...d.events, submitted], result: 'FLAGGED' };
        });
        logger.info('person correction reached a profile', { profileId: p.profileId, personId, moved });
      });
    }
  },
};
