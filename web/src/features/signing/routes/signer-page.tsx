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
import {
  readSignDetail,
  readSignedCopy,
  type SignerCredentials,
  useSignedCopy,
  useSignProject,
  useSignStatus,
} from '@/features/signing/api/signer';
import { CodeStep } from '@/features/signing/components/code-step';
import { SignStep } from '@/features/signing/components/sign-step';
import { useSigningLocales } from '@/features/signing/locales';
import { useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { useClientStorage } from '@/lib/storage-context';
import { useDownload } from '@/lib/use-download';

/**
 * An emailed token of a signer without an account: read from the address (`#link=` preferred, as a
 * fragment never reaches a server or a Referer; `?link=` accepted), then removed from it and kept for
 * this tab only (client storage), so a reload still works and the token is not left in the history or
 * a bookmark. `link`: the signing link (`signingLinks`); `copy`: the signed copy's (`signingCopies`).
 */
const TOKEN_STORES = { link: 'signingLinks', copy: 'signingCopies' } as const;

const useEmailedToken = (signerId: string, name: keyof typeof TOKEN_STORES) => {
  const location = useLocation();
  const navigate = useNavigate();
  const storage = useClientStorage();
  const store = TOKEN_STORES[name];
  const fromUrl = useMemo(() => {
    const hash = new URLSearchParams(location.hash.replace(/^#/, '')).get(name);
    const query = new URLSearchParams(location.search).get(name);
    return hash ?? query;
  }, [location.hash, location.search, name]);
  const [stored] = useState(() => storage.get(store)?.[signerId] ?? null);
  useEffect(() => {
    if (!fromUrl) return;
    storage.set(store, { ...(storage.get(store) ?? {}), [signerId]: fromUrl });
    const search = new URLSearchParams(location.search);
    search.delete(name);
    const rest = search.toString();
    navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '', hash: '' }, { replace: true });
  }, [fromUrl, signerId, storage, store, name, location.pathname, location.search, navigate]);
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
 * and the sealed PDF once everyone has signed. Opened from the "signed by everyone" email of a signer
 * without an account (`#copy=`): their signed copy, without a code (the copy token is the proof).
 */
const SignerRoute = () => {
  useSigningLocales();
  const { signerId = '' } = useParams();
  const copy = useEmailedToken(signerId, 'copy');
  return copy ? <CopyPage token={copy} /> : <SignerPage />;
};
export default SignerRoute;

const SignerPage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('signing.signer.title'));
  const { projectId = '', signerId = '' } = useParams();
  const signerRef = useMemo(() => ({ projectId, signerId }), [projectId, signerId]);
  const link = useEmailedToken(signerId, 'link');
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
      return (
        <Signed
          signerRef={signerRef}
          creds={creds}
          completedAtFirst={project.status === 'COMPLETED'}
          accountLess={link !== null}
        />
      );
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
  accountLess,
}: {
  signerRef: { projectId: string; signerId: string };
  creds: SignerCredentials;
  completedAtFirst: boolean;
  /** Reached by the emailed link: no session to download with once the ticket is gone (a reload). */
  accountLess: boolean;
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
        {accountLess && !creds.ticket ? (
          // After a reload the code cannot be asked again (they signed): the emailed copy link is the way.
          <Text size="sm">{t('signing.signer.copyByEmail')}</Text>
        ) : null}
        {completed && (!accountLess || creds.ticket) && (
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

/**
 * The signed copy of a signer without an account, from the "signed by everyone" email (`#copy=`):
 * GET /sign/copy with the copy token answers short-lived links to each sealed PDF. A wrong or another
 * project's token says so (404), an expired one says to ask the sender (410).
 */
const CopyPage = ({ token }: { token: string }) => {
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(t('signing.signer.copyTitle'));
  const { projectId = '', signerId = '' } = useParams();
  const copy = useSignedCopy({ projectId, signerId }, token);
  const { busy, download } = useDownload();

  if (copy.error) {
    if (isApiError(copy.error) && copy.error.status < 500 && copy.error.code !== 'NETWORK_ERROR')
      return (
        <Frame>
          <NoticePanel title={t('signing.signer.copyTitle')} headingOrder={1} role="alert">
            <ErrorMessage error={copy.error} />
          </NoticePanel>
        </Frame>
      );
    return (
      <Frame>
        <Title order={1}>{t('signing.signer.copyTitle')}</Title>
        <LoadError error={copy.error} onRetry={() => void copy.mutate()} />
      </Frame>
    );
  }
  if (!copy.data) return <PageSkeleton label={t('signing.signer.copyLoading')} />;
  const { project, documents, availableUntil } = copy.data;
  return (
    <Frame>
      <Stack gap={4}>
        <Title order={1}>{t('signing.signer.copyTitle')}</Title>
        <Text>{t('signing.signer.copyIntro', { name: project.name, sender: project.sender })}</Text>
        <Text size="sm" c="dimmed">
          {t('signing.signer.copyUntil', { date: formatDate(availableUntil, lang) })}
        </Text>
      </Stack>
      <Stack gap="sm" align="flex-start">
        {documents.map((d) => (
          <Button
            key={d.documentId}
            loading={busy === d.documentId}
            onClick={() =>
              void download(d.documentId, async () => {
                // The links in hand last five minutes: a fresh answer for each download.
                const fresh = await readSignedCopy({ projectId, signerId }, token);
                const doc = fresh.documents.find((x) => x.documentId === d.documentId) ?? d;
                saveLink(doc.url, doc.fileName);
              })
            }
          >
            {t('signing.signer.copyDocument', { name: d.name })}
          </Button>
        ))}
      </Stack>
    </Frame>
  );
};
