import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SignerCredentials, type SignerRef, sendCode, validateCode } from '@/features/signing/api/signer';
import { useErrorText } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';

interface CodeStepProps {
  signerRef: SignerRef;
  creds: SignerCredentials;
  email: string;
  /** The ticket /sign/validate answered: the documents open with it. */
  onVerified: (ticket: string) => void;
  /** The link locked (five wrong codes): the page shows so. */
  onLocked: () => void;
}

/**
 * The signer proves who they are before seeing anything: a six-digit code to their email (single
 * use, 10 minutes, five wrong tries per link). Wrong codes answer how many tries are left.
 */
export const CodeStep = ({ signerRef, creds, email, onVerified, onLocked }: CodeStepProps) => {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'send' | 'verify' | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const failureText = useErrorText(failure);

  const send = async () => {
    setBusy('send');
    setFailure(null);
    try {
      const sent = await sendCode(signerRef, creds);
      setSentTo(sent.sentTo);
      setCode('');
    } catch (error) {
      if (isApiError(error) && error.code === 'signingLinkLocked') onLocked();
      else setFailure(error);
    } finally {
      setBusy(null);
    }
  };

  const verify = async () => {
    if (!/^\d{6}$/.test(code)) return;
    setBusy('verify');
    setFailure(null);
    try {
      const { ticket } = await validateCode(signerRef, creds, code);
      onVerified(ticket);
    } catch (error) {
      if (isApiError(error) && error.code === 'signingLinkLocked') onLocked();
      else {
        setFailure(error);
        setCode('');
      }
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('signing.signer.codeTitle')}
        </Title>
        <Text>{t('signing.signer.codeIntro', { email })}</Text>
        {failure !== null && (
          <Alert color="red" role="alert">
            {failureText}
          </Alert>
        )}
        {sentTo && (
          <Text role="status" size="sm" c="teal.9">
            {t('signing.signer.codeSent', { email: sentTo })}
          </Text>
        )}
        {sentTo ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void verify();
            }}
          >
            <Stack gap="sm" align="flex-start">
              <TextInput
                label={t('signing.signer.code')}
                value={code}
                onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                size="md"
                w={180}
                styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
                data-autofocus
                autoFocus
              />
              <Group gap="sm">
                <Button type="submit" loading={busy === 'verify'} disabled={code.length !== 6}>
                  {t('signing.signer.verify')}
                </Button>
                <Button variant="subtle" onClick={() => void send()} loading={busy === 'send'}>
                  {t('signing.signer.resendCode')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Group>
            <Button onClick={() => void send()} loading={busy === 'send'}>
              {t('signing.signer.sendCode')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
};
