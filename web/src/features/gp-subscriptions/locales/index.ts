import { useFeatureLocales } from '@/i18n/feature-locales';
import { gpSubscriptionsEn } from './en';
import { gpSubscriptionsZhCN } from './zh-CN';

const GP_SUBSCRIPTIONS_LOCALES = { en: gpSubscriptionsEn, 'zh-CN': gpSubscriptionsZhCN } as const;

/** The console's subscription screens' strings, loaded with them. */
export const useGpSubscriptionsLocales = () => useFeatureLocales(GP_SUBSCRIPTIONS_LOCALES);
