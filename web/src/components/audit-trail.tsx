import { Button, Center, List, Paper, Stack, Text } from '@mantine/core';
import type { Lang } from '@tranche/shared/i18n/langs';
import { formatDateTime } from '@/lib/format';
import { relativeTime } from '@/lib/relative-time';

/** One entry of a record's history, already read as a sentence by the feature that owns the record. */
export interface AuditTrailEntry {
  id: string;
  /** ISO time of the change. */
  at: string;
  /** "Alice Owner published the fund", in the user's language. */
  sentence: string;
  /** One short line per change or noteworthy fact (a reason, a changed field). */
  details: readonly string[];
  /** The entry's action code, kept on the item for tests and styling, never shown. */
  action?: string;
}

interface AuditTrailProps {
  entries: readonly AuditTrailEntry[];
  lang: Lang;
  /** The list's accessible name ("Changes to the product, newest first"). */
  label: string;
  emptyText: string;
  /** "Show older" while the server has more pages. */
  more?: { hasMore: boolean; loading: boolean; onMore: () => void; label: string } | undefined;
}

/**
 * Who did what and when, newest first, one card per change with its details, a relative time and the
 * exact one on hover. Shared by the product history and the KYC case history: each feature turns its
 * own audit events into sentences, this draws them the same way.
 */
export const AuditTrail = ({ entries, lang, label, emptyText, more }: AuditTrailProps) => {
  const now = Date.now();
  return (
    <Stack gap="md">
      {entries.length === 0 ? (
        <Text c="dimmed">{emptyText}</Text>
      ) : (
        <Stack component="ol" gap="xs" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
          {entries.map((entry) => (
            <Paper component="li" key={entry.id} withBorder radius="sm" p="sm" data-action={entry.action}>
              <Stack gap={4}>
                <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {entry.sentence}
                </Text>
                {entry.details.length > 0 && (
                  <List size="sm" spacing={2} withPadding style={{ overflowWrap: 'anywhere' }}>
                    {entry.details.map((line) => (
                      <List.Item key={line}>{line}</List.Item>
                    ))}
                  </List>
                )}
                <Text size="xs" c="dimmed">
                  <time dateTime={entry.at} title={formatDateTime(entry.at, lang, 'medium')}>
                    {relativeTime(entry.at, now, lang)} · {formatDateTime(entry.at, lang, 'short')}
                  </time>
                </Text>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      {more?.hasMore && (
        <Center>
          <Button variant="default" loading={more.loading} onClick={more.onMore}>
            {more.label}
          </Button>
        </Center>
      )}
    </Stack>
  );
};
