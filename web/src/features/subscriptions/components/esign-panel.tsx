import { Alert, Anchor, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { Subscription, SubscriptionSigningView } from '@tranche/shared/subscription/subscription.schema';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '@/features/session';
import { saveLink } from '@/features/signing/api/projects';
import { useSubscriptionsLocales } from '@/features/subscriptions/locales';
import { apiFetch } from '@/lib/api';
import { useDownload } from '@/lib/use-download';

/** How often the subscription is read again while a signature is awaited or the file is being sealed. */
const POLL_MS = 3_000;

const STATE_COLOUR: Record<SubscriptionSigningView['state'], string> = {
  SENT: 'blue.8',
  COMPLETED: 'teal.9',
  DECLINED: 'red.8',
  VOIDED: 'gray.7',
  EXPIRED: 'gray.7',
};

/**
 * A subscription's e-signature (docs/subscriptions.md "Signing and countersigning"), on the manager's
 * case page and the investor's subscription page: the agreement and the countersignature with their
 * state, the signer's own way to sign (the countersigning admin: their signer page), and the sealed
 * PDF's download once it is ready (the countersigned one when there is one). Read again every few
 * seconds while a signature or the sealing is awaited.
 */
export const EsignPanel = ({ subscription, onRefresh }: { subscription: Subscription; onRefresh: () => void }) => {
  useSubscriptionsLocales();
  const { t } = useTranslation();
  const me = useCurrentUser().data?.userId;
  const { busy, download } = useDownload();
  const items = subscription.esign ?? [];
  // A signature awaited, a project still being made by the signing worker, or a file being sealed.
  const awaited = items.some((e) => e.state === 'SENT' || (e.state === 'COMPLETED' && !e.sealed));
  useEffect(() => {
    if (!awaited) return;
    const timer = setInterval(onRefresh, POLL_MS);
    return () => clearInterval(timer);
  }, [awaited, onRefresh]);
  if (items.length === 0) return null;
  const sealed = items.some((e) => e.state === 'COMPLETED' && e.sealed);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('subscriptions.esign.title')}
        </Title>
        <List spacing="sm" listStyleType="none" p={0}>
          {items.map((e) => (
            <List.Item key={e.projectId}>
              <Stack gap={4}>
                <Group gap="sm" wrap="wrap">
                  <Text fw={600}>{t(`subscriptions.esign.purpose.${e.purpose}`)}</Text>
                  <Badge color={STATE_COLOUR[e.state]} variant="outline" radius="sm">
                    {t(`subscriptions.esign.state.${e.state}`)}
                  </Badge>
                </Group>
                {e.reason && <Text size="sm">{t('subscriptions.runner.sign.reason', { reason: e.reason })}</Text>}
                {e.state === 'SENT' &&
                  e.ready &&
                  e.signers
                    .filter((s) => s.userId !== undefined && s.userId === me && e.purpose === 'COUNTERSIGN')
                    .map((s) => (
                      <Anchor key={s.signerId} component={Link} to={`/signing/${e.projectId}/${s.signerId}`}>
                        {t('subscriptions.esign.signNow')}
                      </Anchor>
                    ))}
                {e.state === 'COMPLETED' && !e.sealed && (
                  <Text size="sm" c="dimmed">
                    {t('subscriptions.esign.sealing')}
                  </Text>
                )}
              </Stack>
            </List.Item>
          ))}
        </List>
        {sealed && (
          <Group>
            <Button
              variant="light"
              loading={busy === 'agreement'}
              onClick={() =>
                void download('agreement', async () => {
                  const link = await apiFetch('getSubscriptionAgreement', {
                    params: { subscriptionId: subscription.subscriptionId },
                  });
                  saveLink(link.url, link.fileName);
                })
              }
            >
              {t('subscriptions.esign.download')}
            </Button>
          </Group>
        )}
        {subscription.status === 'APPROVED' && items.some((e) => e.purpose === 'COUNTERSIGN' && e.state === 'SENT') && (
          <Alert color="blue" variant="light">
            {t('subscriptions.esign.countersignPending')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
};
