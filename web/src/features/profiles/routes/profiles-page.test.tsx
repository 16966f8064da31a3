import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProfileSummary } from '@tranche/shared/profile/profile.schema';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useProfilesLocales } from '@/features/profiles/locales';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { ProfilesPage } from './profiles-page';

const AT = '2026-11-01T10:00:00.000Z';
const summary = (over: Partial<ProfileSummary>): ProfileSummary => ({
  profileId: '01HZY3C9W8ZK1N6S2B7QK5V4XA',
  type: 'INDIVIDUAL',
  name: 'Ada Lovelace',
  state: 'SUCCESS',
  validationStatus: 'SUCCESS',
  version: 9,
  createdAt: AT,
  updatedAt: AT,
  ...over,
});
const DRAFT = summary({
  profileId: '01HZY3C9W8ZK1N6S2B7QK5V4XB',
  name: 'Harbour Holdings',
  type: 'ENTITY',
  state: 'DRAFT',
  validationStatus: 'UNVERIFIED',
  version: 3,
});

const WithLocales = ({ children }: { children: ReactNode }) => {
  useProfilesLocales();
  return children;
};

const fetchMock = mockFetch({ csrf: true });
const deletes = () =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => new URL(String(url), 'http://x'));

const renderPage = (answerDelete: () => Response) => {
  let items = [summary({}), DRAFT];
  fetchMock.mockImplementation(async (_url, init) => {
    if (init?.method === 'DELETE') {
      const res = answerDelete();
      if (res.status === 200) items = items.filter((p) => p.profileId !== DRAFT.profileId);
      return res;
    }
    return json(200, { items });
  });
  renderWithApp(
    <WithLocales>
      <ProfilesPage />
    </WithLocales>,
    { path: '/profiles' },
  );
};

describe('the profiles list', { timeout: 20_000 }, () => {
  it('deletes a draft after asking, naming the version the list showed', async () => {
    renderPage(() => json(200, { profileId: DRAFT.profileId, deleted: true }));
    const button = await screen.findByRole('button', { name: 'Delete the draft Harbour Holdings' });
    // A verified profile has no delete: only a draft does.
    expect(screen.queryByRole('button', { name: 'Delete the draft Ada Lovelace' })).toBeNull();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Delete the draft Harbour Holdings?' });
    expect(deletes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete the draft' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Harbour Holdings' })).toBeNull());
    const [call] = deletes();
    expect(call?.pathname).toBe('/api/subscription/profile/delete-profile');
    expect(Object.fromEntries(call?.searchParams ?? [])).toEqual({ profileId: DRAFT.profileId, version: '3' });
  });

  it('keeps the draft when the investor cancels', async () => {
    renderPage(() => json(200, { profileId: DRAFT.profileId, deleted: true }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the draft Harbour Holdings' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes()).toEqual([]);
  });

  it('says the draft moved on when the server answers 409, and offers to reload', async () => {
    renderPage(() => json(409, { code: 'VERSION_CONFLICT', message: 'x', requestId: 'r' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the draft Harbour Holdings' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete the draft' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The profile changed');
    fireEvent.click(within(alert).getByRole('button', { name: 'Reload the list' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
