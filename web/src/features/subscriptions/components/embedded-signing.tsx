import { Alert, Skeleton, Stack } from '@mantine/core';
import { SIGNING_PROJECT_LIFECYCLE } from '@tranche/shared/signing/signing-state';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SignerCredentials, useSignProject } from '@/features/signing/api/signer';
import { CodeStep } from '@/features/signing/components/code-step';
import { SignStep } from '@/features/signing/components/sign-step';
import { useSigningLocales } from '@/features/signing/locales';
import { useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';

/**
 * The signer view of e-signature (web/src/features/signing: the emailed code, consent, the documents
 * with this signer's fields, the signature pad) inside a subscription's step: the investor's own
 * signature in the runner (their session), a co-signer's on their temp-token page (`link`, the signing
 * link token that page was given). The outcome states are said in one line: the step around it shows
 * everyone's progress, and the project's completion moves the journey on by itself.
 */
export const EmbeddedSigning = ({
  projectId,
  signerId,
  link = null,
  onSigned,
}: {
  projectId: string;
  signerId: string;
  link?: string | null;
  onSigned?: () => void;
}) => {
  useSigningLocales();
  const { t } = useTranslation();
  const lang = useLang();
  const signerRef = useMemo(() => ({ projectId, signerId }), [projectId, signerId]);
  const [ticket, setTicket] = useState<string | null>(null);
  const [locked, setLocked] = useState(false);
  const before: SignerCredentials = useMemo(() => ({ link, ticket: null }), [link]);
  const creds: SignerCredentials = useMemo(() => ({ link, ticket }), [link, ticket]);
  const head = useSignProject(signerRef, before);

  if (head.error)
    return (
      <Alert color="red" variant="light" role="alert">
        {isApiError(head.error) ? (head.error.messageIn(lang) ?? t('errors.network')) : t('errors.unexpected')}
      </Alert>
    );
  if (!head.data) return <Skeleton h={120} radius="md" aria-label={t('signing.signer.loading')} />;
  const { project, signer, consentText } = head.data;
  if (locked || signer.state === 'LOCKED')
    return (
      <Alert color="red" variant="light" role="alert" title={t('signing.signer.lockedTitle')}>
        {t('signing.signer.lockedBody')}
      </Alert>
    );
  if (signer.state === 'SIGNED')
    return (
      <Alert color="teal" variant="light" role="status" title={t('signing.signer.doneTitle')}>
        {t('signing.signer.doneBody')}
      </Alert>
    );
  if (
    signer.state === 'DECLINED' ||
    signer.state === 'CANCELLED' ||
    (project.status !== 'SENT' && project.status !== 'PARTLY_SIGNED')
  )
    return (
      <Alert color="gray" variant="light" role="status" title={t('signing.signer.closedTitle')}>
        {t('signing.signer.closedBody', { status: SIGNING_PROJECT_LIFECYCLE.stateLabel(project.status, lang) })}
      </Alert>
    );
  return (
    <Stack gap="md">
      {ticket ? (
        <SignStep
          signerRef={signerRef}
          creds={creds}
          signer={signer}
          consentText={consentText.text}
          onDone={() => {
            void head.mutate();
            onSigned?.();
          }}
        />
      ) : (
        <CodeStep
          signerRef={signerRef}
          creds={before}
          email={signer.email}
          onVerified={setTicket}
          onLocked={() => setLocked(true)}
        />
      )}
    </Stack>
  );
};
