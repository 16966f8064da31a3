import { Badge } from '@mantine/core';
import type { TaskStatus } from '@tranche/shared/inbox/kinds';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TaskStatus, string> = { OPEN: 'blue', IN_PROGRESS: 'yellow', DONE: 'green', CLOSED: 'gray' };

export const TaskStatusBadge = ({ status }: { status: TaskStatus }) => {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" radius="sm">
      {t(`task.status.${status}`)}
    </Badge>
  );
};
