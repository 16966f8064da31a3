import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AuditTrail } from '@/components/audit-trail';
import { LoadError } from '@/components/error-state';
import { useProductAudit } from '@/features/gp-products/api/audit';
import { readAuditEntry } from '@/features/gp-products/lib/audit-sentence';
import type { ProductTabProps } from '@/features/gp-products/routes/product-page';
import { useCurrentUser } from '@/features/session';
import { useLang } from '@/i18n/use-lang';
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

  const entries = events.map((event) => ({
    id: event.eventId,
    at: event.at,
    action: event.action,
    ...readAuditEntry(event, { t, lang, product, userId: user?.userId }),
  }));
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('gpProducts.history.title')}
      </Title>
      <AuditTrail
        entries={entries}
        lang={lang}
        label={t('gpProducts.history.listLabel')}
        emptyText={t('gpProducts.history.empty')}
        more={{
          hasMore,
          loading: isLoadingMore,
          onMore: () => void setSize(size + 1),
          label: t('gpProducts.history.more'),
        }}
      />
    </Stack>
  );
};
