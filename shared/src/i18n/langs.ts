/** Languages the product ships messages for. Tenants choose a subset (at least one). */
export const LANGS = ['en', 'zh-CN'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

export const LANG_LABELS: Record<Lang, string> = { en: 'English', 'zh-CN': '简体中文' };

/** Picks the best supported language from an Accept-Language header value. */
export const pickLang = (acceptLanguage: string | undefined, allowed: readonly Lang[] = LANGS): Lang => {
  if (!acceptLanguage) return allowed[0] ?? DEFAULT_LANG;
  const wanted = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', q] = part.trim().split(';q=');
      return { tag: tag.toLowerCase(), q: q === undefined ? 1 : Number(q) || 0 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const exact = allowed.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const base = allowed.find((l) => l.toLowerCase().split('-')[0] === tag.split('-')[0]);
    if (base) return base;
  }
  return allowed[0] ?? DEFAULT_LANG;
};
