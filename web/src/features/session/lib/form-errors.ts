import { PASSWORD_MIN_LENGTH } from '@tranche/shared/auth/auth.schema';
import { ERROR_CATALOGUE, type ErrorCode, isErrorCode } from '@tranche/shared/errors/catalogue';
import type { TFunction } from 'i18next';
import type { FieldError, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { currentLang } from '@/i18n';
import { isApiError } from '@/lib/api-error';

/**
 * Form errors of the identity screens. Client-side checks use the shared zod schemas: their issue
 * codes are translated here (the schemas' own English texts are never shown). Errors the API
 * answers are put on the field at fault as `{type: 'api', message: <catalogue code>}`, so they are
 * shown with the catalogue message in the current language, and follow a language switch.
 */
const API_ERROR = 'api';

const PASSWORD_FIELDS = new Set(['password', 'newPassword']);

/** The text for a rule that failed on a field: a zod issue code, or a spec §5 rule from the API. */
const ruleText = (field: string, rule: string | undefined, empty: boolean, t: TFunction): string => {
  if (empty) return t('validation.required');
  if (field === 'email') return t('validation.email');
  if (field === 'phone') return t('validation.phone');
  if (field === 'code') return t('session.codeFormat');
  if (PASSWORD_FIELDS.has(field) && rule === 'too_small')
    return t('session.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
  if (rule === 'too_small') return t('validation.tooSmall');
  if (rule === 'too_big') return t('validation.tooBig');
  if (rule === 'unrecognized_keys') return t('validation.unexpected');
  return t('validation.invalid');
};

/** `errorOf('email')`: the message to show under a field of this form, or undefined. */
export const useFieldErrors = <T extends FieldValues>(form: UseFormReturn<T>) => {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  return (name: Path<T>): string | undefined => {
    const error = form.formState.errors[name] as FieldError | undefined;
    if (!error) return undefined;
    if (error.type === API_ERROR && isErrorCode(error.message)) return ERROR_CATALOGUE[error.message].messages[lang];
    const value: unknown = form.getValues(name);
    return ruleText(String(name), error.type, value === '' || value === undefined, t);
  };
};

/**
 * Puts a failed call's error on the field at fault: the field a catalogue code is about (`byCode`),
 * or the fields `details.fields` names. Returns whether any field got it; if none did, the screen
 * shows the error above the form.
 */
export const applyApiError = <T extends FieldValues>(
  error: unknown,
  form: UseFormReturn<T>,
  byCode: Partial<Record<ErrorCode, Path<T>>> = {},
): boolean => {
  if (!isApiError(error) || error.code === 'NETWORK_ERROR') return false;
  const known = (field: string): field is Path<T> => field in form.getValues();
  const target = byCode[error.code];
  if (target) {
    form.setError(target, { type: API_ERROR, message: error.code }, { shouldFocus: true });
    return true;
  }
  let placed = false;
  for (const { field, rule } of error.fieldErrors) {
    if (!known(field)) continue;
    // A business rule about a well-formed value (NotOfferedByTenant) reads best as the catalogue message.
    const type = error.code === 'PARAMS_ERROR' ? rule : API_ERROR;
    form.setError(field, { type, message: error.code }, { shouldFocus: !placed });
    placed = true;
  }
  return placed && error.code !== 'PARAMS_ERROR';
};
