import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { ConfirmTotpSchema } from '@tranche/shared/auth/auth.schema';
import type { MfaMethod } from '@tranche/shared/enums';
import type { ErrorCode } from '@tranche/shared/errors/catalogue';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAuthLocales } from '@/features/auth/locales';
import type { SignInResult } from '@/features/session/screens';
import { CodeInput, FormAlert, useFieldErrors } from '@/features/session/screens';
import { useTenant } from '@/features/tenant';
import { apiFetch } from '@/lib/api';
import { isApiError } from '@/lib/api-error';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { type CodePurpose, recordCodeSent, type StoredMfaTicket } from '@/lib/storage';
import { useClientStorage } from '@/lib/storage-context';

/** Seconds before a code can be sent again for the same method. */
const RESEND_AFTER_SECONDS = 30;

/** Answers after which this ticket is of no more use: back to the password step, saying why. */
const ENDS_CHALLENGE: readonly ErrorCode[] = ['ticketInvalid', 'AccountLockoutNew', 'AccountFrequencyLimit'];

const PURPOSE: Record<'email' | 'sms', CodePurpose> = { email: 'mfaEmail', sms: 'mfaSms' };

interface MfaChallengeProps {
  ticket: StoredMfaTicket;
  onSignedIn: (result: SignInResult) => void | Promise<void>;
  /** The ticket is spent, expired or refused (or the user gave up): sign in again, with `error` shown. */
  onRestart: (error?: unknown) => void;
}

/**
 * The second sign-in step: pick one of the user's methods; an authenticator code is typed at once,
 * an email or SMS code is sent first (the email also carries a login link for this browser).
 */
export const MfaChallenge = ({ ticket, onSignedIn, onRestart }: MfaChallengeProps) => {
  useAuthLocales();
  const { t } = useTranslation();
  const tenant = useTenant();
  const storage = useClientStorage();
  const methods = ticket.methods;
  const [method, setMethod] = useState<MfaMethod>(methods[0] ?? 'authenticator');
  const [sentTo, setSentTo] = useState<Partial<Record<'email' | 'sms', string>>>({});
  const [sending, setSending] = useState(false);
  const [formError, setFormError] = useState<unknown>();
  const [remainingTries, setRemainingTries] = useState<number>();
  const form = useForm({ resolver: zodResolver(ConfirmTotpSchema), defaultValues: { code: '' } });
  const errorOf = useFieldErrors(form);
  const cooldown = useCooldown(
    method === 'authenticator' ? undefined : storage.get('verificationCodeSentAt')?.[PURPOSE[method]],
  );

  const choose = (next: MfaMethod) => {
    setMethod(next);
    setFormError(undefined);
    setRemainingTries(undefined);
    form.reset({ code: '' });
  };

  const fail = (error: unknown) => {
    if (isApiError(error) && ENDS_CHALLENGE.includes(error.code as ErrorCode)) {
      if (error.code === 'ticketInvalid') storage.remove('mfaTicket');
      onRestart(error);
      return;
    }
    if (isApiError(error) && typeof error.details.remainingTries === 'number') {
      setRemainingTries(error.details.remainingTries);
    }
    if (!applyApiFieldErrors(error, form, { byCode: { mfaAuthFailed: 'code' } })) setFormError(error);
  };

  const send = async (channel: 'email' | 'sms') => {
    setSending(true);
    setFormError(undefined);
    try {
      const answer = await apiFetch('sendMfaCode', { body: { ticket: ticket.ticket, method: channel } });
      setSentTo((sent) => ({ ...sent, [channel]: answer.sentTo }));
      recordCodeSent(storage, PURPOSE[channel]);
      cooldown.restart();
      form.reset({ code: '' });
      form.setFocus('code');
    } catch (error) {
      fail(error);
    } finally {
      setSending(false);
    }
  };

  const verify = form.handleSubmit(async ({ code }) => {
    setFormError(undefined);
    try {
      const result = await apiFetch('verifyMfa', { body: { ticket: ticket.ticket, method, code } });
      await onSignedIn(result);
    } catch (error) {
      fail(error);
    }
  });

  const channel = method === 'authenticator' ? undefined : method;
  const codeSent = channel ? sentTo[channel] : undefined;
  const showCode = method === 'authenticator' || codeSent !== undefined;

  return (
    <Stack gap="md">
      {methods.length > 1 && (
        <Radio.Group label={t('auth.mfaChooseMethod')} value={method} onChange={(v) => choose(v as MfaMethod)}>
          <Group gap="lg" mt={6}>
            {methods.map((m) => (
              <Radio key={m} value={m} label={t(`session.mfaMethod.${m}`)} />
            ))}
          </Group>
        </Radio.Group>
      )}

      {method === 'authenticator' && (
        <Text size="sm">{t('auth.mfaAuthenticatorHint', { name: tenant.branding.displayName })}</Text>
      )}
      {channel && !codeSent && (
        <>
          <Text size="sm">{channel === 'email' ? t('auth.mfaEmailHint') : t('auth.mfaSmsHint')}</Text>
          <Button onClick={() => void send(channel)} loading={sending}>
            {channel === 'email' ? t('auth.mfaSendEmail') : t('auth.mfaSendSms')}
          </Button>
        </>
      )}
      {channel && codeSent && (
        <Alert color="blue" variant="light" role="status">
          <Text size="sm">
            {channel === 'email' ? t('auth.mfaEmailSent', { to: codeSent }) : t('auth.mfaSmsSent', { to: codeSent })}
          </Text>
        </Alert>
      )}

      <FormAlert error={formError} />

      {showCode && (
        <form onSubmit={(e) => void verify(e)} noValidate>
          <Stack gap="md">
            <CodeInput
              {...form.register('code')}
              label={t('session.code')}
              description={t('session.codeHint')}
              error={errorOf('code')}
              autoFocus
            />
            {remainingTries !== undefined && (
              <Text size="sm" c="dimmed" role="status">
                {t('auth.mfaRemainingTries', { count: remainingTries })}
              </Text>
            )}
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('auth.mfaVerifyButton')}
            </Button>
            {channel && (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => void send(channel)}
                disabled={cooldown.seconds > 0}
                loading={sending}
              >
                {cooldown.seconds > 0 ? t('auth.mfaResendIn', { seconds: cooldown.seconds }) : t('auth.mfaResend')}
              </Button>
            )}
          </Stack>
        </form>
      )}

      <Anchor component="button" type="button" size="sm" onClick={() => onRestart()}>
        {t('auth.mfaCancel')}
      </Anchor>
    </Stack>
  );
};

/** Seconds left before a code may be sent again, counting down from a stored send time. */
const useCooldown = (sentAt: string | undefined) => {
  const left = () => {
    const at = sentAt ? Date.parse(sentAt) : Number.NaN;
    return Number.isNaN(at) ? 0 : Math.max(0, Math.ceil((at + RESEND_AFTER_SECONDS * 1000 - Date.now()) / 1000));
  };
  const [seconds, setSeconds] = useState(left);
  const [epoch, setEpoch] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: restarts when a code is sent (epoch) or the method changes
  useEffect(() => {
    setSeconds(left());
    const timer = window.setInterval(() => {
      const next = left();
      setSeconds(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [sentAt, epoch]);
  return { seconds, restart: () => setEpoch((n) => n + 1) };
};
