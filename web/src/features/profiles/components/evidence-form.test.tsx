import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Profile } from '@tranche/shared/profile/profile.schema';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useProfilesLocales } from '@/features/profiles/locales';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { EvidenceForm } from './evidence-form';

const PROFILE = '01HZY3C9W8ZK1N6S2B7QK5V4XA';
const DOC = '01HZY3C9W8ZK1N6S2B7QK5V4XD';
const AT = '2026-11-01T10:00:00.000Z';
const profile: Profile = {
  profileId: PROFILE,
  type: 'INDIVIDUAL',
  name: 'Ada Lovelace',
  state: 'DRAFT',
  validationStatus: 'UNVERIFIED',
  version: 4,
  createdAt: AT,
  updatedAt: AT,
  header: {},
  addresses: [],
  bankAccounts: [],
  certificates: [{ classification: 'INPI', updatedAt: AT }],
  members: [],
};

const WithLocales = ({ children }: { children: ReactNode }) => {
  useProfilesLocales();
  return children;
};

const fetchMock = mockFetch({ csrf: true });
const certificateCalls = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).includes('/patch-meta-certificate-info'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

const render = (p: Profile = profile) =>
  renderWithApp(
    <WithLocales>
      <EvidenceForm profile={p} certificate={p.certificates[0]!} readOnly={false} />
    </WithLocales>,
  );

describe('the evidence form', { timeout: 20_000 }, () => {
  it("names what is missing, then saves the test's figures in its own currency with the chosen document", async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/documents')
        ? json(200, {
            items: [
              {
                documentId: DOC,
                profileId: PROFILE,
                fileName: 'f',
                kind: 'ADDITIONAL_DOCUMENTS',
                originalName: 'portfolio-statement.pdf',
                contentType: 'application/pdf',
                size: 1000,
                addedAt: AT,
              },
            ],
          })
        : json(200, { ...profile, version: 5 }),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: /Save the evidence for/ }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(3);
    expect(certificateCalls()).toEqual([]);

    fireEvent.change(screen.getByLabelText(/^Portfolio/), { target: { value: '9,500,000' } });
    fireEvent.change(screen.getByLabelText(/^Assessed on/), { target: { value: '2026-10-15' } });
    const documents = screen.getAllByLabelText(/^Documents that prove it/).find((e) => e.tagName === 'INPUT')!;
    fireEvent.focus(documents);
    fireEvent.click(documents);
    fireEvent.click(await screen.findByRole('option', { name: /portfolio-statement\.pdf/ }));
    fireEvent.click(screen.getByRole('button', { name: /Save the evidence for/ }));
    await waitFor(() => expect(certificateCalls()).toHaveLength(1));
    expect(certificateCalls()[0]).toEqual({
      version: 4,
      certificate: {
        classification: 'INPI',
        evidence: {
          test: 'HK_PI_PORTFOLIO',
          portfolio: { amount: '9500000', currency: 'HKD' },
          documentIds: [DOC],
          assessedOn: '2026-10-15',
        },
      },
    });
  });

  it('shows the verdict and the expiry of saved evidence', async () => {
    fetchMock.mockImplementation(async () => json(200, { items: [] }));
    const assessedOn = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
    render({
      ...profile,
      certificates: [
        {
          classification: 'INPI',
          updatedAt: AT,
          evidence: {
            test: 'HK_PI_PORTFOLIO',
            portfolio: { amount: '9500000', currency: 'HKD' },
            documentIds: [DOC],
            assessedOn,
          },
        },
      ],
    });
    // Assessed over 12 months ago: the evidence has expired.
    expect(await screen.findByText('Expired')).toBeTruthy();
    expect(screen.getByText(/^Evidence expires on/)).toBeTruthy();
  });
});
