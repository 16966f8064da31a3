import { useFeatureLocales } from '@/i18n/feature-locales';
import { policiesEn } from './en';
import { policiesZhCN } from './zh-CN';

const POLICIES_LOCALES = { en: policiesEn, 'zh-CN': policiesZhCN } as const;

/** The policies screens' strings, loaded with those screens (not in the first download). */
export const usePoliciesLocales = () => useFeatureLocales(POLICIES_LOCALES);
