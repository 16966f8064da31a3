import { useFeatureLocales } from '@/i18n/feature-locales';
import { profilesEn } from './en';
import { profilesZhCN } from './zh-CN';

const PROFILES_LOCALES = { en: profilesEn, 'zh-CN': profilesZhCN } as const;

/** The profile screens' strings, loaded with those screens (the menu's "Profiles" link has its own). */
export const useProfilesLocales = () => useFeatureLocales(PROFILES_LOCALES);
