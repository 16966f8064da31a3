import type { Lang } from '@tranche/shared/i18n/langs';
import type { TaskFilter } from '@tranche/shared/inbox/kinds';
import { useSWRConfig } from 'swr';

/**
 * Every inbox key: under 'session' (the answer is the signed-in user's; sign-out revalidates them by
 * that filter), then 'inbox'. Titles and bodies come rendered in the request's language, so the keys
 * of what shows them carry the language: switching it asks again.
 */
export const inboxKeys = {
  unreadCount: () => ['session', 'inbox', 'unread-count'] as const,
  banner: (lang: Lang) => ['session', 'inbox', 'banner', lang] as const,
  list: (lang: Lang, status: TaskFilter, q: string, unreadOnly: boolean, cursor: string | null) =>
    ['session', 'inbox', 'list', lang, status, q, unreadOnly, cursor] as const,
  message: (lang: Lang, id: string) => ['session', 'inbox', 'message', lang, id] as const,
  tasks: (lang: Lang, status: TaskFilter, cursor: string | null) =>
    ['session', 'inbox', 'tasks', lang, status, cursor] as const,
  task: (lang: Lang, id: string) => ['session', 'inbox', 'task', lang, id] as const,
};

// 'tasks' too: the console overview counts the open tasks under ['session', 'tasks', …].
const isInboxKey = (key: unknown) =>
  Array.isArray(key) && key[0] === 'session' && (key[1] === 'inbox' || key[1] === 'tasks');

/**
 * After a message was read or a task acted on: the badge, the banner, every list and detail (the same
 * message can show in several) and the console's open-task count are asked again, keeping what they
 * show meanwhile.
 */
export const useRevalidateInbox = () => {
  const { mutate } = useSWRConfig();
  return () => mutate(isInboxKey);
};
