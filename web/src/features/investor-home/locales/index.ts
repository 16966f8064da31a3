import { useFeatureLocales } from '@/i18n/feature-locales';
import { investorHomeEn } from './en';
import { investorHomeZhCN } from './zh-CN';

const INVESTOR_HOME_LOCALES = { en: investorHomeEn, 'zh-CN': investorHomeZhCN } as const;

/** The home page's strings, loaded with it (not in the first download). */
export const useInvestorHomeLocales = () => useFeatureLocales(INVESTOR_HOME_LOCALES);
