import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiFetch } from '../../../lib/api';

export const signOutKey = () => ['session', 'sign-out'] as const;

export const signOut = () => apiFetch('signOut', {});

/** Ends the session, then revalidates every session-scoped key (they all answer 401 afterwards). */
export const useSignOut = () => {
  const { mutate } = useSWRConfig();
  return useSWRMutation(signOutKey(), signOut, {
    onSuccess: () => void mutate((key) => Array.isArray(key) && key[0] === 'session'),
  });
};
