import { useFeatureLocales } from '@/i18n/feature-locales';
import { gpProductsEn } from './en';
import { gpProductsZhCN } from './zh-CN';

const GP_PRODUCTS_LOCALES = { en: gpProductsEn, 'zh-CN': gpProductsZhCN } as const;

/** The console product screens' strings, loaded with them. */
export const useGpProductsLocales = () => useFeatureLocales(GP_PRODUCTS_LOCALES);
