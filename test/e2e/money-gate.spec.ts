import type { BrowserContext } from '@playwright/test';
import type { ContractNote, Redemption } from '@tranche/shared/money/money.schema';
import { api, checkAccessibility, expect, signIn, test } from './support';

/**
 * Issue 14's browser check "a redemption hits a gate and is carried forward", in the Beacon tenant.
 * The demo seed (local/seed-money.ts) has both Beacon investors holding units of Beacon Credit
 * Opportunities (gate 10 % of the units outstanding) with confirmed redemption requests due on a
 * dealing date that has passed, made through the services with the clock of months ago: a request
 * made today would be priced forward to a date the manager cannot run yet. Here the admin runs that
 * date on the Dealing screen: the gate deals 738.75 of the 3,000 units asked, pro rata, and carries
 * the rest to the next month end; Benedict then sees his redemption partly dealt and the rest waiting
 * for that date.
 */

const PREFIX = 'beacon';
const ADMIN = 'admin@beacon.example';
const INVESTOR = 'investor1@beacon.example';
const FUND = 'Beacon Credit Opportunities';

test.use({ actionTimeout: 15_000 });

const at = (path: string) => `/t/${PREFIX}${path}`;
const shown = (isoDate: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
/** The month end after a month end (the fund deals monthly). */
const nextMonthEnd = (isoDate: string) => {
  const [y, m] = isoDate.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10);
};

const beacon = <T>(context: BrowserContext, method: 'GET' | 'POST', path: string) =>
  api<T>(context, method, path, undefined, { prefix: PREFIX });

test('a dealing date whose requests exceed the gate: prorated, the rest carried forward', async ({ browser }) => {
  test.setTimeout(180_000);
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  const [admin, investor] = contexts as [BrowserContext, BrowserContext];
  try {
    await signIn(admin, ADMIN, PREFIX);
    await signIn(investor, INVESTOR, PREFIX);
    // The seeded requests: confirmed, both due on the same past dealing date.
    const { items } = await beacon<{ items: Redemption[] }>(admin, 'GET', '/gp/redemptions');
    const due = items.filter((r) => r.fund === FUND && r.state === 'CONFIRMED');
    expect(due, 'the demo seed has two confirmed requests on the gated fund').toHaveLength(2);
    const dealingDate = due[0]!.dealingDate;
    expect(due.map((r) => r.dealingDate)).toEqual([dealingDate, dealingDate]);
    const next = nextMonthEnd(dealingDate);

    // The admin runs the dealing date of the fund's USD class (its first).
    const gp = await admin.newPage();
    await gp.goto(at('/gp/money/dealing'));
    await expect(gp.getByRole('heading', { level: 1, name: 'Dealing' })).toBeVisible();
    await gp.getByRole('combobox', { name: 'Fund' }).selectOption({ label: FUND });
    await expect(gp.getByText(/^Gate: 10\s?% of the units outstanding per dealing date\.$/)).toBeVisible();
    await expect(gp.getByText('No dealing date has been run for this share class.')).toBeVisible();
    await gp.getByLabel(/^Dealing date/).fill(dealingDate);
    await gp.getByRole('button', { name: 'Run dealing' }).click();

    // 10 % of 7,387.5 units outstanding deals 738.75 of the 3,000 asked, two to one like the requests.
    const run = gp.getByRole('article', { name: `Dealing date ${shown(dealingDate)}` });
    await expect(run.getByText('Gated', { exact: true })).toBeVisible();
    await expect(run.getByText(/Gate: 738\.75 of 7,387\.5 units/)).toBeVisible();
    await expect(run.getByText(/^Run by Beatrix Admin on /)).toBeVisible();
    const fills = run.getByRole('table', { name: `Requests dealt on ${shown(dealingDate)}` });
    for (const [name, asked, dealt, carried] of [
      ['Benedict Investor', '2,000', '492.5', '1,507.5'],
      ['Bianca Investor', '1,000', '246.25', '753.75'],
    ] as const) {
      const row = fills.getByRole('row', { name: new RegExp(name) });
      await expect(row.getByRole('cell', { name: asked, exact: true })).toBeVisible();
      await expect(row.getByRole('cell', { name: dealt, exact: true })).toBeVisible();
      await expect(row.getByRole('cell', { name: carried, exact: true })).toBeVisible();
      await expect(row.getByRole('cell', { name: shown(next), exact: true })).toBeVisible();
    }
    await expect(run.getByText(/Totals: 738\.75 of 3,000 units dealt, 2,261\.25 carried forward/)).toBeVisible();
    await checkAccessibility(gp);
    // A second click is the same intended run (its Idempotency-Key): the date is still run once.
    const again = gp.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/dealing'));
    await gp.getByRole('button', { name: 'Run dealing' }).click();
    expect((await again).status()).toBe(201);
    await expect(gp.getByRole('article', { name: /^Dealing date / })).toHaveCount(1);

    // The seeded orders' contract notes are listed under the runs; the team opens each one's PDF from a
    // fresh link (the notice worker renders it from the seed's CONTRACT_NOTE_ISSUED; wait for that first).
    const notesTable = gp.getByRole('table', { name: 'Contract notes of this share class, newest first' });
    const pdfButton = notesTable.getByRole('button', {
      name: /^PDF of the contract note of Benedict Investor, dealt /,
    });
    await expect(pdfButton).toBeVisible();
    const { items: notes } = await beacon<{ items: ContractNote[] }>(
      admin,
      'GET',
      `/gp/products/${due[0]!.productId}/contract-notes`,
    );
    const benedicts = notes.find(
      (n) => n.subscriptionId === due.find((r) => r.units === '2000.000000')?.subscriptionId,
    );
    expect(benedicts, "Benedict's contract note").toBeDefined();
    const pdfPath = `/contract-notes/${benedicts!.subscriptionId}/${benedicts!.contractNoteId}/pdf`;
    await expect
      .poll(
        async () => (await admin.request.get(`/api${pdfPath}`, { headers: { 'X-Tenant-Prefix': PREFIX } })).status(),
        {
          timeout: 30_000,
          message: 'the contract note is rendered',
        },
      )
      .toBe(200);
    const link = gp.waitForResponse((r) => r.url().endsWith(pdfPath));
    await pdfButton.click();
    expect((await link).status()).toBe(200);

    // The fills are written by the money worker; then the investor's request is partly dealt.
    const mine = due.find((r) => r.units === '2000.000000');
    expect(mine, "Benedict's request of 2,000 units").toBeDefined();
    await expect
      .poll(
        async () =>
          (await beacon<Redemption>(investor, 'GET', `/redemptions/${mine!.redemptionId}/submitted-redemption`)).state,
        { timeout: 30_000, message: 'the run is posted to the request' },
      )
      .toBe('PARTLY_DEALT');
    const lp = await investor.newPage();
    await lp.goto(at('/redemptions'));
    const listed = lp.getByRole('table', { name: 'Your redemptions' }).getByRole('row', { name: new RegExp(FUND) });
    await expect(listed.getByText('Partly dealt (gated)')).toBeVisible();
    await expect(listed.getByText(shown(next))).toBeVisible();
    await listed.getByRole('link', { name: FUND }).click();
    await expect(lp.getByRole('heading', { level: 1, name: `Redemption from ${FUND}` })).toBeVisible();
    await expect(lp.getByText('Partly dealt (gated)')).toBeVisible();
    const detail = (label: string) => lp.getByRole('row', { name: new RegExp(`^${label}`) });
    await expect(detail('Dealt so far')).toContainText('492.5 units, net proceeds');
    await expect(detail('Still to deal')).toContainText(
      `1,507.5 units, carried forward by the fund’s gate to ${shown(next)}`,
    );
    await expect(detail('Dealing date')).toContainText(shown(next));
    await checkAccessibility(lp);
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});
