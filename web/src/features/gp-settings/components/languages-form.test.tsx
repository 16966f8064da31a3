import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TenantConfig } from '@tranche/shared/tenant/tenant.schema';
import { describe, expect, it, vi } from 'vitest';
import { useGpSettingsLocales } from '@/features/gp-settings/locales';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { LanguagesForm, type TabProps } from './general-tab';

const REVISION = '01HZY3C9W8ZK1N6S2B7QK5V4XC';
const config = {
  revisions: {
    i18n: REVISION,
    currency: REVISION,
    features: REVISION,
    branding: REVISION,
    domain: REVISION,
  },
  languages: ['en', 'zh-CN'],
  defaultLanguage: 'en',
} as unknown as TenantConfig;

const fetchMock = mockFetch({ csrf: true });

const Form = (props: TabProps) => {
  useGpSettingsLocales();
  return <LanguagesForm {...props} />;
};

const renderForm = (canEdit = true) => {
  const onChanged = vi.fn(async () => undefined);
  renderWithApp(<Form config={config} canEdit={canEdit} onChanged={onChanged} />);
  return { onChanged };
};

describe('the languages form', () => {
  it('saves the offered languages and the default with the revision it read', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, { items: [{ lang: 'zh-CN', label: '简体中文', isDefault: true }], revision: REVISION }),
    );
    const { onChanged } = renderForm();
    fireEvent.click(screen.getByRole('radio', { name: '简体中文' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'English' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/lp/tenant/i18n/configs');
    expect(init?.method).toBe('PUT');
    expect((init!.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok');
    expect(JSON.parse(String(init?.body))).toEqual({
      languages: ['zh-CN'],
      defaultLanguage: 'zh-CN',
      revision: REVISION,
    });
  });

  it('names the field at fault before asking the API: a default that is not offered, no language at all', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('checkbox', { name: 'English' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The default language must be one of the offered languages.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: '简体中文' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose at least one.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    // A language that is not offered cannot be chosen as the default.
    expect((screen.getByRole('radio', { name: 'English' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('says when someone else saved first, and offers their version', async () => {
    fetchMock.mockResolvedValueOnce(
      json(409, { code: 'VERSION_CONFLICT', message: 'Someone else changed this first.', requestId: 'r1' }),
    );
    const { onChanged } = renderForm();
    fireEvent.click(screen.getByRole('checkbox', { name: '简体中文' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('Someone else changed this first')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load the latest version' }));
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('puts a field error from the API on its field', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, {
        code: 'PARAMS_ERROR',
        message: 'Some fields are invalid.',
        details: { fields: [{ field: 'body.defaultLanguage', rule: 'custom', message: 'x' }] },
        requestId: 'r2',
      }),
    );
    renderForm();
    fireEvent.click(screen.getByRole('checkbox', { name: '简体中文' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The default language must be one of the offered languages.')).toBeTruthy();
  });

  it('is read-only for team members: disabled, with no save button', () => {
    renderForm(false);
    // Inside a disabled fieldset: the browser disables every control in it.
    expect(screen.getByRole('checkbox', { name: 'English' }).closest('fieldset')?.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
