import { useFeatureLocales } from '@/i18n/feature-locales';
import { gpKycEn } from './en';
import { gpKycZhCN } from './zh-CN';

const GP_KYC_LOCALES = { en: gpKycEn, 'zh-CN': gpKycZhCN } as const;

/** The KYC queue and case page's strings, loaded with them. */
export const useGpKycLocales = () => useFeatureLocales(GP_KYC_LOCALES);
