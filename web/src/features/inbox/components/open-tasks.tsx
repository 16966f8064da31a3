import { Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/error-state';
import { useTasks } from '@/features/inbox/api/query-tasks';
import { useInboxLocales } from '@/features/inbox/locales';
import { useLang } from '@/i18n/use-lang';
import { formatDateTime } from '@/lib/format';
import { TaskStatusBadge } from './task-status-badge';

/** Shown on the home page; the rest is one click away in the inbox. */
const SHOWN = 5;

/**
 * The investor's waiting tasks (filter IN_PROGRESS), for the home page's "Your tasks": what is asked
 * and by when, each opening its task, and the way to the whole inbox. The caller gives the heading
 * and may give its own empty state (the home page's says what will appear there).
 */
export const OpenTasks = ({ empty }: { empty?: ReactNode }) => {
  useInboxLocales();
  const { t } = useTranslation();
  const lang = useLang();
  const { tasks, error, isLoading, mutate } = useTasks('IN_PROGRESS');

  if (isLoading)
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t('openTasks.loading')}>
        {[0, 1].map((i) => (
          <Skeleton key={i} h={56} radius="md" />
        ))}
      </Stack>
    );
  if (error && tasks.length === 0) return <LoadError error={error} onRetry={() => void mutate()} />;
  if (tasks.length === 0)
    return (
      empty ?? (
        <Text c="dimmed" size="sm">
          {t('openTasks.empty')}
        </Text>
      )
    );
  return (
    <Stack gap="xs">
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {tasks.slice(0, SHOWN).map((m) => (
          <Paper component="li" key={m.messageId} withBorder radius="md" p="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={2} miw={0}>
                <Anchor component={Link} to={`/inbox/${m.messageId}`} fw={600}>
                  {m.title}
                </Anchor>
                {m.task?.dueAt && (
                  <Text size="sm" c={m.task.urgent ? 'red.8' : 'dimmed'}>
                    {t('inboxBanner.due', { date: formatDateTime(m.task.dueAt, lang) })}
                  </Text>
                )}
              </Stack>
              {m.task && <TaskStatusBadge status={m.task.status} />}
            </Group>
          </Paper>
        ))}
      </Stack>
      <Anchor component={Link} to="/inbox?status=IN_PROGRESS" size="sm">
        {t('openTasks.all')}
      </Anchor>
    </Stack>
  );
};
