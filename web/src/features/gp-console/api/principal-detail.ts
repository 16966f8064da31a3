import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

// Under 'session' (the answer depends on who is signed in), then 'gp-investors' with the list.
export const principalKey = (userId: string) => ['session', 'gp-investors', 'principal', userId] as const;

/** One investor for the team: the account, their profiles, subscriptions and recent activity. */
export const usePrincipalDetail = (userId: string | undefined) =>
  useSWR(userId ? principalKey(userId) : null, ([, , , id]) =>
    apiFetch('getPrincipalDetail', { query: { userId: id } }),
  );
