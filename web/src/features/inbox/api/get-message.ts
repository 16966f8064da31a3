import useSWR from 'swr';
import { useLang } from '@/i18n/use-lang';
import { apiFetch } from '@/lib/api';
import { inboxKeys } from './keys';

export const getInboxMessage = ([, , , , id]: ReturnType<typeof inboxKeys.message>) =>
  apiFetch('getInboxMessage', { params: { id } });

/** One message (with its task, if it is one); reading it does not mark it read. */
export const useInboxMessage = (id: string | undefined) => {
  const lang = useLang();
  return useSWR(id ? inboxKeys.message(lang, id) : null, getInboxMessage);
};

export const getTask = ([, , , , id]: ReturnType<typeof inboxKeys.task>) => apiFetch('getTask', { params: { id } });

/** One task by its task id, as its inbox message (the console's task list opens tasks this way). */
export const useTask = (taskId: string | undefined) => {
  const lang = useLang();
  return useSWR(taskId ? inboxKeys.task(lang, taskId) : null, getTask);
};
