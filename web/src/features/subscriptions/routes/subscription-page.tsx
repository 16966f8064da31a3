import { Alert, Button, Container, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_TYPE_LABELS } from '@tranche/shared/subscription/statuses';
import type { Subscription, SubscriptionAction } from '@tranche/shared/subscription/subscription.schema';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { LoadError } from '@/components/error-state';
import { NotFoundPanel } from '@/components/not-found-panel';
import { DocumentUpload } from '@/features/documents';
import { FormAlert } from '@/features/session/screens';
import { SignedIn } from '@/features/session/signed-in';
import { useMandatoryDocs } from '@/features/subscriptions/api/modification';
import {
  addSubscriptionDocument,
  transitionSubscription,
  useStoreSubscription,
  useSubscription,
} from '@/features/subscriptions/api/subscriptions';
import { EsignPanel } from '@/features/subscriptions/components/esign-panel';
import { Runner } from '@/features/subscriptions/components/runner';
import { SubscriptionStatusBadge } from '@/features/subscriptions/components/status-badge';
import { inRunner, nextStepOf } from '@/features/subscriptions/lib/status';
import { useTenant } from '@/features/tenant';
import { useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { formatDateTime, formatMoney } from '@/lib/format';
import { notifications } from '@/lib/notifications';

/**
 * /subscriptions/:subscriptionId: one of the investor's subscriptions. While the journey is theirs
 * to walk (forms, questionnaire, signing, the final confirmation) it is the scenario runner; before
 * and after, where it stands and the one thing asked of them (invest in a reserved place, upload the
 * documents the manager asked for), with a way to withdraw while that is still possible.
 */
export const SubscriptionPage = () => {
  const { t } = useTranslation();
  return <SignedIn loadingLabel={t('subscriptions.loadingOne')}>{() => <SubscriptionView />}</SignedIn>;
};

const SubscriptionView = () => {
  const { t } = useTranslation();
  const lang = useLang();
  const tenant = useTenant();
  const { subscriptionId } = useParams();
  const { data: subscription, error, isLoading, mutate } = useSubscription(subscriptionId);
  const refresh = useCallback(() => void mutate(), [mutate]);
  useDocumentTitle(
    subscription
      ? `${subscription.fund} · ${SUBSCRIPTION_TYPE_LABELS[subscription.type][lang]} · ${tenant.branding.displayName}`
      : t('subscriptions.title'),
  );

  let content: React.ReactNode;
  if (isApiError(error) && (error.status === 404 || error.code === 'PARAMS_ERROR'))
    content = (
      <NotFoundPanel
        title={t('subscriptions.notFoundTitle')}
        backTo="/subscriptions"
        backLabel={t('subscriptions.backToList')}
      >
        {t('subscriptions.notFoundBody')}
      </NotFoundPanel>
    );
  else if (error) content = <LoadError error={error} onRetry={() => void mutate()} />;
  else if (isLoading || !subscription)
    content = (
      <Stack gap="md" role="status" aria-busy="true" aria-label={t('subscriptions.loadingOne')}>
        <Skeleton h={36} w="60%" />
        <Skeleton h={12} />
        <Skeleton h={320} radius="md" />
      </Stack>
    );
  else
    content = (
      <Stack gap="lg">
        <Header subscription={subscription} />
        {inRunner(subscription.status) ? (
          <Runner subscription={subscription} />
        ) : (
          <StatusPanel subscription={subscription} />
        )}
        {!inRunner(subscription.status) && <EsignPanel subscription={subscription} onRefresh={refresh} />}
      </Stack>
    );

  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <BackLink to="/subscriptions">{t('subscriptions.backToList')}</BackLink>
        {content}
      </Stack>
    </Container>
  );
};

const Header = ({ subscription }: { subscription: Subscription }) => {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Stack gap={4} miw={0}>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {subscription.fund}
        </Title>
        <Text c="dimmed" size="sm">
          {SUBSCRIPTION_TYPE_LABELS[subscription.type][lang]}
          {subscription.amount
            ? ` · ${formatMoney(subscription.amount, subscription.currency, lang)}`
            : ` · ${t('subscriptions.noAmount')}`}
        </Text>
      </Stack>
      <SubscriptionStatusBadge status={subscription.status} />
    </Group>
  );
};

/** Where a subscription stands when the runner has nothing for the investor. */
const StatusPanel = ({ subscription }: { subscription: Subscription }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const store = useStoreSubscription();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState<string | null>(null);
  const [withdrawing, withdrawModal] = useDisclosure(false);
  const step = nextStepOf(subscription.status, subscription.type);
  const can = (event: SubscriptionAction['event']) => subscription.allowedEvents.includes(event);

  const fire = async (event: SubscriptionAction['event'], message: string) => {
    setBusy(event);
    setError(undefined);
    try {
      const changed = await transitionSubscription(subscription.subscriptionId, {
        event,
        version: subscription.version,
      });
      notifications.show({ color: 'green', message });
      withdrawModal.close();
      await store(changed);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };
  const additional = subscription.documents.filter((d) => d.purpose === 'ADDITIONAL');
  // The manager may name documents of the tenant's list: each is uploaded as itself, then sent.
  const named = subscription.requestedDocuments?.docKeys ?? [];
  const since = subscription.requestedDocuments?.at ?? '';
  const uploadedKeys = new Set(
    subscription.documents.filter((d) => d.docKey && d.uploadedAt >= since).map((d) => d.docKey as string),
  );
  const ready = named.length > 0 ? named.every((k) => uploadedKeys.has(k)) : additional.length > 0;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t(`subscriptions.next.${step}`)}
        </Title>
        <Text c="dimmed">{t(`subscriptions.explain.${step}`)}</Text>
        {subscription.waitlistPosition !== undefined && (
          <Alert color="blue" variant="light">
            {t('subscriptions.waitlist', { position: subscription.waitlistPosition })}
          </Alert>
        )}
        {subscription.reason &&
          (subscription.status === 'REJECTED' || subscription.status === 'AWAITING_ADDITIONAL_DOCUMENTS') && (
            <Alert
              color={subscription.status === 'REJECTED' ? 'red' : 'orange'}
              variant="light"
              title={t('subscriptions.managerSays')}
            >
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {subscription.requestedDocuments?.note ?? subscription.reason}
              </Text>
            </Alert>
          )}
        <FormAlert error={error} title={t('subscriptions.actionFailed')} />
        {subscription.status === 'AWAITING_ADDITIONAL_DOCUMENTS' && named.length > 0 && (
          <RequestedDocuments subscription={subscription} docKeys={named} uploaded={uploadedKeys} onError={setError} />
        )}
        {subscription.status === 'AWAITING_ADDITIONAL_DOCUMENTS' && (
          <Stack gap="sm">
            <DocumentUpload
              label={t('subscriptions.uploadAdditional')}
              onClean={async (file) => {
                try {
                  setError(undefined);
                  await store(
                    await addSubscriptionDocument(subscription.subscriptionId, {
                      purpose: 'ADDITIONAL',
                      fileName: file.fileName,
                      name: file.originalName,
                    }),
                  );
                } catch (failure) {
                  setError(failure);
                }
              }}
            />
            {additional.length > 0 && (
              <Text size="sm">{t('subscriptions.additionalCount', { count: additional.length })}</Text>
            )}
            {can('UPLOAD_DOCUMENTS') && (
              <Group>
                <Button
                  disabled={!ready}
                  loading={busy === 'UPLOAD_DOCUMENTS'}
                  onClick={() => void fire('UPLOAD_DOCUMENTS', t('subscriptions.documentsSent'))}
                >
                  {t('subscriptions.sendDocuments')}
                </Button>
              </Group>
            )}
          </Stack>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Fact label={t('subscriptions.status')} value={SUBSCRIPTION_STATUS_LABELS[subscription.status][lang]} />
          <Fact label={t('subscriptions.started')} value={formatDateTime(subscription.createdAt, lang)} />
          {subscription.submittedAt && (
            <Fact label={t('subscriptions.submittedAt')} value={formatDateTime(subscription.submittedAt, lang)} />
          )}
          {subscription.decidedAt && (
            <Fact label={t('subscriptions.decidedAt')} value={formatDateTime(subscription.decidedAt, lang)} />
          )}
        </SimpleGrid>
        {subscription.expiresAt && (
          <Text size="sm" c="dimmed">
            {t('subscriptions.amend.expiresAt', { date: formatDateTime(subscription.expiresAt, lang) })}
          </Text>
        )}
        <Group gap="sm">
          {can('INVEST') && (
            <Button loading={busy === 'INVEST'} onClick={() => void fire('INVEST', t('subscriptions.investStarted'))}>
              {t('subscriptions.investNow')}
            </Button>
          )}
          {can('CONVERT_TO_INVESTMENT') && (
            <Button
              loading={busy === 'CONVERT_TO_INVESTMENT'}
              onClick={() => void fire('CONVERT_TO_INVESTMENT', t('subscriptions.investStarted'))}
            >
              {t('subscriptions.investNow')}
            </Button>
          )}
          {can('AMEND') && (
            <Button component={Link} to={`/subscriptions/${subscription.subscriptionId}/amend`} variant="light">
              {t('subscriptions.amend.open')}
            </Button>
          )}
          {can('WITHDRAW') && (
            <Button variant="default" color="red" onClick={withdrawModal.open}>
              {t('subscriptions.withdraw')}
            </Button>
          )}
        </Group>
      </Stack>
      <Modal opened={withdrawing} onClose={withdrawModal.close} title={t('subscriptions.withdrawTitle')}>
        <Stack gap="md">
          <Text>{t('subscriptions.withdrawBody', { fund: subscription.fund })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={withdrawModal.close}>
              {t('subscriptions.keep')}
            </Button>
            <Button
              color="red"
              loading={busy === 'WITHDRAW'}
              onClick={() => void fire('WITHDRAW', t('subscriptions.withdrawn'))}
            >
              {t('subscriptions.withdraw')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
};

const Fact = ({ label, value }: { label: string; value: string }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" fw={500}>
      {value}
    </Text>
  </Stack>
);

/** The tenant's mandatory documents the manager named: one upload each, marked once it is there. */
const RequestedDocuments = ({
  subscription,
  docKeys,
  uploaded,
  onError,
}: {
  subscription: Subscription;
  docKeys: readonly string[];
  uploaded: ReadonlySet<string>;
  onError: (error: unknown) => void;
}) => {
  const { t } = useTranslation();
  const lang = useLang();
  const tenant = useTenant();
  const store = useStoreSubscription();
  const list = useMandatoryDocs(tenant.tenantId);
  const nameOf = (key: string) => {
    const doc = list.data?.docs.find((d) => d.docKey === key);
    return doc ? (doc.name[lang] ?? doc.name.en) : key;
  };
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('subscriptions.amend.requestedTitle')}
      </Title>
      {docKeys.map((key) => (
        <Stack key={key} gap={4}>
          <Group gap="xs">
            <Text size="sm" fw={500}>
              {nameOf(key)}
            </Text>
            <Text size="sm" c={uploaded.has(key) ? 'green.8' : 'dimmed'}>
              {uploaded.has(key) ? t('subscriptions.amend.namedUploaded') : t('subscriptions.amend.namedMissing')}
            </Text>
          </Group>
          {!uploaded.has(key) && (
            <DocumentUpload
              label={t('subscriptions.amend.uploadNamed', { name: nameOf(key) })}
              onClean={async (file) => {
                try {
                  onError(undefined);
                  await store(
                    await addSubscriptionDocument(subscription.subscriptionId, {
                      purpose: 'MANDATORY',
                      docKey: key,
                      fileName: file.fileName,
                      name: file.originalName,
                    }),
                  );
                } catch (failure) {
                  onError(failure);
                }
              }}
            />
          )}
        </Stack>
      ))}
    </Stack>
  );
};
