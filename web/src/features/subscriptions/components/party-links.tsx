import { Badge, Button, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { GatewayContact, LinkState } from '@tranche/shared/scenario/contacts.schema';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { useSubscriptionsLocales } from '@/features/subscriptions/locales';
import { useLang } from '@/i18n/use-lang';
import { apiFetch } from '@/lib/api';
import { isApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { notifications } from '@/lib/notifications';

/** Read again this often while a link is on its way or a party has yet to finish. */
const POLL_MS = 5_000;

/** Colours with text contrast on white (the badges are outlined). */
const STATE_COLOUR: Record<LinkState, string> = {
  PENDING: 'gray.7',
  SENT: 'blue.8',
  OPENED: 'indigo.8',
  COMPLETED: 'teal.9',
  EXPIRED: 'orange.9',
};

export const partyLinksKey = (subscriptionId: string, nodeId: string | undefined) =>
  ['session', 'subscriptions', 'journey', subscriptionId, 'contacts', nodeId ?? 'current'] as const;

/**
 * The people a waiting step needs besides the investor (a joint account's co-holders, an entity's
 * signatories; docs/subscriptions.md "Contacts, contract documents, inbox nodes"), each with the state
 * of their emailed link and a Resend button (a fresh link; the old one stops working). On the
 * investor's journey page and the manager's case page alike: the server decides who may see it.
 */
export const PartyLinks = ({
  subscriptionId,
  nodeId,
  heading,
  framed = false,
}: {
  subscriptionId: string;
  nodeId?: string;
  /** The list's heading; none when the step around it already says what it is. */
  heading?: string;
  /** A section of its own (the manager's case page): a bordered panel, its heading a level-2 title. */
  framed?: boolean;
}) => {
  const headingId = useId();
  useSubscriptionsLocales();
  const { t } = useTranslation();
  const lang = useLang();
  const [sending, setSending] = useState<string | null>(null);
  const contacts = useSWR(
    partyLinksKey(subscriptionId, nodeId),
    () => apiFetch('listGatewayContacts', { query: { subscriptionId, ...(nodeId ? { nodeId } : {}) } }),
    {
      refreshInterval: (data) =>
        data?.waiting && data.contacts.some((c) => c.state !== 'COMPLETED' && c.state !== 'EXPIRED') ? POLL_MS : 0,
    },
  );
  if (contacts.error) return null;
  if (!contacts.data)
    return <Skeleton h={48} role="status" aria-busy="true" aria-label={t('subscriptions.parties.loading')} />;
  const { contacts: people, progress, waiting, parties } = contacts.data;
  // The investor's own step, or a step behind the journey that nobody else was asked for.
  if (parties.length === 0 || (people.length === 0 && !waiting)) return null;

  const resend = async (c: GatewayContact) => {
    if (!contacts.data?.nodeId) return;
    setSending(c.personId);
    try {
      await apiFetch('resendGatewayContactLink', {
        body: { subscriptionId, nodeId: contacts.data.nodeId, personId: c.personId },
      });
      notifications.show({ color: 'green', message: t('subscriptions.parties.resent', { name: c.name }) });
      await contacts.mutate();
    } catch (error) {
      notifications.show({
        color: 'red',
        message: isApiError(error) && error.message ? error.message : t('subscriptions.parties.resendFailed'),
      });
    } finally {
      setSending(null);
    }
  };

  const list = (
    <Stack gap="xs">
      {heading && (
        <Title order={framed ? 2 : 3} size="h4" id={headingId}>
          {heading}
        </Title>
      )}
      {people.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('subscriptions.parties.none')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('subscriptions.parties.progress', progress)}
          </Text>
          <List spacing="sm" listStyleType="none" p={0}>
            {people.map((c) => (
              <List.Item key={c.personId}>
                <Group gap="sm" wrap="wrap" justify="space-between">
                  <Stack gap={2} miw={0}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {c.name}
                      </Text>
                      <Badge color={STATE_COLOUR[c.state]} variant="outline" radius="sm">
                        {t(`subscriptions.parties.state.${c.state}`)}
                      </Badge>
                    </Group>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {t(`subscriptions.parties.party.${c.party}`)} · {c.email}
                      {c.sentAt
                        ? ` · ${t('subscriptions.parties.sentAt', { at: formatDateTime(c.sentAt, lang) })}`
                        : ''}
                    </Text>
                  </Stack>
                  {waiting && c.state !== 'COMPLETED' && (
                    <Button
                      variant="default"
                      size="xs"
                      disabled={!c.canResend || (sending !== null && sending !== c.personId)}
                      loading={sending === c.personId}
                      aria-label={t('subscriptions.parties.resendLabel', { name: c.name })}
                      onClick={() => void resend(c)}
                    >
                      {t('subscriptions.parties.resend')}
                    </Button>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
  return framed ? (
    <Paper
      component="section"
      aria-labelledby={heading ? headingId : undefined}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
    >
      {list}
    </Paper>
  ) : (
    list
  );
};

/**
 * The investor's view of a step that is someone else's (a node for a joint holder or a signatory):
 * they cannot answer it, so it says who it waits for, with their links; the journey moves on by itself
 * once they are done (the runner reads the step again).
 */
export const PartyStep = ({
  subscriptionId,
  title,
  nodeId,
  onBack,
  headingRef,
}: {
  subscriptionId: string;
  title: string;
  nodeId: string;
  onBack?: (() => Promise<void>) | undefined;
  headingRef?: React.RefObject<HTMLHeadingElement | null> | undefined;
}) => {
  useSubscriptionsLocales();
  const { t } = useTranslation();
  const [going, setGoing] = useState(false);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        <Text c="dimmed">{t('subscriptions.parties.waitingBody')}</Text>
        <PartyLinks subscriptionId={subscriptionId} nodeId={nodeId} heading={t('subscriptions.parties.title')} />
        {onBack && (
          <Group>
            <Button
              variant="subtle"
              loading={going}
              onClick={() => {
                setGoing(true);
                void onBack().finally(() => setGoing(false));
              }}
            >
              {t('subscriptions.runner.back')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
};
