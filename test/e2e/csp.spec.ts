import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support';

/**
 * The portal works under its Content-Security-Policy (shared/src/infra/edge.ts, sent by the local
 * gateway as CloudFront sends it): no page, form, QR code, upload or logo trips it. Every violation
 * the browser reports is collected; the test fails with the list.
 */
/** Whether an <img> has loaded a picture (a function the browser runs; no DOM types in these specs). */
const loaded = (img: unknown) => {
  const image = img as { complete: boolean; naturalWidth: number };
  return image.complete && image.naturalWidth > 0;
};

const watchViolations = async (page: Page) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  // A string: this file is type-checked without the DOM library (like the other specs).
  await page.addInitScript(`document.addEventListener('securitypolicyviolation', (e) =>
    window.reportCspViolation(e.violatedDirective + ' blocked ' + (e.blockedURI || '(inline)') +
      ' at ' + e.sourceFile + ':' + e.lineNumber))`);
  return violations;
};

test('the portal sends its CSP and breaks none of it, signed out and as an investor', async ({ page, context }) => {
  const violations = await watchViolations(page);
  const first = await page.goto('/');
  expect(first?.headers()['content-security-policy']).toContain("script-src 'self';");
  await expect(page.getByRole('heading', { name: 'Alpine Growth Fund I' })).toBeVisible();
  await page.getByRole('heading', { name: 'Alpine Growth Fund I' }).getByRole('link').click();
  await expect(page.getByRole('table').first()).toBeVisible();
  for (const path of ['/sign-in', '/sign-up', '/forgot-password', '/policies', '/t/beacon/']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }

  await signIn(context, 'investor1@alpine.example');
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Sign-in and security' }).click();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const qr = page.getByRole('img', { name: /QR code/ });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate(loaded)).toBe(true);
  expect(violations).toEqual([]);
});

test('the manager console uploads and shows a logo from the data room under the CSP', async ({ page, context }) => {
  const violations = await watchViolations(page);
  await signIn(context, 'owner@beacon.example', 'beacon');
  for (const path of ['/t/beacon/gp', '/t/beacon/gp/products', '/t/beacon/gp/settings/general']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await page.goto('/t/beacon/gp/settings/branding');
  // A 1x1 PNG: uploaded with a presigned PUT to the data room (connect-src), then shown from it (img-src).
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByText('Saved.').first()).toBeVisible();
  await page.reload();
  const logo = page.locator('img[src^="http://127.0.0.1"]').first();
  await expect(logo).toBeVisible();
  expect(await logo.evaluate(loaded)).toBe(true);
  expect(violations).toEqual([]);
});
