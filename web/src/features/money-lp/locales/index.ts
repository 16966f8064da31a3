import { useFeatureLocales } from '@/i18n/feature-locales';
import { moneyLpEn } from './en';
import { moneyLpZhCN } from './zh-CN';

const MONEY_LP_LOCALES = { en: moneyLpEn, 'zh-CN': moneyLpZhCN } as const;

/** The investor's money screens' strings, loaded with them (not in the first download). */
export const useMoneyLpLocales = () => useFeatureLocales(MONEY_LP_LOCALES);
