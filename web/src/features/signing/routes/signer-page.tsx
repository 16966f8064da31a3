import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { SignerSelf } from '@tranche/shared/signing/sign.schema';
import { SIGNER_LIFECYCLE, SIGNING_PROJECT_LIFECYCLE } from '@tranche/shared/signing/signing-state';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { LoadError } from '@/components/error-state';
import { NoticePanel } from '@/components/notice-panel';
import { PageSkeleton } from '@/components/page-skeleton';
import { signInPath } from '@/features/session';
import { downloadSealed, saveLink } from '@/features/signing/api/projects';
import { readSignDetail, type SignerCredentials, useSignProject, useSignStatus } from '@/features/signing/api/signer';
import { CodeStep } from '@/features/signing/components/code-step';
import { SignStep } from '@/features/signing/components/sign-step';
import { useSigningLocales } from '@/features/signing/locales';
import { useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { useClientStorage } from '@/lib/storage-context';
import { useDownload } from '@/lib/use-download';

/**
 * The emailed link token of a signer without an account: read from the address (`#link=` preferred,
 * as a fragment never reaches a server or a Referer; `?link=` accepted), then removed from it and
 * kept for this tab only (client storage, `signingLinks`), so a reload still works and the token is
 * not left in the history or a bookmark.
 */
const useLinkToken = (signerId: string) => {
  const location = useLocation();
  const navigate = useNavigate();
  const storage = useClientStorage();
  const fromUrl = useMemo(() => {
    const hash = new URLSearchParams(location.hash.replace(/^#/, '')).get('link');
    const query = new URLSearchParams(location.search).get('link');
    return hash ?? query;
  }, [location.hash, location.search]);
  const [stored] = useState(() => storage.get('signingLinks')?.[signerId] ?? null);
  useEffect(() => {
    if (!fromUrl) return;
    storage.set('signingLinks', { ...(storage.get('signingLinks') ?? {}), [signerId]: fromUrl });
    const search = new URLSearchParams(location.search);
    search.delete('link');
    const rest = search.toString();
    navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '', hash: '' }, { replace: true });
  }, [fromUrl, signerId, storage, location.pathname, location.search, navigate]);
  // Kept once read: after the address is cleaned, the stored (or first-read) token still applies.
  const [token, setToken] = useState(fromUrl ?? stored);
  useEffect(() => {
    if (fromUrl) setToken(fromUrl);
  }, [fromUrl]);
  return token;
};

/**
 * A signer's page (investor portal, `/signing/<projectId>/<signerId>`, where the task and the email
 * lead): confirm it is you with the emailed code, consent, review, sign or decline; then the outcome,
 * and the sealed PDF once everyone has signed.
 */
const SignerPage = () => {
  useSigningLocales();
  const { t } = useTranslation();
  useDocumentTitle(t('signing.signer.title'));
  const { projectId = '', signerId = '' } = useParams();
  const signerRef = useMemo(() => ({ projectId, signerId }), [projectId, signerId]);
  const link = useLinkToken(signerId);
  const [ticket, setTicket] = useState<string | null>(null);
  const creds: SignerCredentials = useMemo(() => ({ link, ticket }), [link, ticket]);
  const head = useSignProject(signerRef, { link, ticket: null });
  const [after, setAfter] = useState<SignerSelf | null>(null);
  const [locked, setLocked] = useState(false);
  const { pathname } = useLocation();

  const onLocked = useCallback(() => setLocked(true), []);

  if (head.error) {
    if (isApiError(head.error) && head.error.status === 401)
      return (
        <Frame>
          <NoticePanel
            title={t('signing.signer.title')}
            headingOrder={1}
            role="alert"
            action={
              <Button component={Link} to={signInPath(pathname)}>
                {t('session.signIn')}
              </Button>
            }
          >
            <ErrorMessage error={head.error} />
          </NoticePanel>
        </Frame>
      );
    if (isApiError(head.error) && head.error.status < 500 && head.error.code !== 'NETWORK_ERROR')
      return (
        <Frame>
          <NoticePanel title={t('signing.signer.closedTitle')} headingOrder={1} role="alert">
            <ErrorMessage error={head.error} />
          </NoticePanel>
        </Frame>
      );
    return (
      <Frame>
        <Title order={1}>{t('signing.signer.title')}</Title>
        <LoadError error={head.error} onRetry={() => void head.mutate()} />
      </Frame>
    );
  }
  if (!head.data) return <PageSkeleton label={t('signing.signer.loading')} />;

  const { project, consentText } = head.data;
  const signer = after ?? head.data.signer;
  const heading = (
    <Stack gap={4}>
      <Title order={1}>{project.name}</Title>
      <Text c="dimmed">{t('signing.signer.intro', { sender: project.sender, name: project.name })}</Text>
      <Text size="sm">
        {signer.onBehalfOf
          ? t('signing.signer.onBehalf', { entity: signer.onBehalfOf })
          : t('signing.signer.personally')}
      </Text>
    </Stack>
  );

  const body = (() => {
    if (locked || signer.state === 'LOCKED')
      return <Outcome title={t('signing.signer.lockedTitle')} body={t('signing.signer.lockedBody')} alert />;
    if (signer.state === 'SIGNED')
      return <Signed signerRef={signerRef} creds={creds} completedAtFirst={project.status === 'COMPLETED'} />;
    if (signer.state === 'DECLINED')
      return <Outcome title={t('signing.signer.declinedTitle')} body={t('signing.signer.declinedBody')} />;
    if (signer.state === 'CANCELLED' || ['VOIDED', 'EXPIRED', 'DECLINED'].includes(project.status))
      return <ClosedOutcome status={project.status} />;
    if (signer.state === 'WAITING')
      return <Outcome title={t('signing.signer.waitingTitle')} body={t('signing.signer.waitingBody')} />;
    if (!ticket)
      return (
        <CodeStep
          signerRef={signerRef}
          creds={{ link, ticket: null }}
          email={signer.email}
          onVerified={setTicket}
          onLocked={onLocked}
        />
      );
    return (
      <SignStep
        signerRef={signerRef}
        creds={creds}
        signer={signer}
        consentText={consentText.text}
        onDone={(next) => {
          setAfter(next);
          void head.mutate();
        }}
      />
    );
  })();

  return (
    <Frame>
      {heading}
      {body}
    </Frame>
  );
};
export default SignerPage;

const Frame = ({ children }: { children: React.ReactNode }) => (
  <Container size="md" px={{ base: 'xs', sm: 'md' }} py="md">
    <Stack gap="lg">{children}</Stack>
  </Container>
);

const ErrorMessage = ({ error }: { error: unknown }) => {
  const lang = useLang();
  const { t } = useTranslation();
  return <>{isApiError(error) ? (error.messageIn(lang) ?? t('errors.network')) : t('errors.unexpected')}</>;
};

const Outcome = ({
  title,
  body,
  alert = false,
  action,
}: {
  title: string;
  body: string;
  alert?: boolean;
  action?: React.ReactNode;
}) => (
  <NoticePanel title={title} role={alert ? 'alert' : 'status'} action={action}>
    {body}
  </NoticePanel>
);

const ClosedOutcome = ({ status }: { status: Parameters<typeof SIGNING_PROJECT_LIFECYCLE.stateLabel>[0] }) => {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Outcome
      title={t('signing.signer.closedTitle')}
      body={t('signing.signer.closedBody', { status: SIGNING_PROJECT_LIFECYCLE.stateLabel(status, lang) })}
    />
  );
};

/**
 * After signing: thanks, everyone's progress, and the sealed PDF once the last signer has signed
 * and the documents are sealed (asked for again every few seconds until then).
 */
const Signed = ({
  signerRef,
  creds,
  completedAtFirst,
}: {
  signerRef: { projectId: string; signerId: string };
  creds: SignerCredentials;
  completedAtFirst: boolean;
}) => {
  const { t } = useTranslation();
  const [sealed, setSealed] = useState(false);
  const status = useSignStatus(signerRef, creds, true, !sealed);
  const completed = completedAtFirst || status.data?.project.status === 'COMPLETED';
  const { busy, download } = useDownload();
  const [failure, setFailure] = useState<unknown>(null);

  const tryDownload = () =>
    download('sealed', async () => {
      setFailure(null);
      // While the ticket lasts, /sign/detail carries a short-lived link to the sealed file: the way a
      // signer without an account (no session) downloads it. Otherwise the session's downloadSigningFile.
      if (creds.ticket) {
        const detail = await readSignDetail(signerRef, creds);
        const doc = detail.documents[0] as { name: string; sealedUrl?: string } | undefined;
        if (doc?.sealedUrl) {
          saveLink(doc.sealedUrl, `${doc.name}.pdf`);
          setSealed(true);
          return;
        }
      }
      try {
        await downloadSealed(signerRef.projectId);
        setSealed(true);
      } catch (error) {
        // Still sealing: say so instead of an error, and let the signer try again in a moment.
        if (isApiError(error) && error.code === 'signingNotSealed') setFailure(error);
        else throw error;
      }
    });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} role="status">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          {completed ? t('signing.signer.completedTitle') : t('signing.signer.doneTitle')}
        </Title>
        <Text>{completed ? t('signing.signer.completedBody') : t('signing.signer.doneBody')}</Text>
        {status.data && (
          <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {status.data.signers.map((s) => (
              <Text component="li" size="sm" key={s.signerId}>
                {s.name} · {t(`signing.role.${s.role}`)} · <SignerStateText state={s.state} />
              </Text>
            ))}
          </Stack>
        )}
        {completed && (
          <Group>
            <Button onClick={() => void tryDownload()} loading={busy === 'sealed'}>
              {t('signing.signer.download')}
            </Button>
          </Group>
        )}
        {failure !== null && (
          <Alert color="blue" variant="light">
            {t('signing.signer.sealingBody')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
};

const SignerStateText = ({ state }: { state: SignerSelf['state'] }) => {
  const lang = useLang();
  return <>{SIGNER_LIFECYCLE.stateLabel(state, lang)}</>;
};
