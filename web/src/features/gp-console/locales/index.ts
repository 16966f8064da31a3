import { useFeatureLocales } from '@/i18n/feature-locales';
import { gpConsoleEn } from './en';
import { gpConsoleZhCN } from './zh-CN';

const GP_CONSOLE_LOCALES = { en: gpConsoleEn, 'zh-CN': gpConsoleZhCN } as const;

/** The console overview, team and investors screens' strings, loaded with the console. */
export const useGpConsoleLocales = () => useFeatureLocales(GP_CONSOLE_LOCALES);
