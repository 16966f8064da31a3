import type { ProfileType } from '@tranche/shared/profile/profile-enums';
import { type RequirementTable, resolveRequirements } from '@tranche/shared/profile/requirement-levels';
import useSWR from 'swr';
import { apiFetch } from '@/lib/api';
import { profileKeys } from './keys';

export { useProfiles } from './list-profiles';

/** One profile, whole (parts, members, masked bank accounts). */
export const useProfile = (profileId: string | undefined) =>
  useSWR(profileId ? profileKeys.one(profileId) : null, ([, , , id]) =>
    apiFetch('getProfileInfo', { query: { profileId: id } }),
  );

/** The investor's persons, to choose from instead of typing someone again. */
export const usePersons = (enabled = true) =>
  useSWR(enabled ? profileKeys.persons() : null, () => apiFetch('listPersons'));

/**
 * The tenant's requirement table for a profile type. The server answers it resolved; resolving the
 * tenant's own settings again here is the same pure function, and covers a table the server sends
 * without the type (it then means the defaults).
 */
export const useRequirementTable = (type: ProfileType | undefined) => {
  const swr = useSWR(type ? profileKeys.requirements() : null, () => apiFetch('getProfileRequirements'));
  const table: RequirementTable | undefined =
    type && swr.data ? resolveRequirements(type, swr.data.settings) : undefined;
  return { ...swr, table };
};
