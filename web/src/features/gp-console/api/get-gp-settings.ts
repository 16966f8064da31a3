import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

// Under 'session': the answer depends on who is signed in.
export const gpSettingsKey = () => ['session', 'gp-settings'] as const;

export const getGpSettings = () => apiFetch('getGpSettings');

export const useGpSettings = () => useSWR(gpSettingsKey(), getGpSettings);
