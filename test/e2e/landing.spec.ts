import { expect, test } from './support';

const ALPINE_FUNDS = ['Alpine Growth Fund I', 'Alpine Income Fund', 'Alpine Venture Fund II'];
const ALPINE_FUNDS_ZH = ['阿尔卑斯成长基金一期', '阿尔卑斯收益基金', '阿尔卑斯创投基金二期'];
const BEACON_FUNDS = ['Beacon Real Estate Fund', 'Beacon Credit Opportunities', 'Beacon Asia Macro Fund'];

test('the portal shows the tenant and its funds, switches to Chinese and remembers it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Alpine Capital' })).toBeVisible();
  for (const name of ALPINE_FUNDS) await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '简体中文' });
  await expect(page.getByRole('heading', { level: 2, name: '基金' })).toBeVisible();
  await expect(page.getByText('私募市场，清晰透明。')).toBeVisible();
  for (const name of ALPINE_FUNDS_ZH) await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  await page.reload();
  await expect(page.getByRole('combobox', { name: '语言' })).toHaveValue('zh-CN');
  for (const name of ALPINE_FUNDS_ZH) await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Alpine Growth Fund I' })).toHaveCount(0);
});

test("a tenant prefix in the path shows that tenant's funds and none of another's", async ({ page }) => {
  await page.goto('/t/beacon/');
  await expect(page.getByRole('heading', { level: 1, name: 'Beacon Partners' })).toBeVisible();
  for (const name of BEACON_FUNDS) await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  for (const name of ALPINE_FUNDS) await expect(page.getByRole('heading', { name, exact: true })).toHaveCount(0);
  await expect(page.getByText('Alpine Capital')).toHaveCount(0);
});

test("a fund's detail page lists its share classes and fees", async ({ page }) => {
  await page.goto('/t/beacon/');
  await page.getByRole('link', { name: 'Beacon Real Estate Fund', exact: true }).click();
  await expect(page).toHaveURL(/\/t\/beacon\/products\/[0-9A-Z]{26}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Beacon Real Estate Fund' })).toBeVisible();
  const classes = page.getByRole('region', { name: 'Share classes' });
  await expect(classes.getByRole('rowheader', { name: 'Class A' })).toBeVisible();
  await expect(classes.getByRole('rowheader', { name: 'Class U' })).toBeVisible();
  await expect(classes.getByRole('row', { name: /Class A/ })).toContainText('HK$1,000,000');
  const fees = page.getByRole('region', { name: 'Fees' });
  await expect(fees.getByRole('columnheader', { name: 'Management fee' })).toBeVisible();
  await expect(fees.getByRole('row', { name: /Class A/ })).toContainText('1.5%');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Beacon Real Estate Fund' })).toBeVisible();
});

test('an unknown fund shows one "not found" message with one way back to the fund list', async ({ page }) => {
  await page.goto('/products/01ZZZZZZZZZZZZZZZZZZZZZZZZ');
  await expect(page.getByRole('heading', { level: 1, name: 'Fund not found' })).toBeVisible();
  await expect(page.getByText('This fund does not exist, or is no longer offered in this portal.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to funds' })).toHaveCount(1);
});

test('the manager console asks a signed-out visitor to sign in', async ({ page }) => {
  await page.goto('/gp');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in required' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the investor portal' }).first()).toBeVisible();
});

test('an unknown portal address says so, with no "Try again" for a portal that does not exist', async ({ page }) => {
  await page.goto('/t/no-such-portal/');
  await expect(page.getByRole('heading', { level: 1, name: 'Unknown portal address' })).toBeVisible();
  await expect(page.getByText(/No investor portal answers at localhost:\d+\/t\/no-such-portal\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
});

test("the landing page and a fund's page, opened directly, ask for each of their first reads once", async ({
  page,
}) => {
  // index.html's early script starts these before the app has run (web/vite-plugin-early-preload.ts);
  // the app takes them over by URL. A URL written differently by either would be asked twice.
  const asked = new Map<string, number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    const key = `${request.method()} ${url.pathname}${url.search}`;
    asked.set(key, (asked.get(key) ?? 0) + 1);
  });
  // A Map (emptied) when the early script ran before the app; null when the app ran first (a cached entry).
  const early = () =>
    page.evaluate(() => {
      const started = (globalThis as unknown as { __trancheEarly?: Map<string, unknown> | null }).__trancheEarly;
      return started === null ? 'app first' : started?.size;
    });

  await page.goto('/t/beacon/');
  await expect(page.getByRole('heading', { name: 'Beacon Real Estate Fund', exact: true })).toBeVisible();
  const fund = await page.getByRole('link', { name: 'Beacon Real Estate Fund', exact: true }).getAttribute('href');
  const productId = fund?.split('/').pop() ?? '';
  expect(productId).toMatch(/^[0-9A-Z]{26}$/);
  for (const read of [
    'GET /api/invest/client/get-tenant-info',
    'GET /api/v2/lp/tenant-settings',
    'GET /api/product/v2.0/assets?limit=24',
  ])
    expect(asked.get(read), read).toBe(1);
  // On a cold cache the early script runs first, and what it started was taken, none left for later reads.
  expect(await early()).toBe(0);

  asked.clear();
  await page.goto(`/t/beacon/products/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Beacon Real Estate Fund' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Share classes' })).toBeVisible();
  for (const read of [
    'GET /api/invest/client/get-tenant-info',
    'GET /api/v2/lp/tenant-settings',
    `GET /api/product/get?productId=${productId}`,
    `GET /api/products/${productId}/portal-components?visibilityState=SHOW`,
  ])
    expect(asked.get(read), read).toBe(1);
  expect([0, 'app first']).toContain(await early());
});
