import { fireEvent, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp, TEST_TENANT } from '@/test/render';
import { TenantLanguageSwitch } from './tenant-language-switch';

const Heading = () => {
  const { t } = useTranslation();
  return <h1>{t('landing.fundsHeading')}</h1>;
};

describe('the language switch', () => {
  afterEach(() => localStorage.clear());

  it('changes the visible text, <html lang> and the remembered device language', () => {
    const { storage } = renderWithApp(
      <>
        <TenantLanguageSwitch />
        <Heading />
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Funds' })).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'zh-CN' } });

    expect(screen.getByRole('heading', { name: '基金' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Funds' })).toBeNull();
    expect(screen.getByRole('combobox', { name: '语言' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(storage.get('deviceLanguage')).toBe('zh-CN');
    expect(localStorage.getItem('tranche:alpine:deviceLanguage')).toBe('"zh-CN"');
  });

  it("offers only the tenant's languages", () => {
    renderWithApp(<TenantLanguageSwitch />, { tenant: { ...TEST_TENANT, languages: ['en', 'zh-CN'] } });
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['English', '简体中文']);
  });

  it('is absent when the tenant offers a single language', () => {
    renderWithApp(<TenantLanguageSwitch />, { tenant: { ...TEST_TENANT, languages: ['en'] } });
    expect(screen.queryByRole('combobox', { name: 'Language' })).toBeNull();
  });
});
