import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { notifications } from '@/lib/notifications';

/**
 * A button that asks for a fresh short-lived link to a rendered PDF (a call notice, a contract note)
 * and opens it; a PDF still being rendered (`notReadyCode`) says so, any other failure says why.
 */
export const PdfLinkButton = ({
  link,
  label,
  ariaLabel,
  failedTitle,
  notReadyCode,
  notReadyText,
}: {
  link: () => Promise<{ url: string }>;
  label: string;
  ariaLabel: string;
  failedTitle: string;
  notReadyCode: string;
  notReadyText: string;
}) => {
  const { t } = useTranslation();
  const lang = useLang();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      window.location.assign((await link()).url);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: failedTitle,
        message: isApiError(error) && error.code === notReadyCode ? notReadyText : errorText(error, lang, t),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" size="compact-sm" loading={busy} onClick={() => void open()} aria-label={ariaLabel}>
      {label}
    </Button>
  );
};
