import { Alert, Button, Group, Modal, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBankAccountsLocales } from '@/features/bank-accounts/locales';
import { errorText, useLang } from '@/i18n/use-lang';
import { apiFetch } from '@/lib/api';
import { isApiError } from '@/lib/api-error';

interface Revealed {
  accountNumber: string;
  visibleUntil: number;
}

/**
 * "Show full number" for one of the investor's own accounts (issue 11, wire-instruction integrity).
 * The server answers the number only within 5 minutes of a step-up on this session; without one it
 * answers STEP_UP_REQUIRED and this opens the step-up dialog, then asks again. The number is hidden
 * again when the server's window ends, and is never kept beyond this component's state.
 */
export const RevealAccountNumber = ({
  profileId,
  bankId,
  last4,
}: {
  profileId: string;
  bankId: string;
  last4: string;
}) => {
  useBankAccountsLocales();
  const { t } = useTranslation();
  const lang = useLang();
  const [revealed, setRevealed] = useState<Revealed>();
  const [stepUpOpen, setStepUpOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!revealed) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [revealed]);
  useEffect(() => {
    if (revealed && now >= revealed.visibleUntil) setRevealed(undefined);
  }, [now, revealed]);

  const reveal = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const answer = await apiFetch('revealBankAccount', { query: { profileId }, body: { bankId } });
      setRevealed({ accountNumber: answer.accountNumber, visibleUntil: Date.parse(answer.visibleUntil) });
      setNow(Date.now());
    } catch (e) {
      if (isApiError(e) && e.code === 'STEP_UP_REQUIRED') setStepUpOpen(true);
      else setFailure(e);
    } finally {
      setBusy(false);
    }
  };

  if (revealed) {
    const minutes = Math.max(1, Math.ceil((revealed.visibleUntil - now) / 60_000));
    return (
      <Stack gap={2}>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" ff="monospace" aria-label={t('bankAccounts.fullNumber')} style={{ overflowWrap: 'anywhere' }}>
            {revealed.accountNumber}
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={() => setRevealed(undefined)}>
            {t('bankAccounts.hide')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('bankAccounts.visibleFor', { minutes })}
        </Text>
      </Stack>
    );
  }
  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        loading={busy}
        onClick={() => void reveal()}
        aria-label={t('bankAccounts.revealNamed', { last4 })}
        w="fit-content"
        px={0}
      >
        {t('bankAccounts.reveal')}
      </Button>
      {failure !== undefined && (
        <Alert color="red" variant="light" role="alert">
          {errorText(failure, lang, t)}
        </Alert>
      )}
      <StepUpDialog
        opened={stepUpOpen}
        onClose={() => setStepUpOpen(false)}
        onConfirmed={() => {
          setStepUpOpen(false);
          void reveal();
        }}
      />
    </>
  );
};

/** Re-authentication: the password, or a code of the authenticator app (POST /user-center/step-up). */
export const StepUpDialog = ({
  opened,
  onClose,
  onConfirmed,
}: {
  opened: boolean;
  onClose: () => void;
  onConfirmed: () => void;
}) => {
  useBankAccountsLocales();
  const { t } = useTranslation();
  const lang = useLang();
  const introId = useId();
  const [method, setMethod] = useState<'password' | 'code'>('password');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();

  const close = () => {
    setValue('');
    setFailure(undefined);
    onClose();
  };
  const submit = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await apiFetch('stepUp', { body: method === 'password' ? { password: value } : { mfaCode: value.trim() } });
      setValue('');
      onConfirmed();
    } catch (e) {
      setFailure(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('bankAccounts.stepUp.title')} aria-describedby={introId}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Text size="sm" id={introId}>
            {t('bankAccounts.stepUp.intro')}
          </Text>
          <SegmentedControl
            aria-label={t('bankAccounts.stepUp.method')}
            value={method}
            onChange={(v) => {
              setMethod(v as 'password' | 'code');
              setValue('');
              setFailure(undefined);
            }}
            data={[
              { value: 'password', label: t('bankAccounts.stepUp.usePassword') },
              { value: 'code', label: t('bankAccounts.stepUp.useCode') },
            ]}
          />
          {method === 'password' ? (
            <PasswordInput
              label={t('bankAccounts.stepUp.password')}
              autoComplete="current-password"
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              required
              data-autofocus
            />
          ) : (
            <TextInput
              label={t('bankAccounts.stepUp.code')}
              description={t('bankAccounts.stepUp.codeHint')}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              required
              data-autofocus
            />
          )}
          {failure !== undefined && (
            <Alert color="red" variant="light" role="alert">
              {errorText(failure, lang, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('bankAccounts.stepUp.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={value.length === 0}>
              {t('bankAccounts.stepUp.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
