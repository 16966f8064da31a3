import type { BrowserContext, Page } from '@playwright/test';
import { api, expect, signIn, test } from './support';

/**
 * Issue 14's browser check, in the Beacon tenant (no spec after this one uses its demo data). The
 * demo's approved subscription of Bianca Investor is countersigned through the API, which opens her
 * commitment (the money consumer on SUBSCRIPTION_COUNTERSIGNED): an investor's own journey to a
 * countersigned subscription is issue 13's browser test. Then, in the browser: the admin drafts a
 * capital call by percentage of commitment with a management fee and is not offered Approve (four
 * eyes); the owner approves and issues it; the investor finds the task in the inbox and the itemised
 * notice on the investment's page; the admin records the payment and confirms receipt; the admin
 * posts two NAVs, which the owner approves; the investor's portfolio shows the investment and its NAV
 * line.
 */

const PREFIX = 'beacon';
const ADMIN = 'admin@beacon.example';
const OWNER = 'owner@beacon.example';
const INVESTOR = 'investor2@beacon.example';
const INVESTOR_NAME = 'Bianca Investor';
const FUND = 'Beacon Real Estate Fund';

test.use({ actionTimeout: 15_000 });

const at = (path: string) => `/t/${PREFIX}${path}`;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The API in the Beacon tenant (the base URL's host is another tenant's). */
const beacon = <T>(context: BrowserContext, method: 'GET' | 'POST', path: string, data?: unknown) =>
  api<T>(context, method, path, data, { prefix: PREFIX });

interface SubscriptionRow {
  subscriptionId: string;
  productId: string;
  fund: string;
  investorName: string;
  version: number;
}

/** The demo's approved subscription, countersigned: its commitment opens (read back as the investor's). */
const committedSubscription = async (admin: BrowserContext, investor: BrowserContext) => {
  const { items } = await beacon<{ items: SubscriptionRow[] }>(
    admin,
    'GET',
    '/product-subscription/subscriptions?status=APPROVED&limit=100',
  );
  const approved = items.find((s) => s.fund === FUND && s.investorName === INVESTOR_NAME);
  expect(approved, 'the demo seed has an approved subscription waiting for countersigning').toBeDefined();
  const sub = approved as SubscriptionRow;
  await beacon(admin, 'POST', `/product-subscription/subscriptions/${sub.subscriptionId}/actions`, {
    event: 'COUNTERSIGN',
    version: sub.version,
  });
  await expect
    .poll(
      async () =>
        (
          await beacon<{ items: { subscriptionId: string }[] }>(
            investor,
            'GET',
            '/dashboard/get-subscription-in-progress',
          )
        ).items.some((i) => i.subscriptionId === sub.subscriptionId),
      { timeout: 20_000, message: 'the countersigned subscription opens an investment' },
    )
    .toBe(true);
  return sub;
};

const allocation = (page: Page) => page.getByRole('table', { name: 'Allocation per investor' });
const noticeState = (page: Page, state: string) =>
  allocation(page)
    .getByRole('row', { name: new RegExp(INVESTOR_NAME) })
    .getByText(state, { exact: true });

test('a capital call from draft to invested, a NAV, and what the investor sees', async ({ browser }) => {
  test.setTimeout(240_000);
  const contexts = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [admin, owner, investor] = contexts as [BrowserContext, BrowserContext, BrowserContext];
  try {
    await signIn(admin, ADMIN, PREFIX);
    await signIn(owner, OWNER, PREFIX);
    await signIn(investor, INVESTOR, PREFIX);
    const sub = await committedSubscription(admin, investor);

    // The admin drafts the call: 10 % of commitment plus a management fee.
    const gp = await admin.newPage();
    await gp.goto(at('/gp/money/calls'));
    await gp.getByRole('link', { name: 'New capital call' }).click();
    await expect(gp.getByRole('heading', { level: 1, name: 'New capital call' })).toBeVisible();
    await gp.getByRole('combobox', { name: /^Fund/ }).selectOption({ label: FUND });
    await expect(gp.getByText(/10 business days after issue/)).toBeVisible();
    await gp.getByText('Percentage of commitment', { exact: true }).click();
    await gp.getByRole('textbox', { name: /^Percentage of commitment/ }).fill('10');
    await gp.getByRole('textbox', { name: /^Management fee/ }).fill('1000.00');
    await gp.getByRole('textbox', { name: /^Purpose/ }).fill('Fit-out of the Kowloon property');
    await gp.getByRole('button', { name: 'Create the draft' }).click();
    await expect(gp.getByRole('heading', { level: 1, name: `Capital call: ${FUND}` })).toBeVisible();
    const callUrl = new URL(gp.url()).pathname;
    // Four eyes: the preparer is told and offered no Approve.
    await expect(gp.getByText('You prepared this call: another admin approves it (four eyes).')).toBeVisible();
    await expect(gp.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    await expect(gp.getByText('This equals the call’s total exactly.')).toBeVisible();
    await expect(allocation(gp).getByRole('rowheader', { name: INVESTOR_NAME })).toBeVisible();

    // The owner approves and issues it.
    const second = await owner.newPage();
    await second.goto(callUrl);
    await second.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(second.getByText('Approved', { exact: true })).toBeVisible();
    await second.getByRole('button', { name: 'Issue the notices' }).click();
    const issue = second.getByRole('dialog', { name: 'Issue the notices' });
    await issue.getByRole('button', { name: 'Issue', exact: true }).click();
    await expect(issue).toBeHidden();
    await expect(noticeState(second, 'Capital call outstanding')).toBeVisible({ timeout: 20_000 });

    // The investor has the task, and the itemised notice on the investment's page.
    const lp = await investor.newPage();
    await lp.goto(at('/inbox'));
    const task = lp.getByRole('link', { name: new RegExp(`Capital call: HKD [\\d,.]+ for ${FUND}`) }).first();
    await expect(task).toBeVisible({ timeout: 20_000 });
    await lp.goto(at(`/investments/${sub.subscriptionId}`));
    await expect(lp.getByRole('heading', { level: 1, name: FUND })).toBeVisible();
    const notice = lp.getByRole('table', { name: `Notice for ${FUND}` }).first();
    await expect(notice.getByRole('rowheader', { name: 'Management fee' })).toBeVisible();
    await expect(notice.getByRole('rowheader', { name: 'Outstanding' })).toBeVisible();

    // The admin records the whole payment (value date two days ago) and confirms receipt.
    await gp.goto(callUrl);
    await gp.getByRole('button', { name: `Record a payment from ${INVESTOR_NAME}` }).click();
    const payment = gp.getByRole('dialog', { name: `Record a payment from ${INVESTOR_NAME}` });
    await payment.getByLabel(/^Value date/).fill(isoDay(-2));
    await payment.getByRole('button', { name: 'Record', exact: true }).click();
    await expect(payment).toBeHidden();
    await expect(noticeState(gp, 'Funds received')).toBeVisible();
    await gp.getByRole('button', { name: `Confirm receipt from ${INVESTOR_NAME}` }).click();
    await expect(noticeState(gp, 'Invested')).toBeVisible();
    await expect(gp.getByText('Paid', { exact: true }).first()).toBeVisible();

    // The admin posts two NAVs for the class; the admin may not approve them, the owner does.
    await gp.goto(at(`/gp/money/nav?productId=${sub.productId}`));
    await expect(gp.getByRole('heading', { level: 1, name: 'NAV' })).toBeVisible();
    for (const [date, price] of [
      [isoDay(-1), '1.020000'],
      [isoDay(0), '1.050000'],
    ] as const) {
      await gp.getByLabel(/^NAV date/).fill(date);
      await gp.getByRole('textbox', { name: /^NAV per unit/ }).fill(price);
      await gp.getByRole('button', { name: 'Save as draft' }).click();
      await expect(gp.getByRole('table', { name: 'Draft NAVs' }).getByRole('rowheader')).toHaveCount(
        date === isoDay(0) ? 2 : 1,
      );
    }
    await expect(gp.getByText('An admin who prepared none of these drafts approves them (four eyes).')).toBeVisible();
    await expect(gp.getByRole('button', { name: 'Approve and post' })).toHaveCount(0);
    await second.goto(at(`/gp/money/nav?productId=${sub.productId}`));
    await second.getByRole('button', { name: 'Approve and post' }).click();
    await expect(second.getByRole('table', { name: 'Posted NAVs, oldest first' }).getByRole('rowheader')).toHaveCount(
      2,
    );
    await expect(second.getByText(/1\.05/).first()).toBeVisible();

    // The investor's portfolio: the investment, its figures and the NAV line. The dashboard reads the
    // investment's summary, which the money worker revalues after the NAV event (docs/money.md
    // "Dashboard summaries"): wait for it rather than for a page that would not refetch.
    await expect
      .poll(
        async () =>
          (
            await beacon<{ investments: { subscriptionId: string; navDate?: string }[] }>(
              investor,
              'GET',
              '/dashboard/statistics-subscription',
            )
          ).investments.find((i) => i.subscriptionId === sub.subscriptionId)?.navDate,
        { timeout: 20_000, message: 'the latest NAV on the investor dashboard' },
      )
      .toBe(isoDay(0));
    await lp.goto(at('/portfolio'));
    await expect(lp.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
    const summary = lp.getByRole('region', { name: 'Summary in HKD' });
    await expect(summary.getByRole('group', { name: 'NAV' })).toBeVisible();
    await expect(summary.getByRole('group', { name: 'Invested' })).not.toContainText('Not available');
    await expect(lp.getByRole('heading', { level: 2, name: 'NAV over time' })).toBeVisible();
    await expect(lp.getByText('No NAV yet')).toHaveCount(0);
    await expect(lp.getByRole('table', { name: 'Your investments' }).getByRole('link', { name: FUND })).toBeVisible();
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});
