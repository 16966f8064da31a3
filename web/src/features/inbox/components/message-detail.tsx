import { Badge, Group, Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import type { InboxMessage } from '@tranche/shared/inbox/inbox.schema';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidateInbox } from '@/features/inbox/api/keys';
import { markRead, recordActivity } from '@/features/inbox/api/mutations';
import { useLang } from '@/i18n/use-lang';
import { formatDateTime } from '@/lib/format';
import { TaskPanel } from './task-panel';

/**
 * Opening a message reads it: it is marked read once (reading through the API does not), and the
 * badge, banner and lists are asked again so the count goes down without a reload. An investor's
 * view is also recorded in their activity trail for the manager's CRM.
 */
const useReadOnOpen = (message: InboxMessage, isInvestor: boolean) => {
  const revalidate = useRevalidateInbox();
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (seen.current === message.messageId) return;
    seen.current = message.messageId;
    if (isInvestor)
      void recordActivity({
        action: message.task ? 'VIEW_TASK' : 'VIEW_MESSAGE',
        subjectId: message.task?.taskId ?? message.messageId,
      });
    if (message.read) return;
    markRead([message.messageId]).then(
      () => revalidate(),
      // Not fatal: the message is shown; it stays unread and the next visit tries again.
      () => undefined,
    );
  }, [message, isInvestor, revalidate]);
};

/** One message, or a task with what is asked, by when and its action. */
export const MessageDetail = ({
  message,
  isInvestor,
  headingOrder = 1,
}: {
  message: InboxMessage;
  isInvestor: boolean;
  headingOrder?: TitleOrder;
}) => {
  const { t } = useTranslation();
  const lang = useLang();
  useReadOnOpen(message, isInvestor);
  const task = message.task;
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group gap="xs">
          {/* gray.7: the default outline gray is under 4.5:1 on white. */}
          <Badge variant="outline" color="gray.7" radius="sm">
            {task ? t('inbox.task') : t('inbox.message')}
          </Badge>
          <Text size="sm" c="dimmed">
            {t('task.received')} {formatDateTime(message.createdAt, lang)}
          </Text>
        </Group>
        <Title order={headingOrder} size={headingOrder === 1 ? 'h2' : 'h4'}>
          {message.title}
        </Title>
      </Stack>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          {task && (
            <Text fw={600} size="sm">
              {t('task.whatIsAsked')}
            </Text>
          )}
          <Text style={{ whiteSpace: 'pre-line' }}>{message.body}</Text>
          {task && <TaskPanel message={message} task={task} isInvestor={isInvestor} />}
        </Stack>
      </Paper>
    </Stack>
  );
};
