import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

export const lpSettingsKey = () => ['tenant', 'lp-settings'] as const;

export const getLpSettings = () => apiFetch('getLpSettings');

export const useLpSettings = () => useSWR(lpSettingsKey(), getLpSettings);
