import { SIGNER_LIFECYCLE, SIGNING_PROJECT_LIFECYCLE } from '@tranche/shared/signing/signing-state';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { tableName } from '#lib/db/client';
import { commit, type EventDraft, event, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { allTenantIds } from '#lib/db/tenant-ids';
import { DomainError } from '#lib/errors';
import { logger } from '#lib/logger';
import { findProject } from '../projects.repo.js';
import { signerMessage } from './notify.js';
import { isPastExpiry, reminderDue } from './rules.js';
import { type ProjectParts, projectUpdate, signerUpdate } from './signer.repo.js';

/**
 * The signing projects' daily job (WORKERS `signingDaily`; POST /_local/schedules/signingDaily/run
 * locally), for every open project (SENT, PARTLY_SIGNED) of every tenant:
 *
 * - past its expiry date: EXPIRED (the platform's EXPIRE), every signer still open CANCELLED, in one
 *   commit with SIGNING_PROJECT_EXPIRED (the sender is told) and SIGNER_CANCELLED per signer (their
 *   tasks close);
 * - otherwise each signer whose turn it is and who was told or reminded at least `reminderEveryDays`
 *   ago (the project's setting, default 3) is reminded: `remindedAt` and SIGNER_REMINDED, whose
 *   consumer emails them (signing-links.ts).
 *
 * Each project is its own commit on the versions read: a signature that lands meanwhile wins, and the
 * project is looked at again tomorrow.
 */
export interface SigningDailyResult {
  expired: number;
  reminded: number;
}

const OPEN_STATUSES = new Set(['SENT', 'PARTLY_SIGNED']);

const openProjectIds = async (tenantId: string): Promise<string[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      FilterExpression: '#status IN (:sent, :partly)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':pk': keys.signingProjectsIndexPk(tenantId),
        ':sent': 'SENT',
        ':partly': 'PARTLY_SIGNED',
      },
      ProjectionExpression: 'projectId',
    })
  ).map((p) => String(p.projectId));

/** The expiry of one open project: the project and its open signers, with their events. */
export const expirySteps = (
  tenantId: string,
  parts: ProjectParts,
  at: string,
): { steps: Step[]; events: EventDraft[] } => {
  const { project } = parts;
  const to = SIGNING_PROJECT_LIFECYCLE.next(project.status, 'EXPIRE', 'SYSTEM');
  const steps: Step[] = [projectUpdate(tenantId, project, { status: to, updatedAt: at, expiredAt: at })];
  const events: EventDraft[] = [
    event('SIGNING_PROJECT_EXPIRED', project.projectId, {
      refId: project.projectId,
      projectId: project.projectId,
      project: project.name.slice(0, 300),
      userIds: [project.createdBy],
      expiresAt: project.expiresAt ?? at,
    }),
  ];
  for (const signer of parts.signers) {
    if (!SIGNER_LIFECYCLE.can(signer.state, 'CANCEL', 'SYSTEM')) continue;
    steps.push(signerUpdate(tenantId, signer, { state: 'CANCELLED' }));
    events.push(
      event('SIGNER_CANCELLED', project.projectId, {
        refId: signer.signerId,
        projectId: project.projectId,
        because: 'EXPIRED',
      }),
    );
  }
  return { steps, events };
};

type Outcome = 'expired' | 'reminded' | 'none';

const runProject = async (tenantId: string, projectId: string, now: Date): Promise<Outcome[]> => {
  const actor: Actor = { tenantId, userId: 'SYSTEM', requestId: `signing-daily-${projectId}`, at: now.toISOString() };
  return commit<Outcome[]>(actor, async () => {
    const parts = (await findProject(tenantId, projectId)) as ProjectParts | undefined;
    if (!parts || !OPEN_STATUSES.has(parts.project.status)) return { steps: [], events: [], result: [] };
    if (isPastExpiry(parts.project.expiresAt, now)) {
      return { ...expirySteps(tenantId, parts, actor.at), result: ['expired' as const] };
    }
    const every = parts.project.reminderEveryDays || 3;
    const due = parts.signers.filter((s) => reminderDue(s, every, now));
    const steps: Step[] = [];
    const events: EventDraft[] = [];
    for (const signer of due) {
      steps.push(signerUpdate(tenantId, signer, { remindedAt: actor.at }));
      events.push(event('SIGNER_REMINDED', projectId, await signerMessage(tenantId, parts, signer)));
    }
    return { steps, events, result: due.map(() => 'reminded' as const) };
  });
};

export const runSigningDaily = async (now: Date = clock.now()): Promise<SigningDailyResult> => {
  const result: SigningDailyResult = { expired: 0, reminded: 0 };
  for (const tenantId of await allTenantIds()) {
    for (const projectId of await openProjectIds(tenantId)) {
      try {
        for (const outcome of await runProject(tenantId, projectId, now)) {
          if (outcome === 'expired') result.expired++;
          if (outcome === 'reminded') result.reminded++;
        }
      } catch (error) {
        // One project that moved meanwhile must not stop the others: it is looked at again tomorrow.
        if (!(error instanceof DomainError)) throw error;
        logger.warn('signing project skipped by the daily job', { tenantId, projectId, code: error.code });
      }
    }
  }
  logger.info('signing daily job', { ...result });
  return result;
};

export const handler = async (): Promise<SigningDailyResult> => runSigningDaily();
