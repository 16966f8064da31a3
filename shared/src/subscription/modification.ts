import {
  type FormElement,
  isDisplayElement,
  type NodeValues,
  type ScenarioGraph,
  type ScenarioLabels,
  type ScenarioNode,
} from '../scenario/scenario.schema.js';
import type { SubscriptionStatus } from './statuses.js';

/**
 * Modification of a submitted subscription (issue 13, deliverable 9; docs/subscriptions.md
 * "Modification"): the rules that need no I/O, used by the API and the web alike.
 *
 * Ours (the spec names the paths only): the investor amends the answers of the form steps of their
 * journey (FORM and NODE_FORM: the data they typed or confirmed). Statements, questionnaires and
 * signatures are not re-answered: a consent stays given, a score stays what it was, a signature is
 * not re-made; what the manager reviews is the answers and the diff, before -> after.
 */

/** Statuses in which the investor may amend: handed over, not decided (the lifecycle's AMEND sources). */
export const AMENDABLE_STATUSES: readonly SubscriptionStatus[] = [
  'SUBMITTED',
  'REVIEWING',
  'ADDITIONAL_DOCUMENTS_UPLOADED',
];

/** The kinds of step whose answers an amendment may change. */
export const AMENDABLE_KINDS = ['FORM', 'NODE_FORM'] as const;

export type AmendableNode = Extract<ScenarioNode, { kind: (typeof AMENDABLE_KINDS)[number] }>;

export const isAmendable = (node: ScenarioNode | undefined): node is AmendableNode =>
  node !== undefined && (AMENDABLE_KINDS as readonly string[]).includes(node.kind);

/** The steps of a journey the investor may amend: done form steps of the investor, in the order done. */
export const amendableNodes = (graph: ScenarioGraph, done: readonly string[]): AmendableNode[] =>
  done.flatMap((id) => {
    const node = graph.nodes.find((n) => n.id === id);
    const party = node && 'party' in node ? node.party : undefined;
    return isAmendable(node) && (party ?? 'INVESTOR') === 'INVESTOR' ? [node] : [];
  });

/** The elements that carry a value the investor gave (never a display element, never a HIDDEN one). */
const valueElements = (node: AmendableNode): FormElement[] =>
  node.elements.filter((e) => !isDisplayElement(e.element) && e.requirement !== 'HIDDEN');

/** Stable comparison of two answers (arrays and table rows included; key order does not matter). */
const canonical = (value: unknown): string => {
  if (value === undefined || value === null || value === '') return '';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
};

export const sameValue = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

export interface FieldAnswer {
  elementId: string;
  label: ScenarioLabels;
  value: NodeValues[string] | null;
}

export interface FieldChange {
  elementId: string;
  label: ScenarioLabels;
  before: NodeValues[string] | null;
  after: NodeValues[string] | null;
}

/** A step's answers, labelled, in the form's order (what the manager reads on the case page). */
export const answerFields = (node: AmendableNode, values: NodeValues): FieldAnswer[] =>
  valueElements(node).map((e) => ({ elementId: e.id, label: e.label, value: values[e.id] ?? null }));

/** What an amendment changes in one step: each field whose answer differs, before -> after. */
export const fieldChanges = (node: AmendableNode, before: NodeValues, after: NodeValues): FieldChange[] =>
  valueElements(node).flatMap((e) =>
    sameValue(before[e.id], after[e.id])
      ? []
      : [{ elementId: e.id, label: e.label, before: before[e.id] ?? null, after: after[e.id] ?? null }],
  );

/**
 * The subscription's amount as amended: the answer of an AMOUNT element bound to the subscription's
 * amount (prefill `subscription.amount`), when a changed step has one; undefined when none changed it.
 */
export const amendedAmount = (
  nodes: readonly AmendableNode[],
  changed: Record<string, NodeValues>,
): string | undefined => {
  for (const node of nodes) {
    const values = changed[node.id];
    if (!values) continue;
    const element = node.elements.find((e) => e.element === 'AMOUNT' && e.prefill === 'subscription.amount');
    const value = element ? values[element.id] : undefined;
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
};
