import type { CurrentUser } from '@tranche/shared/user/user.schema';
import { useSWRConfig } from 'swr';
import { currentUserKey } from '@/features/session';

/** Puts the user an update answered with into the cache, so the header and every section agree. */
export const useSetUser = () => {
  const { mutate } = useSWRConfig();
  return (user: CurrentUser) => mutate(currentUserKey(), user, { revalidate: false });
};
