import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './support';

/**
 * Issue 9, "Investor home": an investor lands on their home after signing in, keeps a watchlist from
 * fund cards and fund pages, and a visitor who presses a subscription action signs in and comes back
 * to the same fund. investor2 keeps the watchlist here (no other browser test saves funds as them);
 * every fund saved is removed again before the test ends.
 */

const signInOnScreen = async (page: Page, email: string) => {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
};

test('an investor lands on their home, saves funds from a card and a fund page, and lets them go', async ({ page }) => {
  await page.goto('/sign-in');
  await signInOnScreen(page, 'investor2@alpine.example');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Next steps' })).toContainText('Set up two-step verification');
  const watchlist = page.getByRole('region', { name: 'Your watchlist' });
  await expect(watchlist.getByRole('heading', { name: 'No saved funds yet' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your investments' })).toContainText('Once you invest');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

  // Save one fund from its card in the fund list.
  await nav.getByRole('link', { name: 'Funds' }).click();
  const save = page.getByRole('button', { name: 'Save Alpine Income Fund to your watchlist' });
  await save.click();
  await expect(page.getByRole('button', { name: 'Remove Alpine Income Fund from your watchlist' })).toBeVisible();

  // And another from its fund page.
  await page.getByRole('link', { name: 'Alpine Growth Fund I', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alpine Growth Fund I' })).toBeVisible();
  await page.getByRole('button', { name: 'Save to watchlist' }).click();
  await expect(page.getByRole('button', { name: 'Saved to watchlist' })).toBeVisible();

  // Both are on the home page, the latest first; one comes off there, the other on its fund page.
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(watchlist.getByRole('link')).toHaveText(['Alpine Growth Fund I', 'Alpine Income Fund']);
  await expect(watchlist).toContainText('2 saved funds');
  await watchlist.getByRole('button', { name: 'Remove Alpine Income Fund from your watchlist' }).click();
  await expect(watchlist.getByRole('link')).toHaveText(['Alpine Growth Fund I']);

  await watchlist.getByRole('link', { name: 'Alpine Growth Fund I' }).click();
  await page.getByRole('button', { name: 'Saved to watchlist' }).click();
  await expect(page.getByRole('button', { name: 'Save to watchlist' })).toBeVisible();
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(watchlist.getByRole('heading', { name: 'No saved funds yet' })).toBeVisible();
});

test('a visitor who presses Invest signs in and comes back to the same fund', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Alpine Growth Fund I', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alpine Growth Fund I' })).toBeVisible();
  const fundUrl = page.url();
  // Visitors have no watchlist: no bookmark to press.
  await expect(page.getByRole('button', { name: 'Save to watchlist' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Invest', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invest: sign in first' })).toBeVisible();
  const fundPath = new URL(fundUrl).pathname;
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
    'href',
    `/sign-up?next=${encodeURIComponent(fundPath)}`,
  );
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`/sign-in?next=${encodeURIComponent(fundPath)}`);

  await signInOnScreen(page, 'investor1@alpine.example');
  await expect(page).toHaveURL(fundUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Alpine Growth Fund I' })).toBeVisible();
  // Signed in as an investor now: the fund can be saved, and Invest leads on instead of to sign-in.
  await expect(page.getByRole('button', { name: 'Save to watchlist' })).toBeVisible();
  await page.getByRole('link', { name: 'Invest', exact: true }).click();
  // The subscription starts here (issue 13): the investor chooses the profile and the amount.
  await expect(page.getByRole('heading', { level: 1, name: 'Invest: Alpine Growth Fund I' })).toBeVisible();
});

test('a crafted sign-in link cannot send the investor to another site', async ({ page }) => {
  await page.goto(`/sign-in?next=${encodeURIComponent('//evil.example/products')}`);
  await signInOnScreen(page, 'investor1@alpine.example');
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/home$/);
});
