import { PASSWORD_MIN_LENGTH } from '@tranche/shared/auth/auth.schema';
import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '@/lib/form-errors';

/**
 * The texts under the fields of the identity screens. Client-side checks use the shared zod schemas
 * (via `@hookform/resolvers/zod`): their issue codes are translated here, the schemas' own English
 * texts are never shown. API errors are put on fields with `applyApiFieldErrors` (`@/lib/form-errors`).
 */
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
  const { t } = useTranslation();
  const text = useFieldErrorText(form.formState.errors, ({ type }, path) => {
    const value: unknown = form.getValues(path as Path<T>);
    return ruleText(path, type, value === '' || value === undefined, t);
  });
  return (name: Path<T>): string | undefined => text(name);
};
