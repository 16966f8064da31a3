import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

export const currencyPolicyKey = () => ['tenant', 'currency-policy'] as const;

export const getCurrencyPolicy = () => apiFetch('getCurrencyPolicy');

/** The tenant's base currency and display rates (public); asked only when a conversion is needed. */
export const useCurrencyPolicy = (needed: boolean) =>
  useSWR(needed ? currencyPolicyKey() : null, getCurrencyPolicy, { revalidateOnFocus: false });
