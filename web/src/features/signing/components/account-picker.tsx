import { Autocomplete, Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

export interface PickedAccount {
  userId: string;
  name: string;
  email: string;
}

interface AccountPickerProps {
  /** LP: the tenant's investors; GP: the team; WITNESS: both. */
  role: 'LP' | 'GP' | 'WITNESS';
  onPick: (account: PickedAccount) => void;
}

/**
 * Finds the signer's account in this portal by name or email: a signer with an account signs from
 * their own session (and their task), can download the sealed PDF, and is named on the audit page as
 * the account holder. A signer without one is reached by an emailed link instead.
 */
export const AccountPicker = ({ role, onPick }: AccountPickerProps) => {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed.trim(), 250);
  const wantsInvestors = role !== 'GP';
  const wantsTeam = role !== 'LP';
  const investors = useSWR(
    wantsInvestors && q.length >= 2 ? (['session', 'signing', 'find-investor', q] as const) : null,
    ([, , , text]) => apiFetch('listInvestors', { query: { q: text, limit: 10 } }),
    { keepPreviousData: true },
  );
  // The team is small: its first page, filtered here.
  const team = useSWR(wantsTeam ? (['session', 'signing', 'team'] as const) : null, () =>
    apiFetch('listTeamMembers', { query: { limit: 100 } }),
  );
  const needle = q.toLocaleLowerCase();
  const accounts: PickedAccount[] = [
    ...(wantsInvestors && q.length >= 2 ? (investors.data?.items ?? []) : []),
    ...(wantsTeam && q.length >= 1
      ? (team.data?.items ?? []).filter(
          (m) => m.displayName.toLocaleLowerCase().includes(needle) || m.email.toLocaleLowerCase().includes(needle),
        )
      : []),
  ].map((a) => ({ userId: a.userId, name: a.displayName, email: a.email }));
  const unique = [...new Map(accounts.map((a) => [a.userId, a])).values()];
  const label = (a: PickedAccount) => `${a.name} <${a.email}>`;

  return (
    <Autocomplete
      label={t('signing.editor.findAccount')}
      description={t('signing.editor.findAccountHint')}
      value={typed}
      onChange={setTyped}
      data={unique.map(label)}
      filter={({ options }) => options}
      onOptionSubmit={(chosen) => {
        const account = unique.find((a) => label(a) === chosen);
        if (account) onPick(account);
        // Cleared after the list has set it to the chosen label.
        requestAnimationFrame(() => setTyped(''));
      }}
      rightSection={investors.isValidating || team.isLoading ? <Loader size="xs" /> : null}
      size="sm"
    />
  );
};
