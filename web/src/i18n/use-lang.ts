import type { Lang } from '@tranche/shared/i18n/langs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { currentLang } from './index';

/** The current UI language, re-rendering on change. */
export const useLang = (): Lang => {
  const { i18n } = useTranslation();
  return currentLang(i18n);
};

/** The text to show for a failed call: the catalogue message in `lang`, never the server's own text. */
export const errorText = (error: unknown, lang: Lang, t: TFunction): string => {
  if (isApiError(error)) return error.messageIn(lang) ?? t('errors.network');
  return t('errors.unexpected');
};

export const useErrorText = (error: unknown): string => {
  const { t, i18n } = useTranslation();
  return errorText(error, currentLang(i18n), t);
};
