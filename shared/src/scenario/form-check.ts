import type { FieldIssue } from '../errors/catalogue.js';
import {
  type FormElement,
  isDisplayElement,
  type NodeOfKind,
  type NodeValues,
  type ScenarioNode,
} from './scenario.schema.js';
import { fieldTypeOf } from './validate.js';

/**
 * Judges a node's submitted values against its definition (issue 13: MANDATORY / OPTIONAL / HIDDEN and
 * the field types). Pure; the API answers the issues as one 422 naming every field (`values.<id>`).
 *
 * - MANDATORY: a value is required (a checkbox must be ticked, a list must not be empty);
 * - OPTIONAL: may be absent or null;
 * - HIDDEN: never shown, so a value for it is refused (someone sent what the form never asked);
 * - a value for an id the node does not have is refused too.
 */

const DECIMAL = /^-?\d{1,15}(\.\d{1,6})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const PHONE = /^\+?[0-9 ()-]{5,25}$/;

const isEmpty = (v: unknown): boolean =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0) || v === false;

const problem = (id: string, rule: string, message: string): FieldIssue => ({ field: `values.${id}`, rule, message });

const checkValue = (el: FormElement, value: unknown): FieldIssue | undefined => {
  const bad = (rule: string, message: string) => problem(el.id, rule, message);
  const options = new Set(el.options?.map((o) => o.value) ?? []);
  switch (el.element) {
    case 'CHECKBOX':
      return typeof value === 'boolean' ? undefined : bad('type', 'Expected true or false');
    case 'CHECKBOX_GROUP': {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
        return bad('type', 'Expected a list of options');
      const unknown = (value as string[]).find((v) => !options.has(v));
      return unknown === undefined ? undefined : bad('option', `"${unknown}" is not one of the options`);
    }
    case 'SELECT':
    case 'RADIO':
    case 'AUTOCOMPLETE':
      if (typeof value !== 'string') return bad('type', 'Expected one of the options');
      return options.has(value) ? undefined : bad('option', `"${value}" is not one of the options`);
    case 'TABLE': {
      if (!Array.isArray(value) || value.some((r) => typeof r !== 'object' || r === null || Array.isArray(r)))
        return bad('type', 'Expected rows');
      const columns = new Set(el.columns?.map((c) => c.id) ?? []);
      for (const row of value as Record<string, unknown>[]) {
        const extra = Object.keys(row).find((k) => !columns.has(k));
        if (extra) return bad('column', `"${extra}" is not a column`);
      }
      return undefined;
    }
    case 'MANDATORY_DOCUMENTS':
      return Array.isArray(value) && value.every((v) => typeof v === 'string')
        ? undefined
        : bad('type', 'Expected a list of uploaded files');
    default:
      break;
  }
  if (typeof value !== 'string') return bad('type', 'Expected text');
  if ((el.element === 'AMOUNT' || el.element === 'REDEMPTION_INFORMATION') && !DECIMAL.test(value))
    return bad('decimal', 'Expected an amount such as 250000.00');
  if (el.element === 'PHONE' && !PHONE.test(value)) return bad('phone', 'Invalid phone number');
  if (el.element === 'INPUT' && fieldTypeOf(el) === 'date' && (!DATE.test(value) || Number.isNaN(Date.parse(value))))
    return bad('date', 'Expected a date (YYYY-MM-DD)');
  const v = el.validators;
  if (v?.minLength !== undefined && value.length < v.minLength)
    return bad('minLength', `At least ${v.minLength} characters`);
  if (v?.maxLength !== undefined && value.length > v.maxLength)
    return bad('maxLength', `At most ${v.maxLength} characters`);
  if (v?.pattern !== undefined && !new RegExp(`^(?:${v.pattern})$`, 'u').test(value))
    return bad('pattern', 'Not in the expected format');
  if ((v?.min !== undefined || v?.max !== undefined) && DECIMAL.test(value)) {
    const n = Number(value);
    if (v.min !== undefined && n < v.min) return bad('min', `At least ${v.min}`);
    if (v.max !== undefined && n > v.max) return bad('max', `At most ${v.max}`);
  }
  return undefined;
};

export const checkFormValues = (elements: readonly FormElement[], values: NodeValues): FieldIssue[] => {
  const issues: FieldIssue[] = [];
  const known = new Map(elements.map((e) => [e.id, e]));
  for (const id of Object.keys(values)) {
    const el = known.get(id);
    if (!el || isDisplayElement(el.element)) issues.push(problem(id, 'unknown', 'This form has no such field'));
    else if (el.requirement === 'HIDDEN' && values[id] !== null)
      issues.push(problem(id, 'hidden', 'This field is hidden'));
  }
  for (const el of elements) {
    if (isDisplayElement(el.element) || el.requirement === 'HIDDEN') continue;
    const value = values[el.id];
    if (isEmpty(value)) {
      // An unticked checkbox is an answer ("no") unless the box is mandatory (a consent).
      if (el.requirement === 'MANDATORY') issues.push(problem(el.id, 'required', 'This field is required.'));
      else if (value === false && el.element !== 'CHECKBOX') issues.push(problem(el.id, 'type', 'Expected text'));
      continue;
    }
    const bad = checkValue(el, value);
    if (bad) issues.push(bad);
  }
  return issues;
};

/** A statement's consents: every one must be ticked (else the spec's ASSENT_EMPTY). */
export const statementAssented = (node: NodeOfKind<'STATEMENT'>, values: NodeValues): boolean =>
  node.consents.every((c) => values[c.id] === true) &&
  Object.keys(values).every((k) => node.consents.some((c) => c.id === k));

/**
 * The value the state machine gets for routing: amounts as numbers (Choice compares numbers), the
 * rest as sent. The stored result keeps the exact decimal strings.
 */
export const routingValues = (node: ScenarioNode, values: NodeValues): Record<string, unknown> => {
  if (node.kind !== 'FORM' && node.kind !== 'NODE_FORM') return { ...values };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    const el = node.elements.find((e) => e.id === k);
    out[k] =
      el && (el.element === 'AMOUNT' || el.element === 'REDEMPTION_INFORMATION') && typeof v === 'string'
        ? Number(v)
        : v;
  }
  return out;
};
