import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

/**
 * Every ISO country with both languages' names (public, about 250 rows: the list is filtered in the
 * browser as the investor types). Same key as the console's countries tab on purpose, so one
 * download serves both; under 'tenant' because the open flags follow the LP settings.
 */
export const countriesKey = () => ['tenant', 'countries'] as const;

export const useCountries = () => useSWR(countriesKey(), () => apiFetch('queryCountries', { query: {} }));
