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

/**
 * Voids a subscription agreement's project the journey no longer waits for. The platform made it as
 * the tenant's owner (agreement-signing.ts), so it voids it the same way. Nothing when the project is
 * not there, already ended (signed, declined, expired, voided), or ends between the read and the void.
 */
export const voidAgreementProject = async (actor: Actor, projectId: string, reason: string): Promise<boolean> => {
  const bundle = await findProject(actor.tenantId, projectId);
  if (bundle?.project.refKind !== 'subscription' || !VOIDABLE.has(bundle.project.status)) return false;
  try {
    await voidProject(actor, 'GP_OWNER', { projectId, reason });
    return true;
  } catch (error) {
    // Completed or declined meanwhile: the lifecycle refused the void, which is what we want.
    if (error instanceof DomainError && error.code === 'TRANSITION_NOT_ALLOWED') return false;
    throw error;
  }
};

/** The subscription's open agreement project, if it is still out for signing. */
export const openAgreementProject = async (tenantId: string, subscriptionId: string): Promise<string | undefined> => {
  const record = await readSubscriptionSigning(tenantId, subscriptionId, 'AGREEMENT');
  return record?.state === 'SENT' ? record.projectId : undefined;
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
