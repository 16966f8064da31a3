import { useNavigate } from 'react-router';
import { type ScopedMutator, useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiFetch } from '@/lib/api';
import { isApiError } from '@/lib/api-error';

export const signOutKey = () => ['session', 'sign-out'] as const;

/** Ends the session. A 401 means it had already ended: the user is signed out either way. */
export const signOut = async () => {
  try {
    await apiFetch('signOut', {});
  } catch (error) {
    if (!(isApiError(error) && error.status === 401)) throw error;
  }
  return { ok: true } as const;
};

/** Drops every session-scoped answer (swr would keep showing them) and asks again: all 401 now. */
const dropSessionData = (mutate: ScopedMutator) =>
  mutate((key) => Array.isArray(key) && key[0] === 'session' && key[1] !== 'sign-out', undefined, {
    revalidate: true,
  });

/**
 * Signs out and goes to the portal's home. It navigates before dropping the session data: the
 * component that asked (the user menu) disappears once the user is gone, and could not navigate then.
 */
export const useSignOutAndLeave = () => {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  return async () => {
    await signOut();
    navigate('/');
    await dropSessionData(mutate);
  };
};

/**
 * Ends the session, then drops and revalidates every session-scoped key (they all answer 401
 * afterwards); dropping matters, since swr would otherwise keep showing the signed-out user's data.
 */
export const useSignOut = () => {
  const { mutate } = useSWRConfig();
  return useSWRMutation(signOutKey(), signOut, {
    onSuccess: () => void dropSessionData(mutate),
  });
};
