import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { KycQueuePage as QueuePage } from '@tranche/shared/profile/kyc.schema';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { kycCase } from '@/features/gp-kyc/lib/kyc-case.fixture';
import { useGpKycLocales } from '@/features/gp-kyc/locales';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { KycQueuePage } from './kyc-queue-page';

const WithLocales = ({ children }: { children: ReactNode }) => {
  useGpKycLocales();
  return children;
};

const fetchMock = mockFetch();
const counts = {
  IN_REVIEW: 2,
  DOCUMENTS_REQUESTED: 0,
  DOCUMENTS_UPLOADED: 0,
  SALES_SUPPORT: 0,
  APPROVED: 1,
  REJECTED: 0,
};
const summary = (over: Parameters<typeof kycCase>[0]) => {
  const { profile, riskFactors, subjects, identity, listVersion, listSize, history, allowedDecisions, ...row } =
    kycCase(over);
  return row;
};
const pageOf = (status: QueuePage['status'], items: QueuePage['items']): QueuePage => ({ status, counts, items });

describe('the KYC queue', { timeout: 15_000 }, () => {
  it('shows each status with its count and the cases of the chosen one, each linking to its case', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('status=APPROVED')
        ? json(
            200,
            pageOf('APPROVED', [summary({ caseId: 'CASE-3', profileName: 'Quiet Pines Trust', status: 'APPROVED' })]),
          )
        : json(
            200,
            pageOf('IN_REVIEW', [
              summary({ caseId: 'CASE-1', profileName: 'Harbour Light Holdings Ltd' }),
              summary({ caseId: 'CASE-2', profileName: 'Wang Ceshi', trigger: 'RESCREEN', riskRating: 'MEDIUM' }),
            ]),
          ),
    );
    renderWithApp(
      <WithLocales>
        <KycQueuePage />
      </WithLocales>,
      { path: '/gp/kyc' },
    );
    const link = await screen.findByRole('link', { name: 'Harbour Light Holdings Ltd' });
    expect(link.getAttribute('href')).toBe('/gp/kyc/CASE-1');
    expect(screen.getByRole('tab', { name: 'In review (2)' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Rescreen')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/kyc/cases?status=IN_REVIEW');

    fireEvent.click(screen.getByRole('tab', { name: 'Approved (1)' }));
    expect(await screen.findByRole('link', { name: 'Quiet Pines Trust' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Harbour Light Holdings Ltd' })).toBeNull();
    await waitFor(() => expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('status=APPROVED'));
  });

  it('says so when a status holds no case', async () => {
    fetchMock.mockImplementation(async () => json(200, pageOf('IN_REVIEW', [])));
    renderWithApp(
      <WithLocales>
        <KycQueuePage />
      </WithLocales>,
    );
    expect(await screen.findByText('No cases here')).toBeTruthy();
    expect(screen.getByText(/No case has the status “In review” at the moment/)).toBeTruthy();
  });

  it('tells someone without access to sign in or that the queue is not theirs', async () => {
    fetchMock.mockImplementation(async () => json(403, { code: 'FORBIDDEN', message: 'x', requestId: 'r' }));
    renderWithApp(
      <WithLocales>
        <KycQueuePage />
      </WithLocales>,
    );
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
