import useSWR from 'swr';
import { useLang } from '@/i18n/use-lang';
import { apiFetch } from '@/lib/api';
import { inboxKeys } from './keys';
import { UNREAD_REFRESH_MS } from './unread-count';

export const getBannerMessage = () => apiFetch('getBannerMessage');

/** The one message that needs attention now (the waiting task due soonest), for a signed-in user. */
export const useBannerMessage = (enabled: boolean) => {
  const lang = useLang();
  return useSWR(enabled ? inboxKeys.banner(lang) : null, getBannerMessage, {
    refreshInterval: UNREAD_REFRESH_MS,
    revalidateOnFocus: true,
  });
};
