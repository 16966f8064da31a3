import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { BankAccountView, Profile } from '@tranche/shared/profile/profile.schema';
import { resolveRequirements } from '@tranche/shared/profile/requirement-levels';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useProfilesLocales } from '@/features/profiles/locales';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { BankStep } from './bank-step';

const PROFILE = '01HZY3C9W8ZK1N6S2B7QK5V4XA';
const OPEN_ID = '01HZY3C9W8ZK1N6S2B7QK5V4XB';
const REJECTED_ID = '01HZY3C9W8ZK1N6S2B7QK5V4XC';
const AT = '2026-11-01T10:00:00.000Z';

const account = (over: Partial<BankAccountView>): BankAccountView => ({
  bankId: OPEN_ID,
  kind: 'BANK',
  bankName: 'Harbour Bank',
  accountName: 'Ada Lovelace',
  currency: 'USD',
  bankCountry: 'HK',
  swiftBic: 'HARBHKHH',
  status: 'OPEN',
  accountNumberMasked: '•••• 1234',
  last4: '1234',
  updatedAt: AT,
  ...over,
});

const profile = (bankAccounts: BankAccountView[]): Profile => ({
  profileId: PROFILE,
  type: 'INDIVIDUAL',
  name: 'Ada Lovelace',
  state: 'SUCCESS',
  validationStatus: 'SUCCESS',
  version: 7,
  createdAt: AT,
  updatedAt: AT,
  header: {},
  addresses: [],
  bankAccounts,
  certificates: [],
  members: [],
});

const WithLocales = ({ children }: { children: ReactNode }) => {
  useProfilesLocales();
  return children;
};

const fetchMock = mockFetch({ csrf: true });
const bankCalls = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).includes('/patch-meta-bank-info'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

const renderStep = (p: Profile) => {
  const onSaved = vi.fn();
  renderWithApp(
    <WithLocales>
      <BankStep profile={p} readOnly={false} onSaved={onSaved} table={resolveRequirements('INDIVIDUAL', {})} />
    </WithLocales>,
  );
  return { onSaved };
};

describe('the bank accounts step', { timeout: 20_000 }, () => {
  it('shows a rejected account with the reason the manager gave', async () => {
    renderStep(
      profile([
        account({}),
        account({
          bankId: REJECTED_ID,
          last4: '9876',
          status: 'CLOSED',
          review: { decision: 'REJECTED', reason: 'The holder name does not match the profile', decidedAt: AT },
        }),
      ]),
    );
    expect(await screen.findByText('Rejected: The holder name does not match the profile')).toBeTruthy();
    // The open account has no decision text.
    expect(screen.getAllByText(/^Rejected:/)).toHaveLength(1);
  });

  it('changes an account as a new version pending approval, the number typed again', async () => {
    const changed = profile([account({ status: 'PENDING', last4: '5678', accountNumberMasked: '•••• 5678' })]);
    fetchMock.mockImplementation(async () => json(200, { ...changed, version: 8 }));
    const { onSaved } = renderStep(profile([account({})]));

    fireEvent.click(await screen.findByRole('button', { name: 'Change the account ending 1234' }));
    expect(screen.getByText('The changed account needs approval again')).toBeTruthy();
    // The saved details are there to edit; the number is not (it never reaches the browser).
    expect((screen.getByLabelText(/^Bank name/) as HTMLInputElement).value).toBe('Harbour Bank');
    const number = screen.getByLabelText(/^Account number or IBAN/) as HTMLInputElement;
    expect(number.value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    expect(bankCalls()).toEqual([]);

    fireEvent.change(number, { target: { value: '004100005678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bankCalls()).toEqual([
      {
        version: 7,
        bankId: OPEN_ID,
        account: {
          kind: 'BANK',
          bankName: 'Harbour Bank',
          accountName: 'Ada Lovelace',
          accountNumber: '004100005678',
          currency: 'USD',
          bankCountry: 'HK',
          swiftBic: 'HARBHKHH',
        },
      },
    ]);
  });

  it('cancels a change without saving anything', async () => {
    renderStep(profile([account({})]));
    fireEvent.click(await screen.findByRole('button', { name: 'Change the account ending 1234' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the change' }));
    expect(screen.queryByText('The changed account needs approval again')).toBeNull();
    expect(bankCalls()).toEqual([]);
  });
});
