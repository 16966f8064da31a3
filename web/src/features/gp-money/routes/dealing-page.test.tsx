import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ContractNote, DealingRun } from '@tranche/shared/money/money.schema';
import { describe, expect, it, vi } from 'vitest';
import { useGpMoneyLocales } from '@/features/gp-money/locales';
import { notifications } from '@/lib/notifications';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { DealingPage } from './dealing-page';

const PRODUCT = '01HZY3C9W8ZK1N6S2B7QK5V4XM';
const CLASS = '01HZY3C9W8ZK1N6S2B7QK5V4XC';
const ERIN = '01HZY3C9W8ZK1N6S2B7QK5V4U1';
const FINN = '01HZY3C9W8ZK1N6S2B7QK5V4U2';

const fund = {
  productId: PRODUCT,
  name: { en: 'Glacier Income' },
  currency: 'USD',
  redemptionGatePercent: '25',
  shareClasses: [{ shareClassId: CLASS, productId: PRODUCT, name: { en: 'Class A' }, currency: 'USD' }],
};

// docs/money.md's gate vector: 300 + 100 units asked under a 250-unit gate deal 187.5 / 62.5 and
// carry 112.5 / 37.5 to the next dealing date.
const run: DealingRun = {
  runId: '01HZY3C9W8ZK1N6S2B7QK5V4R1',
  productId: PRODUCT,
  shareClassId: CLASS,
  fund: 'Glacier Income',
  currency: 'USD',
  dealingDate: '2026-09-30',
  navPerUnit: '10.000000',
  gatePercent: '25',
  unitsOutstanding: '1000.000000',
  gateUnits: '250.000000',
  gated: true,
  fills: [
    {
      redemptionId: '01HZY3C9W8ZK1N6S2B7QK5V4D1',
      subscriptionId: '01HZY3C9W8ZK1N6S2B7QK5V4S1',
      investorId: ERIN,
      asked: '300.000000',
      dealt: '187.500000',
      carried: '112.500000',
      gross: '1875.00',
      fee: '0.00',
      net: '1875.00',
      nextDealingDate: '2026-12-31',
    },
    {
      redemptionId: '01HZY3C9W8ZK1N6S2B7QK5V4D2',
      subscriptionId: '01HZY3C9W8ZK1N6S2B7QK5V4S2',
      investorId: FINN,
      asked: '100.000000',
      dealt: '62.500000',
      carried: '37.500000',
      gross: '625.00',
      fee: '0.00',
      net: '625.00',
      nextDealingDate: '2026-12-31',
    },
  ],
  totals: { asked: '400.000000', dealt: '250.000000', carried: '150.000000', net: '2500.00' },
  posted: 2,
  createdBy: '01HZY3C9W8ZK1N6S2B7QK5V4GP',
  createdAt: '2026-10-01T09:00:00.000Z',
};

const NOTE = '01HZY3C9W8ZK1N6S2B7QK5V4N1';
const note: ContractNote = {
  contractNoteId: NOTE,
  subscriptionId: '01HZY3C9W8ZK1N6S2B7QK5V4S1',
  investorId: ERIN,
  productId: PRODUCT,
  shareClassId: CLASS,
  fund: 'Glacier Income',
  currency: 'USD',
  orderDate: '2026-09-10',
  dealingDate: '2026-09-30',
  navDate: '2026-09-30',
  navPerUnit: '10.000000',
  gross: '10000.00',
  fee: '150.00',
  feeType: 'PERCENTAGE',
  feeRate: '1.5',
  net: '9850.00',
  units: '985.000000',
  createdAt: '2026-10-01T09:00:00.000Z',
};
const NOTE_PDF = `/api/contract-notes/${note.subscriptionId}/${NOTE}/pdf`;

const fetchMock = mockFetch({ csrf: true });

const serve = (
  role: 'GP_ADMIN' | 'GP_MEMBER',
  shown: DealingRun = run,
  notes: ContractNote[] = [],
  pdf: () => Response = () =>
    json(200, { url: 'https://data-room.example/note.pdf', expiresAt: '2026-10-01T09:05:00.000Z' }),
) =>
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x');
    switch (url.pathname) {
      case '/api/user-center/get':
        return json(200, {
          userId: '01HZY3C9W8ZK1N6S2B7QK5V4GP',
          tenantId: '01HZY3C9W8ZK1N6S2B7QK5V4XA',
          email: 'admin@alpine.example',
          displayName: 'Ada Admin',
          role,
          inviteStatus: 'REGISTERED',
          accountState: 'normal',
          mfaMethods: [],
          language: 'en',
          currency: 'USD',
        });
      case '/api/gp/products':
        return json(200, { items: [fund] });
      case `/api/gp/products/${PRODUCT}`:
        return json(200, fund);
      case `/api/gp/products/${PRODUCT}/contract-notes`:
        return json(200, { items: notes });
      case NOTE_PDF:
        return pdf();
      case `/api/gp/products/${PRODUCT}/share-classes/${CLASS}/dealing`:
        return json(200, { items: [shown] });
      case '/api/gp/users':
        return json(200, { items: [{ userId: '01HZY3C9W8ZK1N6S2B7QK5V4GP', displayName: 'Ada Admin' }] });
      case '/api/gp/investors':
        return json(200, {
          items: [
            { userId: ERIN, displayName: 'Erin Example' },
            { userId: FINN, displayName: 'Finn Example' },
          ],
        });
      default:
        return json(404, { code: 'NOT_FOUND', message: 'x', requestId: 'r' });
    }
  });

const Page = () => {
  useGpMoneyLocales();
  return <DealingPage />;
};

describe('the dealing page', { timeout: 15_000 }, () => {
  it('shows the gate, and what each request dealt and carried forward to the next dealing date', async () => {
    serve('GP_ADMIN');
    renderWithApp(<Page />, { path: `/gp/money/dealing?productId=${PRODUCT}` });
    expect(await screen.findByText('Gate: 25% of the units outstanding per dealing date.')).toBeTruthy();
    const article = await screen.findByRole('article', { name: 'Dealing date Sep 30, 2026' });
    expect(within(article).getByText('Gated')).toBeTruthy();
    const table = within(article).getByRole('table', { name: 'Requests dealt on Sep 30, 2026' });
    const erin = within(table).getByRole('row', { name: /Erin Example/ });
    expect(within(erin).getByText('187.5')).toBeTruthy();
    expect(within(erin).getByText('112.5')).toBeTruthy();
    expect(within(erin).getByText('Dec 31, 2026')).toBeTruthy();
    expect(
      within(article).getByText('Totals: 250 of 400 units dealt, 150 carried forward, net proceeds $2,500.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Run dealing' })).toBeTruthy();
    expect(await screen.findByText('No order of this share class has dealt yet.')).toBeTruthy();
    expect(await within(article).findByText(/^Run by Ada Admin on Oct 1, 2026/)).toBeTruthy();
  });

  it('says when the daily schedule ran a date rather than a person', async () => {
    serve('GP_MEMBER', { ...run, createdBy: 'SYSTEM' });
    renderWithApp(<Page />, { path: `/gp/money/dealing?productId=${PRODUCT}` });
    const article = await screen.findByRole('article', { name: 'Dealing date Sep 30, 2026' });
    expect(within(article).getByText(/^Run by the daily schedule on Oct 1, 2026/)).toBeTruthy();
  });

  it('opens a contract note’s PDF from a fresh link, and says when it is still being rendered', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => undefined);
    let ready = false;
    serve('GP_MEMBER', run, [note], () =>
      ready
        ? json(200, { url: 'https://data-room.example/note.pdf', expiresAt: '2026-10-01T09:05:00.000Z' })
        : json(409, { code: 'contractNoteNotReady', message: 'x', requestId: 'r' }),
    );
    renderWithApp(<Page />, { path: `/gp/money/dealing?productId=${PRODUCT}` });
    const table = await screen.findByRole('table', { name: 'Contract notes of this share class, newest first' });
    // A member (not only an admin) may open it: the route serves the whole team.
    const button = await within(table).findByRole('button', {
      name: 'PDF of the contract note of Erin Example, dealt Sep 30, 2026',
    });
    fireEvent.click(button);
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'The PDF is still being prepared. Try again in a few seconds.' }),
      ),
    );
    expect(assign).not.toHaveBeenCalled();
    ready = true;
    fireEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://data-room.example/note.pdf'));
    expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith(NOTE_PDF))).toHaveLength(2);
    vi.restoreAllMocks();
  });

  it('offers running a dealing date to admins only', async () => {
    serve('GP_MEMBER');
    renderWithApp(<Page />, { path: `/gp/money/dealing?productId=${PRODUCT}` });
    await screen.findByRole('article', { name: 'Dealing date Sep 30, 2026' });
    expect(screen.queryByRole('button', { name: 'Run dealing' })).toBeNull();
  });
});
