import type { InvestorOrder } from '@tranche/shared/console/console.schema';
import type { AccountInviteStatus } from '@tranche/shared/enums';
import { apiFetch } from '@/lib/api';
import { useCursorPages } from '@/lib/use-cursor-pages';

const PAGE_SIZE = 25;

export interface InvestorFilter {
  q?: string | undefined;
  status?: AccountInviteStatus | undefined;
  order: InvestorOrder;
}

// Under 'session' (the answer depends on who is signed in), then 'gp-investors'.
export const investorListKey = (filter: InvestorFilter, cursor: string | null) =>
  ['session', 'gp-investors', filter.order, filter.status ?? '', filter.q ?? '', cursor] as const;

const listInvestors = ([, , order, status, q, cursor]: ReturnType<typeof investorListKey>) =>
  apiFetch('listInvestors', {
    query: {
      limit: PAGE_SIZE,
      order,
      ...(status ? { status: status as AccountInviteStatus } : {}),
      ...(q ? { q } : {}),
      ...(cursor ? { cursor } : {}),
    },
  });

/** The tenant's investors by registration date, searchable, page after page. */
export const useInvestors = (filter: InvestorFilter) => {
  const { items, ...rest } = useCursorPages((cursor) => investorListKey(filter, cursor), listInvestors, {
    revalidateFirstPage: false,
    keepPreviousData: true,
  });
  return { ...rest, investors: items };
};
