import { expect, test } from '@playwright/test';

/**
 * Screenshots for eyeballing layouts (desktop and mobile, both languages). Off by default:
 * `SHOTS_DIR=/tmp/shots npx playwright test screens`.
 */
const dir = process.env.SHOTS_DIR;
test.skip(!dir, 'set SHOTS_DIR to take screenshots');

const viewports = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };

for (const [device, viewport] of Object.entries(viewports)) {
  test(`screens on ${device}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Alpine Growth Fund I' })).toBeVisible();
    await page.screenshot({ path: `${dir}/landing-en-${device}.png`, fullPage: true });

    await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
    await expect(page.getByRole('heading', { name: '阿尔卑斯成长基金一期' })).toBeVisible();
    await page.screenshot({ path: `${dir}/landing-zh-${device}.png`, fullPage: true });

    await page.getByText('列表', { exact: true }).click();
    await expect(page.getByRole('table')).toBeVisible();
    await page.screenshot({ path: `${dir}/landing-zh-list-${device}.png`, fullPage: true });
    await page.getByText('卡片', { exact: true }).click();

    await page.getByRole('heading', { name: '阿尔卑斯成长基金一期' }).getByRole('link').click();
    await expect(page.getByRole('table')).toBeVisible();
    await page.screenshot({ path: `${dir}/detail-zh-${device}.png`, fullPage: true });

    await page.getByRole('combobox', { name: '语言' }).selectOption('en');
    await page.goto('/gp');
    await expect(page.getByRole('heading', { name: 'Sign in required' })).toBeVisible();
    await page.screenshot({ path: `${dir}/gp-signed-out-${device}.png`, fullPage: true });

    if (device === 'mobile') {
      await page.goto('/');
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.screenshot({ path: `${dir}/menu-open-${device}.png` });
    }
  });
}
