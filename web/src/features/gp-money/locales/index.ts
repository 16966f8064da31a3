import { useFeatureLocales } from '@/i18n/feature-locales';
import { gpMoneyEn } from './en';
import { gpMoneyZhCN } from './zh-CN';

const GP_MONEY_LOCALES = { en: gpMoneyEn, 'zh-CN': gpMoneyZhCN } as const;

/** The console's money screens' strings, loaded with them. */
export const useGpMoneyLocales = () => useFeatureLocales(GP_MONEY_LOCALES);
