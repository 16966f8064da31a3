import { readFile } from 'node:fs/promises';
import { crc32, deflateSync } from 'node:zlib';
import type { BrowserContext, Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect, signIn, signWithEmailedCode, test } from './support';

/**
 * Issue 12's browser check: a manager prepares and sends a two-signer project (the investor first,
 * then the GP) in the console's editor: upload, signers found by their accounts, fields placed from
 * the palette; the investor, on a 390 px phone, passes the emailed code, fills the fields (typed
 * signature rendered as an image, the date), consents and signs; the GP countersigns on their own
 * signer page; the project completes, is sealed, and both download the sealed PDF. Only sign-ins and
 * reading ids go through the API; codes come from the local mailbox.
 */

const INVESTOR = 'investor1@alpine.example';
const ADMIN = 'admin@alpine.example';

test.use({ actionTimeout: 15_000 });

/** A small red square as PNG (chunks with their CRC, pixels deflated): a company seal the API accepts. */
const sealPng = (size = 8) => {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [200, 30, 30, 255]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** A two-page agreement with a signature line, as a manager would upload it. */
const agreement = async (title: string) => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const [i, text] of ['Subscription agreement', 'Signatures'].entries()) {
    const page = doc.addPage([595, 842]);
    page.drawText(`${title} — ${text}`, { x: 72, y: 760, size: 16, font });
    page.drawText(`Page ${i + 1} of 2`, { x: 72, y: 60, size: 10, font });
  }
  return Buffer.from(await doc.save());
};

/** Picks a signer's account in the editor by typing their email. */
const pickAccount = async (page: Page, row: number, email: string) => {
  const picker = page.getByRole('combobox', { name: 'Find their account' }).nth(row);
  await picker.fill(email);
  await page
    .getByRole('option', { name: new RegExp(email.replace('.', '\\.')) })
    .first()
    .click();
  await expect(page.getByRole('textbox', { name: 'Email', exact: true }).nth(row)).toHaveValue(email);
};

/** Confirms with the emailed code, fills every field with the typed signature and the date, consents, signs. */
const detailOf = async (context: BrowserContext, projectId: string) => {
  const response = await context.request.get(`/api/project/detail?projectId=${projectId}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as {
    project: { status: string };
    signers: { signerId: string; email: string; state: string }[];
    documents: { sealed?: unknown }[];
  };
};

/** Clicks a download button and answers the file's bytes. */
const downloaded = async (page: Page, button: ReturnType<Page['getByRole']>) => {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return readFile(await download.path());
};

test('a manager sends a two-signer project; the investor signs on a phone after the emailed code; the GP countersigns; both download the sealed PDF', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const run = Date.now() % 1_000_000;
  const project = `Agreement ${run}`;
  const admin = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const investor = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await signIn(admin, ADMIN);
  await signIn(investor, INVESTOR);
  try {
    // ---- The manager prepares the project.
    const gp = await admin.newPage();
    await gp.goto('/gp/signing');
    await expect(gp.getByRole('heading', { level: 1, name: 'Signing' })).toBeVisible();
    // An admin adds a company seal (a PNG); it is listed with its name.
    const seals = gp.getByRole('region', { name: 'Company seals' });
    await seals
      .locator('input[type=file]')
      .setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: sealPng() });
    await seals.getByLabel('Seal name').fill(`Seal ${run}`);
    await seals.getByRole('button', { name: 'Add the seal' }).click();
    await expect(seals.getByRole('img', { name: `Seal ${run}` })).toBeVisible();

    await gp.getByRole('button', { name: 'New signing project' }).first().click();
    const create = gp.getByRole('dialog', { name: 'New signing project' });
    await create.getByLabel('Project name').fill(project);
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(gp.getByRole('heading', { level: 1, name: project })).toBeVisible();
    const projectId = new URL(gp.url()).pathname.split('/').at(-1) as string;

    await gp.locator('input[type=file]').setInputFiles({
      name: 'agreement.pdf',
      mimeType: 'application/pdf',
      buffer: await agreement(project),
    });
    await expect(gp.getByRole('button', { name: /^agreement/ })).toBeVisible({ timeout: 30_000 });
    // pdf.js drew the first page.
    await expect(gp.getByRole('img', { name: /agreement: Page 1 of 2/ })).toBeVisible();

    await gp.getByRole('button', { name: 'Add a signer' }).click();
    await pickAccount(gp, 0, INVESTOR);
    // The second signer is the GP: the role first, so the account is looked up in the team.
    await gp.getByRole('button', { name: 'Add a signer' }).click();
    await gp.getByRole('combobox', { name: 'Role' }).nth(1).click();
    await gp.getByRole('option', { name: 'Manager' }).click();
    await pickAccount(gp, 1, ADMIN);
    await expect(gp.getByRole('textbox', { name: 'Order' }).nth(1)).toHaveValue('2');
    await gp.getByRole('button', { name: 'Save signers' }).click();
    await expect(gp.getByText('Signers saved.')).toBeVisible();

    // Fields from the palette (the keyboard way): the investor's signature and date, the GP's signature.
    const assign = gp.getByRole('combobox', { name: 'Signer for new fields' });
    await assign.click();
    await gp.getByRole('option', { name: /^.*\(Investor\)$/ }).click();
    await gp.getByRole('button', { name: '+ Signature' }).click();
    // The new field has the focus: arrow keys move it (Shift: 10 points).
    await gp.keyboard.press('Shift+ArrowDown');
    await gp.getByRole('button', { name: '+ Date' }).click();
    await assign.click();
    await gp.getByRole('option', { name: /\(Manager\)$/ }).click();
    await gp.getByRole('button', { name: '+ Signature' }).click();
    await expect(gp.locator('[data-field-id]')).toHaveCount(3);
    await gp.getByRole('button', { name: 'Save fields' }).click();
    await expect(gp.getByText('Fields saved.')).toBeVisible();

    await gp.getByRole('button', { name: 'Send for signing' }).click();
    await gp.getByRole('dialog').getByRole('button', { name: 'Send for signing' }).click();
    await expect(gp.getByText('Sent', { exact: true }).first()).toBeVisible();

    const sent = await detailOf(admin, projectId);
    const lpSigner = sent.signers.find((s) => s.email === INVESTOR);
    const gpSigner = sent.signers.find((s) => s.email === ADMIN);
    expect(lpSigner?.state).toBe('NOTIFIED');
    expect(gpSigner?.state).toBe('WAITING');

    // ---- The investor signs on a 390 px phone.
    const lp = await investor.newPage();
    // From the inbox task "Documents out for signing" to the signer's page.
    await lp.goto('/inbox');
    await lp.getByRole('link', { name: `Documents out for signing: ${project}` }).click();
    await lp.getByRole('link', { name: 'Sign', exact: true }).click();
    await expect(lp).toHaveURL(new RegExp(`/signing/${projectId}/${lpSigner?.signerId}$`));
    await expect(lp.getByRole('heading', { level: 1, name: project })).toBeVisible();
    await signWithEmailedCode(lp, INVESTOR, project, { refusedWithoutConsent: true });
    await expect(lp.getByRole('heading', { name: 'Thank you, you have signed' })).toBeVisible();
    // Nothing wider than the phone: the page does not scroll sideways.
    expect(await lp.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(
      0,
    );

    // ---- The GP countersigns on their own signer page.
    await gp.goto(`/signing/${projectId}/${gpSigner?.signerId}`);
    await signWithEmailedCode(gp, ADMIN, project);
    await expect(gp.getByRole('heading', { name: 'Everyone has signed' })).toBeVisible();

    // ---- Completed and sealed; both download the sealed PDF.
    await expect
      .poll(async () => (await detailOf(admin, projectId)).project.status, { timeout: 30_000 })
      .toBe('COMPLETED');
    await expect
      .poll(async () => (await detailOf(admin, projectId)).documents.every((d) => d.sealed), { timeout: 60_000 })
      .toBe(true);

    const gpBytes = await downloaded(gp, gp.getByRole('button', { name: 'Download the sealed PDF' }));
    expect(gpBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await lp.reload();
    const lpBytes = await downloaded(lp, lp.getByRole('button', { name: 'Download the sealed PDF' }));
    expect(lpBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(lpBytes.equals(gpBytes)).toBe(true);

    // The console's list shows it completed, with its download.
    await gp.goto('/gp/signing?status=COMPLETED');
    const row = gp.getByRole('row', { name: new RegExp(project) });
    await expect(row.getByText('Completed')).toBeVisible();
    const listBytes = await downloaded(gp, row.getByRole('button', { name: `Download the sealed PDF of ${project}` }));
    expect(listBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  } finally {
    await admin.close();
    await investor.close();
  }
});
