import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useGpSettingsLocales } from '@/features/gp-settings/locales';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { RetentionForm } from './retention-form';

const fetchMock = mockFetch({ csrf: true });
// Stored before the setting existed: no sealedRetentionYears, so the form starts from the default.
const stored = {
  settings: { requireMfaForGp: false, fourEyesApproval: true, capitalCallNoticeBusinessDays: 10 },
  version: 4,
};

const Form = ({ canEdit = true }: { canEdit?: boolean }) => {
  useGpSettingsLocales();
  return <RetentionForm canEdit={canEdit} />;
};

const yearsInput = () => screen.findByRole('textbox', { name: 'Keep sealed PDFs for (years)' });

describe('the sealed-file retention form', () => {
  it('starts from the default, refuses a number out of range before asking the API, then saves the whole GP settings', async () => {
    fetchMock.mockResolvedValueOnce(json(200, stored));
    renderWithApp(<Form />);
    const input = (await yearsInput()) as HTMLInputElement;
    expect(input.value).toBe('7');

    fireEvent.change(input, { target: { value: '31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number of years from 1 to 30.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValueOnce(
      json(200, { settings: { ...stored.settings, sealedRetentionYears: 12 }, version: 5 }),
    );
    fetchMock.mockResolvedValueOnce(
      json(200, { settings: { ...stored.settings, sealedRetentionYears: 12 }, version: 5 }),
    );
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(2));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(String(url)).toBe('/api/v2/gp/tenant-settings');
    expect(init?.method).toBe('PUT');
    // The other settings go back unchanged with the version read: the document is replaced whole.
    expect(JSON.parse(String(init?.body))).toEqual({
      settings: { ...stored.settings, sealedRetentionYears: 12 },
      version: 4,
    });
  });

  it('is read-only for a member', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, { ...stored, settings: { ...stored.settings, sealedRetentionYears: 10 } }),
    );
    renderWithApp(<Form canEdit={false} />);
    const input = (await yearsInput()) as HTMLInputElement;
    expect(input.value).toBe('10');
    expect(input.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
