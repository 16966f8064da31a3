import type { DomainEvent } from '@tranche/shared/events/catalogue';
import { navVersionOf } from '@tranche/shared/money/summary-cache';
import {
  investmentsOfProduct,
  readInvestment,
  readLedger,
  readSummary,
  repriceSteps,
} from '../money/investment.repo.js';
import { readPrices } from '../money/nav.service.js';
import { commitOnce, inPool } from './commit-once.js';
import type { Consumer } from './consumer.js';

/**
 * A posted NAV (or a corrected one) changes the NAV value and the NAV line of every investment in its
 * share class: this consumer revalues each investment's dashboard summary (#SUMMARY, pattern 43d;
 * docs/money.md "Dashboard summaries") from its entries and the class's prices read now, not the
 * event's, so whichever NAV event comes last, late or repeated, writes the newest prices. Each write is
 * keyed by the prices' version (`navVersionOf`: last NAV date, then newest posting) and made only over
 * an older one, once per event and investment (commitOnce), while the ledger is at the seq read.
 * Investments with no units are revalued too: their line and NAV tile read 0.00 from the first NAV on.
 */
export const navSummaries: Consumer = {
  name: 'navSummaries',
  on: ['NAV_POSTED'],
  effect: async (event: DomainEvent, once) => {
    const productId = String(event.payload.productId);
    const shareClassId = String(event.payload.shareClassId);
    const posted = await readPrices(event.tenantId, productId, shareClassId);
    const navKey = navVersionOf(posted);
    if (navKey === undefined) return;
    const prices = posted.map((p) => ({ date: p.navDate, navPerUnit: p.navPerUnit }));
    const holders = (await investmentsOfProduct(event.tenantId, productId)).filter(
      (i) => i.shareClassId === shareClassId,
    );
    await inPool(holders, async (holder) => {
      await once(holder.subscriptionId, async () => {
        await commitOnce(event, `navSummaries#${holder.subscriptionId}`, async () => {
          const [inv, kept] = await Promise.all([
            readInvestment(event.tenantId, holder.subscriptionId),
            readSummary(event.tenantId, holder.subscriptionId),
          ]);
          if (!inv) return undefined;
          // Read after #META, so it holds at least its seq; an append since fails the check on #META
          // and the decision is made again from fresh reads.
          const ledger = (await readLedger(event.tenantId, holder.subscriptionId)).filter((e) => e.seq <= inv.seq);
          const steps = repriceSteps(event.tenantId, inv, kept, ledger, prices, navKey);
          return steps && { steps, events: [], result: undefined };
        });
      });
    });
  },
};
