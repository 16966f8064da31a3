import {
  Anchor,
  Box,
  Button,
  Checkbox,
  Container,
  Group,
  Input,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import type { InboxMessage } from '@tranche/shared/inbox/inbox.schema';
import { TASK_FILTERS, type TaskFilter } from '@tranche/shared/inbox/kinds';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { cursorPaging, DataTable, type DataTableColumn } from '@/components/data-table';
import { NoticePanel } from '@/components/notice-panel';
import { useRevalidateInbox } from '@/features/inbox/api/keys';
import { useInboxMessages } from '@/features/inbox/api/list-messages';
import { markAllRead, markRead } from '@/features/inbox/api/mutations';
import { useUnreadCount } from '@/features/inbox/api/unread-count';
import { TaskStatusBadge } from '@/features/inbox/components/task-status-badge';
import { useTenant } from '@/features/tenant';
import { errorText, useLang } from '@/i18n/use-lang';
import { formatDateTime } from '@/lib/format';
import { notifications } from '@/lib/notifications';

const isFilter = (v: string | null): v is TaskFilter => (TASK_FILTERS as readonly (string | null)[]).includes(v);

/**
 * The signed-in user's messages and tasks: the spec's filters (IN_PROGRESS, CLOSED, DONE, ALL; common
 * messages show under ALL), a search, read and unread, and marking several (or all) read at once.
 * The filter and search are in the address (`?status=DONE&q=bank`), so Back and shared links keep them.
 */
export const InboxPage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  const tenant = useTenant();
  useDocumentTitle(`${t('inbox.title')} · ${tenant.branding.displayName}`);
  const [params, setParams] = useSearchParams();
  const status: TaskFilter = isFilter(params.get('status')) ? (params.get('status') as TaskFilter) : 'ALL';
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const unreadOnly = params.get('unread') === '1';
  const [text, setText] = useState(q);
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const filterLabelId = useId();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [marking, setMarking] = useState<'selected' | 'all' | null>(null);
  const revalidate = useRevalidateInbox();
  const { data: unread } = useUnreadCount(true);
  const { messages, error, isLoading, hasMore, isLoadingMore, size, setSize, mutate } = useInboxMessages(
    status,
    q,
    unreadOnly,
  );

  const setQuery = (changes: { status?: TaskFilter; q?: string; unreadOnly?: boolean }) => {
    const next = { status, q, unreadOnly, ...changes };
    setParams(
      {
        ...(next.status !== 'ALL' ? { status: next.status } : {}),
        ...(next.q ? { q: next.q } : {}),
        ...(next.unreadOnly ? { unread: '1' } : {}),
      },
      { replace: true },
    );
  };
  // Typing searches once it settles; the address follows without stacking history entries.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the typing settles
  useEffect(() => {
    if (debounced !== q) setQuery({ q: debounced });
  }, [debounced]);
  // A new filter or search shows other rows: a selection of rows no longer shown would act unseen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new list only
  useEffect(() => setSelected(new Set()), [status, q, unreadOnly]);

  const unreadShown = useMemo(() => messages.filter((m) => !m.read), [messages]);
  const allChecked = messages.length > 0 && messages.every((m) => selected.has(m.messageId));
  const someChecked = !allChecked && messages.some((m) => selected.has(m.messageId));
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const mark = async (which: 'selected' | 'all') => {
    setMarking(which);
    try {
      const ids = messages.filter((m) => selected.has(m.messageId) && !m.read).map((m) => m.messageId);
      const { marked } = which === 'all' ? await markAllRead() : await markRead(ids);
      notifications.show({ message: t('inbox.markedRead', { count: marked }), color: 'green' });
      setSelected(new Set());
    } catch (failure) {
      notifications.show({ title: t('inbox.markReadFailed'), message: errorText(failure, lang, t), color: 'red' });
    } finally {
      setMarking(null);
      void revalidate();
    }
  };
  const selectedUnread = messages.some((m) => selected.has(m.messageId) && !m.read);

  const columns: DataTableColumn<InboxMessage>[] = [
    {
      key: 'select',
      header: t('inbox.columns.select'),
      render: (m) => (
        <Checkbox
          aria-label={t('inbox.selectOne', { title: m.title })}
          checked={selected.has(m.messageId)}
          onChange={(e) => toggle(m.messageId, e.currentTarget.checked)}
        />
      ),
    },
    {
      key: 'message',
      header: t('inbox.columns.message'),
      rowHeader: true,
      render: (m) => (
        <Box miw={0}>
          <Group gap={8} wrap="nowrap" align="baseline">
            {!m.read && (
              <Box
                component="span"
                w={8}
                h={8}
                style={{ borderRadius: 999, flex: 'none', background: 'var(--mantine-color-blue-8)' }}
                aria-hidden
              />
            )}
            <Anchor component={Link} to={`/inbox/${m.messageId}`} fw={m.read ? 500 : 700} c="inherit">
              {!m.read && <VisuallyHidden>{`${t('inbox.unread')}: `}</VisuallyHidden>}
              {m.title}
            </Anchor>
          </Group>
          <Text size="sm" c="dimmed" fw={400} lineClamp={1}>
            {m.body}
          </Text>
          {m.task?.dueAt && (
            <Text
              size="sm"
              fw={500}
              c={m.task.urgent && m.task.status !== 'DONE' && m.task.status !== 'CLOSED' ? 'red.8' : undefined}
            >
              {t('inboxBanner.due', { date: formatDateTime(m.task.dueAt, lang) })}
            </Text>
          )}
        </Box>
      ),
    },
    {
      // A task's status; a common message only informs, and says so (every card line has a value).
      key: 'status',
      header: t('inbox.columns.status'),
      noWrap: true,
      render: (m) =>
        m.task ? (
          <TaskStatusBadge status={m.task.status} />
        ) : (
          <Text size="sm" c="dimmed" span>
            {t('inbox.message')}
          </Text>
        ),
    },
    {
      key: 'received',
      header: t('inbox.columns.received'),
      noWrap: true,
      render: (m) => formatDateTime(m.createdAt, lang),
    },
  ];

  const filtered = status !== 'ALL' || q !== '' || unreadOnly;
  const empty = q ? (
    <NoticePanel
      title={t('inbox.noMatchesTitle')}
      action={
        <Button
          variant="default"
          onClick={() => {
            setText('');
            setQuery({ q: '' });
          }}
        >
          {t('inbox.clearSearch')}
        </Button>
      }
    >
      {t('inbox.noMatchesBody', { q })}
    </NoticePanel>
  ) : unreadOnly ? (
    <NoticePanel title={t('inbox.emptyFilterTitle')}>{t('inbox.noUnread')}</NoticePanel>
  ) : filtered ? (
    <NoticePanel title={t('inbox.emptyFilterTitle')}>{t(`inbox.emptyFilter.${status}`)}</NoticePanel>
  ) : (
    <NoticePanel title={t('inbox.emptyTitle')}>{t('inbox.emptyBody')}</NoticePanel>
  );

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{t('inbox.title')}</Title>
          <Text c="dimmed">{t('inbox.intro', { name: tenant.branding.displayName })}</Text>
        </Stack>
        <Group align="flex-end" gap="md" wrap="wrap">
          <div>
            <Input.Label labelElement="div" id={filterLabelId} mb={4}>
              {t('inbox.filter')}
            </Input.Label>
            <SegmentedControl
              aria-labelledby={filterLabelId}
              value={status}
              onChange={(v) => setQuery({ status: v as TaskFilter })}
              data={TASK_FILTERS.map((f) => ({ value: f, label: t(`inbox.filters.${f}`) }))}
            />
          </div>
          {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for some of the browsers we support */}
          <form
            role="search"
            style={{ flex: '1 1 240px' }}
            onSubmit={(e) => {
              e.preventDefault();
              setQuery({ q: text.trim() });
            }}
          >
            <TextInput
              type="search"
              label={t('inbox.search')}
              placeholder={t('inbox.searchPlaceholder')}
              value={text}
              maxLength={100}
              onChange={(e) => setText(e.currentTarget.value)}
            />
          </form>
          <Switch
            label={t('inbox.unreadOnly')}
            checked={unreadOnly}
            onChange={(e) => setQuery({ unreadOnly: e.currentTarget.checked })}
            mb={8}
          />
        </Group>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="wrap">
            <Checkbox
              label={t('inbox.selectAll')}
              checked={allChecked}
              indeterminate={someChecked}
              disabled={messages.length === 0}
              onChange={(e) =>
                setSelected(e.currentTarget.checked ? new Set(messages.map((m) => m.messageId)) : new Set())
              }
            />
            <Button
              size="xs"
              variant="default"
              disabled={!selectedUnread || marking !== null}
              loading={marking === 'selected'}
              onClick={() => void mark('selected')}
            >
              {selected.size > 0 ? `${t('inbox.markRead')} (${selected.size})` : t('inbox.markRead')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              disabled={(unread?.count ?? unreadShown.length) === 0 || marking !== null}
              loading={marking === 'all'}
              onClick={() => void mark('all')}
            >
              {t('inbox.markAllRead')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {unread ? t('inboxNav.unread', { count: unread.count }) : ''}
          </Text>
        </Group>
        <DataTable
          label={t('inbox.title')}
          columns={columns}
          rows={messages}
          rowKey={(m) => m.messageId}
          minWidth={720}
          highlightOnHover
          loading={isLoading}
          error={error}
          onRetry={() => void mutate()}
          paging={cursorPaging({ hasMore, isLoadingMore, size, setSize }, t('inbox.loadMore'))}
          empty={empty}
        />
      </Stack>
    </Container>
  );
};
