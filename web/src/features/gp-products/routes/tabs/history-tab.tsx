import { Button, Center, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/error-state';
import { useProductAudit } from '@/features/gp-products/api/audit';
import { readAuditEntry } from '@/features/gp-products/lib/audit-sentence';
import { relativeTime } from '@/features/gp-products/lib/relative-time';
import { useCurrentUser } from '@/features/session';
import { useLang } from '@/i18n/use-lang';
import { formatDateTime } from '@/lib/format';
import type { ProductTabProps } from '../product-page';
import { TabSkeleton } from './tab-skeleton';

/**
 * Who did what to the product and when, newest first, as sentences in the user's language ("Alice
 * Owner published the fund"), each change on a line of its own, with a relative time and the exact
 * one. The trail is asked again after every change made on the product page (useRevalidateProduct).
 */
export const HistoryTab = ({ product }: ProductTabProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const { data: user } = useCurrentUser();
  const { events, error, isLoading, hasMore, isLoadingMore, size, setSize, mutate } = useProductAudit(
    product.productId,
  );

  if (isLoading) return <TabSkeleton height={200} />;
  if (error && events.length === 0) return <LoadError error={error} onRetry={() => void mutate()} />;

  const now = Date.now();
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('gpProducts.history.title')}
      </Title>
      {events.length === 0 ? (
        <Text c="dimmed">{t('gpProducts.history.empty')}</Text>
      ) : (
        <Stack
          component="ol"
          gap="xs"
          aria-label={t('gpProducts.history.listLabel')}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {events.map((event) => {
            const { sentence, details } = readAuditEntry(event, { t, lang, product, userId: user?.userId });
            return (
              <Paper component="li" key={event.eventId} withBorder radius="sm" p="sm" data-action={event.action}>
                <Stack gap={4}>
                  <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {sentence}
                  </Text>
                  {details.length > 0 && (
                    <List size="sm" spacing={2} withPadding style={{ overflowWrap: 'anywhere' }}>
                      {details.map((line) => (
                        <List.Item key={line}>{line}</List.Item>
                      ))}
                    </List>
                  )}
                  <Text size="xs" c="dimmed">
                    <time dateTime={event.at} title={formatDateTime(event.at, lang, 'medium')}>
                      {relativeTime(event.at, now, lang)} · {formatDateTime(event.at, lang, 'short')}
                    </time>
                  </Text>
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      )}
      {hasMore && (
        <Center>
          <Button variant="default" loading={isLoadingMore} onClick={() => void setSize(size + 1)}>
            {t('gpProducts.history.more')}
          </Button>
        </Center>
      )}
    </Stack>
  );
};
