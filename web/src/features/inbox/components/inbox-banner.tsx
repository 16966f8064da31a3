import { Button, CloseButton, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useBannerMessage } from '@/features/inbox/api/banner';
import { useCurrentUser } from '@/features/session';
import { useLang } from '@/i18n/use-lang';
import { formatDateTime } from '@/lib/format';
import { useClientStorage } from '@/lib/storage-context';

/** Dismissed ids kept per tab; the oldest are dropped beyond this. */
const DISMISSED_MAX = 20;

/**
 * The one message that needs attention now (the API picks it: the waiting task due soonest, urgent
 * first), at the top of the portal's pages for a signed-in user. Dismissing hides that message for
 * the rest of the visit; a newer one that needs attention shows again.
 */
export const InboxBanner = () => {
  const { t } = useTranslation();
  const lang = useLang();
  const storage = useClientStorage();
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  const { data } = useBannerMessage(Boolean(user));
  const [dismissed, setDismissed] = useState<readonly string[]>(() => storage.get('dismissedBanners') ?? []);
  const message = user ? data?.message : undefined;
  // The message's own page says all of it already.
  if (!message || dismissed.includes(message.messageId) || pathname === `/inbox/${message.messageId}`) return null;

  const dismiss = () => {
    const next = [...dismissed.filter((id) => id !== message.messageId), message.messageId].slice(-DISMISSED_MAX);
    storage.set('dismissedBanners', next);
    setDismissed(next);
  };
  const urgent = message.task?.urgent === true;
  const dueAt = message.task?.dueAt;

  return (
    <Container size="lg" pt="md">
      <Paper
        component="section"
        aria-label={t('inboxBanner.region')}
        withBorder
        radius="md"
        p="sm"
        bg={urgent ? 'var(--mantine-color-orange-0)' : 'var(--mantine-color-blue-0)'}
        style={{ borderColor: urgent ? 'var(--mantine-color-orange-4)' : 'var(--mantine-color-blue-3)' }}
      >
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Text fw={600}>{message.title}</Text>
            <Text size="sm" lineClamp={2}>
              {message.body}
            </Text>
            {dueAt && (
              <Text size="sm" fw={urgent ? 600 : undefined}>
                {t('inboxBanner.due', { date: formatDateTime(dueAt, lang) })}
              </Text>
            )}
            <Group mt={6}>
              <Button component={Link} to={`/inbox/${message.messageId}`} size="xs">
                {t('inboxBanner.open')}
              </Button>
            </Group>
          </Stack>
          <CloseButton aria-label={t('inboxBanner.dismiss')} onClick={dismiss} />
        </Group>
      </Paper>
    </Container>
  );
};
