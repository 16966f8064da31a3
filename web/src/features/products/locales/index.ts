import { useFeatureLocales } from '@/i18n/feature-locales';
import { productPageEn } from './page-en';
import { productPageZhCN } from './page-zh-CN';

const PRODUCT_PAGE_LOCALES = { en: productPageEn, 'zh-CN': productPageZhCN } as const;

/** A product page's strings, loaded with the screens that show one (the catalogue's page, the console). */
export const useProductPageLocales = () => useFeatureLocales(PRODUCT_PAGE_LOCALES);
