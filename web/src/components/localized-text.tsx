import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/i18n/use-lang';

/**
 * Tenant-authored text (a fund's name, summary, description) in the UI language; where the manager
 * gave none, the English text, marked as such: `lang="en"` for screen readers, and a small
 * "English" tag so a reader knows the text was not translated rather than mistranslated.
 */
export const LocalizedText = ({ text }: { text: { en: string; 'zh-CN'?: string | undefined } }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const own = text[lang];
  if (own) return own;
  if (lang === 'en') return text.en;
  return (
    <>
      <span lang="en">{text.en}</span>{' '}
      <Badge
        component="span"
        size="xs"
        variant="outline"
        color="gray.7"
        radius="sm"
        title={t('language.fallbackTitle')}
        style={{ verticalAlign: 'middle' }}
      >
        {t('language.fallbackTag')}
      </Badge>
    </>
  );
};
