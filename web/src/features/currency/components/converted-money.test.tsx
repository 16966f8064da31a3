import { fireEvent, screen } from '@testing-library/react';
import type { Currency } from '@tranche/shared/money';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrencySwitch } from '@/features/currency/currency-switch';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp, TEST_TENANT } from '@/test/render';
import { ConversionNote, MoneyWithConversion, useDisplayConversion } from './converted-money';

const TENANT = { ...TEST_TENANT, currencies: ['USD', 'EUR', 'HKD'] as Currency[], defaultCurrency: 'USD' as const };
const POLICY = {
  baseCurrency: 'USD',
  currencies: ['USD', 'EUR', 'HKD'],
  rates: [
    { currency: 'EUR', rate: '0.92', asOf: '2026-03-31' },
    { currency: 'HKD', rate: '7.8125', asOf: '2026-02-28' },
  ],
  rounding: 'HALF_EVEN',
  revision: 1,
};

const fetchMock = mockFetch();

const Amount = ({ amount, currency }: { amount: string; currency: Currency }) => {
  const conversion = useDisplayConversion([currency]);
  return (
    <div>
      <p data-testid="amount">
        <MoneyWithConversion amount={amount} currency={currency} conversion={conversion} />
      </p>
      <ConversionNote currencies={[currency]} conversion={conversion} />
    </div>
  );
};

describe('display-currency conversion', () => {
  beforeEach(() => {
    fetchMock.mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://x').pathname;
      if (path === '/api/currency-policy') return json(200, POLICY);
      return json(401, { code: 'UNAUTHENTICATED', message: 'x', requestId: 'r' });
    });
  });
  afterEach(() => {
    localStorage.clear();
  });

  it('shows the amount in its own currency, then ≈ the chosen currency with the rate date, after a switch', async () => {
    renderWithApp(
      <>
        <CurrencySwitch />
        <Amount amount="100000" currency="EUR" />
      </>,
      { tenant: TENANT },
    );
    // Chosen USD (the base): EUR 100,000 / 0.92 = 108,695.652… -> US$108,695.65 (half even).
    expect((await screen.findByText('≈ $108,695.65')).textContent).toBe('≈ $108,695.65');
    expect(screen.getByTestId('amount').textContent).toContain('€100,000');
    expect(screen.getByText(/indicative, for display only/).textContent).toContain('Mar 31, 2026');

    // Through the base: EUR -> HKD uses both rates; the note gives the older date.
    fireEvent.change(screen.getByRole('combobox', { name: 'Display currency' }), { target: { value: 'HKD' } });
    expect(await screen.findByText('≈ HK$849,184.78')).toBeTruthy();
    expect(screen.getByText(/indicative, for display only/).textContent).toContain('Feb 28, 2026');

    // The same currency as the amount's: nothing converted, no note.
    fireEvent.change(screen.getByRole('combobox', { name: 'Display currency' }), { target: { value: 'EUR' } });
    await vi.waitFor(() => expect(screen.queryByText(/≈/)).toBeNull());
    expect(screen.queryByText(/indicative/)).toBeNull();
    expect(localStorage.getItem('tranche:alpine:currency')).toBe('"EUR"');
  });

  it('shows no converted amount when the policy has no rate for the currency', async () => {
    renderWithApp(<Amount amount="5000" currency="GBP" />, { tenant: TENANT });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByTestId('amount').textContent).toBe('£5,000');
    expect(screen.queryByText(/indicative/)).toBeNull();
  });

  it('hides the switch when the tenant offers one currency', () => {
    renderWithApp(<CurrencySwitch />);
    expect(screen.queryByRole('combobox', { name: 'Display currency' })).toBeNull();
  });
});
