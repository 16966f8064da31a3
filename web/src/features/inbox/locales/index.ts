import { useFeatureLocales } from '@/i18n/feature-locales';
import { inboxEn } from './en';
import { inboxZhCN } from './zh-CN';

const INBOX_LOCALES = { en: inboxEn, 'zh-CN': inboxZhCN } as const;

/** The inbox screens' strings, loaded with those screens (the frame's badge and banner have theirs). */
export const useInboxLocales = () => useFeatureLocales(INBOX_LOCALES);
