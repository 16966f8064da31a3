import type { DomainEvent } from '@tranche/shared/events/catalogue';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import type { Consumer } from '../events/consumer.js';
import { createQueueDispatcher } from '../events/delivery.js';
import { SUBSCRIPTION_SIGNING_WORKER_CONSUMERS } from '../subscription/agreement-worker.js';
import { checkUploadedPdf, sealProject } from './completion.js';

/**
 * The signing worker (WORKERS `signingWorker`): fed through its own queue by the shared dispatcher
 * with the two events whose work needs pdf-lib (with node-forge and @signpdf ~850 KB, docs/signing.md
 * "Bundle size"): checking an uploaded source PDF and sealing a completed project. Neither belongs in
 * an API handler (400 KB) nor in the shared dispatcher, which would load them for every event. Its KMS
 * grant opens only envelopes of the `sealing` purpose (the tenant's sealing key).
 */

const systemActor = (e: DomainEvent): Actor => ({
  tenantId: e.tenantId,
  userId: 'SYSTEM',
  requestId: e.requestId,
  at: clock.nowIso(),
});

const idOf = (e: DomainEvent, name: string): string => {
  const value = e.payload[name];
  if (typeof value !== 'string') throw new Error(`${e.name} has no ${name}`);
  return value;
};

export const SIGNING_WORKER_CONSUMERS: readonly Consumer[] = [
  {
    name: 'signingPdfCheck',
    on: ['SIGNING_PDF_UPLOADED'],
    // Idempotent by the file's status: a redelivered event finds it no longer CHECKING.
    effect: async (e, once) => {
      await once('', () => checkUploadedPdf(systemActor(e), idOf(e, 'fileId')));
    },
  },
  {
    name: 'signingSeal',
    on: ['SIGNING_PROJECT_COMPLETED'],
    // Idempotent by the records: each document's `sealed` and the project's `sealedAt` are written once.
    effect: async (e, once) => {
      await once('', () => sealProject(systemActor(e), idOf(e, 'projectId')));
    },
  },
  // Issue 13: a subscription's agreement and countersignature projects (their PDFs are made with pdf-lib).
  ...SUBSCRIPTION_SIGNING_WORKER_CONSUMERS,
];

export const handler = createQueueDispatcher({ consumers: SIGNING_WORKER_CONSUMERS });
