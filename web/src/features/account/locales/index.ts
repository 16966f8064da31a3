import { useFeatureLocales } from '@/i18n/feature-locales';
import { accountEn } from './en';
import { accountZhCN } from './zh-CN';

const ACCOUNT_LOCALES = { en: accountEn, 'zh-CN': accountZhCN } as const;

/** The account screen's strings, loaded with it. */
export const useAccountLocales = () => useFeatureLocales(ACCOUNT_LOCALES);
