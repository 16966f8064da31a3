import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LOCAL_CAPTCHA_PASS_TOKEN } from '@tranche/shared/auth/auth.schema';
import { ERROR_CATALOGUE } from '@tranche/shared/errors/catalogue';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp, TEST_TENANT } from '@/test/render';
import ActivatePage from './activate-page';
import ResetPasswordPage from './reset-password-page';
import SignInPage from './sign-in-page';
import SignUpPage from './sign-up-page';

const TOKEN = 'k'.repeat(43);
const failure = (code: keyof typeof ERROR_CATALOGUE, status: number) =>
  json(status, { code, message: 'x', requestId: 'r' });
const fetchMock = mockFetch({ csrf: true });
const bodiesTo = (path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(path))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

/** Answers by path; anything else is a signed-out visitor's 401. */
const answer = (routes: Record<string, () => Response>) =>
  fetchMock.mockImplementation(async (url) => {
    const path =
      String(url)
        .replace(/^\/api/, '')
        .split('?')[0] ?? '';
    return routes[path]?.() ?? failure('UNAUTHENTICATED', 401);
  });

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const pages = (
  <Routes>
    <Route path="/sign-in" element={<SignInPage />} />
    <Route path="/sign-up" element={<SignUpPage />} />
    <Route path="/activate" element={<ActivatePage />} />
    <Route path="/reset-password" element={<ResetPasswordPage />} />
  </Routes>
);

describe('the identity screens', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('sign-up puts "email in use" on the email field, asks for the captcha again, then keeps no password between steps', async () => {
    let attempts = 0;
    answer({
      '/v2/lp/tenant-settings': () =>
        json(200, { settings: { signUpEnabled: true, mfaMethods: ['email'] }, version: 1 }),
      '/invest/account/sign-up': () =>
        ++attempts === 1
          ? failure('AccountExist', 409)
          : json(201, { email: 'ada@investor.example', codeExpiresInSeconds: 1800 }),
    });
    const { storage } = renderWithApp(pages, {
      tenant: { ...TEST_TENANT, captcha: { provider: 'test' } },
      path: '/sign-up',
    });
    await screen.findByRole('heading', { level: 1, name: 'Create your investor account' });
    type(/Full name/, 'Ada Lovelace');
    type(/Email/, 'ada@investor.example');
    type(/^Password/, 'correct horse battery');
    expect(screen.getByText('(met)')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('I am not a robot'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Email already in use')).toBeTruthy();
    expect(screen.getByLabelText(/Email/).getAttribute('aria-invalid')).toBe('true');
    expect(bodiesTo('/invest/account/sign-up')[0]).toMatchObject({
      captchaToken: LOCAL_CAPTCHA_PASS_TOKEN,
      language: 'en',
    });
    expect(screen.getByLabelText('I am not a robot')).toHaveProperty('checked', false);

    fireEvent.click(screen.getByLabelText('I am not a robot'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeTruthy();
    expect(storage.get('registerInfo')).toEqual({ email: 'ada@investor.example', displayName: 'Ada Lovelace' });
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain('correct horse battery');
  });

  it('activation shows the spec message for a spent link, with the way to sign in', async () => {
    answer({ '/invest/account/activate': () => failure('LinkAlreadyActivated', 409) });
    renderWithApp(pages, { path: `/activate?token=${TOKEN}` });
    expect(await screen.findByText('This link has already been activated.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeTruthy();
  });

  it('activation checks the link, sets the password, then offers sign-in with the email filled in', async () => {
    answer({
      '/invest/account/activate': () => json(200, { email: 'grace@alpine.example', displayName: 'Grace' }),
      '/invest/account/set-password': () => json(200, { ok: true }),
    });
    renderWithApp(pages, { path: `/activate?token=${TOKEN}` });
    expect(await screen.findByText('Welcome, Grace. Choose a password for grace@alpine.example.')).toBeTruthy();
    type(/^New password/, 'a long and unusual phrase');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByText('Your password is set. Sign in to continue.')).toBeTruthy();
    expect(screen.getByLabelText(/Email/)).toHaveProperty('value', 'grace@alpine.example');
    expect(bodiesTo('/invest/account/set-password')).toEqual([{ token: TOKEN, password: 'a long and unusual phrase' }]);
  });

  it('reset puts "same as the old password" on the new password, and an expired link above the form', async () => {
    let attempts = 0;
    answer({
      '/invest/account/reset-password': () =>
        ++attempts === 1 ? failure('newPasswordSameAsOldPassword', 400) : failure('PasswordResetLinkExpired', 410),
    });
    renderWithApp(pages, { path: `/reset-password?token=${TOKEN}` });
    type(/Verification code/, '123456');
    type(/^New password/, 'the very same old phrase');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your new password must be different from your previous password.')).toBeTruthy();
    expect(screen.getByLabelText(/^New password/).getAttribute('aria-invalid')).toBe('true');

    type(/^New password/, 'a different phrase entirely');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The password reset link has expired.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Request a new link' })).toBeTruthy());
  });

  it('shows the lockout warning of the fourth failure as the catalogue words it', async () => {
    answer({ '/invest/account/login': () => failure('AccountLockoutWarning', 401) });
    renderWithApp(pages, { path: '/sign-in' });
    type(/Email/, 'ada@investor.example');
    type(/^Password/, 'wrong guess');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(ERROR_CATALOGUE.AccountLockoutWarning.messages.en)).toBeTruthy();
    expect(bodiesTo('/invest/account/refresh')).toEqual([]);
  });
});
