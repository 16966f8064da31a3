import { Button, Center, Code, Stack, Table, Text, Title } from '@mantine/core';
import { eventsAbout } from '@tranche/shared/events/catalogue';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/error-state';
import { ScrollX } from '../../../../components/scroll-x';
import { useLang } from '../../../../i18n/use-lang';
import { formatDateTime } from '../../../../lib/format';
import { useCurrentUser } from '../../../session/api/get-current-user';
import { useProductAudit } from '../../api/audit';
import type { ProductTabProps } from '../product-page';
import { TabSkeleton } from './tab-skeleton';

/** The audit actions of a product's trail are the catalogue's product events, each with a label. */
const KNOWN_ACTIONS = new Set<string>(eventsAbout('product'));

const show = (value: unknown): string => {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(show).join(', ');
  if (typeof value === 'object' && 'en' in value) return show((value as { en: unknown }).en);
  return JSON.stringify(value);
};

interface Change {
  field: string;
  from: unknown;
  to: unknown;
}

const isChange = (v: unknown): v is { from: unknown; to: unknown } =>
  typeof v === 'object' && v !== null && 'from' in v && 'to' in v;

/** The fields an audit event changed: its `changes` are `{field: {from, to}}` (null when absent). */
const changesOf = (data: Record<string, unknown>): Change[] => {
  const changes = data.changes;
  if (typeof changes !== 'object' || changes === null) return [];
  return Object.entries(changes)
    .filter(([, v]) => isChange(v))
    .map(([field, v]) => ({ field, from: (v as Change).from, to: (v as Change).to }));
};

/** Plain facts of an event without changes (ids, version), leaving out whole copies of the product. */
const factsOf = (data: Record<string, unknown>): string =>
  Object.entries(data)
    .filter(([key, v]) => key !== 'changes' && key !== 'product' && (typeof v !== 'object' || v === null || 'en' in v))
    .map(([key, v]) => `${key}: ${show(v)}`)
    .join(' · ');

/** Who did what to the product and when, newest first; updates list the fields they changed. */
export const HistoryTab = ({ product }: ProductTabProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const { data: user } = useCurrentUser();
  const { events, error, isLoading, hasMore, isLoadingMore, size, setSize, mutate } = useProductAudit(
    product.productId,
  );

  if (isLoading) return <TabSkeleton height={200} />;
  if (error && events.length === 0) return <LoadError error={error} onRetry={() => void mutate()} />;

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('gpProducts.history.title')}
      </Title>
      {events.length === 0 ? (
        <Text c="dimmed">{t('gpProducts.history.empty')}</Text>
      ) : (
        <ScrollX label={t('gpProducts.history.title')}>
          <Table miw={720} verticalSpacing="sm" withTableBorder bg="var(--mantine-color-body)">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('gpProducts.history.when')}</Table.Th>
                <Table.Th scope="col">{t('gpProducts.history.action')}</Table.Th>
                <Table.Th scope="col">{t('gpProducts.history.actor')}</Table.Th>
                <Table.Th scope="col">{t('gpProducts.history.details')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((event) => {
                const changes = changesOf(event.data);
                return (
                  <Table.Tr key={event.eventId}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <time dateTime={event.at}>{formatDateTime(event.at, lang, 'medium')}</time>
                    </Table.Td>
                    <Table.Th scope="row" fw={500}>
                      {KNOWN_ACTIONS.has(event.action)
                        ? t(`gpProducts.history.actions.${event.action}` as never)
                        : event.action}
                    </Table.Th>
                    <Table.Td>
                      {event.actorId === user?.userId ? t('gpProducts.history.you') : <Code>{event.actorId}</Code>}
                    </Table.Td>
                    <Table.Td>
                      {changes.length > 0 ? (
                        <Stack gap={2}>
                          {changes.map((c) => (
                            <Text key={c.field} size="sm" style={{ wordBreak: 'break-word' }}>
                              <Text span fw={500}>
                                {c.field}
                              </Text>
                              : {show(c.from)} → {show(c.to)}
                            </Text>
                          ))}
                        </Stack>
                      ) : (
                        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                          {factsOf(event.data)}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollX>
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
