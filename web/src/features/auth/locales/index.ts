import { useFeatureLocales } from '@/i18n/feature-locales';
import { authEn } from './en';
import { authZhCN } from './zh-CN';

const AUTH_LOCALES = { en: authEn, 'zh-CN': authZhCN } as const;

/** The auth screens' strings, loaded with them. */
export const useAuthLocales = () => useFeatureLocales(AUTH_LOCALES);
