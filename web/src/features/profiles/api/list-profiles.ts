import useSWR from 'swr';
import { apiFetch } from '@/lib/api';
import { profileKeys } from './keys';

/** The signed-in investor's profiles (every one: an investor has a handful, so the list is not paged). */
export const useProfiles = () => useSWR(profileKeys.list(), () => apiFetch('listProfileInfo'));
