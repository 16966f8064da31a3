import type { TaskFilter } from '@tranche/shared/inbox/kinds';
import { useLang } from '@/i18n/use-lang';
import { apiFetch } from '@/lib/api';
import { useCursorPages } from '@/lib/use-cursor-pages';
import { inboxKeys } from './keys';

const PAGE_SIZE = 25;

export const queryTasks = ([, , , , status, cursor]: ReturnType<typeof inboxKeys.tasks>) =>
  apiFetch('queryTasks', { query: { limit: PAGE_SIZE, status, ...(cursor ? { cursor } : {}) } });

/** The signed-in user's tasks (for the console: the manager side's), by filter, page after page. */
export const useTasks = (status: TaskFilter) => {
  const lang = useLang();
  const { items, ...rest } = useCursorPages((cursor) => inboxKeys.tasks(lang, status, cursor), queryTasks, {
    revalidateFirstPage: true,
    keepPreviousData: true,
  });
  return { ...rest, tasks: items };
};
