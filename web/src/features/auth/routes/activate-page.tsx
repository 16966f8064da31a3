import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mantine/core';
import { SetPasswordSchema } from '@tranche/shared/auth/auth.schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { PageLoader } from '@/components/page-loader';
import { AuthCard } from '@/features/auth/components/auth-card';
import { useAuthLocales } from '@/features/auth/locales';
import { FormAlert, NewPasswordField, useFieldErrors } from '@/features/session/screens';
import { apiFetch } from '@/lib/api';
import { isApiError } from '@/lib/api-error';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { useClientStorage } from '@/lib/storage-context';
import type { SignInState } from './sign-in-page';

/** Link answers after which this page has nothing left to do but point to sign-in. */
const LINK_ERRORS = new Set(['ActiveLinkExpired', 'LinkAlreadyActivated', 'AccountAlreadyActivated']);

/**
 * /activate?token=…: an invited user's link. The link is checked first without spending it (the
 * spec's messages for a spent or expired link, or an account already active), then the password
 * is set, which spends it; then sign in (so MFA rules apply from the first session).
 */
const ActivatePage = () => {
  useAuthLocales();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { data, error, isLoading } = useSWR(
    token ? ['auth', 'activation', token] : null,
    () => apiFetch('activateAccount', { body: { token } }),
    { revalidateOnFocus: false, revalidateIfStale: false, shouldRetryOnError: false },
  );

  if (!token)
    return (
      <AuthCard title={t('auth.activateTitle')}>
        <LinkProblem message={t('auth.linkIncomplete')} />
      </AuthCard>
    );
  if (isLoading) return <PageLoader label={t('auth.checkingLink')} />;
  if (error || !data)
    return (
      <AuthCard title={t('auth.activateTitle')}>
        <FormAlert error={error} />
        <Button component={Link} to="/sign-in" variant="light">
          {t('auth.backToSignIn')}
        </Button>
      </AuthCard>
    );
  return <SetPasswordForm token={token} email={data.email} displayName={data.displayName} />;
};
export default ActivatePage;

const LinkProblem = ({ message }: { message: string }) => {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <div role="alert">{message}</div>
      <Button component={Link} to="/sign-in" variant="light">
        {t('auth.backToSignIn')}
      </Button>
    </Stack>
  );
};

const SetPasswordForm = ({ token, email, displayName }: { token: string; email: string; displayName: string }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const storage = useClientStorage();
  const [formError, setFormError] = useState<unknown>();
  const form = useForm({ resolver: zodResolver(SetPasswordSchema), defaultValues: { token, password: '' } });
  const errorOf = useFieldErrors(form);
  const password = form.watch('password');

  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await apiFetch('setPassword', { body: values });
      storage.set('signInEmail', email);
      navigate('/sign-in', { replace: true, state: { notice: 'activated', email } satisfies SignInState });
    } catch (error) {
      if (!applyApiFieldErrors(error, form, { byCode: { PasswordTooCommon: 'password' } })) setFormError(error);
    }
  });

  const linkSpent = isApiError(formError) && LINK_ERRORS.has(formError.code);
  return (
    <AuthCard title={t('auth.activateTitle')} intro={t('auth.activateIntro', { name: displayName, email })}>
      <FormAlert error={formError} />
      {linkSpent ? (
        <Button component={Link} to="/sign-in" variant="light">
          {t('auth.backToSignIn')}
        </Button>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="md">
            {/* For password managers: the account the new password belongs to. */}
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
            <NewPasswordField
              {...form.register('password')}
              label={t('session.newPassword')}
              error={errorOf('password')}
              password={password}
            />
            <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
              {t('auth.setPasswordButton')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
};
