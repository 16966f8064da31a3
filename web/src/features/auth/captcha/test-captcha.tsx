import { Checkbox } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The token the `test` verifier accepts (functions/src/_lib/captcha.ts, LOCAL_CAPTCHA_PASS_TOKEN).
 * Only the local stack and tests run that verifier; a deployment runs reCAPTCHA.
 */
export const LOCAL_CAPTCHA_TOKEN = 'local-captcha-pass';

interface TestCaptchaProps {
  value: string;
  onChange: (token: string) => void;
  error?: string | undefined;
}

/** The `test` adapter's widget: a checkbox standing in for "I'm not a robot", so both outcomes can be exercised. */
export const TestCaptcha = ({ value, onChange, error }: TestCaptchaProps) => {
  const { t } = useTranslation();
  return (
    <Checkbox
      label={t('auth.testCaptcha')}
      description={t('auth.testCaptchaNote')}
      checked={value === LOCAL_CAPTCHA_TOKEN}
      onChange={(e) => onChange(e.currentTarget.checked ? LOCAL_CAPTCHA_TOKEN : '')}
      error={error}
    />
  );
};
