import type { DomainEvent } from '@tranche/shared/events/catalogue';
import { notify, portalLink } from '../auth/notifications.js';
import { getPolicyRecord } from '../tenant/policy.repo.js';
import { getTenant } from '../tenant/tenant.repo.js';
import type { Consumer } from './consumer.js';
import { reachableInvestors } from './recipients.js';

/**
 * A changed policy: when a policy that investors already had is published in a new version, every
 * registered investor is told, in their language, with a link to the new text. It is a notice of
 * terms, not news, so no email preference turns it off. A policy's first publication tells nobody
 * (there was nothing to change), nor does a republished version they already saw (POLICY_RESTORED).
 */
export const policyNotice: Consumer = {
  name: 'policyNotice',
  on: ['POLICY_PUBLISHED'],
  effect: async (event: DomainEvent, once) => {
    const { policyId, version } = event.payload as { policyId: string; version: number };
    if (version <= 1) return;
    const policy = await getPolicyRecord(event.tenantId, policyId);
    // A newer version published meanwhile has its own event: only the latest is announced.
    if (policy.status !== 'PUBLISHED' || policy.published?.version !== version) return;
    const tenant = await getTenant(event.tenantId);
    const link = await portalLink(tenant.prefix, `/policies/${policyId}`, {});
    for (const investor of await reachableInvestors(event.tenantId)) {
      await once(investor.userId, () =>
        notify(investor.email, 'policyUpdated', investor.language, {
          portal: tenant.branding.displayName,
          policy: policy.published?.title[investor.language] ?? policy.published?.title.en ?? '',
          link,
        }),
      );
    }
  },
};
