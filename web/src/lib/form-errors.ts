import { ERROR_CATALOGUE, type ErrorCode, isErrorCode } from '@tranche/shared/errors/catalogue';
import type { FieldError, FieldErrors, FieldValues, Resolver, UseFormSetError } from 'react-hook-form';
import { get } from 'react-hook-form';
import type * as z from 'zod';
import { useLang } from '@/i18n/use-lang';
import { isApiError } from './api-error';

/**
 * How every form shows errors, whether the browser found them (the shared zod schema) or the API
 * answered them (`{code, details: {fields: [{field, rule}]}}`): a field's error holds a KEY, never
 * text, and is translated when it renders, so a language switch re-translates errors on screen.
 *
 * - `{type: <zod issue code or rule>, message: <the form's own message key>}`: a failed rule; the
 *   feature turns the key into text (`useFieldErrorText`'s `ruleText`).
 * - `{type: 'api', message: <catalogue code>}`: a business rule the API refused (e.g. AccountExist);
 *   shown as the catalogue's message in the current language.
 */
export const API_ERROR_TYPE = 'api';

export interface ApiFieldErrorOptions {
  /** Codes about one field as a whole (`{AccountExist: 'email'}`): the code's message goes on it. */
  byCode?: Partial<Record<ErrorCode, string>>;
  /** The form path of an API field, when they differ (localized `name` -> `name.en`). */
  fieldPath?: (field: string) => string;
  /** Whether the form has the path; by default, whether it holds a value there. */
  hasField?: (path: string) => boolean;
  /** The form's message key for a failed validation rule (PARAMS_ERROR); the rule itself by default. */
  ruleMessage?: (rule: string, path: string) => string;
}

/** The part of `useForm()` this needs; any form's `setError`/`getValues` fit. */
interface FormTarget {
  // biome-ignore lint/suspicious/noExplicitAny: a form of any shape; the paths are checked at run time
  setError: UseFormSetError<any>;
  getValues: (path: never) => unknown;
}

/**
 * Puts a failed call's error on the fields at fault: the field `byCode` names for its code, or the
 * fields `details.fields` names. Focuses the first. Returns whether any field got it; if none did
 * (a network failure, a conflict, a field the form does not have) the screen shows the error whole.
 */
export const applyApiFieldErrors = (
  error: unknown,
  form: FormTarget,
  { byCode = {}, fieldPath = (f) => f, hasField, ruleMessage = (rule) => rule }: ApiFieldErrorOptions = {},
): boolean => {
  if (!isApiError(error) || error.code === 'NETWORK_ERROR') return false;
  const has = hasField ?? ((path: string) => form.getValues(path as never) !== undefined);
  const target = byCode[error.code];
  if (target) {
    form.setError(target, { type: API_ERROR_TYPE, message: error.code }, { shouldFocus: true });
    return true;
  }
  let placed = false;
  for (const { field, rule } of error.fieldErrors) {
    const path = fieldPath(field);
    if (!has(path)) continue;
    // A malformed value reads best as the form's own text for the rule; a business rule about a
    // well-formed value (NotOfferedByTenant on `currency`) as the catalogue's message.
    const value =
      error.code === 'PARAMS_ERROR'
        ? { type: rule, message: ruleMessage(rule, path) }
        : { type: API_ERROR_TYPE, message: error.code };
    form.setError(path, value, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
};

/**
 * `errorOf(path)`: the text under a field. API errors read from the catalogue in the current
 * language; the rest from the feature's `ruleText(error, path)`.
 */
export const useFieldErrorText = (
  errors: FieldErrors | unknown,
  ruleText: (error: { type: string; message: string }, path: string) => string,
) => {
  const lang = useLang();
  return (path: string): string | undefined => {
    const error = get(errors, path) as FieldError | undefined;
    if (!error || (!error.type && !error.message)) return undefined;
    if (error.type === API_ERROR_TYPE && isErrorCode(error.message))
      return ERROR_CATALOGUE[error.message].messages[lang];
    return ruleText({ type: String(error.type), message: error.message ?? '' }, path);
  };
};

/** A zod issue as the resolver hands it to `message`. */
export type SchemaIssue = z.core.$ZodIssue;

/**
 * A react-hook-form resolver from a shared zod schema: the form values (turned into the API input
 * by `toInput`) are checked exactly as the server will check them. Each field keeps its first issue,
 * stored as `{type: <issue code>, message: message(issue)}`.
 */
export const schemaResolver =
  <TValues extends FieldValues, TOutput>(
    schema: z.ZodType<TOutput>,
    {
      toInput = (values) => values,
      fieldPath = (path) => path.map(String).join('.'),
      message,
    }: {
      toInput?: (values: TValues) => unknown;
      fieldPath?: (path: readonly PropertyKey[]) => string;
      message: (issue: SchemaIssue) => string;
    },
  ): Resolver<TValues, unknown, TOutput> =>
  (values) => {
    const parsed = schema.safeParse(toInput(values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of parsed.error.issues) {
      const path = fieldPath(issue.path);
      if (!path || get(errors, path)) continue;
      setIn(errors, path, { type: issue.code, message: message(issue) });
    }
    return { values: {}, errors: errors as FieldErrors<TValues> };
  };

const setIn = (target: Record<string, unknown>, path: string, value: unknown) => {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts.at(-1) as string] = value;
};
