import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

/** Every session-scoped key starts with 'session', so signing in or out revalidates them all by filter. */
export const currentUserKey = () => ['session', 'me'] as const;

export const getCurrentUser = () => apiFetch('getCurrentUser');

/** The signed-in user; errors with UNAUTHENTICATED (401) when nobody is. */
export const useCurrentUser = () => useSWR(currentUserKey(), getCurrentUser);
