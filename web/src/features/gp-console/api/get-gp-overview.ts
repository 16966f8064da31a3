import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

// Under 'session' (the answer depends on who is signed in); team and investor changes revalidate it.
export const gpOverviewKey = () => ['session', 'gp-overview'] as const;

export const getGpOverview = () => apiFetch('getGpOverview');

/** The overview's figures: funds by state, investors, team. */
export const useGpOverview = () => useSWR(gpOverviewKey(), getGpOverview);
