import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type BrowserContext, test as base, expect, type Page } from '@playwright/test';

/** The password of every demo user the local stack seeds (README, "Demo sign-ins"). */
export const DEMO_PASSWORD = 'Tranche-demo-2026';

/**
 * Signs the browser context in through the API, as the portal does (csrf cookie first, then login).
 * `prefix` names another tenant than the one of the base URL's host.
 */
export const signIn = async (context: BrowserContext, email: string, prefix?: string) => {
  const headers: Record<string, string> = prefix ? { 'X-Tenant-Prefix': prefix } : {};
  await context.request.get('/api/invest/client/get-tenant-info', { headers });
  const csrf = (await context.cookies()).find((c) => c.name === 'csrf-token')?.value;
  expect(csrf, 'get-tenant-info hands out a csrf-token cookie').toBeTruthy();
  const response = await context.request.post('/api/invest/account/login', {
    headers: { ...headers, 'X-CSRF-Token': csrf as string },
    data: { email, password: DEMO_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
};

/** A small well-formed one-page PDF (the sniffer checks the magic bytes, the scanner the content). */
export const pdf = (label = '') =>
  Buffer.from(
    `%PDF-1.4\n%${label}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );

/**
 * A JSON call of the API with the context's session and csrf token (the way the browser tests set up
 * what their flow needs); fails the test on another status than `expected`. `prefix` names another
 * tenant than the one of the base URL's host.
 */
export const api = async <T>(
  context: BrowserContext,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
  { expected = 200, prefix }: { expected?: number; prefix?: string } = {},
): Promise<T> => {
  const csrf = (await context.cookies()).find((c) => c.name === 'csrf-token')?.value as string;
  const response = await context.request.fetch(`/api${path}`, {
    method,
    headers: { 'X-CSRF-Token': csrf, ...(prefix ? { 'X-Tenant-Prefix': prefix } : {}) },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(expected);
  return (await response.json()) as T;
};

/** Findings of these impacts fail the test (issue 9); moderate and minor ones are printed only. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe-core on the page as it is now, if it is the web app (not an API answer, a download or the
 * local mailbox) and has finished loading (no skeleton left), and fails on a serious or critical
 * finding, naming each rule, element and what is wrong.
 */
export const checkAccessibility = async (page: Page) => {
  if (page.isClosed() || !/^https?:/.test(page.url()) || new URL(page.url()).pathname.startsWith('/_local/')) return;
  if ((await page.locator('#root').count()) === 0) return;
  // Skeletons mark themselves busy; a page still loading is checked once it has settled.
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const describe = (blocking: boolean) =>
    violations
      .filter((v) => BLOCKING.has(v.impact ?? '') === blocking)
      .flatMap((v) =>
        v.nodes.map(
          (n) =>
            `  ${v.id} (${v.impact}) at ${n.target.join(' ')}: ${(n.failureSummary ?? v.help).replace(/\s*\n\s*/g, ' ')}`,
        ),
      );
  const others = describe(false);
  if (others.length) console.log(`axe, not blocking, on ${page.url()}:\n${others.join('\n')}`);
  const findings = describe(true);
  expect(findings, `axe found serious or critical problems on ${page.url()}:\n${findings.join('\n')}`).toEqual([]);
};

/**
 * The check's seconds are added to the test's timeout: a test's budget is for what it does, and axe
 * on a busy machine can take several seconds a page.
 */
const checkAccessibilityInOwnTime = async (page: Page) => {
  const started = Date.now();
  try {
    await checkAccessibility(page);
  } finally {
    const info = base.info();
    if (info.timeout > 0) info.setTimeout(info.timeout + (Date.now() - started));
  }
};

/**
 * The browser tests' `test`: Playwright's, with axe-core run on every page a test visits, without
 * code in the test. It runs on the page a test leaves by `page.goto` and on the page it ends on;
 * a test that failed already is not checked again. Specs import `test` from here (the linter
 * refuses it from @playwright/test in test/e2e).
 */
export const test = base.extend<{ accessibility: undefined }>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      await checkAccessibilityInOwnTime(page);
      return goto(url, options);
    };
    await use(page);
  },
  accessibility: [
    async ({ page }, use, testInfo) => {
      await use(undefined);
      if (testInfo.status === testInfo.expectedStatus && testInfo.expectedStatus === 'passed')
        await checkAccessibilityInOwnTime(page);
    },
    { auto: true },
  ],
});

export { expect };

interface OutboxEntry {
  to: string[];
  subject: string;
}

/**
 * The signer view of e-signature, where it is on `page` (its own page or embedded in a subscription's
 * step): asks for the emailed code (read from the local outbox, the newest message to `email` whose
 * subject names `project`), fills every field by "Next field" (a typed signature, the date), consents
 * and signs. Issue 13's and issue 12's browser tests share it. `refusedWithoutConsent` first presses
 * Sign without the consent and expects the refusal.
 */
export const signWithEmailedCode = async (
  page: Page,
  email: string,
  project: string,
  { refusedWithoutConsent = false }: { refusedWithoutConsent?: boolean } = {},
) => {
  const mine = async () =>
    ((await (await page.request.get('/_local/outbox')).json()) as OutboxEntry[]).filter(
      (m) => m.to.includes(email) && m.subject.includes(project),
    );
  const before = (await mine()).length;
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByText(/^A code is on its way to /)).toBeVisible();
  let code = '';
  await expect
    .poll(
      async () => {
        const fresh = (await mine()).slice(0, -before || undefined);
        code = fresh.map((m) => /^(\d{6}) /.exec(m.subject)?.[1]).find(Boolean) ?? '';
        return code;
      },
      { timeout: 20_000 },
    )
    .toMatch(/^\d{6}$/);
  await page.getByRole('textbox', { name: 'Six-digit code' }).fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  for (;;) {
    const progress = page.getByText(/fields filled|All fields are filled/);
    await expect(progress).toBeVisible();
    if ((await progress.textContent())?.startsWith('All fields')) break;
    await page.getByRole('button', { name: 'Next field' }).click();
    const field = page.locator('[data-field-kind]:focus');
    await expect(field).toBeVisible();
    const kind = await field.getAttribute('data-field-kind');
    await page.keyboard.press('Enter');
    if (kind === 'SIGNATURE' || kind === 'INITIALS') {
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Type', { exact: true }).click();
      await expect(dialog.getByRole('textbox')).not.toHaveValue('');
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await expect(dialog).toBeHidden();
    }
  }
  if (refusedWithoutConsent) {
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(page.getByText('Please agree to sign electronically first.')).toBeVisible();
  }
  await page.getByRole('checkbox', { name: /electronically/ }).check();
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
};

/**
 * The first path matching `link` in a message emailed to `email` (the local mailbox), polled until it is
 * sent: a signing link, a step's temp-token link. `what` names it in a timeout.
 */
export const emailedLink = async (page: Page, email: string, link: RegExp, what: string) => {
  let path = '';
  await expect
    .poll(
      async () => {
        const mails = (await (await page.request.get('/_local/outbox')).json()) as { to: string[]; text: string }[];
        path =
          mails
            .filter((m) => m.to.includes(email))
            .map((m) => link.exec(m.text)?.[0])
            .find(Boolean) ?? '';
        return path;
      },
      { timeout: 30_000, message: `${what} emailed to ${email}` },
    )
    .not.toBe('');
  return path;
};

/** Uploads a PDF as the browser does (/v2/files, the presigned form, the scan) and returns its file name. */
export const uploadPdf = async (context: BrowserContext, request: APIRequestContext, originalName: string) => {
  const bytes = pdf(originalName);
  const made = await api<{ file: { fileName: string }; upload: { url: string; fields: [string, string][] } }>(
    context,
    'POST',
    '/v2/files',
    { purpose: 'PROFILE_DOCUMENT', originalName, contentType: 'application/pdf', size: bytes.byteLength },
    { expected: 201 },
  );
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {};
  for (const [name, value] of made.upload.fields) multipart[name] = value;
  multipart.file = { name: originalName, mimeType: 'application/pdf', buffer: bytes };
  const posted = await request.post(made.upload.url, { multipart });
  expect(posted.ok(), `upload form: ${posted.status()} ${await posted.text()}`).toBe(true);
  await expect
    .poll(
      async () => (await api<{ status: string }>(context, 'GET', `/v2/files/${made.file.fileName}/scan-result`)).status,
      { timeout: 20_000 },
    )
    .toBe('CLEAN');
  return made.file.fileName;
};

/** Uploads a PDF and adds it to the profile as a document of `kind` (a passport for proof of identity). */
export const addProfileDocument = async (
  context: BrowserContext,
  request: APIRequestContext,
  profileId: string,
  kind: string,
  originalName: string,
) => {
  const fileName = await uploadPdf(context, request, originalName);
  await api(
    context,
    'POST',
    `/profiles/${profileId}/documents`,
    { fileName, kind, ...(kind === 'PROOF_OF_IDENTITY' ? { idDocumentType: 'PASSPORT' } : {}) },
    { expected: 201 },
  );
};
