import type { FieldErrors, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import type { gpSettingsEn } from '@/features/gp-settings/locales/en';
import { schemaResolver as sharedSchemaResolver, useFieldErrorText } from '@/lib/form-errors';

export type ValidationKey = keyof (typeof gpSettingsEn)['gpSettings']['validation'];

const DUPLICATE_FIELDS = new Set(['languages', 'currencies', 'openCountries', 'domains', 'currency']);

/**
 * The message for a failed rule on a field: a zod issue code (the shared schema's in the browser,
 * `details.fields[].rule` from the API) and the field it is about. Errors hold this key, never
 * text, so a language switch re-translates what is on screen.
 */
export const validationKey = (path: readonly PropertyKey[], code: string, isArray = false): ValidationKey => {
  const segments = path.map(String);
  const field = segments.findLast((s) => !/^\d+$/.test(s)) ?? '';
  const indexed = /^\d+$/.test(segments.at(-1) ?? '');
  // A number of years has one message for every way it can be wrong (empty, fractional, out of range).
  if (field === 'sealedRetentionYears') return 'years';
  if (code === 'custom') {
    if (field === 'defaultLanguage') return 'defaultNotOffered';
    if (field === 'baseCurrency') return 'baseNotOffered';
    if (field === 'prefix') return 'prefixReserved';
    if (field === 'currencies' && indexed) return 'rate';
    if (DUPLICATE_FIELDS.has(field)) return 'duplicate';
    if (field === 'rate') return 'rate';
    return 'invalid';
  }
  if (code === 'invalid_format') {
    if (field === 'rate') return 'rate';
    if (field === 'asOf') return 'date';
    if (field === 'prefix') return 'prefix';
    if (field === 'domains') return 'host';
    if (field === 'primaryColor') return 'colour';
    return 'invalid';
  }
  if (code === 'too_small') {
    if (isArray) return 'atLeastOne';
    if (field === 'prefix') return 'prefix';
    return 'required';
  }
  if (code === 'too_big') return field === 'prefix' ? 'prefix' : 'tooLong';
  if (code === 'invalid_type') return 'required';
  return 'invalid';
};

/** A react-hook-form resolver from a shared zod schema: the very rules the API applies. */
export const schemaResolver = <T extends FieldValues>(schema: z.ZodType<T>) =>
  sharedSchemaResolver<T, T>(schema, {
    message: (issue) => validationKey(issue.path, issue.code, issue.code === 'too_small' && issue.origin === 'array'),
  });

/** The text of a field's error (a validation key, or a catalogue code the API answered with). */
export const useFieldError = (errors: FieldErrors) => {
  const { t } = useTranslation();
  return useFieldErrorText(errors, ({ message }) => t(`gpSettings.validation.${message as ValidationKey}`));
};
