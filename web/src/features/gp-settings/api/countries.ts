import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

// Under 'tenant': public, and the open flags change with the LP settings.
export const countriesKey = () => ['tenant', 'countries'] as const;

export const useCountries = () => useSWR(countriesKey(), () => apiFetch('queryCountries', { query: {} }));
