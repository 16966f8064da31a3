import type { Actor } from '#lib/audit';
import { commit } from '#lib/db/commit';
import { DomainError } from '#lib/errors';
import { logger } from '#lib/logger';
import { findProject } from '../signing/projects.repo.js';
import { voidProject } from '../signing/projects.service.js';
import { readSubscriptionSigning } from '../subscription/signing.repo.js';
import { type JourneyRecord, putJourney, readJourneyMeta } from './scenario.repo.js';
import { stopExecution } from './sfn.js';

/*
 * Ending what a journey left behind (docs/subscriptions.md "Journeys that can no longer finish"), for
 * the journey worker's consumer `scenarioEnds` (functions/src/events/scenario-journeys.ts): an
 * execution that nobody can answer any more is stopped rather than left waiting on its task token
 * until Step Functions' one-year limit, and a sign node's e-signature project the journey left is
 * voided through the signing module's own void (its lifecycle, its events: the signers' tasks close
 * and a late signature is refused). Apart from the journey routes: the signing service is the worker's.
 */

/** The project states a void may still end (the signing lifecycle's VOID exits). */
const VOIDABLE = new Set(['SENT', 'PARTLY_SIGNED']);
/** A subscription's projects (agreement-signing.ts): the investor side's agreement, the countersignature. */
const SUBSCRIPTION_PROJECTS = new Set(['subscription', 'subscription-countersign']);

/**
 * Voids a subscription's project nobody waits for any more (the agreement of a replaced run or an
 * ended subscription, a countersignature of a rejected one). The platform made it as the tenant's
 * owner (agreement-signing.ts), so it voids it the same way. Nothing when the project is not there,
 * already ended (signed, declined, expired, voided), or ends between the read and the void.
 */
export const voidAgreementProject = async (actor: Actor, projectId: string, reason: string): Promise<boolean> => {
  const bundle = await findProject(actor.tenantId, projectId);
  if (!SUBSCRIPTION_PROJECTS.has(bundle?.project.refKind ?? '') || !VOIDABLE.has(bundle?.project.status ?? '')) {
    return false;
  }
  try {
    await voidProject(actor, 'GP_OWNER', { projectId, reason });
    return true;
  } catch (error) {
    // Completed or declined meanwhile: the lifecycle refused the void, which is what we want.
    if (error instanceof DomainError && error.code === 'TRANSITION_NOT_ALLOWED') return false;
    throw error;
  }
};

/**
 * The subscription's projects still out for signing: the agreement (a journey that stopped at its sign
 * node), and the countersignature (an approved subscription rejected before the admin signed).
 */
export const openSubscriptionProjects = async (tenantId: string, subscriptionId: string): Promise<string[]> => {
  const records = await Promise.all(
    (['AGREEMENT', 'COUNTERSIGN'] as const).map((purpose) =>
      readSubscriptionSigning(tenantId, subscriptionId, purpose),
    ),
  );
  return records.flatMap((r) => (r?.state === 'SENT' ? [r.projectId] : []));
};

/**
 * A subscription ended (expired, withdrawn, cancelled, rejected) while its journey was running: the
 * journey is marked stopped (no answer is taken any more, a late step of the execution is refused as
 * stale), then its execution is stopped. Commit first, so a failed stop leaves the decision recorded;
 * the stop is repeated on a redelivery (stopping a stopped execution is fine). A journey that ended on
 * its own (completed, failed) has no execution left to stop.
 */
export const stopJourney = async (actor: Actor, subscriptionId: string, reason: string): Promise<boolean> => {
  const journey = await readJourneyMeta(actor.tenantId, subscriptionId);
  if (journey?.status !== 'RUNNING') return false;
  if (!journey.stoppedAt) {
    await commit(actor, async () => {
      const fresh = await readJourneyMeta(actor.tenantId, subscriptionId);
      if (fresh?.status !== 'RUNNING' || fresh.stoppedAt) return { steps: [], events: [], result: undefined };
      const { currentNodeId: _c, taskToken: _t, ...rest } = fresh;
      const next: JourneyRecord = {
        ...rest,
        stoppedAt: actor.at,
        stopReason: reason,
        version: fresh.version + 1,
        updatedAt: actor.at,
      };
      return { steps: [putJourney(actor.tenantId, next, fresh.version)], events: [], result: undefined };
    });
  }
  const stopped = (await readJourneyMeta(actor.tenantId, subscriptionId)) ?? journey;
  if (stopped.executionArn) await stopExecution(stopped.executionArn, reason);
  logger.info('journey stopped', { subscriptionId, journeyId: stopped.journeyId, reason });
  return true;
};
