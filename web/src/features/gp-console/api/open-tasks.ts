import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

/** Open tasks the overview counts; past this it says "N+" and the task list has the rest. */
export const OPEN_TASKS_COUNTED = 20;

// Under 'session': the signed-in user's own tasks (the inbox of issue 10).
export const openTasksKey = () => ['session', 'tasks', 'overview-count'] as const;

export const getOpenTasks = () =>
  apiFetch('queryTasks', { query: { status: 'IN_PROGRESS', limit: OPEN_TASKS_COUNTED } });

/** The first page of the user's open tasks: its length (and whether there is more) is the overview's figure. */
export const useOpenTasks = () => useSWR(openTasksKey(), getOpenTasks);
