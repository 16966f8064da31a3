import type { DomainEvent } from '@tranche/shared/events/catalogue';
import { isRenewalDue } from '@tranche/shared/profile/eligibility';
import { event as eventDraft } from '#lib/db/commit';
import { classificationText, indexSteps, readEvidence, readIndexItem } from '../eligibility/eligibility.repo.js';
import { commitOnce } from './commit-once.js';
import type { Consumer } from './consumer.js';

/**
 * Eligibility evidence saved or removed on a profile (INVESTOR_PROFILE_CHANGED, section CERTIFICATE,
 * `key` the classification): the eligibility index follows it (keys.ts pattern 38), so the daily job
 * finds evidence whose renewal is due; and when the new evidence is current (not within its renewal
 * window), ELIGIBILITY_RENEWED closes the open renewal task of that classification. Read fresh: two
 * changes handled out of order still leave the index as the certificate now is.
 */
export const eligibilityIndex: Consumer = {
  name: 'eligibilityIndex',
  on: ['INVESTOR_PROFILE_CHANGED'],
  effect: async (event: DomainEvent, once) => {
    if (event.payload.section !== 'CERTIFICATE' || typeof event.payload.key !== 'string') return;
    const profileId = String(event.payload.profileId);
    const classification = event.payload.key;
    await once('', async () => {
      await commitOnce(event, 'eligibilityIndex', async (actor) => {
        const [evidence, previous] = await Promise.all([
          readEvidence(event.tenantId, profileId, classification),
          readIndexItem(event.tenantId, profileId, classification),
        ]);
        const steps = indexSteps(event.tenantId, profileId, classification, evidence, previous);
        const renewed =
          previous?.renewalOpenedFor !== undefined &&
          evidence !== undefined &&
          !isRenewalDue(evidence, actor.at.slice(0, 10));
        if (steps.length === 0 && !renewed) return undefined;
        return {
          steps,
          events:
            renewed && evidence
              ? [
                  eventDraft('ELIGIBILITY_RENEWED', profileId, {
                    refId: profileId,
                    classification: classificationText(evidence.test),
                  }),
                ]
              : [],
          result: undefined,
        };
      });
    });
  },
};
