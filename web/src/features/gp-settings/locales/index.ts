import { useFeatureLocales } from '@/i18n/feature-locales';
import { gpSettingsEn } from './en';
import { gpSettingsZhCN } from './zh-CN';

const GP_SETTINGS_LOCALES = { en: gpSettingsEn, 'zh-CN': gpSettingsZhCN } as const;

/** The settings screens' strings, loaded with them. */
export const useGpSettingsLocales = () => useFeatureLocales(GP_SETTINGS_LOCALES);
