import { Anchor, Drawer, Group, Input, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import type { InboxMessage } from '@tranche/shared/inbox/inbox.schema';
import { TASK_FILTERS, type TaskFilter } from '@tranche/shared/inbox/kinds';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { cursorPaging, DataTable, type DataTableColumn } from '@/components/data-table';
import { LoadError } from '@/components/error-state';
import { NoticePanel } from '@/components/notice-panel';
import { useInboxMessage } from '@/features/inbox/api/get-message';
import { useTasks } from '@/features/inbox/api/query-tasks';
import { MessageDetail } from '@/features/inbox/components/message-detail';
import { TaskStatusBadge } from '@/features/inbox/components/task-status-badge';
import { useInboxLocales } from '@/features/inbox/locales';
import { useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';

const isFilter = (v: string | null): v is TaskFilter => (TASK_FILTERS as readonly (string | null)[]).includes(v);

/**
 * The console's task list (/gp/tasks): what the manager's side is asked to do (review, countersign,
 * approve a bank change, confirm funds), with the same filters as the investor's inbox. A task opens
 * in a drawer (`?task=<messageId>`, so Back closes it and a link can open it), where it is decided.
 */
const GpTasksPage = () => {
  useInboxLocales();
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(t('gpTasks.title'));
  const [params, setParams] = useSearchParams();
  const status: TaskFilter = isFilter(params.get('status')) ? (params.get('status') as TaskFilter) : 'IN_PROGRESS';
  // /gp/inbox/:messageId (the emailed link) opens the list with that task open.
  const { messageId } = useParams();
  const openId = params.get('task') ?? messageId;
  const navigate = useNavigate();
  const filterLabelId = useId();
  const phone = useMediaQuery('(max-width: 48em)', false);
  const { tasks, error, isLoading, hasMore, isLoadingMore, size, setSize, mutate } = useTasks(status);

  const withParams = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined) next.delete(k);
      else next.set(k, v);
    }
    return next;
  };

  const columns: DataTableColumn<InboxMessage>[] = [
    {
      key: 'task',
      header: t('gpTasks.detail'),
      rowHeader: true,
      render: (m) => (
        <Stack gap={2}>
          <Anchor
            component={Link}
            to={{ pathname: '/gp/tasks', search: withParams({ task: m.messageId }).toString() }}
            fw={m.read ? 500 : 700}
          >
            {m.title}
          </Anchor>
          <Text size="sm" c="dimmed" fw={400} lineClamp={1}>
            {m.body}
          </Text>
          {m.task?.dueAt && (
            <Text size="sm" fw={500}>
              {t('inboxBanner.due', { date: formatDateTime(m.task.dueAt, lang) })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'status',
      header: t('inbox.columns.status'),
      noWrap: true,
      render: (m) => (m.task ? <TaskStatusBadge status={m.task.status} /> : null),
    },
    {
      key: 'received',
      header: t('inbox.columns.received'),
      noWrap: true,
      sortValue: (m) => m.createdAt,
      render: (m) => formatDateTime(m.createdAt, lang),
    },
  ];

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>{t('gpTasks.title')}</Title>
        <Text c="dimmed">{t('gpTasks.intro')}</Text>
      </div>
      <Group align="flex-end">
        <div>
          <Input.Label labelElement="div" id={filterLabelId} mb={4}>
            {t('inbox.filter')}
          </Input.Label>
          <SegmentedControl
            aria-labelledby={filterLabelId}
            value={status}
            onChange={(v) => setParams(withParams({ status: v, task: undefined }), { replace: true })}
            data={TASK_FILTERS.map((f) => ({ value: f, label: t(`inbox.filters.${f}`) }))}
          />
        </div>
      </Group>
      <DataTable
        label={t('gpTasks.title')}
        columns={columns}
        rows={tasks}
        rowKey={(m) => m.messageId}
        minWidth={640}
        highlightOnHover
        loading={isLoading}
        error={error}
        onRetry={() => void mutate()}
        paging={cursorPaging({ hasMore, isLoadingMore, size, setSize }, t('gpTasks.loadMore'))}
        empty={
          status === 'IN_PROGRESS' || status === 'ALL' ? (
            <NoticePanel title={t('gpTasks.emptyTitle')}>{t('gpTasks.emptyBody')}</NoticePanel>
          ) : (
            <NoticePanel title={t('inbox.emptyFilterTitle')}>{t(`inbox.emptyFilter.${status}`)}</NoticePanel>
          )
        }
      />
      <Drawer
        opened={openId !== undefined}
        onClose={() => navigate({ pathname: '/gp/tasks', search: withParams({ task: undefined }).toString() })}
        position="right"
        size={phone ? '100%' : 'lg'}
        title={t('gpTasks.detail')}
        closeButtonProps={{ 'aria-label': t('gpTasks.closeDetail') }}
      >
        {openId && <TaskDrawerBody messageId={openId} />}
      </Drawer>
    </Stack>
  );
};
export default GpTasksPage;

const TaskDrawerBody = ({ messageId }: { messageId: string }) => {
  const { t } = useTranslation();
  const { data: message, error, isLoading, mutate } = useInboxMessage(messageId);
  if (isApiError(error) && error.status === 404)
    return <NoticePanel title={t('inbox.notFoundTitle')}>{t('inbox.notFoundBody')}</NoticePanel>;
  if (error) return <LoadError error={error} onRetry={() => void mutate()} />;
  if (isLoading || !message)
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label={t('inbox.loadingOne')}>
        <Skeleton h={32} w="70%" />
        <Skeleton h={220} radius="md" />
      </Stack>
    );
  // The drawer's title is the h2.
  return <MessageDetail message={message} isInvestor={false} headingOrder={3} />;
};
