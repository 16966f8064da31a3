import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERROR_CATALOGUE } from '@tranche/shared/errors/catalogue';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { RevealAccountNumber } from './reveal-account-number';

const PROFILE = '01HZY3C9W8ZK1N6S2B7QK5V4XA';
const BANK = '01HZY3C9W8ZK1N6S2B7QK5V4XB';
const fetchMock = mockFetch({ csrf: true });
const callsTo = (path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).includes(path))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

const passwordField = () => screen.getByLabelText(/^Password/);
const refused = () => json(403, { code: 'STEP_UP_REQUIRED', message: 'x', requestId: 'r' });
const shown = () =>
  json(200, {
    bankId: BANK,
    accountNumber: '123456789012',
    visibleUntil: new Date(Date.now() + 300_000).toISOString(),
  });

describe('revealing a full account number', () => {
  it('asks for the password again when the server wants a step-up, then shows the number', async () => {
    let stepped = false;
    fetchMock.mockImplementation(async (url) => {
      if (String(url).includes('/user-center/step-up')) {
        stepped = true;
        return json(200, { stepUpUntil: new Date(Date.now() + 300_000).toISOString() });
      }
      return stepped ? shown() : refused();
    });
    renderWithApp(<RevealAccountNumber profileId={PROFILE} bankId={BANK} last4="9012" />);

    fireEvent.click(screen.getByRole('button', { name: 'Show the full number of the account ending 9012' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm it is you' })).toBeTruthy();
    expect(screen.queryByText('123456789012')).toBeNull();

    fireEvent.change(passwordField(), { target: { value: 'river-lantern' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('123456789012')).toBeTruthy();
    expect(callsTo('/user-center/step-up')).toEqual([{ password: 'river-lantern' }]);
    expect(callsTo('/reveal-bank-account')).toEqual([{ bankId: BANK }, { bankId: BANK }]);
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByText('123456789012')).toBeNull();
  });

  it('says why a wrong password failed and shows nothing', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/user-center/step-up')
        ? json(401, { code: 'STEP_UP_FAILED', message: 'x', requestId: 'r' })
        : refused(),
    );
    renderWithApp(<RevealAccountNumber profileId={PROFILE} bankId={BANK} last4="9012" />);
    fireEvent.click(screen.getByRole('button', { name: 'Show the full number of the account ending 9012' }));
    await screen.findByRole('dialog', { name: 'Confirm it is you' });
    fireEvent.change(passwordField(), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(ERROR_CATALOGUE.STEP_UP_FAILED.messages.en)).toBeTruthy();
    await waitFor(() => expect(callsTo('/reveal-bank-account')).toHaveLength(1));
    expect(screen.queryByText('123456789012')).toBeNull();
  });
});
