import { useFeatureLocales } from '@/i18n/feature-locales';
import { documentsEn } from './en';
import { documentsZhCN } from './zh-CN';

const DOCUMENTS_LOCALES = { en: documentsEn, 'zh-CN': documentsZhCN } as const;

/** The upload and document-list strings, loaded with the screens that use them. */
export const useDocumentsLocales = () => useFeatureLocales(DOCUMENTS_LOCALES);
