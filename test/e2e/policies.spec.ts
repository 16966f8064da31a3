import { expect, signIn, test } from './support';

/**
 * Investor-facing policies and display-currency conversion on the demo tenant (alpine: USD base,
 * EUR at 0.92 and HKD at 7.8125 as of 2026-03-31; privacy, terms and risk disclosure published).
 */

const SHOTS = 'test-results/screens';

test('an investor finds the policies from the footer, searches them and reads one in Chinese', async ({
  page,
  context,
}) => {
  await signIn(context, 'investor1@alpine.example');
  await page.goto('/');
  const footer = page.getByRole('navigation', { name: 'Policies and legal' });
  await expect(footer.getByRole('link', { name: 'Privacy notice' })).toBeVisible();
  await footer.getByRole('link', { name: 'All policies' }).click();

  await expect(page).toHaveURL(/\/policies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Policies' })).toBeVisible();
  for (const name of ['Privacy notice', 'Terms of use', 'Risk disclosure'])
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByText('Version 1').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/policies.png`, fullPage: true });

  await page.getByRole('searchbox', { name: 'Search policies' }).fill('illiquid');
  await expect(page).toHaveURL(/\/policies\?q=illiquid$/);
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2, name: 'Risk disclosure' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search policies' }).fill('bitcoin');
  await expect(page.getByRole('heading', { name: 'No matching policies' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(3);

  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '简体中文' });
  await page.getByRole('link', { name: '风险披露' }).first().click();
  await expect(page).toHaveURL(/\/policies\/[0-9A-Z]{26}$/);
  await expect(page.getByRole('heading', { level: 1, name: '风险披露' })).toBeVisible();
  await expect(page.getByText(/私募基金投资流动性低/)).toBeVisible();
  await expect(page.getByText('第 1 版', { exact: false })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/policy-zh.png`, fullPage: true });
});

test('the product page shows amounts converted into the chosen display currency', async ({ page }) => {
  await page.goto('/');
  const currency = page.getByRole('combobox', { name: 'Display currency' });
  await expect(currency).toHaveValue('USD');
  // The fund list converts as the fund page does (test/e2e/phone.spec.ts looks closer).
  await currency.selectOption('EUR');
  await expect(page.getByText('≈ €230,000').first()).toBeVisible();

  await page.getByRole('link', { name: 'Alpine Growth Fund I', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alpine Growth Fund I' })).toBeVisible();
  const terms = page.getByRole('region', { name: 'Key terms' });
  // USD 250,000 at 0.92 EUR per USD.
  await expect(terms.getByText('$250,000')).toBeVisible();
  await expect(terms.getByText('≈ €230,000')).toBeVisible();
  await expect(terms.getByText(/in EUR at the rate as of Mar 31, 2026: indicative, for display only/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Share classes' }).getByText('≈ €230,000').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/product-converted.png`, fullPage: true });

  // Remembered on this device; back to the fund's own currency, nothing is converted.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Display currency' })).toHaveValue('EUR');
  await page.getByRole('combobox', { name: 'Display currency' }).selectOption('USD');
  await expect(page.getByRole('heading', { level: 1, name: 'Alpine Growth Fund I' })).toBeVisible();
  await expect(page.getByText(/≈/)).toHaveCount(0);
});
