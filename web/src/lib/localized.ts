import type { Lang } from '@tranche/shared/i18n/langs';

/** Tenant-authored text (fund names, taglines): the UI language when provided, else English. */
export const localized = (text: { en: string; 'zh-CN'?: string | undefined }, lang: Lang): string =>
  text[lang] ?? text.en;
