import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
// The very TOTP code the API checks (RFC 6238 over npm otpauth), as an authenticator app computes it.
import { totpCode, totpStep } from '../../functions/src/_lib/totp';
import { DEMO_PASSWORD, expect, test } from './support';

interface OutboxMessage {
  to: string[];
  subject: string;
  text: string;
}

/** The six-digit code of the newest message to `to` whose subject or text matches, from the local outbox. */
const codeFromOutbox = async (request: APIRequestContext, to: string, match: RegExp): Promise<string> => {
  for (let i = 0; i < 50; i++) {
    const messages = (await (await request.get('/_local/outbox')).json()) as OutboxMessage[];
    const found = messages.find((m) => m.to.includes(to) && match.test(`${m.subject}\n${m.text}`));
    const code = found && /\b(\d{6})\b/.exec(found.text)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No message with a code to ${to} matching ${match}`);
};

/** The names of what this browser keeps in localStorage (every origin of the context). */
const storedKeys = async (page: Page): Promise<string[]> =>
  (await page.context().storageState()).origins.flatMap((o) => o.localStorage.map((item) => item.name));

const fillSignIn = async (page: Page, email: string, password: string) => {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
};

/** Signs a new investor up through the screens, with the emailed code; ends signed in on the portal. */
const signUpNewInvestor = async (page: Page, request: APIRequestContext, displayName: string) => {
  const email = `e2e-${randomBytes(5).toString('hex')}@investor.example`;
  const password = `lantern-${randomBytes(6).toString('hex')}-river`;
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your investor account' })).toBeVisible();
  await page.getByLabel('Full name').fill(displayName);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await expect(page.getByText('At least 12 characters (met)')).toBeAttached();
  await page.getByLabel('I am not a robot').check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel('Verification code').fill(await codeFromOutbox(request, email, /verification code/));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByRole('button', { name: `Account menu of ${displayName}` })).toBeVisible();
  return { email, password };
};

const signOut = async (page: Page, displayName: string) => {
  await page.getByRole('button', { name: `Account menu of ${displayName}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Alpine Capital' })).toBeVisible();
};

test('a new investor signs up, enrols an authenticator, signs out and signs in again with password and code', async ({
  page,
  request,
}) => {
  // The second sign-in waits for the authenticator's next 30-second code, as a person would.
  test.setTimeout(120_000);
  const userMenu = page.getByRole('button', { name: 'Account menu of Erin Example' });
  const { email, password } = await signUpNewInvestor(page, request, 'Erin Example');

  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Erin Example' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveCount(0);

  await userMenu.click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await page.getByRole('tab', { name: 'Sign-in and security' }).click();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(
    page.getByRole('img', { name: 'QR code to add Alpine Capital to your authenticator app' }),
  ).toBeVisible();
  const secret = (await page.getByLabel('Setup key').inputValue()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const enrolledAt = Date.now();
  await page.getByLabel('Code from the app').fill(totpCode(secret, enrolledAt));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your authenticator app is set up and turned on.' }),
  ).toBeVisible();
  // Said once, in place: no toast repeating the banner.
  await expect(page.getByText('Your authenticator app is set up and turned on.')).toHaveCount(1);
  await expect(page.getByText('On: Authenticator app')).toBeVisible();

  await signOut(page, 'Erin Example');
  await expect(userMenu).toHaveCount(0);

  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await fillSignIn(page, email, password);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
  // The ticket waits in namespaced storage (spec §3 "MFA ticket"), never a session token.
  expect((await storedKeys(page)).filter((k) => k.endsWith(':mfaTicket'))).toEqual(['tranche:localhost:mfaTicket']);
  // A code is good once: wait for the app's next code after the one that confirmed the enrolment.
  while (totpStep(Date.now()) <= totpStep(enrolledAt)) await page.waitForTimeout(500);
  await page.getByLabel('Verification code').fill(totpCode(secret, Date.now()));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();

  await expect(userMenu).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Erin Example' })).toBeVisible();
  expect(await storedKeys(page)).not.toContain('tranche:localhost:mfaTicket');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === '__Host-tr_sid_alpine')?.httpOnly).toBe(true);
});

test('a wrong password shows the catalogue message and clears the password', async ({ page }) => {
  await page.goto('/sign-in');
  await fillSignIn(page, 'investor2@alpine.example', 'not-the-right-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Email or password is incorrect.' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('');
  await expect(page.getByLabel('Email')).toHaveValue('investor2@alpine.example');
});

test('the sign-in screen speaks Simplified Chinese', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
  await page.getByRole('link', { name: '登录' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '登录' })).toBeVisible();
  await expect(page.getByLabel('邮箱')).toBeVisible();
  await expect(page.getByRole('textbox', { name: '密码', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '忘记密码？' })).toBeVisible();
  await expect(page.getByRole('link', { name: '创建投资者账户' })).toBeVisible();
  await expect(page).toHaveTitle(/^登录 · /);
});

test('the manager console sends a signed-out team member to sign in and back', async ({ page }) => {
  await page.goto('/gp');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in required' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fgp$/);
  await fillSignIn(page, 'owner@alpine.example', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/gp$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await page.getByRole('link', { name: 'Account' }).first().click();
  await expect(page).toHaveURL(/\/gp\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
});

test('with email codes on, the emailed sign-in link signs in from another tab of the same browser', async ({
  page,
  request,
  context,
}) => {
  const { email, password } = await signUpNewInvestor(page, request, 'Eli Email');
  await page.goto('/account?tab=security');
  await page.getByRole('checkbox', { name: 'Email' }).check();
  await page.getByRole('textbox', { name: 'Current password, to confirm' }).fill(password);
  await page.getByRole('button', { name: 'Save methods' }).click();
  await expect(page.getByText('On: Email')).toBeVisible();
  await signOut(page, 'Eli Email');

  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await fillSignIn(page, email, password);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByText(/The email also has a sign-in link/)).toBeVisible();

  let link: string | undefined;
  for (let i = 0; i < 50 && !link; i++) {
    const messages = (await (await request.get('/_local/outbox')).json()) as OutboxMessage[];
    const found = messages.find((m) => m.to.includes(email) && /sign-in code/.test(m.subject));
    link = found && /https?:\/\/\S+\/mfa-link\?token=[\w-]+/.exec(found.text)?.[0];
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  expect(link).toBeTruthy();
  const tab = await context.newPage();
  await tab.goto(String(link));
  await expect(tab.getByRole('button', { name: 'Account menu of Eli Email' })).toBeVisible();
  await expect(tab.getByRole('heading', { level: 1, name: 'Welcome, Eli Email' })).toBeVisible();
  expect(await storedKeys(tab)).not.toContain('tranche:localhost:mfaTicket');
});
