import { Alert, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenant } from '../../tenant/tenant-context';
import { TestCaptcha } from './test-captcha';

const Recaptcha = lazy(() => import('./recaptcha'));

interface CaptchaFieldProps {
  /** The token for `captchaToken`; empty until the check is done. */
  value: string;
  onChange: (token: string) => void;
  error?: string | undefined;
}

/**
 * The captcha port of the web app: the widget of the adapter the API verifies with, as the tenant
 * info announces it (`captcha.provider`). Without one, the API refuses every token, so say so.
 */
export const CaptchaField = (props: CaptchaFieldProps) => {
  const { t } = useTranslation();
  const { captcha } = useTenant();
  if (captcha?.provider === 'test') return <TestCaptcha {...props} />;
  if (captcha?.provider === 'recaptcha' && captcha.siteKey)
    return (
      <Suspense
        fallback={
          <Text size="sm" c="dimmed">
            {t('auth.captchaLoading')}
          </Text>
        }
      >
        <Recaptcha siteKey={captcha.siteKey} {...props} />
      </Suspense>
    );
  return (
    <Alert color="yellow" variant="light" role="alert">
      {t('auth.captchaUnavailable')}
    </Alert>
  );
};

export const useCaptchaAvailable = (): boolean => {
  const { captcha } = useTenant();
  return captcha?.provider === 'test' || Boolean(captcha?.provider === 'recaptcha' && captcha.siteKey);
};
