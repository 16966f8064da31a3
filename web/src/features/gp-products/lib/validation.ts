import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { applyApiFieldErrors, schemaResolver as sharedSchemaResolver, useFieldErrorText } from '@/lib/form-errors';

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
  'gatePercent',
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
      if (field === 'redemptionGatePercent') return 'gatePercent';
      return 'invalid';
    default:
      return 'invalid';
  }
};

/**
 * A react-hook-form resolver that validates with a shared zod schema: the form values are first
 * turned into the API input, then checked exactly as the server will check them.
 */
export const schemaResolver = <TValues extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput>,
  toInput: (values: TValues) => unknown,
) =>
  sharedSchemaResolver<TValues, TOutput>(schema, {
    toInput,
    fieldPath: fieldPathOf,
    message: (issue) => errorKeyOf(issue as IssueLike),
  });

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
        applyApiFieldErrors(error, form, {
          fieldPath: (field) => fieldPathOf(field.split('.')),
          ruleMessage: (rule, path) => errorKeyOf({ path: path.split('.'), code: rule }),
        });
      if (!onField) setSaveError(error);
    }
  });
  return { submit, saveError, setSaveError };
};

/** Translates the error of a field (by its path in the form's errors) for display under the input. */
export const useFieldError = (errors: unknown) => {
  const { t } = useTranslation();
  return useFieldErrorText(errors, ({ message }) =>
    t(`gpProducts.errors.${isFormErrorKey(message) ? message : 'invalid'}`),
  );
};
