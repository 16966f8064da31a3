import { DEFAULT_LANG, LANGS, type Lang } from '@tranche/shared/i18n/langs';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en';
import { zhCN } from './locales/zh-CN';

export const resources = { en: { translation: en }, 'zh-CN': { translation: zhCN } } as const;

const isLang = (value: unknown): value is Lang => (LANGS as readonly unknown[]).includes(value);

/** `<html lang>` follows the UI language (screen readers, fonts, hyphenation). */
const syncDocumentLang = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
};

/** A fresh i18next instance with both languages bundled (they are small) and synchronous init. */
export const createI18n = (lng: Lang = DEFAULT_LANG): I18n => {
  const instance = i18next.createInstance();
  instance.on('languageChanged', syncDocumentLang);
  void instance.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: [...LANGS],
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  syncDocumentLang(lng);
  return instance;
};

export const currentLang = (instance: I18n): Lang => (isLang(instance.language) ? instance.language : DEFAULT_LANG);
