import type { Profile } from '@tranche/shared/profile/profile.schema';
import { useSWRConfig } from 'swr';

/**
 * Every profile key, under 'session' (the answers are the signed-in investor's: sign-out revalidates
 * them by that filter), then 'profiles'.
 */
export const profileKeys = {
  list: () => ['session', 'profiles', 'list'] as const,
  one: (profileId: string) => ['session', 'profiles', 'one', profileId] as const,
  persons: () => ['session', 'profiles', 'persons'] as const,
  requirements: () => ['session', 'profiles', 'requirements'] as const,
};

const isListOrPersons = (key: unknown) =>
  Array.isArray(key) && key[0] === 'session' && key[1] === 'profiles' && (key[2] === 'list' || key[2] === 'persons');

/**
 * After a change: every profile route answers the whole profile, so its cache entry takes the answer
 * as is (no second request); the list (name, status) and the persons (a member added) are asked again.
 */
export const useStoreProfile = () => {
  const { mutate } = useSWRConfig();
  return async (profile: Profile) => {
    await mutate(profileKeys.one(profile.profileId), profile, { revalidate: false });
    void mutate(isListOrPersons);
    return profile;
  };
};
