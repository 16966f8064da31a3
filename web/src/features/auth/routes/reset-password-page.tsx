import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text } from '@mantine/core';
import { ResetPasswordSchema } from '@tranche/shared/auth/auth.schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { useAuthLocales } from '@/features/auth/locales';
import { CodeInput, FormAlert, NewPasswordField, useFieldErrors } from '@/features/session/screens';
import { apiFetch } from '@/lib/api';
import { isApiError } from '@/lib/api-error';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { useClientStorage } from '@/lib/storage-context';
import type { SignInState } from './sign-in-page';

/**
 * /reset-password?token=…: the emailed code and a new password. Nobody is signed in afterwards:
 * the user signs in again, with MFA if enrolled, so a reset never bypasses the second factor.
 */
const ResetPasswordPage = () => {
  useAuthLocales();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const storage = useClientStorage();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [formError, setFormError] = useState<unknown>();
  const form = useForm({
    resolver: zodResolver(ResetPasswordSchema),
    defaultValues: { token, code: '', newPassword: '' },
  });
  const errorOf = useFieldErrors(form);
  const newPassword = form.watch('newPassword');

  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await apiFetch('resetPassword', { body: values });
      const email = storage.get('forgotPasswordEmail');
      storage.remove('forgotPasswordEmail');
      navigate('/sign-in', {
        replace: true,
        state: { notice: 'passwordReset', ...(email ? { email } : {}) } satisfies SignInState,
      });
    } catch (error) {
      const placed = applyApiFieldErrors(error, form, {
        byCode: {
          codeInvalid: 'code',
          newPasswordSameAsOldPassword: 'newPassword',
          PasswordTooCommon: 'newPassword',
        },
      });
      if (!placed) setFormError(error);
    }
  });

  const requestNew = (
    <Button component={Link} to="/forgot-password" variant="light">
      {t('auth.requestNewLink')}
    </Button>
  );
  if (!token)
    return (
      <AuthCard title={t('auth.resetTitle')}>
        <Text role="alert">{t('auth.linkIncomplete')}</Text>
        {requestNew}
      </AuthCard>
    );
  const linkExpired =
    isApiError(formError) &&
    (formError.code === 'PasswordResetLinkExpired' || formError.fieldErrors.some((f) => f.field === 'token'));
  return (
    <AuthCard title={t('auth.resetTitle')} intro={t('auth.resetIntro')}>
      <FormAlert error={formError} />
      {linkExpired ? (
        requestNew
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="md">
            <CodeInput
              {...form.register('code')}
              label={t('session.code')}
              description={t('session.codeHint')}
              error={errorOf('code')}
              required
            />
            <NewPasswordField
              {...form.register('newPassword')}
              label={t('session.newPassword')}
              error={errorOf('newPassword')}
              password={newPassword}
            />
            <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
              {t('auth.resetButton')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
};
export default ResetPasswordPage;
