import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useGpSettingsLocales } from '@/features/gp-settings/locales';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { ProfileRequirementsTab } from './profile-requirements-tab';

const WithLocales = ({ children }: { children: ReactNode }) => {
  useGpSettingsLocales();
  return children;
};

const fetchMock = mockFetch({ csrf: true });
const puts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

const doc = (settings: object, version: number) => ({ settings, version, resolved: {} });

const renderTab = (canEdit = true) =>
  renderWithApp(
    <WithLocales>
      <ProfileRequirementsTab canEdit={canEdit} />
    </WithLocales>,
  );

describe('the profile requirements settings', { timeout: 20_000 }, () => {
  it("shows the tenant's levels per profile type and saves only what differs from the defaults", async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'PUT'
        ? json(200, doc(JSON.parse(String(init.body)).settings, 4))
        : json(200, doc({ ENTITY: { EMAIL_ADDRESS: 'MANDATORY' } }, 3)),
    );
    renderTab();
    const tax = (await screen.findByLabelText('Tax reporting')) as HTMLSelectElement;
    expect(tax.value).toBe('OPTIONAL');
    // An individual has no directors: the entity-only kinds are not offered.
    expect(screen.queryByLabelText('Legal name of entity')).toBeNull();
    fireEvent.change(tax, { target: { value: 'HIDDEN' } });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Entity' }));
    expect(((await screen.findByLabelText('Email address')) as HTMLSelectElement).value).toBe('MANDATORY');
    expect(screen.getByLabelText('Legal name of entity')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({
      version: 3,
      settings: { INDIVIDUAL: { TAX_REPORTING: 'HIDDEN' }, ENTITY: { EMAIL_ADDRESS: 'MANDATORY' } },
    });
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
  });

  it('shows a member the table without a way to change it', async () => {
    fetchMock.mockImplementation(async () => json(200, doc({}, 0)));
    renderTab(false);
    expect(((await screen.findByLabelText('Tax reporting')) as HTMLSelectElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
