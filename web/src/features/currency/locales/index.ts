import { useFeatureLocales } from '@/i18n/feature-locales';
import { currencyEn } from './en';
import { currencyZhCN } from './zh-CN';

const CURRENCY_LOCALES = { en: currencyEn, 'zh-CN': currencyZhCN } as const;

/** Strings of converted amounts, loaded with the screens that show them (not in the first download). */
export const useCurrencyLocales = () => useFeatureLocales(CURRENCY_LOCALES);
