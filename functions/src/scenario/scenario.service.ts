import { compileScenario } from '@tranche/shared/scenario/compile';
import { defaultScenario } from '@tranche/shared/scenario/defaults';
import {
  SCENARIO_INVESTOR_TYPES,
  SCENARIO_SUBSCRIPTION_TYPES,
  type ScenarioGraph,
  type ScenarioInvestorType,
  type ScenarioSubscriptionType,
  type ScenarioSummary,
  type ScenarioVersion,
} from '@tranche/shared/scenario/scenario.schema';
import { validateScenario } from '@tranche/shared/scenario/validate';
import type { Actor } from '#lib/audit';
import { commit, event } from '#lib/db/commit';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { readTemplate } from '../signing/templates.repo.js';
import {
  DEFAULT_PRODUCT,
  listSlots,
  listVersions,
  productExists,
  putMeta,
  putSlot,
  putVersion,
  readMeta,
  readSlot,
  readVersion,
  type SlotRecord,
  type VersionRecord,
} from './scenario.repo.js';
import { createScenarioMachine } from './sfn.js';

/**
 * Authoring scenarios (issue 13, deliverables 3-5): a fund's scenario per subscription type and
 * investor type, its versions (one draft at a time on top; published versions immutable), publishing
 * (validate, compile, create the state machine), and the tenant's defaults built from the built-in
 * scenarios (shared/src/scenario/defaults.ts). docs/subscriptions.md "Scenario flows".
 */

const summaryOf = (s: SlotRecord): ScenarioSummary => ({
  scenarioId: s.scenarioId,
  productId: s.productId,
  subscriptionType: s.subscriptionType,
  investorType: s.investorType,
  ...(s.draftVersion ? { draftVersion: s.draftVersion } : {}),
  ...(s.publishedVersion ? { publishedVersion: s.publishedVersion } : {}),
  updatedAt: s.updatedAt,
});

const versionOf = (v: VersionRecord): ScenarioVersion => ({
  scenarioId: v.scenarioId,
  version: v.version,
  state: v.state,
  savedAt: v.savedAt,
  ...(v.publishedAt ? { publishedAt: v.publishedAt } : {}),
  graph: v.graph,
});

export const listProductScenarios = async (tenantId: string, productId: string) => {
  if (!(await productExists(tenantId, productId))) throw new DomainError('productIsNotExist');
  const slots = await listSlots(tenantId, productId);
  return { items: slots.map(summaryOf) };
};

const metaOr404 = async (tenantId: string, scenarioId: string) => {
  const meta = await readMeta(tenantId, scenarioId);
  if (!meta) throw new DomainError('scenarioNotExist');
  return meta;
};

export const listScenarioVersions = async (tenantId: string, scenarioId: string) => {
  await metaOr404(tenantId, scenarioId);
  const versions = await listVersions(tenantId, scenarioId);
  return {
    items: versions.map((v) => ({
      scenarioId,
      version: v.version,
      state: v.state,
      savedAt: v.savedAt,
      ...(v.publishedAt ? { publishedAt: v.publishedAt } : {}),
    })),
  };
};

export const getScenarioVersion = async (tenantId: string, scenarioId: string, version: number) => {
  const v = await readVersion(tenantId, scenarioId, version);
  if (!v) throw new DomainError('scenarioNotExist');
  return versionOf(v);
};

/** A new scenario in a slot, from a graph (the built-in default or a copied version): draft 1. */
const createInSlot = (
  actor: Actor,
  productId: string,
  subscriptionType: ScenarioSubscriptionType,
  investorType: ScenarioInvestorType,
  graph: ScenarioGraph,
) => {
  const scenarioId = newId();
  const slot: SlotRecord = {
    scenarioId,
    productId,
    subscriptionType,
    investorType,
    latestVersion: 1,
    draftVersion: 1,
    updatedAt: actor.at,
  };
  const version: VersionRecord = {
    scenarioId,
    version: 1,
    state: 'DRAFT',
    graph,
    savedAt: actor.at,
    savedBy: actor.userId,
  };
  return {
    slot,
    version,
    change: {
      steps: [
        putSlot(actor.tenantId, slot, undefined, 'scenarioExists'),
        putMeta(actor.tenantId, { scenarioId, productId, subscriptionType, investorType }),
        putVersion(actor.tenantId, version, false),
      ],
      events: [event('SCENARIO_DRAFT_SAVED', actor.tenantId, { scenarioId, productId, version: 1 })],
    },
  };
};

export const createProductScenario = async (
  actor: Actor,
  productId: string,
  body: {
    subscriptionType: ScenarioSubscriptionType;
    investorType: ScenarioInvestorType;
    from?: { scenarioId: string; version: number } | undefined;
  },
): Promise<ScenarioSummary> => {
  if (!(await productExists(actor.tenantId, productId))) throw new DomainError('productIsNotExist');
  let graph = defaultScenario(body.subscriptionType, body.investorType);
  if (body.from) {
    const source = await readVersion(actor.tenantId, body.from.scenarioId, body.from.version);
    if (!source) throw new DomainError('scenarioNotExist', { field: 'from' });
    graph = source.graph;
  }
  const { slot, change } = createInSlot(actor, productId, body.subscriptionType, body.investorType, graph);
  return commit(actor, { ...change, result: summaryOf(slot) });
};

/**
 * Saves the graph as the draft on top: replaces the current draft, or starts a new one after a
 * published version. `baseVersion` is the newest version the editor loaded; a save or publish in
 * between makes this one a VERSION_CONFLICT instead of silently overwriting it.
 */
export const saveScenarioDraft = async (
  actor: Actor,
  scenarioId: string,
  graph: ScenarioGraph,
  baseVersion: number | undefined,
): Promise<ScenarioVersion> =>
  commit(actor, async () => {
    const meta = await metaOr404(actor.tenantId, scenarioId);
    const slot = await readSlot(actor.tenantId, meta.productId, meta.subscriptionType, meta.investorType);
    if (!slot) throw new DomainError('scenarioNotExist');
    const replacesDraft = slot.draftVersion === slot.latestVersion;
    // The editor loaded the newest version: anything saved or published since makes this a conflict.
    if (baseVersion !== undefined && baseVersion !== slot.latestVersion) throw new DomainError('VERSION_CONFLICT');
    const versionNo = replacesDraft ? slot.latestVersion : slot.latestVersion + 1;
    const version: VersionRecord = {
      scenarioId,
      version: versionNo,
      state: 'DRAFT',
      graph,
      savedAt: actor.at,
      savedBy: actor.userId,
    };
    const next: SlotRecord = { ...slot, latestVersion: versionNo, draftVersion: versionNo, updatedAt: actor.at };
    return {
      steps: [putSlot(actor.tenantId, next, slot), putVersion(actor.tenantId, version, replacesDraft)],
      events: [
        event('SCENARIO_DRAFT_SAVED', actor.tenantId, { scenarioId, productId: meta.productId, version: versionNo }),
      ],
      result: versionOf(version),
    };
  });

/** The signing templates the graph's sign steps name, as kept now (null: deleted), for the publish check. */
const signTemplatesOf = async (tenantId: string, graph: ScenarioGraph) => {
  const ids = new Set(graph.nodes.flatMap((n) => (n.kind === 'SIGN' && n.templateId ? [n.templateId] : [])));
  const read = async (id: string) =>
    readTemplate(tenantId, id).catch((e: unknown) => {
      if (e instanceof DomainError && e.code === 'signingTemplateNotFound') return null;
      throw e;
    });
  return new Map(await Promise.all([...ids].map(async (id) => [id, await read(id)] as const)));
};

/**
 * Publishes a draft: validation (422 scenarioInvalid naming every node to fix), compilation and the
 * state machine (created before the commit: an identical create is idempotent, so a publish that
 * loses its commit and is retried reuses the machine). Publishing a published version answers it again.
 */
export const publishScenario = async (actor: Actor, scenarioId: string, versionNo: number) => {
  const meta = await metaOr404(actor.tenantId, scenarioId);
  const version = await readVersion(actor.tenantId, scenarioId, versionNo);
  if (!version) throw new DomainError('scenarioNotExist', { field: 'version' });
  if (version.state === 'PUBLISHED' && version.publishedAt && version.stateMachineArn) {
    return {
      scenarioId,
      version: versionNo,
      publishedAt: version.publishedAt,
      stateMachineArn: version.stateMachineArn,
    };
  }
  const issues = validateScenario(version.graph, { templates: await signTemplatesOf(actor.tenantId, version.graph) });
  if (issues.length)
    throw new DomainError('scenarioInvalid', {
      issues,
      nodeIds: [...new Set(issues.flatMap((i) => (i.nodeId ? [i.nodeId] : [])))],
    });
  const { definition } = compileScenario(version.graph);
  const stateMachineArn = await createScenarioMachine(actor.tenantId, scenarioId, versionNo, definition);
  return commit(actor, async () => {
    const slot = await readSlot(actor.tenantId, meta.productId, meta.subscriptionType, meta.investorType);
    const current = await readVersion(actor.tenantId, scenarioId, versionNo);
    if (!slot || !current) throw new DomainError('scenarioNotExist');
    if (current.state !== 'DRAFT') throw new DomainError('VERSION_CONFLICT');
    const published: VersionRecord = { ...current, state: 'PUBLISHED', publishedAt: actor.at, stateMachineArn };
    const { draftVersion: _wasDraft, ...rest } = slot;
    const next: SlotRecord = {
      ...rest,
      ...(slot.draftVersion !== undefined && slot.draftVersion !== versionNo
        ? { draftVersion: slot.draftVersion }
        : {}),
      publishedVersion: versionNo,
      stateMachineArn,
      updatedAt: actor.at,
    };
    return {
      steps: [putSlot(actor.tenantId, next, slot), putVersion(actor.tenantId, published, true)],
      events: [
        event('SCENARIO_PUBLISHED', actor.tenantId, {
          scenarioId,
          productId: meta.productId,
          version: versionNo,
          stateMachineArn,
        }),
      ],
      result: { scenarioId, version: versionNo, publishedAt: actor.at, stateMachineArn },
    };
  });
};

/**
 * The published scenario a journey runs: the fund's for the type pair, else the tenant's default,
 * which is created and published from the built-in scenario on first use (a tenant created after the
 * seed, or a type pair nobody used yet). Two first uses racing: one creates, the other reads it.
 */
export const publishedScenarioFor = async (
  actor: Actor,
  productId: string,
  subscriptionType: ScenarioSubscriptionType,
  investorType: ScenarioInvestorType,
): Promise<SlotRecord & { publishedVersion: number; stateMachineArn: string }> => {
  for (const pid of [productId, DEFAULT_PRODUCT]) {
    const slot = await readSlot(actor.tenantId, pid, subscriptionType, investorType);
    if (slot?.publishedVersion && slot.stateMachineArn)
      return slot as SlotRecord & { publishedVersion: number; stateMachineArn: string };
  }
  await ensureDefault(actor, subscriptionType, investorType);
  const slot = await readSlot(actor.tenantId, DEFAULT_PRODUCT, subscriptionType, investorType);
  if (!slot?.publishedVersion || !slot.stateMachineArn) throw new Error('The default scenario could not be published');
  return slot as SlotRecord & { publishedVersion: number; stateMachineArn: string };
};

/** Creates (if missing) and publishes the tenant's default scenario of a type pair. */
export const ensureDefault = async (
  actor: Actor,
  subscriptionType: ScenarioSubscriptionType,
  investorType: ScenarioInvestorType,
): Promise<void> => {
  let slot = await readSlot(actor.tenantId, DEFAULT_PRODUCT, subscriptionType, investorType);
  if (!slot) {
    const created = createInSlot(
      actor,
      DEFAULT_PRODUCT,
      subscriptionType,
      investorType,
      defaultScenario(subscriptionType, investorType),
    );
    try {
      await commit(actor, { ...created.change, result: undefined });
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'scenarioExists')) throw error;
    }
    slot = await readSlot(actor.tenantId, DEFAULT_PRODUCT, subscriptionType, investorType);
  }
  if (slot && !slot.publishedVersion) {
    try {
      await publishScenario(actor, slot.scenarioId, slot.latestVersion);
    } catch (error) {
      // Someone published it first: fine.
      if (!(error instanceof DomainError && error.code === 'VERSION_CONFLICT')) throw error;
    }
  }
};

/** Every default of a tenant, published (the seed, so a new fund works without authoring). */
export const seedDefaultScenarios = async (actor: Actor): Promise<void> => {
  for (const type of SCENARIO_SUBSCRIPTION_TYPES) {
    for (const investorType of SCENARIO_INVESTOR_TYPES) await ensureDefault(actor, type, investorType);
  }
};
