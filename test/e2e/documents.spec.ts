import type { BrowserContext } from '@playwright/test';
import { expect, pdf, signIn, test } from './support';

/**
 * The investor's documents in the browser (issue 11, deliver 4 and 9): from a profile's documents page
 * (where the documents-requested task leads), a real PDF is uploaded with a progress bar, checked and
 * listed; the EICAR test file is refused with the catalogue's message and never listed; a renamed
 * executable is refused for its type. The uploads go straight to the local storage stand-in.
 */

const INVESTOR = 'investor1@alpine.example';
const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

const newProfile = async (context: BrowserContext) => {
  const csrf = (await context.cookies()).find((c) => c.name === 'csrf-token')?.value as string;
  const res = await context.request.patch('/api/subscription/profile/patch-profile', {
    headers: { 'X-CSRF-Token': csrf },
    data: { type: 'INDIVIDUAL', header: { displayName: `Documents ${Date.now()}` } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { profileId: string }).profileId;
};

test('an investor uploads a passport, and the EICAR file and a renamed program are refused with the reason', async ({
  page,
  context,
}) => {
  // Three uploads, each waiting for the local scanner's verdict.
  test.setTimeout(120_000);
  await signIn(context, INVESTOR);
  const profileId = await newProfile(context);
  await page.goto(`/profiles/${profileId}/documents`);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile documents' })).toBeVisible();
  await expect(page.getByText('No documents yet.')).toBeVisible();

  // A proof of identity needs its ID type first.
  const upload = page.getByRole('button', { name: 'Upload the document' });
  await expect(upload).toBeDisabled();
  await page.getByRole('combobox', { name: /^Type of ID document/ }).click();
  await page.getByRole('option', { name: 'Passport' }).click();
  await expect(upload).toBeEnabled();

  const input = page.locator('input[type="file"]');
  await input.setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: pdf('passport') });
  await expect(page.getByText('passport.pdf was added to your profile.')).toBeVisible({ timeout: 20_000 });
  const table = page.getByRole('table', { name: 'Documents of this profile' });
  await expect(table.getByRole('row', { name: /Proof of identity · Passport/ })).toBeVisible();
  await expect(table.getByText('passport.pdf')).toBeVisible();

  // EICAR inside a real PDF: it passes the type check and the malware scan refuses it.
  await page.getByRole('combobox', { name: 'Document', exact: true }).click();
  await page.getByRole('option', { name: 'Proof of address' }).click();
  await input.setInputFiles({ name: 'eicar.pdf', mimeType: 'application/pdf', buffer: pdf(EICAR) });
  const refused = page.getByRole('alert').filter({ hasText: 'eicar.pdf was refused' });
  await expect(refused).toBeVisible({ timeout: 20_000 });
  await expect(refused).toContainText('The malware scan found a threat in this file');
  await expect(table.getByText('eicar.pdf')).toHaveCount(0);

  // A program renamed to .pdf: refused for what its bytes are, before any scan.
  const exe = Buffer.alloc(256, 0);
  exe.write('MZ', 0, 'latin1');
  await input.setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: exe });
  const mismatch = page.getByRole('alert').filter({ hasText: 'invoice.pdf was refused' });
  await expect(mismatch).toBeVisible({ timeout: 20_000 });
  await expect(mismatch).toContainText('The file is not what its type says');

  // The listed document downloads through a fresh short-lived link.
  const download = page.waitForEvent('download');
  await table.getByRole('button', { name: 'Download passport.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('passport.pdf');
});
