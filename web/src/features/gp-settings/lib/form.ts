import { ERROR_CATALOGUE, isErrorCode } from '@tranche/shared/errors/catalogue';
import { type FieldErrors, type FieldValues, get, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import type { gpSettingsEn } from '@/features/gp-settings/locales/en';
import { useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';

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
export const schemaResolver =
  <T extends FieldValues>(schema: z.ZodType<T>): Resolver<T> =>
  async (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String);
      const name = path.join('.');
      if (!name || get(errors, name)) continue;
      const isArray = issue.code === 'too_small' && issue.origin === 'array';
      setDeep(errors, path, { type: issue.code, message: validationKey(issue.path, issue.code, isArray) });
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };

const setDeep = (target: Record<string, unknown>, path: string[], value: unknown) => {
  let node = target;
  path.forEach((segment, i) => {
    if (i === path.length - 1) node[segment] = value;
    else {
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    }
  });
};

/**
 * Puts the API's field errors (`details.fields`, e.g. `body.rates.0.rate`) on the form's fields.
 * Returns whether any landed; if none did the screen shows the error above the form.
 */
export const applyServerFieldErrors = (
  error: unknown,
  setError: (name: never, error: { type: string; message: string }) => void,
  hasField: (name: string) => boolean,
): boolean => {
  if (!isApiError(error)) return false;
  let placed = false;
  for (const { field, rule } of error.fieldErrors) {
    if (!hasField(field)) continue;
    const key = error.code === 'PARAMS_ERROR' ? validationKey(field.split('.'), rule) : error.code;
    setError(field as never, { type: error.code === 'PARAMS_ERROR' ? rule : 'api', message: key });
    placed = true;
  }
  return placed;
};

/** The text of a field's error (a validation key, or a catalogue code the API answered with). */
export const useFieldError = (errors: FieldErrors) => {
  const { t } = useTranslation();
  const lang = useLang();
  return (name: string): string | undefined => {
    const error = get(errors, name) as { message?: string; type?: string } | undefined;
    if (!error?.message) return undefined;
    if (error.type === 'api' && isErrorCode(error.message)) return ERROR_CATALOGUE[error.message].messages[lang];
    return t(`gpSettings.validation.${error.message as ValidationKey}`);
  };
};
