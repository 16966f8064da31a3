import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { api, emailedLink, expect, signIn, signWithEmailedCode, test } from './support';

/**
 * Issue 12's templates in the browser: a manager places a signer's signature and a TEXT field filled
 * from data (a contract tag) in the editor, keeps the draft as a template; the Templates panel lists
 * it, "Use" names the signer's person and the tag's value, the draft opens with the value shown, and
 * it is sent; the signer (no account: the emailed link) signs; the sealed PDF carries the value as
 * text. The template is deleted at the end. Codes and links come from the local mailbox.
 */

const ADMIN = 'admin@alpine.example';
/** Where screenshots go when looked at by hand (SHOT_DIR=/tmp/x); none otherwise. */
const SHOT_DIR = process.env.SHOT_DIR;

test.use({ actionTimeout: 15_000, viewport: { width: 1440, height: 900 } });

/** A one-page letter with room for a signature and the fund's name, as a manager would upload it. */
const letter = async (title: string) => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText(title, { x: 72, y: 760, size: 16, font });
  page.drawText('Fund:', { x: 72, y: 700, size: 11, font });
  return Buffer.from(await doc.save());
};

test('a template with a field filled from data: kept from the editor, used with the value, sent, signed, sealed with the value; then deleted', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const run = Date.now() % 1_000_000;
  const draft = `Side letter ${run}`;
  const template = `Side letter template ${run}`;
  const project = `Side letter for Ada ${run}`;
  const fund = `Alpine Growth Fund ${run}`;
  const signerEmail = `ada.${run}@example.com`;
  const admin = await browser.newContext();
  const stranger = await browser.newContext();
  await signIn(admin, ADMIN);
  try {
    // ---- The manager prepares a draft with a signer's signature and a field filled from data.
    const gp = await admin.newPage();
    await gp.goto('/gp/signing');
    await gp.getByRole('button', { name: 'New signing project' }).first().click();
    const create = gp.getByRole('dialog', { name: 'New signing project' });
    await create.getByLabel('Project name').fill(draft);
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(gp.getByRole('heading', { level: 1, name: draft })).toBeVisible();

    await gp.locator('input[type=file]').setInputFiles({
      name: 'side-letter.pdf',
      mimeType: 'application/pdf',
      buffer: await letter(draft),
    });
    await expect(gp.getByRole('img', { name: /side-letter: / })).toBeVisible({ timeout: 30_000 });

    await gp.getByRole('button', { name: 'Add a signer' }).click();
    await gp.getByRole('textbox', { name: 'Name', exact: true }).fill('Investor');
    await gp.getByRole('textbox', { name: 'Email', exact: true }).fill(`place.${run}@example.com`);
    await gp.getByRole('button', { name: 'Save signers' }).click();
    await expect(gp.getByText('Signers saved.')).toBeVisible();

    const assign = gp.getByRole('combobox', { name: 'Signer for new fields' });
    await assign.click();
    await gp.getByRole('option', { name: 'Investor (Investor)' }).click();
    await gp.getByRole('button', { name: '+ Signature' }).click();
    // From data only TEXT and DATE can be placed.
    await assign.click();
    await gp.getByRole('option', { name: 'Filled from data' }).click();
    await expect(gp.getByRole('button', { name: '+ Signature' })).toHaveCount(0);
    await gp.getByRole('button', { name: '+ Text' }).click();
    // The new field has the focus: the keyboard places it.
    await gp.keyboard.press('Shift+ArrowDown');
    const properties = gp.getByRole('region', { name: 'Selected field' });
    await expect(properties.getByRole('combobox', { name: 'Filled by' })).toHaveValue('Filled from data');
    await properties.getByRole('combobox', { name: 'Data (contract tag)' }).click();
    await gp.getByRole('option', { name: 'Fund name' }).click();
    const tagged = gp.getByRole('button', { name: 'Text field filled from data: Fund name, page 1' });
    await expect(tagged).toHaveText('{Fund name}');
    await expect(gp.locator('[data-field-id]')).toHaveCount(2);
    if (SHOT_DIR) {
      await gp.getByRole('heading', { name: 'Add a field' }).scrollIntoViewIfNeeded();
      await gp.screenshot({ path: join(SHOT_DIR, 'editor-tag-1440.png') });
      await gp.setViewportSize({ width: 390, height: 844 });
      await tagged.scrollIntoViewIfNeeded();
      await gp.screenshot({ path: join(SHOT_DIR, 'editor-tag-390.png') });
      await gp.getByRole('heading', { name: 'Selected field' }).scrollIntoViewIfNeeded();
      await gp.screenshot({ path: join(SHOT_DIR, 'editor-tag-390-panel.png') });
      await gp.setViewportSize({ width: 1440, height: 900 });
      await gp.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
      await gp.getByRole('heading', { name: '添加签署位置' }).scrollIntoViewIfNeeded();
      await gp.getByRole('combobox', { name: '数据（合同标签）' }).click();
      await gp.screenshot({ path: join(SHOT_DIR, 'editor-tag-1440-zh.png') });
      await gp.keyboard.press('Escape');
      await gp.getByRole('combobox', { name: '语言' }).selectOption('en');
    }
    await gp.getByRole('button', { name: 'Save fields' }).click();
    await expect(gp.getByText('Fields saved.')).toBeVisible();
    const draftId = new URL(gp.url()).pathname.split('/').at(-1) as string;
    const saved = await api<{ documents: { fields: { kind: string; tag?: string; signerId?: string }[] }[] }>(
      admin,
      'GET',
      `/project/detail?projectId=${draftId}`,
    );
    expect(saved.documents[0]?.fields.find((f) => f.kind === 'TEXT')).toEqual(
      expect.not.objectContaining({ signerId: expect.anything() }),
    );
    expect(saved.documents[0]?.fields.find((f) => f.kind === 'TEXT')?.tag).toBe('PRODUCT_NAME');

    // ---- Kept as a template.
    await gp.getByRole('button', { name: 'Save as template' }).click();
    const keep = gp.getByRole('dialog', { name: 'Save as template' });
    await keep.getByRole('textbox', { name: 'Template name' }).fill(template);
    await keep.getByRole('button', { name: 'Keep the template' }).click();
    await expect(gp.getByText(`Template “${template}” kept.`)).toBeVisible();

    // ---- Listed on the signing page; "Use" asks for the person and the tag's value.
    await gp.goto('/gp/signing');
    const templates = gp.getByRole('region', { name: 'Templates' });
    await expect(templates.getByText(template, { exact: true })).toBeVisible();
    await templates.getByRole('button', { name: `Make a project from ${template}` }).click();
    const use = gp.getByRole('dialog', { name: 'New project from a template' });
    await use.getByRole('textbox', { name: 'Project name' }).fill(project);
    await use.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada Lovelace');
    await use.getByRole('textbox', { name: 'Email', exact: true }).fill(signerEmail);
    await use.getByRole('textbox', { name: 'Value for Fund name' }).fill(fund);
    await use.getByRole('button', { name: 'Make the draft' }).click();

    // ---- The draft opens with the value in its field, and is sent (the value asked for again, filled).
    await expect(gp.getByRole('heading', { level: 1, name: project })).toBeVisible();
    await expect(gp.getByRole('button', { name: 'Text field filled from data: Fund name, page 1' })).toHaveText(fund);
    await gp.getByRole('button', { name: 'Send for signing' }).click();
    const send = gp.getByRole('dialog', { name: 'Send for signing' });
    await expect(send.getByRole('textbox', { name: 'Fund name' })).toHaveValue(fund);
    if (SHOT_DIR) await gp.screenshot({ path: join(SHOT_DIR, 'send-1440.png') });
    await send.getByRole('button', { name: 'Send for signing' }).click();
    await expect(gp.getByText('Sent', { exact: true }).first()).toBeVisible();
    await expect(gp.getByText(`Fund name: ${fund}`)).toBeVisible();
    if (SHOT_DIR) await gp.screenshot({ path: join(SHOT_DIR, 'progress-1440.png'), fullPage: true });
    const projectId = new URL(gp.url()).pathname.split('/').at(-1) as string;

    // ---- The signer, without an account, signs from the emailed link.
    const signer = await stranger.newPage();
    await signer.goto(
      await emailedLink(
        signer,
        signerEmail,
        /\/t\/[a-z0-9-]+\/signing\/[A-Za-z0-9]+\/[A-Za-z0-9_-]+#link=[A-Za-z0-9_%-]+/,
        'the signing link',
      ),
    );
    await expect(signer.getByRole('heading', { level: 1, name: project })).toBeVisible();
    await signWithEmailedCode(signer, signerEmail, project);
    await expect(signer.getByRole('heading', { name: /Everyone has signed|Thank you, you have signed/ })).toBeVisible();

    // ---- Sealed: the PDF's text carries the value the template's field was filled with.
    type Detail = { project: { status: string }; documents: { documentId: string; sealed?: unknown }[] };
    await expect
      .poll(
        async () => {
          const detail = await api<Detail>(admin, 'GET', `/project/detail?projectId=${projectId}`);
          return detail.project.status === 'COMPLETED' && detail.documents.every((d) => d.sealed);
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    const link = await api<{ url: string }>(admin, 'GET', `/project/file/download?projectId=${projectId}`);
    const sealed = await admin.request.get(link.url);
    expect(sealed.status()).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), 'signing-templates-')), 'sealed.pdf');
    writeFileSync(file, await sealed.body());
    expect(execFileSync('pdftotext', ['-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' })).toContain(fund);

    // ---- The template is deleted and leaves the list.
    await gp.goto('/gp/signing');
    await templates.getByRole('button', { name: `Delete the template ${template}` }).click();
    await gp.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
    await expect(gp.getByText(`Template “${template}” deleted.`)).toBeVisible();
    await expect(templates.getByText(template, { exact: true })).toHaveCount(0);
  } finally {
    await admin.close();
    await stranger.close();
  }
});
