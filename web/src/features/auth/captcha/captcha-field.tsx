import { Alert, Text } from '@mantine/core';
import { Suspense } from 'react';
import { Controller, type FieldErrors, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTenant } from '@/features/tenant';
import { lazyStyled } from '@/lib/later-styles';
import { TestCaptcha } from './test-captcha';

const Recaptcha = lazyStyled(() => import('./recaptcha'));

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
const CaptchaField = (props: CaptchaFieldProps) => {
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

/**
 * The captcha of a form with a `captchaToken` field: the API's refusal in its own words, or
 * "complete the check" when it is still empty.
 */
export const CaptchaFormField = <T extends { captchaToken: string }>({
  form,
  errorOf,
}: {
  form: UseFormReturn<T>;
  errorOf: (name: Path<T>) => string | undefined;
}) => {
  const { t } = useTranslation();
  const name = 'captchaToken' as Path<T>;
  const captchaError = (form.formState.errors as FieldErrors<{ captchaToken: string }>).captchaToken;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <CaptchaField
          value={field.value as string}
          onChange={(token) => field.onChange(token)}
          error={captchaError ? (captchaError.type === 'api' ? errorOf(name) : t('auth.captchaRequired')) : undefined}
        />
      )}
    />
  );
};
