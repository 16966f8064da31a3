import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support';

/**
 * The fund catalogue end to end: a GP admin builds and publishes a fund in the manager console, an
 * investor of the same tenant finds it and downloads its marketing PDF, and an investor of another
 * tenant never sees it. Sign-in goes through the API (the sign-in screens have their own tests);
 * everything else is the browser.
 */

/** A small but well-formed one-page PDF (header, objects, cross-reference table, trailer). */
const tinyPdf = (): Buffer => {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
    '<< /Length 0 >>\nstream\n\nendstream',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
};

const addShareClass = async (page: Page, name: string, minimum: string, managementFee: string) => {
  await page.getByRole('button', { name: 'Add share class' }).click();
  const dialog = page.getByRole('dialog', { name: 'New share class' });
  await dialog.getByLabel('Share class name (English)').fill(name);
  await dialog.getByLabel('Minimum investment').fill(minimum);
  await dialog.getByRole('group', { name: 'Management fee' }).getByLabel('Value').fill(managementFee);
  await dialog.getByRole('group', { name: 'Subscription fee' }).getByLabel('Value').fill('1');
  await dialog.getByRole('button', { name: 'Save share class' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('rowheader', { name, exact: true })).toBeVisible();
};

test('a GP admin publishes a fund that investors of the tenant find and download, and no other tenant sees', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36).toUpperCase();
  const fundName = `Glacier Infrastructure ${tag}`;
  const docTitle = `Glacier factsheet ${tag}`;

  // ---- The GP admin creates the fund, two share classes and a marketing PDF, then publishes it.
  const gp = await browser.newContext({ baseURL });
  await signIn(gp, 'admin@alpine.example');
  const page = await gp.newPage();
  await page.goto('/gp/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await page.getByRole('link', { name: 'New product' }).first().click();

  await page.getByLabel('Name (English)').fill(fundName);
  await page.getByLabel('Name (Simplified Chinese)').fill(`冰川基础设施基金 ${tag}`);
  await page.getByLabel('Summary (English)').fill('Core infrastructure across Europe, with steady income.');
  await page.getByRole('combobox', { name: 'Strategies' }).click();
  await page.getByRole('option', { name: 'Infrastructure', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Regions' }).click();
  await page.getByRole('option', { name: 'Europe', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Target return band').selectOption({ label: '5–10%' });
  await page.getByLabel('Fund status').selectOption({ label: 'Open' });
  await page.getByLabel('Target size').fill('250000000');
  await page.getByLabel('Minimum investment').fill('100000');
  await page.getByLabel('Maximum investment').fill('50000');
  await page.getByRole('button', { name: 'Create draft' }).click();
  // The shared cross-field rule, on the field at fault, before anything is sent.
  await expect(page.getByText('The maximum must not be below the minimum investment.')).toBeVisible();
  await page.getByLabel('Maximum investment').fill('');
  await page.getByRole('button', { name: 'Create draft' }).click();

  await expect(page).toHaveURL(/\/gp\/products\/[0-9A-Z]{26}\/share-classes$/);
  const productId = /\/gp\/products\/([0-9A-Z]{26})\//.exec(page.url())?.[1] as string;
  await expect(page.getByRole('heading', { level: 1, name: fundName })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();

  await addShareClass(page, 'Class A', '100000', '1.5');
  await addShareClass(page, 'Class I', '5000000', '0.75');

  await page.getByRole('tab', { name: 'Documents' }).click();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'glacier-factsheet.pdf',
    mimeType: 'application/pdf',
    buffer: tinyPdf(),
  });
  await page.getByLabel('Title (English)').fill(docTitle);
  await expect(page.getByLabel('Type')).toHaveValue('MARKETING');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText(`“${docTitle}” is uploaded and ready.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(docTitle) }).getByText('Ready')).toBeVisible();

  // ---- The publish checklist: a fund open for investment cannot go live without its contract...
  const publish = page.getByRole('button', { name: 'Publish', exact: true });
  await expect(publish).toBeDisabled();
  await expect(page.getByText(/^Set the subscription contract/)).toBeVisible();
  await page.getByRole('tab', { name: 'Contract' }).click();
  await page.getByLabel('Terms investors accept (English)').fill('Subscriptions are made on the offering memorandum.');
  await page.getByRole('switch', { name: 'Investors must sign the agreement' }).uncheck();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Contract saved.')).toBeVisible();

  // ...and what is only recommended is listed and must be confirmed. The history tab stays open
  // meanwhile: it shows the publication as soon as it is made.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByText(/set the subscription contract$/).first()).toBeVisible();
  await expect(publish).toBeEnabled();
  await publish.click();
  const confirm = page.getByRole('dialog', { name: `Publish “${fundName}”?` });
  const checklist = confirm.getByRole('list', { name: 'Publish checklist' });
  await expect(checklist.locator('[data-check="contract"]')).toContainText('Done');
  await expect(checklist.locator('[data-check="chineseText"]')).toContainText('Recommended');
  await expect(checklist.locator('[data-check="chineseText"]')).toContainText('Product: the summary');
  const go = confirm.getByRole('button', { name: 'Publish', exact: true });
  await expect(go).toBeDisabled();
  await confirm.getByRole('checkbox', { name: /reviewed the open recommended items/ }).check();
  await go.click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText('Published', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  const published = page.locator('li[data-action="PRODUCT_PUBLISHED"]');
  await expect(published).toContainText(/published the fund/);
  await expect(published).toContainText('changed the state from Draft to Published');
  await expect(published).toContainText(/confirmed despite: .*missing Chinese text/);
  await expect(page.getByText('documentId')).toHaveCount(0);
  await gp.close();

  // ---- An investor of the same tenant finds it by search and filter, opens it, downloads the PDF.
  const lp = await browser.newContext({ baseURL, acceptDownloads: true });
  await signIn(lp, 'investor1@alpine.example');
  const investor = await lp.newPage();
  await investor.goto('/');
  await investor.getByRole('searchbox', { name: 'Search funds' }).fill(`glacier ${tag.toLowerCase()}`);
  await investor.getByRole('combobox', { name: 'Strategy' }).selectOption({ label: 'Infrastructure' });
  await investor.getByRole('combobox', { name: 'Target return' }).selectOption({ label: '5–10%' });
  await expect(investor.getByText('1 fund matches')).toBeVisible();
  await investor.getByRole('link', { name: fundName, exact: true }).click();

  await expect(investor.getByRole('heading', { level: 1, name: fundName })).toBeVisible();
  const classes = investor.getByRole('region', { name: 'Share classes' });
  await expect(classes.getByRole('rowheader', { name: 'Class A' })).toBeVisible();
  await expect(classes.getByRole('rowheader', { name: 'Class I' })).toBeVisible();
  await expect(investor.getByRole('region', { name: 'Fees' }).getByRole('row', { name: /Class I/ })).toContainText(
    '0.75%',
  );
  await expect(investor.getByRole('link', { name: 'Invest', exact: true })).toBeVisible();

  const marketing = investor.getByRole('region', { name: 'Marketing materials' });
  const [download] = await Promise.all([
    investor.waitForEvent('download'),
    marketing.getByRole('button', { name: `Download ${docTitle}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('glacier-factsheet.pdf');
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  await lp.close();

  // ---- An investor of another tenant sees it neither in the catalogue nor by its address.
  const other = await browser.newContext({ baseURL });
  await signIn(other, 'investor1@beacon.example', 'beacon');
  const outsider = await other.newPage();
  await outsider.goto('/t/beacon/');
  await expect(outsider.getByRole('heading', { level: 1, name: 'Beacon Partners' })).toBeVisible();
  await outsider.getByRole('searchbox', { name: 'Search funds' }).fill(`glacier ${tag.toLowerCase()}`);
  await expect(outsider.getByRole('heading', { name: 'No matching funds' })).toBeVisible();
  await expect(outsider.getByText(fundName)).toHaveCount(0);

  await outsider.goto(`/t/beacon/products/${productId}`);
  await expect(outsider.getByRole('heading', { level: 1, name: 'Fund not found' })).toBeVisible();
  await expect(outsider.getByText(fundName)).toHaveCount(0);
  await other.close();
});
