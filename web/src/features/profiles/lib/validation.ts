import {
  PROFILE_VALIDATION_KEYS,
  PROFILE_VALIDATION_MESSAGES,
  type ProfileValidationKey,
} from '@tranche/shared/profile/profile-enums';
import type { FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { profilesEn } from '@/features/profiles/locales/en';
import { useLang } from '@/i18n/use-lang';
import { useFieldErrorText } from '@/lib/form-errors';

type OwnKey = keyof (typeof profilesEn)['profiles']['validation'];
/** What a field's error holds: a spec section-5 message key, or one of this feature's own. */
export type ProfileRuleKey = ProfileValidationKey | OwnKey;

const SECTION_5: ReadonlySet<string> = new Set(PROFILE_VALIDATION_KEYS);

/**
 * The message key for a failed rule: a zod issue code from the shared schema in the browser, or
 * `details.fields[].rule` from a 422 (which the profile routes send as the section-5 key itself,
 * `required`, `phone`, `personChosen`…). `field` is the last named segment of the path.
 */
export const ruleKey = (rule: string, field: string): ProfileRuleKey => {
  if (SECTION_5.has(rule)) return rule as ProfileValidationKey;
  if (rule === 'too_small' || rule === 'invalid_type') return 'required';
  if (rule === 'too_big') return field === 'ownership' || field === 'percentage' ? 'percent' : 'tooLong';
  if (rule === 'invalid_format') {
    if (/email/i.test(field)) return 'email';
    if (/phone/i.test(field)) return 'phone';
    if (/date|On$|expiry/i.test(field)) return 'date';
    return 'invalid';
  }
  if (rule === 'invalid_value' && /country|nationality|jurisdiction/i.test(field)) return 'country';
  return 'invalid';
};

const lastField = (path: string) =>
  path
    .split('.')
    .filter((s) => !/^\d+$/.test(s))
    .at(-1) ?? '';

/** For `schemaResolver`/`applyApiFieldErrors`: the key a failed rule at `path` is stored as. */
export const ruleMessage = (rule: string, path: string): ProfileRuleKey => ruleKey(rule, lastField(path));

/** The text under a field: the spec's section-5 messages in the UI language, our own keys, or an API code's catalogue message. */
export const useProfileFieldError = (errors: FieldErrors) => {
  const { t } = useTranslation();
  const lang = useLang();
  return useFieldErrorText(errors, ({ type, message }, path) => {
    const key = (message || ruleMessage(type, path)) as ProfileRuleKey;
    if (SECTION_5.has(key)) return PROFILE_VALIDATION_MESSAGES[key as ProfileValidationKey][lang];
    return t(`profiles.validation.${key as OwnKey}`, { defaultValue: t('profiles.validation.invalid') });
  });
};
