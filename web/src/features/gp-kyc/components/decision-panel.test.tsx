import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { kycCase } from '@/features/gp-kyc/lib/kyc-case.fixture';
import { useGpKycLocales } from '@/features/gp-kyc/locales';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { DecisionPanel } from './decision-panel';

const WithLocales = ({ children }: { children: ReactNode }) => {
  useGpKycLocales();
  return children;
};

const fetchMock = mockFetch({ csrf: true });
const decisionCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/decision'));

const renderPanel = (kase = kycCase(), onReload = vi.fn()) => {
  renderWithApp(
    <WithLocales>
      <DecisionPanel kase={kase} onReload={onReload} />
    </WithLocales>,
  );
  return { onReload };
};

const openDialog = async (button: string) => {
  fireEvent.click(screen.getByRole('button', { name: button }));
  return screen.findByRole('dialog');
};
const typeReason = (dialog: HTMLElement, text: string) =>
  fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: text } });

describe('the KYC decision panel', { timeout: 20_000 }, () => {
  it('approves only after a reason is given, sending the version it read', async () => {
    fetchMock.mockImplementation(async () =>
      json(200, kycCase({ status: 'APPROVED', version: 4, allowedDecisions: [] })),
    );
    renderPanel();
    const dialog = await openDialog('Approve');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Enter a reason.')).toBeTruthy();
    expect(decisionCalls()).toHaveLength(0);

    typeReason(dialog, 'Owner born in another year and country');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(decisionCalls()).toHaveLength(1));
    const [url, init] = decisionCalls()[0] as [string, RequestInit];
    expect(url).toBe('/api/kyc/cases/01JCASE00000000000000000001/decision');
    expect(JSON.parse(String(init.body))).toEqual({
      decision: 'APPROVE',
      reason: 'Owner born in another year and country',
      version: 3,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for documents by kind or message and sends them with the reason', async () => {
    fetchMock.mockImplementation(async () => json(200, kycCase({ status: 'DOCUMENTS_REQUESTED', version: 4 })));
    renderPanel();
    const dialog = await openDialog('Request documents');
    typeReason(dialog, 'Need to tell the owner apart from a listed person');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Pick at least one document kind or write what is needed.')).toBeTruthy();
    expect(decisionCalls()).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Message to the investor/ }), {
      target: { value: "A certified copy of the owner's passport" },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(decisionCalls()).toHaveLength(1));
    const [, init] = decisionCalls()[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      decision: 'REQUEST_DOCUMENTS',
      reason: 'Need to tell the owner apart from a listed person',
      version: 3,
      documents: { kinds: [], note: "A certified copy of the owner's passport" },
    });
  });

  it('says someone else decided first on a 409, and reloads the case on request', async () => {
    fetchMock.mockImplementation(async () => json(409, { code: 'VERSION_CONFLICT', message: 'x', requestId: 'r' }));
    const { onReload } = renderPanel();
    const dialog = await openDialog('Reject');
    typeReason(dialog, 'Confirmed listed person');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Someone else decided first')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reload the case' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('shows a member the decisions disabled, and why', () => {
    renderPanel(kycCase({ allowedDecisions: [] }));
    expect(screen.getByText(/Only admins and owners decide KYC cases/)).toBeTruthy();
    const buttons = screen.getAllByRole('button') as HTMLButtonElement[];
    expect(buttons.map((b) => [b.textContent, b.disabled])).toEqual([
      ['Approve', true],
      ['Reject', true],
      ['Request documents', true],
      ['Hand to sales support', true],
    ]);
  });

  it('disables Approve while the identity check failed, naming the finding', () => {
    renderPanel(
      kycCase({ findings: ['IDENTITY_NOT_PASS'], allowedDecisions: ['REJECT', 'REQUEST_DOCUMENTS', 'SALES_SUPPORT'] }),
    );
    expect((screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText('Approval is not possible: Identity verification did not pass.')).toBeTruthy();
  });

  it('offers nothing on an ended case', () => {
    renderPanel(kycCase({ status: 'REJECTED', allowedDecisions: [] }));
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('This case is closed.')).toBeTruthy();
  });
});
