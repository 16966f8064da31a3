import type { Lang } from '@tranche/shared/i18n/langs';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { isApiError } from './api-error';
import { applyApiFieldErrors } from './form-errors';

/** The error type of a field error whose message is already the text to show. */
export const DETAIL_ERROR = 'detail';

/**
 * Puts a refused request's error on the form field it names. A business rule whose message carries
 * its details ("at least {minimum} {currency}") is stored as that text in the current language (the
 * shared mapper stores the bare catalogue code, whose message would show its placeholders); a
 * malformed value is the shared mapper's. Answers whether a field took it.
 */
export const placeApiError = <T extends FieldValues>(
  error: unknown,
  form: UseFormReturn<T>,
  fields: readonly string[],
  lang: Lang,
): boolean => {
  if (!isApiError(error)) return false;
  if (error.code === 'PARAMS_ERROR')
    return applyApiFieldErrors(error, form, { hasField: (path) => fields.includes(path) });
  const named = error.fieldErrors.map((f) => f.field).find((f) => fields.includes(f));
  const field = named ?? (typeof error.details.field === 'string' ? error.details.field : undefined);
  if (!field || !fields.includes(field)) return false;
  form.setError(field as never, { type: DETAIL_ERROR, message: error.messageIn(lang) ?? '' }, { shouldFocus: true });
  return true;
};

/** `useFieldErrorText`'s rule text for forms using placeApiError: detail errors are already text. */
export const ruleTextWith =
  (t: (key: string) => string) =>
  (error: { type: string; message: string }): string =>
    error.type === DETAIL_ERROR ? error.message : t(error.message);
