import type { Lang } from '@tranche/shared/i18n/langs';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { useTenant } from '@/features/tenant/tenant-context';
import { useLang } from '@/i18n/use-lang';
import { useClientStorage } from '@/lib/storage-context';

/** The language menu, limited to the tenant's languages; the choice is remembered on this device. */
export const TenantLanguageSwitch = () => {
  const { t, i18n } = useTranslation();
  const tenant = useTenant();
  const storage = useClientStorage();
  const lang = useLang();
  const choose = (next: Lang) => {
    storage.set('deviceLanguage', next);
    void i18n.changeLanguage(next);
  };
  return <LanguageSwitch languages={tenant.languages} value={lang} onChange={choose} label={t('language.label')} />;
};
