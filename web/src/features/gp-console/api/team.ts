import type { GP_ROLES } from '@tranche/shared/auth/roles';
import { useSWRConfig } from 'swr';
import { type ApiBody, apiFetch } from '@/lib/api';
import { useCursorPages } from '@/lib/use-cursor-pages';
import { gpOverviewKey } from './get-gp-overview';

const PAGE_SIZE = 50;

// Under 'session' (the answer depends on who is signed in), then 'gp-team' for changes to revalidate.
export const teamKey = (cursor: string | null) => ['session', 'gp-team', cursor] as const;

const listTeam = ([, , cursor]: ReturnType<typeof teamKey>) =>
  apiFetch('listTeamMembers', { query: { limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) } });

/** The GP team, by role then joining time, page after page. */
export const useTeam = () => {
  const { items, ...rest } = useCursorPages(teamKey, listTeam, { revalidateFirstPage: false, keepPreviousData: true });
  return { ...rest, members: items };
};

/**
 * The team screen's changes, each followed by a fresh read of the team list (`reloadTeam`: the
 * list's own `mutate`, since a key filter does not reach an infinite list's pages) and of the
 * overview's counts.
 */
export const useTeamActions = (reloadTeam: () => Promise<unknown>) => {
  const { mutate } = useSWRConfig();
  const after = async <T>(call: Promise<T>): Promise<T> => {
    const result = await call;
    await Promise.all([reloadTeam(), mutate(gpOverviewKey())]);
    return result;
  };
  return {
    invite: (body: ApiBody<'inviteUser'>) => after(apiFetch('inviteUser', { body })),
    changeRole: (memberId: string, role: (typeof GP_ROLES)[number], version: number) =>
      after(apiFetch('changeUserRole', { params: { memberId }, body: { role, version } })),
    lock: (userId: string) => after(apiFetch('lockUser', { params: { userId } })),
    unlock: (userId: string) => after(apiFetch('unlockUser', { params: { userId } })),
    resend: (inviteeId: string) => after(apiFetch('resendInvite', { params: { inviteeId } })),
  };
};
