import { Checkbox } from '@mantine/core';
import { LOCAL_CAPTCHA_PASS_TOKEN } from '@tranche/shared/auth/auth.schema';
import { useTranslation } from 'react-i18next';

interface TestCaptchaProps {
  value: string;
  onChange: (token: string) => void;
  error?: string | undefined;
}

/**
 * The `test` adapter's widget: a checkbox standing in for "I'm not a robot", so both outcomes can be
 * exercised. Only the local stack and tests run that verifier; a deployment runs reCAPTCHA.
 */
export const TestCaptcha = ({ value, onChange, error }: TestCaptchaProps) => {
  const { t } = useTranslation();
  return (
    <Checkbox
      label={t('auth.testCaptcha')}
      description={t('auth.testCaptchaNote')}
      checked={value === LOCAL_CAPTCHA_PASS_TOKEN}
      onChange={(e) => onChange(e.currentTarget.checked ? LOCAL_CAPTCHA_PASS_TOKEN : '')}
      error={error}
    />
  );
};
