import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useGpProductsLocales } from '@/features/gp-products/locales';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { BankDetailsSection } from './bank-details-form';

const fetchMock = mockFetch();
afterEach(() => vi.restoreAllMocks());

const PRODUCT = '01HZY3C9W8ZK1N6S2B7QK5V4XM';
const WithLocales = ({ children }: { children: ReactNode }) => {
  useGpProductsLocales();
  return children;
};
const pathOf = (input: unknown) => new URL(String(input), 'http://x').pathname;

const serve = () =>
  fetchMock.mockImplementation(async (input, init) => {
    if (pathOf(input) !== `/api/gp/products/${PRODUCT}/bank-details`) return json(404, { code: 'NOT_FOUND' });
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { accounts: object[] };
      return json(200, {
        productId: PRODUCT,
        accounts: body.accounts,
        version: 1,
        updatedAt: '2026-11-24T08:00:00.000Z',
      });
    }
    return json(200, { productId: PRODUCT, accounts: [], version: 0 });
  });

const render = (canEdit: boolean) =>
  renderWithApp(
    <WithLocales>
      <BankDetailsSection productId={PRODUCT} currencies={['EUR', 'USD']} canEdit={canEdit} />
    </WithLocales>,
  );
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}( \\*)?$`)), { target: { value } });

describe("the fund's bank details", { timeout: 20_000 }, () => {
  it('refuses an IBAN with wrong check digits under the field, then sends the account with the version read', async () => {
    serve();
    render(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Add an account' }));
    type('Bank', 'Alpine Bank AG');
    type('Account name', 'Alpine Growth Fund II SCSp');
    type('SWIFT/BIC', 'cobadeffxxx');
    type('IBAN', 'DE89 3704 0044 0532 0130 01');
    fireEvent.click(screen.getByRole('button', { name: 'Save bank details' }));
    expect(await screen.findByText(/Enter either an IBAN with correct check digits/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    type('IBAN', 'DE89 3704 0044 0532 0130 00');
    fireEvent.click(screen.getByRole('button', { name: 'Save bank details' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]?.body))).toEqual({
      accounts: [
        {
          currency: 'EUR',
          bankName: 'Alpine Bank AG',
          accountName: 'Alpine Growth Fund II SCSp',
          iban: 'DE89 3704 0044 0532 0130 00',
          swiftBic: 'COBADEFFXXX',
        },
      ],
      version: 0,
    });
  });

  it('is read-only for a team member, saying who may change it', async () => {
    serve();
    render(false);
    expect(await screen.findByText('Only admins and owners can change where investors send money.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add an account' })).toBeNull();
  });
});
