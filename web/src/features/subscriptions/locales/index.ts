import { useFeatureLocales } from '@/i18n/feature-locales';
import { subscriptionsEn } from './en';
import { subscriptionsZhCN } from './zh-CN';

const SUBSCRIPTIONS_LOCALES = { en: subscriptionsEn, 'zh-CN': subscriptionsZhCN } as const;

/** The investor's subscription screens' strings, loaded with them (not in the first download). */
export const useSubscriptionsLocales = () => useFeatureLocales(SUBSCRIPTIONS_LOCALES);
