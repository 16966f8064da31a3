import { screen, within } from '@testing-library/react';
import type { Profile } from '@tranche/shared/profile/profile.schema';
import { resolveRequirements } from '@tranche/shared/profile/requirement-levels';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useProfilesLocales } from '@/features/profiles/locales';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { DocumentsStep } from './documents-step';

const PROFILE = '01HZY3C9W8ZK1N6S2B7QK5V4XA';
const DORA = '01HZY3C9W8ZK1N6S2B7QK5V4M1';
const ERIC = '01HZY3C9W8ZK1N6S2B7QK5V4M2';
const AT = '2026-11-01T10:00:00.000Z';
const entity: Profile = {
  profileId: PROFILE,
  type: 'ENTITY',
  name: 'Harbour Holdings',
  state: 'DRAFT',
  validationStatus: 'UNVERIFIED',
  version: 6,
  createdAt: AT,
  updatedAt: AT,
  header: {},
  addresses: [],
  bankAccounts: [],
  certificates: [],
  members: [
    { memberId: DORA, personId: 'P1', person: { firstName: 'Dora', lastName: 'Director' }, roles: ['DIRECTOR'] },
    { memberId: ERIC, personId: 'P2', person: { firstName: 'Eric', lastName: 'Owner' }, roles: ['BENEFICIAL_OWNER'] },
  ] as Profile['members'],
};

const WithLocales = ({ children }: { children: ReactNode }) => {
  useProfilesLocales();
  return children;
};
const fetchMock = mockFetch({ csrf: true });

describe('the documents step of an entity', { timeout: 20_000 }, () => {
  it('asks each person for an identity document and shows whose each document is', async () => {
    fetchMock.mockImplementation(async () =>
      json(200, {
        items: [
          {
            documentId: '01HZY3C9W8ZK1N6S2B7QK5V4D1',
            profileId: PROFILE,
            fileName: 'f.pdf',
            kind: 'PROOF_OF_IDENTITY',
            idDocumentType: 'PASSPORT',
            memberId: DORA,
            originalName: 'dora-passport.pdf',
            contentType: 'application/pdf',
            size: 2048,
            addedAt: AT,
          },
        ],
      }),
    );
    renderWithApp(
      <WithLocales>
        <DocumentsStep
          profile={entity}
          readOnly={false}
          onSaved={vi.fn()}
          table={resolveRequirements('ENTITY', {})}
          documentKinds={new Set(['PROOF_OF_IDENTITY'])}
        />
      </WithLocales>,
    );
    const people = await screen.findByRole('region', { name: 'Documents of each person' });
    expect(await within(people).findByText('1 document on file')).toBeTruthy();
    expect(within(people).getByText('Eric Owner')).toBeTruthy();
    expect(within(people).getByText('None yet')).toBeTruthy();
    expect(within(people).getByText('Upload an identity document of Eric Owner')).toBeTruthy();
    // The profile's list says whom the passport is about.
    expect(await screen.findByText(/Passport · Dora Director/)).toBeTruthy();
  });
});
