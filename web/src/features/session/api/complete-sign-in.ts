import type { CurrentUser } from '@tranche/shared/user/user.schema';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { accountPathOf, homeOf, safeNext } from '@/features/session/lib/return-path';
import { useClientStorage } from '@/lib/storage-context';
import { currentUserKey } from './get-current-user';

export interface SignInResult {
  user: CurrentUser;
  mfaEnrolmentRequired: boolean;
}

/**
 * The end of every way in (password, second factor, emailed link, confirmed sign-up): the session
 * cookies are set by then. Forget the MFA ticket, remember the email, refresh everything that
 * depends on who is signed in, and go where the user was heading (or their home).
 */
export const useCompleteSignIn = () => {
  const storage = useClientStorage();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  return async (result: SignInResult, next?: string) => {
    storage.remove('mfaTicket');
    storage.set('signInEmail', result.user.email);
    await mutate(currentUserKey(), result.user, { revalidate: false });
    void mutate((key) => Array.isArray(key) && key[0] === 'session' && key[1] !== 'me');
    if (result.mfaEnrolmentRequired) {
      // The session can do nothing but enrol a factor: the account screen says why.
      navigate(`${accountPathOf(result.user.role)}?tab=security`, {
        replace: true,
        state: { mfaEnrolmentRequired: true },
      });
      return;
    }
    navigate(safeNext(next) ?? homeOf(result.user.role), { replace: true });
  };
};
