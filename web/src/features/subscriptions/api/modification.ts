import type { NodeValues } from '@tranche/shared/scenario/scenario.schema';
import type { MandatoryDoc } from '@tranche/shared/subscription/subscription.schema';
import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

/**
 * Modification of a submitted subscription (docs/subscriptions.md "Modification"): the investor's
 * open amendment, the confirmed ones and the submitted answers (both sides read those), and the
 * tenant's mandatory document list (its names). Keys under 'session': the answers are the viewer's.
 */
export const modificationKeys = {
  open: (subscriptionId: string) => ['session', 'subscriptions', 'modification', subscriptionId] as const,
  previous: (subscriptionId: string) => ['session', 'subscriptions', 'amendments', subscriptionId] as const,
  snapshot: (subscriptionId: string) => ['session', 'subscriptions', 'snapshot', subscriptionId] as const,
  mandatoryDocs: (tenantId: string) => ['session', 'tenant', 'mandatory-docs', tenantId] as const,
};

/** The open amendment, or `{ modification: null }`. */
export const useModification = (subscriptionId: string | undefined) =>
  useSWR(subscriptionId ? modificationKeys.open(subscriptionId) : null, ([, , , id]) =>
    apiFetch('getModification', { params: { subscriptionId: id } }),
  );

/** The confirmed amendments, newest first. */
export const useAmendments = (subscriptionId: string | undefined) =>
  useSWR(subscriptionId ? modificationKeys.previous(subscriptionId) : null, ([, , , id]) =>
    apiFetch('listAmendments', { params: { subscriptionId: id } }),
  );

/** The submitted answers, labelled, step by step. */
export const useSnapshotData = (subscriptionId: string | undefined) =>
  useSWR(subscriptionId ? modificationKeys.snapshot(subscriptionId) : null, ([, , , id]) =>
    apiFetch('getSnapshotData', { params: { subscriptionId: id } }),
  );

export const startModification = (subscriptionId: string, version: number) =>
  apiFetch('startModification', { params: { subscriptionId }, body: { version } });

export const answerModificationNode = (subscriptionId: string, nodeId: string, values: NodeValues) =>
  apiFetch('answerModificationNode', { params: { subscriptionId }, body: { nodeId, values } });

export const confirmModification = (subscriptionId: string, version: number, note?: string) =>
  apiFetch('confirmModification', {
    params: { subscriptionId },
    body: { version, ...(note ? { note } : {}) },
  });

export const discardModification = (subscriptionId: string) =>
  apiFetch('discardModification', { params: { subscriptionId } });

/** The tenant's mandatory documents (names of what the manager may ask for). */
export const useMandatoryDocs = (tenantId: string) =>
  useSWR(modificationKeys.mandatoryDocs(tenantId), ([, , , id]) =>
    apiFetch('getTenantMandatoryDocs', { params: { tenantId: id } }),
  );

export const putMandatoryDocs = (tenantId: string, docs: MandatoryDoc[], version: number) =>
  apiFetch('putTenantMandatoryDocs', { params: { tenantId }, body: { docs, version } });
