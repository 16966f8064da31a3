import type { ScenarioGraph } from '@tranche/shared/scenario/scenario.schema';
import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

// Under 'session' (the answers depend on who is signed in), then 'gp-scenarios'.
export const scenarioKeys = {
  ofFund: (productId: string) => ['session', 'gp-scenarios', 'fund', productId] as const,
  versions: (scenarioId: string) => ['session', 'gp-scenarios', 'versions', scenarioId] as const,
  version: (scenarioId: string, version: number) =>
    ['session', 'gp-scenarios', 'version', scenarioId, version] as const,
  signingTemplates: () => ['session', 'gp-scenarios', 'signing-templates'] as const,
};

/** The fund's scenario slots (one per subscription type and investor type it has). */
export const useFundScenarios = (productId: string | undefined) =>
  useSWR(productId ? scenarioKeys.ofFund(productId) : null, ([, , , id]) =>
    apiFetch('listProductScenarios', { params: { productId: id } }),
  );

/** A scenario's versions, newest first as the API answers them. */
export const useScenarioVersions = (scenarioId: string | undefined) =>
  useSWR(scenarioId ? scenarioKeys.versions(scenarioId) : null, ([, , , id]) =>
    apiFetch('listScenarioVersions', { params: { scenarioId: id } }),
  );

/** One version with its graph. */
export const useScenarioVersion = (scenarioId: string | undefined, version: number | undefined) =>
  useSWR(scenarioId && version ? scenarioKeys.version(scenarioId, version) : null, ([, , , id, v]) =>
    apiFetch('getScenarioVersion', { params: { scenarioId: id }, query: { version: String(v) } }),
  );

/** The tenant's kept signing templates (issue 12), for a sign step to pick from; only fetched when asked. */
export const useSigningTemplateChoices = (enabled: boolean) =>
  useSWR(enabled ? scenarioKeys.signingTemplates() : null, () => apiFetch('listSigningTemplates'));

export const createFundScenario = (
  productId: string,
  body: {
    subscriptionType: 'EXPRESSED_INTEREST_SUBSCRIPTION' | 'RESERVE_SUBSCRIPTION' | 'INVEST_SUBSCRIPTION';
    investorType: 'INDIVIDUAL' | 'ENTITY' | 'JOINT';
  },
) => apiFetch('createProductScenario', { params: { productId }, body });

export const saveDraft = (scenarioId: string, graph: ScenarioGraph, baseVersion?: number) =>
  apiFetch('saveScenarioDraft', { params: { scenarioId }, body: { graph, ...(baseVersion ? { baseVersion } : {}) } });

export const validateGraph = (graph: ScenarioGraph) => apiFetch('validateScenario', { body: { graph } });

export const publishVersion = (scenarioId: string, version: number) =>
  apiFetch('publishScenario', { params: { scenarioId }, body: { version } });
