import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support';

/**
 * The portal on a 390 px phone (issue 9): nothing in the fund page's main column runs past the screen
 * or is clipped, every action is reachable without sideways scrolling, the header offers Sign in and
 * its menu closes the expected ways. Also the two fixes a browser shows best: GP settings' Features
 * switches survive a language change, and the fund list converts into the display currency.
 */

const PHONE = { width: 390, height: 844 };

/** The little of the DOM the overflow check reads (these specs compile without DOM types). */
interface Box {
  left: number;
  right: number;
  width: number;
  height: number;
}
interface El {
  tagName: string;
  className: unknown;
  textContent: string | null;
  scrollWidth: number;
  clientWidth: number;
  getBoundingClientRect(): Box;
}
interface Browser {
  getComputedStyle(el: El): { display: string; visibility: string; overflowX: string };
  document: { documentElement: { clientWidth: number; scrollWidth: number } };
}

/**
 * Every element of `main` that runs past the viewport's left or right edge, or clips its own content
 * sideways (a figure cut mid-number, a badge cut to "PUBL..."), described for the failure message.
 */
const overflowingInMain = (page: Page) =>
  page.locator('main').evaluate((main) => {
    const win = globalThis as unknown as Browser;
    const width = win.document.documentElement.clientWidth;
    const found: string[] = [];
    const describe = (el: El) =>
      `${el.tagName.toLowerCase()}${typeof el.className === 'string' && el.className ? `.${el.className.split(' ')[0]}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    for (const el of (main as unknown as { querySelectorAll(selector: string): Iterable<El> }).querySelectorAll('*')) {
      const style = win.getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const rect = el.getBoundingClientRect();
      // Visually hidden text (1 px, clipped on purpose) is for screen readers only.
      if (rect.width <= 1 && rect.height <= 1) continue;
      if (rect.left < -0.5 || rect.right > width + 0.5)
        found.push(`${describe(el)} spans ${Math.round(rect.left)}..${Math.round(rect.right)} of ${width}`);
      else if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1)
        found.push(`${describe(el)} clips ${el.scrollWidth - el.clientWidth} px of its content`);
    }
    if (win.document.documentElement.scrollWidth > width)
      found.push(`the page scrolls sideways: ${win.document.documentElement.scrollWidth} > ${width}`);
    return found;
  });

test('a fund page with share classes, fees and documents fits a 390 px phone, every action within reach', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  await signIn(context, 'investor1@alpine.example');
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('link', { name: 'Alpine Growth Fund I', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alpine Growth Fund I' })).toBeVisible();

  // Share classes and fees: a card per row, the figures whole.
  const classes = page.getByRole('region', { name: 'Share classes' });
  const classCards = classes.getByRole('list', { name: 'Share classes' }).getByRole('listitem');
  await expect(classCards).toHaveCount(2);
  await expect(classCards.filter({ hasText: 'Class I (institutional)' })).toContainText('$5,000,000');
  await expect(classes.getByRole('table')).toHaveCount(0);
  const fees = page.getByRole('region', { name: 'Fees' });
  await expect(fees.getByRole('list', { name: 'Fees' }).getByRole('listitem').first()).toContainText('Management fee');

  // Documents: each Download button is on the screen, not behind a sideways scroll.
  const documents = page.getByRole('region', { name: 'Documents' });
  const downloads = documents.getByRole('button', { name: /^Download / });
  await expect(downloads.first()).toBeVisible();
  for (const button of await downloads.all()) {
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    expect(box, 'a Download button has a box').not.toBeNull();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
  }
  await expect(page.getByRole('region', { name: 'Marketing materials' }).getByRole('button').first()).toBeVisible();

  expect(await overflowingInMain(page)).toEqual([]);
  await context.close();
});

test('the fund list on a phone shows each fund’s status and minimum, in both views', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const card = page.getByRole('article').filter({ hasText: 'Alpine Growth Fund I' });
  await expect(card.getByText('Open', { exact: true })).toBeVisible();
  await expect(card.getByText('$250,000')).toBeVisible();
  await expect(card.getByText('Target size')).toBeVisible();
  await expect(card.getByText('Dec 31, 2026')).toBeVisible();

  await page.getByText('List', { exact: true }).click();
  const rows = page.getByRole('list', { name: /funds/ }).getByRole('listitem');
  const growth = rows.filter({ hasText: 'Alpine Growth Fund I' });
  await expect(growth).toContainText('Status');
  await expect(growth).toContainText('Open');
  await expect(growth).toContainText('$250,000');
  // The list sorts on a phone too: by minimum, largest first.
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Minimum investment (descending)' });
  await expect(rows.first()).toContainText('Alpine Venture Fund II');
  expect(await overflowingInMain(page)).toEqual([]);
});

test('the phone header offers Sign in, and its menu closes on Escape, on a new page and on a language change', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const signInLink = page.getByRole('banner').getByRole('link', { name: 'Sign in' });
  await expect(signInLink).toBeVisible();
  const box = await signInLink.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);

  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  const burger = page.getByRole('button', { name: 'Open navigation' });
  await burger.click();
  await expect(menu.getByRole('link', { name: 'Sign up' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(burger).toBeFocused();

  await burger.click();
  await menu.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
  await expect(menu).toHaveCount(0);

  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
  await expect(page.getByRole('button', { name: '打开导航' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '主导航' })).toHaveCount(0);
});

test('GP settings: the Features switches keep their saved values when the language changes', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  await signIn(context, 'admin@alpine.example');
  const page = await context.newPage();
  await page.goto('/gp/settings/general');
  const features = page.getByRole('region', { name: 'Features' });
  await expect(features.getByRole('switch', { name: 'Data room' })).toBeChecked();
  const saved = await features
    .getByRole('switch')
    .evaluateAll((els) => els.map((e) => (e as unknown as { checked: boolean }).checked));
  // Both states present, so the comparison below can see either one flip.
  expect(saved).toContain(true);
  expect(saved).toContain(false);

  await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
  const featuresZh = page.getByRole('region', { name: '功能' });
  await expect(featuresZh).toBeVisible();
  expect(
    await featuresZh
      .getByRole('switch')
      .evaluateAll((els) => els.map((e) => (e as unknown as { checked: boolean }).checked)),
  ).toEqual(saved);
  // And nothing counts as an unsaved change.
  await expect(featuresZh.getByRole('status')).toHaveCount(0);
  await context.close();
});

test('the fund list converts amounts into the display currency, as the fund page does', async ({ page }) => {
  await page.goto('/');
  const card = page.getByRole('article').filter({ hasText: 'Alpine Growth Fund I' });
  await expect(card.getByText('$250,000')).toBeVisible();
  await expect(card.getByText(/≈/)).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Display currency' }).selectOption('EUR');
  // USD 250,000 and 300,000,000 at 0.92 EUR per USD, beside the fund's own figures.
  await expect(card.getByText('≈ €230,000')).toBeVisible();
  await expect(card.getByText('≈ €276,000,000')).toBeVisible();
  await expect(page.getByText(/Amounts after ≈ are in EUR/)).toBeVisible();

  await page.getByText('List', { exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: 'Alpine Growth Fund I' });
  await expect(row).toContainText('≈ €230,000');

  await page.getByRole('link', { name: 'Alpine Growth Fund I', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Key terms' }).getByText('≈ €230,000')).toBeVisible();
});
