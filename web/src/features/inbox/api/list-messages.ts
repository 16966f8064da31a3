import type { TaskFilter } from '@tranche/shared/inbox/kinds';
import { useLang } from '@/i18n/use-lang';
import { apiFetch } from '@/lib/api';
import { useCursorPages } from '@/lib/use-cursor-pages';
import { inboxKeys } from './keys';

const PAGE_SIZE = 20;

export const listInboxMessages = ([, , , , status, q, unreadOnly, cursor]: ReturnType<typeof inboxKeys.list>) =>
  apiFetch('listInboxMessages', {
    query: {
      limit: PAGE_SIZE,
      status,
      ...(q ? { q } : {}),
      ...(unreadOnly ? { unread: 'true' as const } : {}),
      ...(cursor ? { cursor } : {}),
    },
  });

/** The signed-in user's messages and tasks under one filter and search (and unread only), newest first, page after page. */
export const useInboxMessages = (status: TaskFilter, q: string, unreadOnly: boolean) => {
  const lang = useLang();
  const { items, ...rest } = useCursorPages(
    (cursor) => inboxKeys.list(lang, status, q, unreadOnly, cursor),
    listInboxMessages,
    {
      revalidateFirstPage: true,
      keepPreviousData: true,
    },
  );
  return { ...rest, messages: items };
};
