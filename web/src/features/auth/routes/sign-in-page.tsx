import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { SignInSchema } from '@tranche/shared/auth/auth.schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { liveTicket, ticketFromChallenge } from '@/features/auth/api/mfa-ticket';
import { AuthCard } from '@/features/auth/components/auth-card';
import { MfaChallenge } from '@/features/auth/components/mfa-challenge';
import { useAuthLocales } from '@/features/auth/locales';
import { homeOf, safeNext, useCurrentUser } from '@/features/session';
import {
  FormAlert,
  PasswordField,
  type SignInResult,
  useCompleteSignIn,
  useFieldErrors,
} from '@/features/session/screens';
import { useLpSettings, useTenant } from '@/features/tenant';
import { apiFetch } from '@/lib/api';
import { isApiError } from '@/lib/api-error';
import { applyApiFieldErrors } from '@/lib/form-errors';
import type { StoredMfaTicket } from '@/lib/storage';
import { useClientStorage } from '@/lib/storage-context';

/** What other screens may hand to sign-in through the router state. */
export interface SignInState {
  notice?: 'activated' | 'passwordReset';
  email?: string;
}

/**
 * /sign-in: email and password, then the second step when the account has MFA. The MFA ticket is
 * kept in namespaced storage, so a reload resumes the step and the emailed login link works in
 * another tab of this browser. Afterwards: where the user was heading, else their home.
 */
const SignInPage = () => {
  useAuthLocales();
  const { t } = useTranslation();
  const storage = useClientStorage();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const { data: user } = useCurrentUser();
  const complete = useCompleteSignIn();
  const [ticket, setTicket] = useState<StoredMfaTicket | undefined>(() => liveTicket(storage));
  const [restartError, setRestartError] = useState<unknown>();
  // Once this page signs someone in, it navigates itself (maybe to MFA enrolment), not the redirect below.
  const [completing, setCompleting] = useState(false);
  const finish = async (result: SignInResult, to: string | undefined) => {
    setCompleting(true);
    await complete(result, to);
  };

  if (user && !ticket && !completing) return <Navigate to={next ?? homeOf(user.role)} replace />;

  if (ticket)
    return (
      <AuthCard title={t('auth.mfaTitle')} intro={t('auth.mfaIntro')}>
        <MfaChallenge
          ticket={ticket}
          onSignedIn={(result) => finish(result, ticket.next)}
          onRestart={(error) => {
            storage.remove('mfaTicket');
            setRestartError(error);
            setTicket(undefined);
          }}
        />
      </AuthCard>
    );

  return (
    <PasswordStep
      next={next}
      initialError={restartError}
      onChallenge={setTicket}
      onSignedIn={(result) => finish(result, next)}
    />
  );
};
export default SignInPage;

interface PasswordStepProps {
  next: string | undefined;
  initialError: unknown;
  onChallenge: (ticket: StoredMfaTicket) => void;
  onSignedIn: (result: SignInResult) => Promise<void>;
}

const PasswordStep = ({ next, initialError, onChallenge, onSignedIn }: PasswordStepProps) => {
  const { t } = useTranslation();
  const tenant = useTenant();
  const storage = useClientStorage();
  const location = useLocation();
  const state = (location.state ?? {}) as SignInState;
  const { data: lpSettings } = useLpSettings();
  const [formError, setFormError] = useState<unknown>(initialError);
  const form = useForm({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email: state.email ?? storage.get('signInEmail') ?? '', password: '' },
  });
  const errorOf = useFieldErrors(form);

  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await onSignedIn(await apiFetch('signIn', { body: values }));
    } catch (error) {
      if (isApiError(error) && error.code === 'mfaIsRequired') {
        const challenge = ticketFromChallenge(error.details, next);
        if (challenge) {
          storage.set('mfaTicket', challenge);
          onChallenge(challenge);
          return;
        }
      }
      form.resetField('password');
      if (!applyApiFieldErrors(error, form)) {
        setFormError(error);
        form.setFocus('password');
      }
    }
  });

  const signUpLink = next ? `/sign-up?next=${encodeURIComponent(next)}` : '/sign-up';
  return (
    <AuthCard
      title={t('auth.signInTitle')}
      intro={t('auth.signInIntro', { name: tenant.branding.displayName })}
      footer={
        lpSettings?.settings.signUpEnabled !== false && (
          <>
            {t('auth.noAccount')}{' '}
            <Anchor component={Link} to={signUpLink} underline="always">
              {t('auth.createAccountLink')}
            </Anchor>
          </>
        )
      }
    >
      {state.notice && (
        <Alert color="teal" variant="light" role="status">
          {state.notice === 'activated' ? t('auth.activatedNotice') : t('auth.passwordResetNotice')}
        </Alert>
      )}
      <FormAlert error={formError} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <TextInput
            {...form.register('email')}
            type="email"
            autoComplete="username"
            label={t('session.email')}
            error={errorOf('email')}
            required
          />
          <PasswordField
            {...form.register('password')}
            autoComplete="current-password"
            label={t('session.password')}
            error={errorOf('password')}
            required
          />
          <Group justify="flex-end" mt={-8}>
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('auth.forgotPasswordLink')}
            </Anchor>
          </Group>
          <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
            {t('auth.signInButton')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
};
