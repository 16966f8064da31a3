import { Alert, Button, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { linkTicket } from '@/features/auth/api/mfa-ticket';
import { AuthCard } from '@/features/auth/components/auth-card';
import { useAuthLocales } from '@/features/auth/locales';
import { FormAlert, type SignInResult, useCompleteSignIn } from '@/features/session/screens';
import { useTenant } from '@/features/tenant';
import { apiFetch } from '@/lib/api';
import { isApiError } from '@/lib/api-error';
import { useClientStorage } from '@/lib/storage-context';

/** One check per link, even if React mounts the page twice (development) or the user reloads quickly. */
const checks = new Map<string, Promise<SignInResult>>();

/**
 * /mfa-link?token=…: the login link of the MFA email. It completes the sign-in only together with
 * the ticket this browser kept when the password was typed, so a forwarded email signs nobody in.
 */
const MfaLinkPage = () => {
  useAuthLocales();
  const { t } = useTranslation();
  const storage = useClientStorage();
  const completeSignIn = useCompleteSignIn();
  // The effect below runs once per link; it calls whatever the latest render's function is.
  const complete = useRef(completeSignIn);
  complete.current = completeSignIn;
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const tenant = useTenant();
  const [found] = useState(() => linkTicket(storage, tenant, window.location.hostname));
  const ticket = found?.ticket;
  const [error, setError] = useState<unknown>();

  useEffect(() => {
    if (!ticket || !token) return;
    let live = true;
    const key = `${ticket.ticket}:${token}`;
    let check = checks.get(key);
    if (!check) {
      check = apiFetch('verifyMfaLink', { body: { ticket: ticket.ticket, token } });
      checks.set(key, check);
    }
    check.then(
      (result) => {
        found?.forget();
        if (live) void complete.current(result, ticket.next);
      },
      (failure: unknown) => {
        checks.delete(key);
        if (isApiError(failure) && failure.code === 'ticketInvalid') found?.forget();
        if (live) setError(failure);
      },
    );
    return () => {
      live = false;
    };
  }, [ticket, token, found]);

  if (ticket && token && !error) return <PageLoader label={t('auth.mfaLinkWorking')} />;
  return (
    <AuthCard title={t('auth.mfaLinkTitle')}>
      <Stack gap="md">
        {error ? (
          <FormAlert error={error} />
        ) : (
          <Alert color="yellow" variant="light" role="alert">
            {t('auth.mfaLinkNoTicket')}
          </Alert>
        )}
        <Button component={Link} to="/sign-in">
          {t('session.signIn')}
        </Button>
      </Stack>
    </AuthCard>
  );
};
export default MfaLinkPage;
