import {
  Anchor,
  Button,
  Group,
  List,
  MultiSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { can } from '@tranche/shared/auth/permissions';
import { PROFILE_LIFECYCLE, PROFILE_STATES, type ProfileState } from '@tranche/shared/profile/profile-lifecycle';
import { SUBSCRIPTION_TYPE_LABELS } from '@tranche/shared/subscription/statuses';
import type { Subscription, SubscriptionAction } from '@tranche/shared/subscription/subscription.schema';
import { SUBSCRIPTION_LIFECYCLE, type SubscriptionEvent } from '@tranche/shared/subscription/subscription-lifecycle';
import { type ReactNode, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AuditTrail } from '@/components/audit-trail';
import { BackLink } from '@/components/back-link';
import { LoadError } from '@/components/error-state';
import { NotFoundPanel } from '@/components/not-found-panel';
import { ReasonDialog } from '@/components/reason-dialog';
import { DocumentUpload } from '@/features/documents';
import { AccessNotice, gpInvestorPath, isAccessError } from '@/features/gp-console';
import {
  addSubscriptionDocument,
  transitionSubscription,
  useGpSubscription,
  usePrincipal,
  useStoreGpSubscription,
} from '@/features/gp-subscriptions/api/subscriptions';
import { JourneyAnswers } from '@/features/gp-subscriptions/components/journey-answers';
import { PartyLinksPanel } from '@/features/gp-subscriptions/components/party-links-panel';
import { historyEntries } from '@/features/gp-subscriptions/lib/history';
import { GP_SUBSCRIPTIONS_PATH } from '@/features/gp-subscriptions/paths';
import { useCurrentUser } from '@/features/session';
import { FormAlert } from '@/features/session/screens';
import { useMandatoryDocs } from '@/features/subscriptions/answers';
import { SubscriptionStatusBadge } from '@/features/subscriptions/badge';
import { EsignPanel } from '@/features/subscriptions/components/esign-panel';
import { useTenant } from '@/features/tenant';
import { useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { formatDateTime, formatMoney } from '@/lib/format';
import { notifications } from '@/lib/notifications';

/** Events that refuse or send back: the investor reads the reason (the API requires one). */
const WITH_REASON = ['REJECT', 'REQUEST_DOCUMENTS', 'REQUEST_CHANGES'] as const;
type ReasonEvent = (typeof WITH_REASON)[number];
const needsReason = (e: SubscriptionEvent): e is ReasonEvent => (WITH_REASON as readonly string[]).includes(e);

const isProfileState = (v: string): v is ProfileState => (PROFILE_STATES as readonly string[]).includes(v);

/** Refusals read as such: a red button, after the constructive ones. */
const DESTRUCTIVE: ReadonlySet<SubscriptionEvent> = new Set(['REJECT', 'CANCEL']);

/**
 * /gp/subscriptions/:subscriptionId: one subscription for the manager. What was asked and by whom,
 * the decisions this user may take in its status (the lifecycle's `allowedEvents`, as the API
 * answers them), what the scenario still reports as missing, documents, the investor's screening,
 * signatures and the audited history.
 */
export const CasePage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  const { subscriptionId } = useParams();
  const { data: subscription, error, isLoading, mutate } = useGpSubscription(subscriptionId);
  const { data: user } = useCurrentUser();
  const refresh = useCallback(() => void mutate(), [mutate]);
  useDocumentTitle(
    subscription ? `${subscription.investorName} · ${subscription.fund}` : t('gpSubscriptions.queue.title'),
  );

  let content: ReactNode;
  if (isAccessError(error)) return <AccessNotice error={error} />;
  if (isApiError(error) && (error.status === 404 || error.code === 'PARAMS_ERROR'))
    content = (
      <NotFoundPanel
        title={t('gpSubscriptions.case.notFoundTitle')}
        backTo={GP_SUBSCRIPTIONS_PATH}
        backLabel={t('gpSubscriptions.case.backToQueue')}
      >
        {t('gpSubscriptions.case.notFoundBody')}
      </NotFoundPanel>
    );
  else if (error) content = <LoadError error={error} onRetry={() => void mutate()} />;
  else if (isLoading || !subscription)
    content = (
      <Stack gap="md" role="status" aria-busy="true">
        <VisuallyHidden>{t('gpSubscriptions.case.loading')}</VisuallyHidden>
        <Skeleton h={36} w="50%" aria-hidden />
        <Skeleton h={200} aria-hidden />
      </Stack>
    );
  else
    content = (
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} miw={0}>
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {/* The investor's page: their profiles, other subscriptions and recent activity. */}
              <Anchor component={Link} to={gpInvestorPath(subscription.investorUserId)} inherit>
                {subscription.investorName}
              </Anchor>
            </Title>
            <Text c="dimmed">
              {subscription.fund} · {SUBSCRIPTION_TYPE_LABELS[subscription.type][lang]}
            </Text>
          </Stack>
          <SubscriptionStatusBadge status={subscription.status} />
        </Group>
        <Decisions subscription={subscription} />
        <Facts subscription={subscription} />
        {subscription.status === 'OFFLINE_SIGNING' && <SignedOrder subscription={subscription} />}
        {/* Add manually is a paper order: no journey, so nothing for the scenario to report. */}
        {subscription.type !== 'COMMON_SUBSCRIPTION' && <Answers subscription={subscription} />}
        {subscription.type !== 'COMMON_SUBSCRIPTION' && (
          <JourneyAnswers
            subscription={subscription}
            canReset={user !== undefined && can(user.role, 'approveSubscriptions')}
          />
        )}
        <PartyLinksPanel subscription={subscription} />
        <Documents subscription={subscription} />
        <Screening subscription={subscription} />
        <Signatures subscription={subscription} />
        <EsignPanel subscription={subscription} onRefresh={refresh} />
        <Section title={t('gpSubscriptions.case.history')}>
          <AuditTrail
            entries={historyEntries(subscription.history, lang, t)}
            lang={lang}
            label={t('gpSubscriptions.case.historyLabel')}
            emptyText={t('gpSubscriptions.case.historyEmpty')}
          />
        </Section>
      </Stack>
    );

  return (
    <Stack gap="md" maw={1000}>
      <BackLink to={GP_SUBSCRIPTIONS_PATH}>{t('gpSubscriptions.case.backToQueue')}</BackLink>
      {content}
    </Stack>
  );
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
};

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" fw={500} component="div" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  </Stack>
);

const Facts = ({ subscription: s }: { subscription: Subscription }) => {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Section title={t('gpSubscriptions.case.facts')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <Fact label={t('gpSubscriptions.case.investor')}>{s.investorName}</Fact>
        <Fact label={t('gpSubscriptions.case.fund')}>{s.fund}</Fact>
        <Fact label={t('gpSubscriptions.case.type')}>{SUBSCRIPTION_TYPE_LABELS[s.type][lang]}</Fact>
        <Fact label={t('gpSubscriptions.case.amount')}>
          {s.amount ? formatMoney(s.amount, s.currency, lang) : t('gpSubscriptions.case.noAmount')}
        </Fact>
        <Fact label={t('gpSubscriptions.case.created')}>{formatDateTime(s.createdAt, lang)}</Fact>
        {s.submittedAt && (
          <Fact label={t('gpSubscriptions.case.submitted')}>{formatDateTime(s.submittedAt, lang)}</Fact>
        )}
        {s.decidedAt && <Fact label={t('gpSubscriptions.case.decided')}>{formatDateTime(s.decidedAt, lang)}</Fact>}
        {s.waitlistPosition !== undefined && (
          <Fact label={t('gpSubscriptions.case.waitlist')}>{s.waitlistPosition}</Fact>
        )}
        {s.reason && <Fact label={t('gpSubscriptions.case.reason')}>{s.reason}</Fact>}
      </SimpleGrid>
    </Section>
  );
};

/** The decisions open to this user now, each its own conditional change on the version read. */
const Decisions = ({ subscription }: { subscription: Subscription }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const store = useStoreGpSubscription();
  const [busy, setBusy] = useState<SubscriptionEvent | null>(null);
  const [error, setError] = useState<unknown>();
  const [asking, setAsking] = useState<ReasonEvent | null>(null);
  // A request of documents may name the tenant's mandatory documents (MANDATORY_DOCUMENTS_REQUESTED).
  const [docKeys, setDocKeys] = useState<string[]>([]);
  const tenant = useTenant();
  const mandatory = useMandatoryDocs(tenant.tenantId);
  const hasOrder = subscription.documents.some((d) => d.purpose === 'SIGNED_ORDER');
  const events = subscription.allowedEvents.filter((e) => e !== 'UPLOAD_SIGNED_ORDER' || hasOrder);

  const fire = async (event: SubscriptionEvent, why?: string) => {
    setBusy(event);
    setError(undefined);
    try {
      const body: SubscriptionAction = {
        event,
        version: subscription.version,
        ...(why ? { reason: why } : {}),
        ...(event === 'REQUEST_DOCUMENTS' && docKeys.length ? { docKeys } : {}),
      };
      const changed = await transitionSubscription(subscription.subscriptionId, body);
      await store(changed);
      setAsking(null);
      setDocKeys([]);
      notifications.show({
        color: 'green',
        message: t('gpSubscriptions.case.done', { event: SUBSCRIPTION_LIFECYCLE.eventLabel(event, lang) }),
      });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section title={t('gpSubscriptions.case.actions')}>
      <FormAlert error={asking ? undefined : error} title={t('gpSubscriptions.case.actionFailed')} />
      {events.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('gpSubscriptions.case.actionsNone')}
        </Text>
      ) : (
        <Group gap="sm">
          {[...events]
            .sort((a, b) => Number(DESTRUCTIVE.has(a)) - Number(DESTRUCTIVE.has(b)))
            .map((event) => (
              <Button
                key={event}
                color={DESTRUCTIVE.has(event) ? 'red' : undefined}
                variant={DESTRUCTIVE.has(event) || needsReason(event) ? 'light' : 'filled'}
                loading={busy === event}
                disabled={busy !== null && busy !== event}
                onClick={() => (needsReason(event) ? setAsking(event) : void fire(event))}
              >
                {needsReason(event)
                  ? t(`gpSubscriptions.case.event.${event}`)
                  : event === 'CANCEL'
                    ? t('gpSubscriptions.case.cancelEvent')
                    : SUBSCRIPTION_LIFECYCLE.eventLabel(event, lang)}
              </Button>
            ))}
        </Group>
      )}
      <ReasonDialog
        opened={asking !== null}
        onClose={() => {
          setAsking(null);
          setError(undefined);
        }}
        title={asking ? t(`gpSubscriptions.case.event.${asking}`) : ''}
        intro={asking && t(`gpSubscriptions.case.eventIntro.${asking}`)}
        reasonLabel={t('gpSubscriptions.case.reasonLabel')}
        reasonRequired={t('gpSubscriptions.case.reasonRequired')}
        maxLength={1000}
        error={asking ? error : undefined}
        errorTitle={t('gpSubscriptions.case.actionFailed')}
        cancelLabel={t('gpSubscriptions.case.cancel')}
        closeLabel={t('gpSubscriptions.case.close')}
        confirmLabel={t('gpSubscriptions.case.confirm')}
        confirmColor={asking === 'REJECT' ? 'red.9' : undefined}
        busy={asking !== null && busy === asking}
        onConfirm={(reason) => {
          if (asking) void fire(asking, reason);
        }}
      >
        {asking === 'REQUEST_DOCUMENTS' && (mandatory.data?.docs.length ?? 0) > 0 && (
          <MultiSelect
            label={t('gpSubscriptions.journey.requestDocs')}
            description={t('gpSubscriptions.journey.requestDocsHelp')}
            data={(mandatory.data?.docs ?? []).map((d) => ({
              value: d.docKey,
              label: d.name[lang] ?? d.name.en,
            }))}
            value={docKeys}
            onChange={setDocKeys}
            searchable
            clearable
          />
        )}
      </ReasonDialog>
    </Section>
  );
};

/** Add manually: the signed paper order, uploaded and attached, then recorded (UPLOAD_SIGNED_ORDER). */
const SignedOrder = ({ subscription }: { subscription: Subscription }) => {
  const { t } = useTranslation();
  const store = useStoreGpSubscription();
  const [error, setError] = useState<unknown>();
  return (
    <Section title={t('gpSubscriptions.case.signedOrder')}>
      <Text size="sm" c="dimmed">
        {t('gpSubscriptions.case.signedOrderBody')}
      </Text>
      <FormAlert error={error} title={t('gpSubscriptions.case.actionFailed')} />
      <DocumentUpload
        label={t('gpSubscriptions.case.uploadOrder')}
        onStart={() => setError(undefined)}
        onClean={async (file) => {
          try {
            await store(
              await addSubscriptionDocument(subscription.subscriptionId, {
                purpose: 'SIGNED_ORDER',
                fileName: file.fileName,
                name: file.originalName,
              }),
            );
          } catch (failure) {
            setError(failure);
          }
        }}
      />
    </Section>
  );
};

const Answers = ({ subscription }: { subscription: Subscription }) => {
  const { t } = useTranslation();
  const missing = subscription.scenario?.missing;
  return (
    <Section title={t('gpSubscriptions.case.answers')}>
      {missing === undefined ? (
        <Text size="sm" c="dimmed">
          {t('gpSubscriptions.case.notReported')}
        </Text>
      ) : missing.length === 0 ? (
        <Text size="sm">{t('gpSubscriptions.case.nothingMissing')}</Text>
      ) : (
        <>
          <Text size="sm">{t('gpSubscriptions.case.answersBody')}</Text>
          <List size="sm">
            {missing.map((m) => (
              <List.Item key={`${m.step}:${m.field}`}>{t('gpSubscriptions.case.missing', m)}</List.Item>
            ))}
          </List>
        </>
      )}
    </Section>
  );
};

const Documents = ({ subscription }: { subscription: Subscription }) => {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Section title={t('gpSubscriptions.case.documents')}>
      {subscription.documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('gpSubscriptions.case.noDocuments')}
        </Text>
      ) : (
        <List size="sm" spacing={6}>
          {subscription.documents.map((d) => (
            <List.Item key={d.documentId}>
              <Text size="sm" fw={500} span style={{ overflowWrap: 'anywhere' }}>
                {d.name}
              </Text>{' '}
              <Text size="sm" c="dimmed" span>
                · {t(`gpSubscriptions.case.purpose.${d.purpose}`)}
                {d.docKey ? ` (${d.docKey})` : ''} ·{' '}
                {t('gpSubscriptions.case.uploadedOn', { date: formatDateTime(d.uploadedAt, lang) })}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Section>
  );
};

const Screening = ({ subscription }: { subscription: Subscription }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const principal = usePrincipal(subscription.investorUserId);
  return (
    <Section title={t('gpSubscriptions.case.screening')}>
      <Text size="sm" c="dimmed">
        {t('gpSubscriptions.case.screeningBody')}
      </Text>
      {principal.error ? (
        <LoadError error={principal.error} onRetry={() => void principal.mutate()} />
      ) : !principal.data ? (
        <Skeleton h={40} />
      ) : principal.data.profiles.length === 0 ? (
        <Text size="sm">{t('gpSubscriptions.case.noProfiles')}</Text>
      ) : (
        <List size="sm" spacing={4}>
          {principal.data.profiles.map((p) => (
            <List.Item key={p.profileId}>
              <Text size="sm" span fw={p.profileId === subscription.profileId ? 600 : 400}>
                {p.name}
              </Text>{' '}
              <Text size="sm" span c="dimmed">
                · {isProfileState(p.state) ? PROFILE_LIFECYCLE.stateLabel(p.state, lang) : p.state}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Section>
  );
};

const Signatures = ({ subscription }: { subscription: Subscription }) => {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Section title={t('gpSubscriptions.case.signatures')}>
      {subscription.signatures.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('gpSubscriptions.case.noSignatures')}
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {subscription.signatures.map((s) => (
            <List.Item key={s.signerId}>
              {t('gpSubscriptions.case.signedAs', {
                role: t(`gpSubscriptions.case.signerRole.${s.role}`),
                date: formatDateTime(s.signedAt, lang),
              })}
            </List.Item>
          ))}
        </List>
      )}
    </Section>
  );
};
