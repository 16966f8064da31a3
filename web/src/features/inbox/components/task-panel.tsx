import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { errorMessage } from '@tranche/shared/errors/catalogue';
import type { InboxMessage, TaskView } from '@tranche/shared/inbox/inbox.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRevalidateInbox } from '@/features/inbox/api/keys';
import { completeTask, decideTask, recordActivity } from '@/features/inbox/api/mutations';
import { actionPage } from '@/features/inbox/lib/action-target';
import { errorText, useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { notifications } from '@/lib/notifications';
import { TaskStatusBadge } from './task-status-badge';

/** Codes that mean "someone else got there first": the view is refreshed to show it closed. */
const LOST_RACE = new Set(['TASK_CLOSED', 'TASK_STATUS_ILLEGAL']);

const isWaiting = (task: TaskView) => task.status === 'OPEN' || task.status === 'IN_PROGRESS';

/**
 * The task side of a message: its status, when it is due, and what the user can do. The action opens
 * its portal page where one exists (actionPage); where none exists yet, it completes the task through
 * the API after a confirmation, since it completes it for everyone who shares it. An approval task of
 * the manager side is decided (approve / reject). A task someone else completed says so in the
 * catalogue's words (TASK_CLOSED).
 */
export const TaskPanel = ({
  message,
  task,
  isInvestor,
}: {
  message: InboxMessage;
  task: TaskView;
  isInvestor: boolean;
}) => {
  const { t } = useTranslation();
  const lang = useLang();
  const revalidate = useRevalidateInbox();
  const [confirming, confirm] = useDisclosure(false);
  const [busy, setBusy] = useState<'complete' | 'APPROVED' | 'REJECTED' | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [comment, setComment] = useState('');

  const run = async (what: NonNullable<typeof busy>, call: () => Promise<unknown>, done: string) => {
    setBusy(what);
    setFailure(null);
    try {
      await call();
      notifications.show({ message: done, color: 'green' });
      confirm.close();
    } catch (error) {
      setFailure(error);
      confirm.close();
    } finally {
      setBusy(null);
      // Either way the task may have changed (ours, or someone else's completion): show it as it is.
      void revalidate();
    }
  };

  const page = actionPage(message.action);
  const waiting = isWaiting(task);
  const lostRace = isApiError(failure) && LOST_RACE.has(failure.code);
  const overdue = waiting && task.dueAt !== undefined && Date.parse(task.dueAt) < Date.now();

  let outcome: React.ReactNode = null;
  if (task.status === 'CLOSED' && task.completedBySomeoneElse)
    outcome = (
      <Alert color="gray" variant="light" role="status">
        {errorMessage('TASK_CLOSED', lang)}
      </Alert>
    );
  else if (task.status === 'CLOSED')
    outcome = (
      <Alert color="gray" variant="light" role="status">
        {t('task.closed')}
      </Alert>
    );
  else if (task.status === 'DONE')
    outcome = (
      <Alert color="green" variant="light" role="status">
        {task.decision
          ? t(`task.decided.${task.decision}`, { date: task.completedAt ? formatDateTime(task.completedAt, lang) : '' })
          : task.completedAt
            ? t('task.completedByYou', { date: formatDateTime(task.completedAt, lang) })
            : t('task.status.DONE')}
      </Alert>
    );
  else if (!task.mayAct)
    outcome = (
      <Alert color="yellow" variant="light" role="status">
        {errorMessage('NO_OPERATION_PERMISSION', lang)}
      </Alert>
    );

  return (
    <Stack gap="md">
      <Stack component="dl" gap="xs" m={0}>
        <Group gap="xs">
          <Text component="dt" fw={600} size="sm">
            {t('inbox.columns.status')}
          </Text>
          <Text component="dd" m={0}>
            <TaskStatusBadge status={task.status} />
          </Text>
        </Group>
        <Group gap="xs">
          <Text component="dt" fw={600} size="sm">
            {t('task.dueBy')}
          </Text>
          <Text component="dd" m={0} size="sm" c={overdue || (waiting && task.urgent) ? 'red.8' : undefined}>
            {task.dueAt ? formatDateTime(task.dueAt, lang) : t('task.noDueDate')}
            {overdue ? ` · ${t('task.overdue')}` : ''}
          </Text>
        </Group>
      </Stack>
      {task.assigneeCount > 1 && waiting && (
        <Text size="sm" c="dimmed">
          {t('task.shared', { count: task.assigneeCount })}
        </Text>
      )}
      {outcome}
      {failure !== null && !lostRace && (
        <Alert color="red" variant="light" role="alert" title={t('task.completeFailed')}>
          {errorText(failure, lang, t)}
        </Alert>
      )}
      {failure !== null && lostRace && task.status !== 'CLOSED' && (
        <Alert color="gray" variant="light" role="alert">
          {errorText(failure, lang, t)}
        </Alert>
      )}
      {waiting && task.mayAct && task.needsDecision && (
        <Stack gap="sm">
          <Textarea
            label={t('task.comment')}
            description={t('task.commentHint')}
            value={comment}
            maxLength={1000}
            autosize
            minRows={2}
            onChange={(e) => setComment(e.currentTarget.value)}
          />
          <Group>
            <Button
              loading={busy === 'APPROVED'}
              disabled={busy !== null}
              onClick={() =>
                void run(
                  'APPROVED',
                  () =>
                    decideTask({
                      taskId: task.taskId,
                      decision: 'APPROVED',
                      ...(comment.trim() ? { comment: comment.trim() } : {}),
                    }),
                  t('task.decidedNotice.APPROVED'),
                )
              }
            >
              {t('task.approve')}
            </Button>
            <Button
              variant="default"
              color="red"
              loading={busy === 'REJECTED'}
              disabled={busy !== null}
              onClick={() =>
                void run(
                  'REJECTED',
                  () =>
                    decideTask({
                      taskId: task.taskId,
                      decision: 'REJECTED',
                      ...(comment.trim() ? { comment: comment.trim() } : {}),
                    }),
                  t('task.decidedNotice.REJECTED'),
                )
              }
            >
              {t('task.reject')}
            </Button>
          </Group>
        </Stack>
      )}
      {waiting && task.mayAct && !task.needsDecision && (
        <Stack gap={4} align="flex-start">
          {page ? (
            <Button
              component={Link}
              to={page}
              onClick={() => {
                if (isInvestor) void recordActivity({ action: 'OPEN_TASK_ACTION', subjectId: task.taskId, path: page });
              }}
            >
              {message.action?.label}
            </Button>
          ) : (
            <Button onClick={confirm.open}>{message.action?.label ?? t('task.complete')}</Button>
          )}
          <Text size="xs" c="dimmed">
            {page ? t('task.actionHint') : t('task.noActionHint')}
          </Text>
        </Stack>
      )}
      <Modal opened={confirming} onClose={confirm.close} title={t('task.confirmTitle')} centered>
        <Stack gap="md">
          <Text size="sm">{task.assigneeCount > 1 ? t('task.confirmShared') : t('task.confirmBody')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              {t('task.cancel')}
            </Button>
            <Button
              loading={busy === 'complete'}
              onClick={() => void run('complete', () => completeTask(task.taskId), t('task.completed'))}
            >
              {t('task.complete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
};
