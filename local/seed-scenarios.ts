import { randomUUID } from 'node:crypto';

/**
 * Scenario flows in the demo (issue 13, docs/subscriptions.md "Scenario flows"): every tenant gets its
 * default scenarios published (one per subscription type and investor type: a new fund works without
 * authoring), and each seeded subscription that is INVESTING gets its journey started, so the
 * investor's "continue" opens a real step. Through the same services as the API, in process: the
 * local stack has set the environment (table, Step Functions facade) before it seeds.
 */
export const seedScenarios = async (tenantId: string, items: readonly Record<string, unknown>[]): Promise<void> => {
  const { seedDefaultScenarios } = await import('../functions/src/scenario/scenario.service.js');
  const { startJourney } = await import('../functions/src/scenario/journey-start.js');
  const actor = () => ({ tenantId, userId: 'SEED', requestId: `seed-${randomUUID()}`, at: new Date().toISOString() });
  await seedDefaultScenarios(actor());
  const investing = items.filter(
    (i) => i.type === 'SUBSCRIPTION' && i.status === 'INVESTING' && typeof i.subscriptionId === 'string',
  );
  for (const sub of investing) await startJourney(actor(), sub.subscriptionId as string, 'INVEST_SUBSCRIPTION');
};
