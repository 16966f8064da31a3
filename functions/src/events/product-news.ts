import type { DomainEvent } from '@tranche/shared/events/catalogue';
import { notify, portalLink } from '../auth/notifications.js';
import { productOr404 } from '../product/product.repo.js';
import { getTenant } from '../tenant/tenant.repo.js';
import { getEmailPreferences } from '../user/user.repo.js';
import type { Consumer } from './consumer.js';
import { reachableInvestors } from './recipients.js';

/**
 * Product news: when a fund is published, each investor of the tenant who keeps "Product news" on in
 * their email preferences is told, in their language, with a link to the fund's page. One mark per
 * investor, so a dispatcher that dies halfway through a large tenant resumes with the next investor.
 * A fund unpublished again before the news went out is not announced.
 */
export const productNews: Consumer = {
  name: 'productNews',
  on: ['PRODUCT_PUBLISHED'],
  effect: async (event: DomainEvent, once) => {
    const product = await productOr404(event.tenantId, event.subject.id, true);
    if (product.state !== 'PUBLISHED') return;
    const tenant = await getTenant(event.tenantId);
    const link = await portalLink(tenant.prefix, `/products/${product.productId}`, {});
    for (const investor of await reachableInvestors(event.tenantId)) {
      if (!(await getEmailPreferences(event.tenantId, investor.userId)).productNews) continue;
      await once(investor.userId, () =>
        notify(investor.email, 'productPublished', investor.language, {
          portal: tenant.branding.displayName,
          product: product.name[investor.language] ?? product.name.en,
          link,
        }),
      );
    }
  },
};
