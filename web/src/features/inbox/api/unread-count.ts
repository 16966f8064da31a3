import useSWR from 'swr';
import { apiFetch } from '@/lib/api';
import { inboxKeys } from './keys';

/** How often the badge asks while the page is open: new messages come from events, not from this tab. */
export const UNREAD_REFRESH_MS = 30_000;

export const getUnreadCount = () => apiFetch('getUnreadCount');

/**
 * The unread count for the header's badge, for a signed-in user (`enabled`). It refreshes on its own
 * every 30 seconds while the tab is visible and when the window gets focus again (the app turns focus
 * revalidation off elsewhere), and after anything this tab marks read (useRevalidateInbox).
 */
export const useUnreadCount = (enabled: boolean) =>
  useSWR(enabled ? inboxKeys.unreadCount() : null, getUnreadCount, {
    refreshInterval: UNREAD_REFRESH_MS,
    revalidateOnFocus: true,
    // A badge that flickers to nothing on a failed refresh is worse than a slightly old number.
    keepPreviousData: true,
  });
