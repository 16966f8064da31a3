import type { FieldErrors, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import type { signingEn } from '@/features/signing/locales/en';
import { schemaResolver as sharedSchemaResolver, useFieldErrorText } from '@/lib/form-errors';

export type ValidationKey = keyof (typeof signingEn)['signing']['validation'];

/**
 * The message key for a failed rule of the shared signing schemas (a zod issue code in the browser,
 * `details.fields[].rule` from the API). Errors hold this key, never text (web/README.md, form errors).
 */
export const validationKey = (path: readonly PropertyKey[], code: string): ValidationKey => {
  const field = path.map(String).findLast((s) => !/^\d+$/.test(s)) ?? '';
  if (code === 'too_small') return field === 'name' || field === 'reason' ? 'required' : 'range';
  if (code === 'too_big') return field === 'name' || field === 'reason' || field === 'onBehalfOf' ? 'tooLong' : 'range';
  if (code === 'invalid_format') return field === 'email' ? 'email' : 'invalid';
  if (code === 'invalid_type')
    return field === 'expiresInDays' || field === 'reminderEveryDays' || field === 'group' ? 'range' : 'required';
  return 'invalid';
};

export const schemaResolver = <T extends FieldValues, O>(schema: z.ZodType<O>, toInput?: (values: T) => unknown) =>
  sharedSchemaResolver<T, O>(schema, {
    ...(toInput ? { toInput } : {}),
    message: (issue) => validationKey(issue.path, issue.code),
  });

/** The text of a field's error (a validation key, or a catalogue code the API answered with). */
export const useFieldError = (errors: FieldErrors) => {
  const { t } = useTranslation();
  return useFieldErrorText(errors, ({ message }) => t(`signing.validation.${message as ValidationKey}`));
};
