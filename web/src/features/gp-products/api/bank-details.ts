import type { FundBankDetailsInput } from '@tranche/shared/money/fund-bank';
import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

export const fundBankDetailsKey = (productId: string) => ['session', 'gp-products', 'bank-details', productId] as const;

/** The accounts the fund's investors pay capital calls into (docs/money.md "Fund bank details"). */
export const useFundBankDetails = (productId: string) =>
  useSWR(fundBankDetailsKey(productId), ([, , , id]) => apiFetch('getFundBankDetails', { params: { productId: id } }));

export const updateFundBankDetails = (productId: string, body: FundBankDetailsInput) =>
  apiFetch('updateFundBankDetails', { params: { productId }, body });
