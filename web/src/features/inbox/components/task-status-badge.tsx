import { Badge } from '@mantine/core';
import type { TaskStatus } from '@tranche/shared/inbox/kinds';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TaskStatus, string> = { OPEN: 'blue', IN_PROGRESS: 'yellow', DONE: 'green', CLOSED: 'gray' };

export const TaskStatusBadge = ({ status }: { status: TaskStatus }) => {
  const { t } = useTranslation();
  return (
    // Never cut to "TO …" by a narrow column: the label is short, the cell grows to it.
    <Badge color={COLORS[status]} variant="light" radius="sm" miw="max-content">
      {t(`task.status.${status}`)}
    </Badge>
  );
};
