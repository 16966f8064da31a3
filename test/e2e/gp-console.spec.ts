import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support';

// The GP console's overview, team and investors pages (issue 9), as Alpine's admin.

const rowOf = (page: Page, table: string, name: string | RegExp) =>
  page.getByRole('table', { name: table }).getByRole('row', { name });

test('the overview counts the demo funds by state, as the product list has them', async ({ page, context }) => {
  await signIn(context, 'admin@alpine.example');
  const counts: Record<string, number> = {};
  for (const state of ['DRAFT', 'PUBLISHED', 'CLOSED']) {
    const res = await context.request.get(`/api/gp/products?state=${state}&limit=100`);
    expect(res.status()).toBe(200);
    counts[state] = ((await res.json()) as { items: unknown[] }).items.length;
  }
  // The demo data has live funds and a draft: a figure of zeros would prove nothing.
  expect(counts.PUBLISHED).toBeGreaterThan(0);
  expect(counts.DRAFT).toBeGreaterThan(0);

  await page.goto('/gp');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Funds by state' })).toBeVisible();
  for (const [state, label] of [
    ['DRAFT', 'Draft'],
    ['PUBLISHED', 'Published'],
    ['CLOSED', 'Closed'],
  ] as const) {
    await expect(rowOf(page, 'Funds by state', label).getByRole('cell')).toHaveText(String(counts[state]));
  }
  // The chart draws the same figures (recharts, loaded on demand).
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Investors by account status' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pending tasks' })).toBeVisible();
});

test('an admin invites a member, sees them invited, locks and unlocks them', async ({ page, context }) => {
  await signIn(context, 'admin@alpine.example');
  await page.goto('/gp');
  await page.getByRole('navigation', { name: 'Console navigation' }).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(rowOf(page, 'Team members', /owner@alpine\.example/)).toBeVisible();

  // An address already in use: the catalogue's message, under the email field.
  await page.getByRole('button', { name: 'Invite a member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a team member' });
  await dialog.getByLabel('Email').fill('owner@alpine.example');
  await dialog.getByLabel('Name').fill('Someone Else');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByLabel('Email')).toHaveAccessibleDescription(/already/i);

  const name = `E2E Member ${randomBytes(3).toString('hex')}`;
  const email = `e2e-${randomBytes(5).toString('hex')}@alpine.example`;
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Role').selectOption('GP_MEMBER');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();

  const row = rowOf(page, 'Team members', new RegExp(name));
  await expect(row).toContainText(email);
  await expect(row).toContainText('Member');
  await expect(row).toContainText('Invited');
  await expect(row.getByRole('button', { name: `Resend invite to ${name}` })).toBeVisible();

  await row.getByRole('button', { name: `Lock ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Lock ${name}?` });
  await confirm.getByRole('button', { name: 'Lock' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Locked');

  await row.getByRole('button', { name: `Unlock ${name}` }).click();
  // Unlocking gives back the status before the lock: still invited, not active.
  await expect(row).toContainText('Invited');
  await expect(row.getByRole('button', { name: `Lock ${name}` })).toBeVisible();
});

test('a member sees the team without the admin actions', async ({ page, context }) => {
  await signIn(context, 'member@alpine.example');
  await page.goto('/gp/team');
  await expect(rowOf(page, 'Team members', /admin@alpine\.example/)).toBeVisible();
  await expect(page.getByText('Only admins and owners change roles or lock accounts.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Lock / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Invite a member' })).toHaveCount(0);
});

test('the investors list shows a demo investor, and finds them by email', async ({ page, context }) => {
  await signIn(context, 'admin@alpine.example');
  await page.goto('/gp');
  await page.getByRole('navigation', { name: 'Console navigation' }).getByRole('link', { name: 'Investors' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Investors' })).toBeVisible();
  await expect(rowOf(page, 'Investors', /investor1@alpine\.example/)).toContainText('Active');
  // Team members are not investors.
  await expect(rowOf(page, 'Investors', /owner@alpine\.example/)).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Search' }).fill('investor2');
  await expect(rowOf(page, 'Investors', /investor2@alpine\.example/)).toBeVisible();
  await expect(rowOf(page, 'Investors', /investor1@alpine\.example/)).toHaveCount(0);

  // Their page (principal-detail): the account, profiles, subscriptions (the demo gives Ian some) and
  // activity; each subscription opens its case page, whose investor name leads back.
  await rowOf(page, 'Investors', /investor2@alpine\.example/)
    .getByRole('link', { name: 'Ian Investor' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ian Investor' })).toBeVisible();
  await expect(page.getByText('Active')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Investor profiles' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Recent activity' })).toBeVisible();
  const subscriptions = page.getByRole('table', { name: 'Subscriptions, last updated first' });
  await subscriptions.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/gp\/subscriptions\/[0-9A-Z]{26}$/);
  await page.getByRole('heading', { level: 1 }).getByRole('link', { name: 'Ian Investor' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ian Investor' })).toBeVisible();
  await expect(page).toHaveURL(/\/gp\/investors\/[0-9A-Z]{26}$/);
});
