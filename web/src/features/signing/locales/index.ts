import { useFeatureLocales } from '@/i18n/feature-locales';
import { signingEn } from './en';
import { signingZhCN } from './zh-CN';

const SIGNING_LOCALES = { en: signingEn, 'zh-CN': signingZhCN } as const;

/** The signing screens' strings (manager and signer), loaded with them. */
export const useSigningLocales = () => useFeatureLocales(SIGNING_LOCALES);
