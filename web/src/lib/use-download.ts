import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, useLang } from '@/i18n/use-lang';
import { notifications } from '@/lib/notifications';

/** Runs a download (a document, a folder's zip), marking which one is busy; a failure is told in a notification. */
export const useDownload = () => {
  const { t } = useTranslation();
  const lang = useLang();
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (id: string, start: () => Promise<void>) => {
    setBusy(id);
    try {
      await start();
    } catch (error) {
      notifications.show({ color: 'red', title: t('productPage.downloadFailed'), message: errorText(error, lang, t) });
    } finally {
      setBusy(null);
    }
  };
  return { busy, download };
};
