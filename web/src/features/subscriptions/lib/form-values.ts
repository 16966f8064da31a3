import type { FormElement, NodeValues } from '@tranche/shared/scenario/scenario.schema';
import { isDisplayElement } from '@tranche/shared/scenario/scenario.schema';

/** A form value as the runner holds it (the API's value kinds: scenario-contract.md section 1). */
export type FieldValue = string | boolean | string[] | Record<string, string>[];

/** Why a value is refused, as a key of `subscriptions.runner.rules.*`. */
export type ValueRule =
  | 'required'
  | 'mustTick'
  | 'number'
  | 'amount'
  | 'date'
  | 'min'
  | 'max'
  | 'minLength'
  | 'maxLength'
  | 'pattern'
  | 'option';

/** The elements the investor fills in: not display-only, not HIDDEN (those are never shown nor sent). */
export const inputElements = (elements: readonly FormElement[]): FormElement[] =>
  elements.filter((e) => e.requirement !== 'HIDDEN' && !isDisplayElement(e.element));

/** What a value of this element is when nothing is entered. */
export const emptyValue = (element: FormElement): FieldValue => {
  switch (element.element) {
    case 'CHECKBOX':
      return false;
    case 'CHECKBOX_GROUP':
    case 'MANDATORY_DOCUMENTS':
      return [];
    case 'TABLE':
      return [];
    case 'INPUT':
      return element.fieldType === 'checkbox' ? false : element.fieldType === 'checkbox-group' ? [] : '';
    default:
      return '';
  }
};

/** Whether the element holds a boolean (a single checkbox). */
const isBoolean = (e: FormElement) => e.element === 'CHECKBOX' || (e.element === 'INPUT' && e.fieldType === 'checkbox');
/** Whether it holds a list of option values or file names. */
const isList = (e: FormElement) =>
  e.element === 'CHECKBOX_GROUP' ||
  e.element === 'MANDATORY_DOCUMENTS' ||
  (e.element === 'INPUT' && e.fieldType === 'checkbox-group');

/** A value of the right kind for the element, or undefined (a prefill of another shape is not trusted). */
const coerce = (element: FormElement, value: unknown): FieldValue | undefined => {
  if (value === null || value === undefined) return undefined;
  if (isBoolean(element)) return typeof value === 'boolean' ? value : undefined;
  if (isList(element)) return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;
  if (element.element === 'TABLE')
    return Array.isArray(value) && value.every((r) => r && typeof r === 'object' && !Array.isArray(r))
      ? (value as Record<string, string>[])
      : undefined;
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value : undefined;
};

/**
 * The form's starting values: what the investor saved as a draft, else the prefill (verified
 * profile, previous investment), else empty. `prefilled` lists the fields whose value came from the
 * prefill, which the investor is asked to confirm.
 */
export const initialValues = (
  elements: readonly FormElement[],
  prefill: NodeValues,
  draft: NodeValues | undefined,
): { values: Record<string, FieldValue>; prefilled: string[] } => {
  const values: Record<string, FieldValue> = {};
  const prefilled: string[] = [];
  for (const element of inputElements(elements)) {
    const saved = coerce(element, draft?.[element.id]);
    const filled = coerce(element, prefill[element.id]);
    if (saved !== undefined) values[element.id] = saved;
    else if (filled !== undefined && !isBlank(filled)) {
      values[element.id] = filled;
      prefilled.push(element.id);
    } else values[element.id] = emptyValue(element);
  }
  return { values, prefilled };
};

export const isBlank = (value: FieldValue | undefined): boolean => {
  if (value === undefined || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value))
    return (
      value.length === 0 ||
      value.every((v) => (typeof v === 'string' ? v.trim() === '' : Object.values(v).every((c) => !c.trim())))
    );
  return false;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const AMOUNT = /^\d{1,15}(\.\d{1,2})?$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * The first rule a value breaks, checked as the server checks it (form-check in shared/src/scenario):
 * MANDATORY must be filled (a checkbox ticked), options must be the element's own, amounts decimal,
 * dates YYYY-MM-DD, and the element's validators. An empty OPTIONAL field passes.
 */
export const checkValue = (element: FormElement, value: FieldValue | undefined): ValueRule | undefined => {
  if (isBlank(value)) {
    if (element.requirement !== 'MANDATORY') return undefined;
    return isBoolean(element) ? 'mustTick' : 'required';
  }
  const v = element.validators;
  if (typeof value === 'string') {
    const text = value.trim();
    if (element.element === 'AMOUNT' || element.element === 'REDEMPTION_INFORMATION') {
      if (!AMOUNT.test(text)) return 'amount';
      if (v?.min !== undefined && Number(text) < v.min) return 'min';
      if (v?.max !== undefined && Number(text) > v.max) return 'max';
    } else if (element.fieldType === 'date') {
      if (!DATE.test(text) || Number.isNaN(Date.parse(text))) return 'date';
    } else if (v?.min !== undefined || v?.max !== undefined) {
      if (!NUMBER.test(text)) return 'number';
      if (v.min !== undefined && Number(text) < v.min) return 'min';
      if (v.max !== undefined && Number(text) > v.max) return 'max';
    }
    if (v?.minLength !== undefined && text.length < v.minLength) return 'minLength';
    if (v?.maxLength !== undefined && text.length > v.maxLength) return 'maxLength';
    if (v?.pattern !== undefined && !safeTest(v.pattern, text)) return 'pattern';
    if (element.options && hasOptions(element) && !element.options.some((o) => o.value === text)) return 'option';
  }
  if (Array.isArray(value) && element.options && isList(element)) {
    const allowed = new Set(element.options.map((o) => o.value));
    if (value.some((x) => typeof x === 'string' && !allowed.has(x))) return 'option';
  }
  return undefined;
};

/** Elements whose value must be one of their options. */
const hasOptions = (e: FormElement) =>
  e.element === 'SELECT' || e.element === 'RADIO' || e.element === 'AUTOCOMPLETE' || e.element === 'AREA_CODE';

/** An author's pattern that does not compile refuses nothing here: the server's check decides. */
const safeTest = (pattern: string, text: string): boolean => {
  try {
    return new RegExp(`^(?:${pattern})$`).test(text);
  } catch {
    return true;
  }
};

/**
 * What is sent: every shown input element's value, trimmed; blank optional fields are left out
 * (the server reads absent as not answered), table rows with no cell filled are dropped.
 */
export const toNodeValues = (elements: readonly FormElement[], values: Record<string, FieldValue>): NodeValues => {
  const out: NodeValues = {};
  for (const element of inputElements(elements)) {
    const value = values[element.id];
    if (value === undefined) continue;
    if (element.element === 'TABLE' && Array.isArray(value)) {
      const rows = (value as Record<string, string>[]).filter((r) => Object.values(r).some((c) => c.trim()));
      if (rows.length)
        out[element.id] = rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, c]) => [k, c.trim()])));
      continue;
    }
    if (isBlank(value) && !isBoolean(element)) continue;
    out[element.id] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
};
