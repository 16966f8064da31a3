import { useState } from 'react';
import { type FieldError, type FieldValues, get, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { type ApiError, isApiError } from '@/lib/api-error';

/**
 * Validation messages of the product forms, by key. Errors hold the key (not text), and the field
 * translates it when it renders, so switching the language re-translates errors already on screen.
 */
export const FORM_ERROR_KEYS = [
  'required',
  'invalid',
  'amount',
  'date',
  'tooLong',
  'atLeastOne',
  'percentRange',
  'maxBelowMin',
  'upToBelowValue',
  'dateOrder',
  'anyExclusive',
] as const;
export type FormErrorKey = (typeof FORM_ERROR_KEYS)[number];
const isFormErrorKey = (v: unknown): v is FormErrorKey => (FORM_ERROR_KEYS as readonly unknown[]).includes(v);

/** Fields holding localized text: their errors show on the English input, which is the one required. */
const LOCALIZED_FIELDS = new Set(['name', 'summary', 'description', 'note', 'title', 'terms']);
const AMOUNT_FIELDS = new Set(['minInvestment', 'maxInvestment', 'targetSize', 'value', 'upTo']);
const DATE_FIELDS = new Set(['openingDate', 'closingDate', 'finalClosingDate']);

interface IssueLike {
  path: readonly PropertyKey[];
  code: string;
  origin?: string;
  params?: { rule?: string } | undefined;
}

/** The form field an issue belongs to, e.g. `managementFee.note` -> `managementFee.note.en`. */
export const fieldPathOf = (path: readonly PropertyKey[]): string => {
  const parts = path.map(String);
  const last = parts.at(-1);
  if (last && LOCALIZED_FIELDS.has(last)) parts.push('en');
  return parts.join('.');
};

/** The message for a zod issue (ours or the server's `details.fields[].rule`), from the field and rule. */
export const errorKeyOf = (issue: IssueLike): FormErrorKey => {
  const field = String(issue.path.at(-1) ?? '');
  switch (issue.code) {
    case 'custom':
      switch (issue.params?.rule) {
        case 'required':
          return 'required';
        case 'range':
          return 'percentRange';
        case 'exclusive':
          return 'anyExclusive';
        default:
          if (field === 'maxInvestment') return 'maxBelowMin';
          if (field === 'upTo') return 'upToBelowValue';
          if (DATE_FIELDS.has(field)) return 'dateOrder';
          if (field === 'investorTypes') return 'anyExclusive';
          return 'invalid';
      }
    case 'too_small':
      return issue.origin === 'array' || field === 'investorTypes' ? 'atLeastOne' : 'required';
    case 'too_big':
      return 'tooLong';
    case 'invalid_type':
    case 'invalid_value':
      return 'required';
    case 'invalid_format':
    case 'invalid_string':
      if (AMOUNT_FIELDS.has(field)) return 'amount';
      if (DATE_FIELDS.has(field)) return 'date';
      return 'invalid';
    default:
      return 'invalid';
  }
};

const setIn = (target: Record<string, unknown>, path: string, error: FieldError) => {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  const last = parts.at(-1) as string;
  node[last] ??= error; // the first problem of a field is the one to fix first
};

/**
 * A react-hook-form resolver that validates with a shared zod schema: the form values are first
 * turned into the API input, then checked exactly as the server will check them.
 */
export const schemaResolver =
  <TValues extends FieldValues, TOutput>(
    schema: z.ZodType<TOutput>,
    toInput: (values: TValues) => unknown,
  ): Resolver<TValues, unknown, TOutput> =>
  (values) => {
    const parsed = schema.safeParse(toInput(values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of parsed.error.issues) {
      const key = errorKeyOf(issue as IssueLike);
      setIn(errors, fieldPathOf(issue.path), { type: key, message: key });
    }
    return { values: {}, errors: errors as never };
  };

/**
 * Puts the server's field errors (`details.fields`, e.g. `maxInvestment`) on the fields at fault.
 * Answers false when the error names no field the form has: the caller shows it as a whole.
 */
export const applyApiFieldErrors = (
  error: ApiError,
  setError: (name: never, error: { type: string; message: string }, options?: { shouldFocus: boolean }) => void,
  hasField: (path: string) => boolean,
): boolean => {
  let applied = false;
  for (const fieldError of error.fieldErrors) {
    const path = fieldPathOf(fieldError.field.split('.'));
    if (!hasField(path)) continue;
    const key = errorKeyOf({ path: fieldError.field.split('.'), code: fieldError.rule });
    setError(path as never, { type: key, message: key }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
};

/**
 * A form's submit handler for a save: clears the last failure, runs `save` with the validated input,
 * and keeps what it threw for the SaveErrorAlert. With `fieldErrors`, the server's field errors go on
 * the fields at fault instead, when the form has them.
 */
export const useSaveSubmit = <TValues extends FieldValues, TOutput>(
  form: UseFormReturn<TValues, unknown, TOutput>,
  save: (input: TOutput) => Promise<void>,
  { fieldErrors = false }: { fieldErrors?: boolean } = {},
) => {
  const [saveError, setSaveError] = useState<unknown>(null);
  const submit = form.handleSubmit(async (input) => {
    setSaveError(null);
    try {
      await save(input);
    } catch (error) {
      const onField =
        fieldErrors &&
        isApiError(error) &&
        applyApiFieldErrors(error, form.setError, (path) => form.getValues(path as never) !== undefined);
      if (!onField) setSaveError(error);
    }
  });
  return { submit, saveError, setSaveError };
};

/** Translates the error of a field (by its path in the form's errors) for display under the input. */
export const useFieldError = (errors: unknown) => {
  const { t } = useTranslation();
  return (path: string): string | undefined => {
    const error = get(errors, path) as FieldError | undefined;
    if (!error?.message) return undefined;
    return t(`gpProducts.errors.${isFormErrorKey(error.message) ? error.message : 'invalid'}`);
  };
};
