import useSWR from 'swr';
import { apiFetch } from '@/lib/api';
import { profileKeys } from './keys';

/**
 * The signed-in investor's profiles (every one: an investor has a handful, so the list is not paged).
 * `enabled: false` asks nothing (a page the manager's team can open too).
 */
export const useProfiles = (enabled = true) =>
  useSWR(enabled ? profileKeys.list() : null, () => apiFetch('listProfileInfo'));
