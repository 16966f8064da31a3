import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@tranche/shared/auth/auth.schema';
import { useTranslation } from 'react-i18next';

/**
 * The password policy shown beside every new-password field: the length is checked as the user
 * types; whether a password is too common is the server's call (functions/src/_lib/password.ts).
 */
export const PasswordRules = ({ password, id }: { password: string; id: string }) => {
  const { t } = useTranslation();
  const longEnough = [...password].length >= PASSWORD_MIN_LENGTH;
  return (
    <div id={id}>
      <Text size="xs" fw={600} c="dimmed" mb={4}>
        {t('session.passwordRules')}
      </Text>
      <List size="xs" spacing={2} center>
        <List.Item icon={<Mark ok={longEnough} />}>
          {t('session.passwordRuleLength', { min: PASSWORD_MIN_LENGTH })}
          <VisuallyHidden>{` (${longEnough ? t('session.passwordRuleMet') : t('session.passwordRuleNotMet')})`}</VisuallyHidden>
        </List.Item>
        <List.Item icon={<Mark ok={false} neutral />}>{t('session.passwordRuleCommon')}</List.Item>
      </List>
    </div>
  );
};

const Mark = ({ ok, neutral = false }: { ok: boolean; neutral?: boolean }) => (
  <ThemeIcon size={16} radius="xl" variant={ok ? 'filled' : 'light'} color={ok ? 'teal' : 'gray'} aria-hidden>
    <svg aria-hidden width="10" height="10" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3">
      {ok ? <path d="M5 12l5 5 9-10" /> : neutral ? <circle cx="12" cy="12" r="3" /> : <path d="M6 12h12" />}
    </svg>
  </ThemeIcon>
);
