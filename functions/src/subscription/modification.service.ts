import { isGp, type Role } from '@tranche/shared/auth/roles';
import { checkFormValues, routingValues } from '@tranche/shared/scenario/form-check';
import { nodeView } from '@tranche/shared/scenario/journey';
import type { NodeValues, ScenarioGraph } from '@tranche/shared/scenario/scenario.schema';
import { amendmentRerun } from '@tranche/shared/subscription/amendment-rerun';
import { amountOf, units } from '@tranche/shared/subscription/amounts';
import {
  AMENDABLE_STATUSES,
  type AmendableNode,
  amendableNodes,
  amendedAmount,
  answerFields,
  fieldChanges,
  isAmendable,
  sameValue,
} from '@tranche/shared/subscription/modification';
import type { Amendment, Modification, SnapshotData } from '@tranche/shared/subscription/modification.schema';
import type { Actor } from '#lib/audit';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { commit, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { putResult, readJourney, readPublishedGraph } from '../scenario/scenario.repo.js';
import {
  getSubscriptionRecord,
  putCapacity,
  readCapacity,
  readFund,
  type SubscriptionRecord,
} from './subscription.repo.js';
import { amendSubscription } from './subscription.service.js';

/**
 * The modification paths (issue 13, deliverable 9; docs/subscriptions.md "Modification"). Ours, the
 * spec naming the paths only:
 *
 * - **Start** (POST modification) takes a snapshot of the submitted answers: the done form steps of the
 *   investor's completed journey (shared/src/subscription/modification.ts) with their values, on the
 *   subscription's version the investor read. One modification is open at a time; starting again
 *   answers the open one.
 * - **Node** re-answers one step: judged by the form's own rules (the journey's), kept in the open
 *   modification only when it differs from the snapshot (an answer set back to what it was is no
 *   change). Nothing of the journey or the subscription changes yet.
 * - **Confirm**: one commit writes the changed steps' results into the journey, the amendment (before
 *   -> after) for the manager, an amended amount (checked against the share class limits), deletes the
 *   open modification, and moves the subscription with the lifecycle's AMEND (back to SUBMITTED, to be
 *   reviewed again), whose SUBSCRIPTION_AMENDED names the changed steps.
 * - **Discard** deletes the open modification: the submitted answers were never touched.
 *
 * The execution is not run again (it ended): routers after a changed step keep the branch they took,
 * and a statement, questionnaire or signature is not re-made; the manager reads what changed.
 */

interface OpenModificationRecord {
  modificationId: string;
  subscriptionId: string;
  baseVersion: number;
  startedAt: string;
  startedBy: string;
  scenarioId: string;
  scenarioVersion: number;
  snapshot: { nodeId: string; values: NodeValues; at: string }[];
  /** The re-answered steps that differ from the snapshot: the values and the routing copy. */
  changes: Record<string, { values: NodeValues; routing: Record<string, unknown> }>;
  version: number;
}

type AmendmentRecord = Amendment;

// ---- Storage (keys.ts pattern 50)

const strip = <T>(item: Record<string, unknown>): T => {
  const { PK: _pk, SK: _sk, type: _type, ...rest } = item;
  return rest as T;
};

const readOpen = async (tenantId: string, subscriptionId: string): Promise<OpenModificationRecord | undefined> => {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.openModification(tenantId, subscriptionId),
      ConsistentRead: true,
    }),
  );
  return Item ? strip<OpenModificationRecord>(Item) : undefined;
};

/** Writes the open modification if it is still the version read (`seen` absent: if none is open). */
const putOpen = (tenantId: string, next: OpenModificationRecord, seen?: number): Step => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: { ...keys.openModification(tenantId, next.subscriptionId), type: 'SUBSCRIPTION_MODIFICATION', ...next },
      ...(seen === undefined
        ? { ConditionExpression: 'attribute_not_exists(PK)' }
        : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': seen } }),
    },
  },
});

const deleteOpen = (tenantId: string, open: OpenModificationRecord): Step => ({
  item: {
    Delete: {
      TableName: tableName(),
      Key: keys.openModification(tenantId, open.subscriptionId),
      ConditionExpression: 'version = :v',
      ExpressionAttributeValues: { ':v': open.version },
    },
  },
});

const readAmendments = async (tenantId: string, subscriptionId: string): Promise<AmendmentRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :a)',
      ExpressionAttributeValues: { ':pk': keys.modificationPk(tenantId, subscriptionId), ':a': keys.amendmentPrefix },
      ConsistentRead: true,
    })
  ).map((i) => strip<AmendmentRecord>(i));

// ---- Who may see or amend

const visible = async (actor: Actor, role: Role, subscriptionId: string): Promise<SubscriptionRecord> => {
  const sub = await getSubscriptionRecord(actor.tenantId, subscriptionId);
  if (!sub || (!isGp(role) && sub.investorUserId !== actor.userId)) throw new DomainError('SUBSCRIPTION_NOT_EXISTS');
  return sub;
};

const nodesOf = (graph: ScenarioGraph, open: OpenModificationRecord): AmendableNode[] =>
  open.snapshot.flatMap((s) => {
    const node = graph.nodes.find((n) => n.id === s.nodeId);
    return isAmendable(node) ? [node] : [];
  });

const view = (graph: ScenarioGraph, open: OpenModificationRecord): Modification => ({
  modificationId: open.modificationId,
  subscriptionId: open.subscriptionId,
  baseVersion: open.baseVersion,
  startedAt: open.startedAt,
  nodes: open.snapshot.flatMap((s) => {
    const node = graph.nodes.find((n) => n.id === s.nodeId);
    if (!isAmendable(node)) return [];
    const after = open.changes[s.nodeId]?.values;
    return [
      {
        nodeId: s.nodeId,
        node: nodeView(node),
        before: s.values,
        ...(after ? { after } : {}),
        changes: after ? fieldChanges(node, s.values, after) : [],
      },
    ];
  }),
});

const graphOf = (tenantId: string, open: Pick<OpenModificationRecord, 'scenarioId' | 'scenarioVersion'>) =>
  readPublishedGraph(tenantId, open.scenarioId, open.scenarioVersion);

// ---- The paths

/** POST /subscription/{id}/modification: the snapshot of the submitted answers (or the open one). */
export const startModification = async (
  actor: Actor,
  role: Role,
  subscriptionId: string,
  body: { version: number },
): Promise<Modification> => {
  const open = await commit(actor, async () => {
    const sub = await visible(actor, role, subscriptionId);
    const existing = await readOpen(actor.tenantId, subscriptionId);
    if (existing) return { steps: [], events: [], result: existing };
    if (body.version !== sub.version) throw new DomainError('VERSION_CONFLICT');
    if (!AMENDABLE_STATUSES.includes(sub.status)) {
      throw new DomainError('subscriptionNotAmendable', { status: sub.status });
    }
    const { journey, results } = await readJourney(actor.tenantId, subscriptionId);
    // A paper order (Add manually) has no journey; a journey still running is changed by going back.
    if (journey?.status !== 'COMPLETED') throw new DomainError('subscriptionNotAmendable', { status: sub.status });
    const graph = await readPublishedGraph(actor.tenantId, journey.scenarioId, journey.scenarioVersion);
    const snapshot = amendableNodes(graph, journey.done).flatMap((n) => {
      const r = results.get(n.id);
      return r?.state === 'DONE' ? [{ nodeId: n.id, values: r.values, at: r.at }] : [];
    });
    if (snapshot.length === 0) throw new DomainError('subscriptionNotAmendable', { status: sub.status });
    const record: OpenModificationRecord = {
      modificationId: newId(),
      subscriptionId,
      baseVersion: sub.version,
      startedAt: actor.at,
      startedBy: actor.userId,
      scenarioId: journey.scenarioId,
      scenarioVersion: journey.scenarioVersion,
      snapshot,
      changes: {},
      version: 1,
    };
    return { steps: [putOpen(actor.tenantId, record)], events: [], result: record };
  });
  return view(await graphOf(actor.tenantId, open), open);
};

/** GET /subscription/{id}/modification: the open modification, or null. */
export const getModification = async (actor: Actor, role: Role, subscriptionId: string) => {
  await visible(actor, role, subscriptionId);
  const open = await readOpen(actor.tenantId, subscriptionId);
  return { modification: open ? view(await graphOf(actor.tenantId, open), open) : null };
};

/** POST /subscription/{id}/modification/node: re-answers one step of the open modification. */
export const answerModificationNode = async (
  actor: Actor,
  role: Role,
  subscriptionId: string,
  body: { nodeId: string; values: NodeValues },
): Promise<Modification> => {
  const { open, graph } = await commit(actor, async () => {
    await visible(actor, role, subscriptionId);
    const current = await readOpen(actor.tenantId, subscriptionId);
    if (!current) throw new DomainError('modificationNotOpen');
    const snap = current.snapshot.find((s) => s.nodeId === body.nodeId);
    const graph = await graphOf(actor.tenantId, current);
    const node = graph.nodes.find((n) => n.id === body.nodeId);
    if (!snap || !isAmendable(node)) throw new DomainError('modificationNodeNotAmendable', { field: 'nodeId' });
    // The step's own rules, as when it was first answered (422 scenarioFormInvalid naming values.<id>).
    const issues = checkFormValues(node.elements, body.values);
    if (issues.length) throw new DomainError('scenarioFormInvalid', { fields: issues });
    const changes = { ...current.changes };
    if (fieldChanges(node, snap.values, body.values).length === 0) delete changes[node.id];
    else changes[node.id] = { values: body.values, routing: routingValues(node, body.values) };
    const next = { ...current, changes, version: current.version + 1 };
    return { steps: [putOpen(actor.tenantId, next, current.version)], events: [], result: { open: next, graph } };
  });
  return view(graph, open);
};

/** POST /subscription/{id}/modification/discard: the submitted answers stay as they were. */
export const discardModification = async (actor: Actor, role: Role, subscriptionId: string) =>
  commit(actor, async () => {
    await visible(actor, role, subscriptionId);
    const current = await readOpen(actor.tenantId, subscriptionId);
    if (!current) throw new DomainError('modificationNotOpen');
    return { steps: [deleteOpen(actor.tenantId, current)], events: [], result: { discarded: true as const } };
  });

/** The amended amount, checked as a new subscription's is (share class limits, else the fund's). */
const checkedAmount = async (
  tenantId: string,
  sub: SubscriptionRecord,
  amount: string,
  field: string,
): Promise<string> => {
  let value: bigint;
  try {
    value = units(amount);
  } catch {
    throw new DomainError('scenarioFormInvalid', { fields: [{ field, rule: 'decimal', message: 'Not an amount' }] });
  }
  const fund = await readFund(tenantId, sub.productId);
  const source = fund.classes.find((c) => c.shareClassId === sub.shareClassId) ?? fund;
  if (value < units(source.minInvestment)) {
    throw new DomainError('subscriptionAmountBelowMinimum', {
      field,
      minimum: source.minInvestment,
      currency: source.currency,
    });
  }
  if (source.maxInvestment !== undefined && value > units(source.maxInvestment)) {
    throw new DomainError('subscriptionAmountAboveMaximum', {
      field,
      maximum: source.maxInvestment,
      currency: source.currency,
    });
  }
  return amountOf(value);
};

/** POST /subscription/{id}/modification/confirm: the amendment, in one commit with AMEND. */
export const confirmModification = async (
  actor: Actor,
  role: Role,
  subscriptionId: string,
  body: { version: number; note?: string | undefined },
) => {
  await visible(actor, role, subscriptionId);
  await amendSubscription(actor, subscriptionId, body.version, async (r, next) => {
    const open = await readOpen(actor.tenantId, subscriptionId);
    if (!open) throw new DomainError('modificationNotOpen');
    const changedIds = Object.keys(open.changes);
    if (changedIds.length === 0) throw new DomainError('modificationNoChanges');
    const graph = await graphOf(actor.tenantId, open);
    const nodes = nodesOf(graph, open);
    const steps: Step[] = [deleteOpen(actor.tenantId, open)];
    const amendment: AmendmentRecord = { amendmentId: newId(), at: actor.at, by: actor.userId, nodes: [] };
    if (body.note) amendment.note = body.note;
    for (const node of nodes) {
      const change = open.changes[node.id];
      const before = open.snapshot.find((s) => s.nodeId === node.id)?.values ?? {};
      if (!change) continue;
      amendment.nodes.push({ nodeId: node.id, title: node.title, changes: fieldChanges(node, before, change.values) });
      steps.push(
        putResult(actor.tenantId, subscriptionId, {
          nodeId: node.id,
          kind: node.kind,
          state: 'DONE',
          values: change.values,
          routing: change.routing,
          at: actor.at,
          by: actor.userId,
        }),
      );
    }
    const raw = amendedAmount(nodes, Object.fromEntries(changedIds.map((id) => [id, open.changes[id]?.values ?? {}])));
    if (raw !== undefined && !sameValue(raw, r.amount)) {
      const element = nodes
        .flatMap((n) => n.elements.map((e) => ({ n, e })))
        .find(({ n, e }) => open.changes[n.id] && e.element === 'AMOUNT' && e.prefill === 'subscription.amount');
      const amount = await checkedAmount(actor.tenantId, r, raw, `values.${element?.e.id ?? 'amount'}`);
      if (amount !== r.amount) {
        if (r.holdsCapacity && r.amount !== undefined) {
          // Its place in the fund was allocated for the old amount: more would overtake the waitlist.
          if (units(amount) > units(r.amount)) {
            throw new DomainError('reservationCapacityFull', { field: `values.${element?.e.id ?? 'amount'}` });
          }
          const capacity = await readCapacity(actor.tenantId, r.productId);
          const taken = units(capacity?.taken ?? '0') - (units(r.amount) - units(amount));
          steps.push(putCapacity(actor.tenantId, r.productId, amountOf(taken), capacity));
        }
        amendment.amount = { ...(r.amount !== undefined ? { before: r.amount } : {}), after: amount };
        next.amount = amount;
      }
    }
    // Answers are replaced in place only while the journey they drove stays the same: no router it
    // passed decides otherwise, and no signed agreement's amount changes (docs/subscriptions.md
    // "Amendments that change the journey"). Otherwise the journey must run again: refused, naming why.
    const { journey, results } = await readJourney(actor.tenantId, subscriptionId);
    if (journey) {
      const ran = Object.fromEntries(journey.done.map((id) => [id, results.get(id)?.routing]));
      const rerun = amendmentRerun(
        graph,
        journey.done,
        { results: ran, subscription: journey.subscription },
        {
          results: { ...ran, ...Object.fromEntries(changedIds.map((id) => [id, open.changes[id]?.routing])) },
          subscription: amendment.amount
            ? { ...journey.subscription, amount: Number(amendment.amount.after) }
            : journey.subscription,
        },
        amendment.amount !== undefined,
      );
      if (rerun.routers.length || rerun.signNodes.length) {
        throw new DomainError('modificationChangesJourney', {
          nodeIds: [...rerun.routers, ...rerun.signNodes],
          ...(rerun.from ? { from: rerun.from } : {}),
        });
      }
    }
    steps.push({
      item: {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.amendment(actor.tenantId, subscriptionId, actor.at, amendment.amendmentId),
            type: 'SUBSCRIPTION_AMENDMENT',
            ...amendment,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    });
    return {
      steps,
      payload: {
        amendmentId: amendment.amendmentId,
        nodeIds: amendment.nodes.map((n) => n.nodeId),
        ...(body.note ? { comment: body.note.slice(0, 300) } : {}),
      },
    };
  });
};

/** GET /subscription/{id}/modification/previous: the confirmed amendments, newest first. */
export const listAmendments = async (actor: Actor, role: Role, subscriptionId: string) => {
  await visible(actor, role, subscriptionId);
  const items = await readAmendments(actor.tenantId, subscriptionId);
  return { items: items.sort((a, b) => b.at.localeCompare(a.at)) };
};

/**
 * GET /subscription/{id}/snapshot-data: the submitted answers, labelled (what the manager reads on the
 * case page): the open modification's snapshot while one is open, else the journey's done form steps.
 */
export const getSnapshotData = async (actor: Actor, role: Role, subscriptionId: string): Promise<SnapshotData> => {
  await visible(actor, role, subscriptionId);
  const open = await readOpen(actor.tenantId, subscriptionId);
  if (open) {
    const graph = await graphOf(actor.tenantId, open);
    return {
      subscriptionId,
      source: 'MODIFICATION',
      nodes: nodesOf(graph, open).map((node) => {
        const snap = open.snapshot.find((s) => s.nodeId === node.id);
        return {
          nodeId: node.id,
          kind: node.kind,
          title: node.title,
          ...(snap ? { at: snap.at } : {}),
          fields: answerFields(node, snap?.values ?? {}),
        };
      }),
    };
  }
  const { journey, results } = await readJourney(actor.tenantId, subscriptionId);
  if (!journey) return { subscriptionId, source: 'NONE', nodes: [] };
  const graph = await readPublishedGraph(actor.tenantId, journey.scenarioId, journey.scenarioVersion);
  return {
    subscriptionId,
    source: 'JOURNEY',
    nodes: amendableNodes(graph, journey.done).flatMap((node) => {
      const r = results.get(node.id);
      return r?.state === 'DONE'
        ? [{ nodeId: node.id, kind: node.kind, title: node.title, at: r.at, fields: answerFields(node, r.values) }]
        : [];
    }),
  };
};
