import type { EmailPreferences, InvestAccountEmailPreferences } from '@tranche/shared/user/user.schema';
import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

// Under 'session': the answers depend on who is signed in, and signing out drops them.
export const emailPreferencesKey = () => ['session', 'email-preferences'] as const;
export const investPreferencesKey = () => ['session', 'invest-account-email-preferences'] as const;

export const useEmailPreferences = () => useSWR(emailPreferencesKey(), () => apiFetch('getEmailPreferences'));
export const updateEmailPreferences = (body: EmailPreferences) => apiFetch('updateEmailPreferences', { body });

/** The investor's notices about their investments (investors only: `enabled` false for the team). */
export const useInvestPreferences = (enabled: boolean) =>
  useSWR(enabled ? investPreferencesKey() : null, () => apiFetch('getInvestAccountEmailPreferences'));
export const updateInvestPreferences = (body: InvestAccountEmailPreferences) =>
  apiFetch('updateInvestAccountEmailPreferences', { body });
