import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, signIn, test } from './support';

interface OutboxMessage {
  to: string[];
  subject: string;
  text: string;
}

interface TestTask {
  refId: string;
  userIds: string[];
}

const INVESTOR1 = 'investor1@alpine.example';
const INVESTOR2 = 'investor2@alpine.example';
// The local test event's task (local/inbox-test-events.ts: ADDITIONAL_DOCUMENTS_REQUIRED with the
// sample fund name), in each language of the catalogue (shared/src/inbox/catalogue.ts).
const TITLE_EN = 'More documents needed for Alpine Growth Fund I';
const TITLE_ZH = 'Alpine Growth Fund I需要补充文件';

const csrfOf = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === 'csrf-token')?.value;

/** The signed-in user's language for emails (/user-center/update), as the account page sets it. */
const setLanguage = async (context: BrowserContext, language: 'en' | 'zh-CN') => {
  const response = await context.request.post('/api/user-center/update', {
    headers: { 'X-CSRF-Token': (await csrfOf(context)) as string },
    data: { language },
  });
  expect(response.status(), await response.text()).toBe(200);
};

/** The messages of the local mailbox to `to` whose subject contains `subject`, once there is one. */
const mailTo = async (request: APIRequestContext, to: string, subject: string): Promise<OutboxMessage[]> => {
  let found: OutboxMessage[] = [];
  await expect
    .poll(
      async () => {
        const messages = (await (await request.get('/_local/outbox')).json()) as OutboxMessage[];
        found = messages.filter((m) => m.to.includes(to) && m.subject.includes(subject));
        return found.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  return found;
};

/** The inbox link of the portal menu: its accessible name carries the unread count. */
const inboxLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /^Inbox/ });
const unreadOf = async (page: Page): Promise<number> => Number(await inboxLink(page).getAttribute('data-unread'));
/**
 * No serious or critical accessibility finding (axe-core) in what these screens draw: the page's main
 * region and any open dialog. The portal's header and menus are the frame's, checked by its own tests.
 */
const expectAccessible = async (page: Page, regions: readonly string[] = ['main']) => {
  let builder = new AxeBuilder({ page });
  for (const region of regions) builder = builder.include(region);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
};
/** What the tab does when the user comes back to it: the badge asks again (no reload). */
// A string, since the tests' type check has no DOM library: this runs in the page.
const refocus = (page: Page) => page.evaluate("window.dispatchEvent(new Event('focus'))");

test('a task shared by two investors: one completes it, the other sees it closed by someone else; the badge counts down; each is emailed in their language', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const one = await browser.newContext();
  const two = await browser.newContext();
  await signIn(one, INVESTOR1);
  await signIn(two, INVESTOR2);
  await setLanguage(two, 'zh-CN');
  try {
    const page1 = await one.newPage();
    await page1.goto('/inbox');
    await expect(page1.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await expect(inboxLink(page1)).toBeVisible();
    const before = await unreadOf(page1);

    // The test event (as a later issue's service will emit it) gives one task to both of them.
    const created = await request.post('/_local/inbox/test-task', { data: { emails: [INVESTOR1, INVESTOR2] } });
    expect(created.status(), await created.text()).toBe(202);
    const { userIds } = (await created.json()) as TestTask;
    expect(userIds).toHaveLength(2);

    // The badge counts the new message without a reload: the tab refreshes it when it gets focus back.
    await expect(async () => {
      await refocus(page1);
      expect(await unreadOf(page1)).toBe(before + 1);
    }).toPass({ timeout: 20_000 });
    await expect(inboxLink(page1)).toHaveAccessibleName(new RegExp(`^Inbox\\s*,\\s*${before + 1} unread messages?$`));
    // The menu item's name holds its visible text ("Inbox"), so speech control finds it by what it shows.
    await expectAccessible(page1, ['header a[href="/inbox"]']);

    // Investor 1 opens it from the list: what is asked, the action; opening it reads it.
    await page1.getByRole('radiogroup', { name: 'Show' }).getByText('In progress', { exact: true }).click();
    await expect(page1).toHaveURL(/status=IN_PROGRESS/);
    await page1
      .getByRole('link', { name: `Unread: ${TITLE_EN}` })
      .first()
      .click();
    await expect(page1.getByRole('heading', { level: 1, name: TITLE_EN })).toBeVisible();
    await expect(page1.getByText('What is asked')).toBeVisible();
    await expect(page1.getByRole('button', { name: 'Upload' })).toBeVisible();
    await expect.poll(() => unreadOf(page1)).toBe(before);
    await expectAccessible(page1);

    // Investor 2 completes it first.
    const page2 = await two.newPage();
    await page2.goto('/inbox?status=IN_PROGRESS');
    await page2
      .getByRole('link', { name: `Unread: ${TITLE_EN}` })
      .first()
      .click();
    await expect(page2.getByRole('heading', { level: 1, name: TITLE_EN })).toBeVisible();
    await page2.getByRole('button', { name: 'Upload' }).click();
    await page2
      .getByRole('dialog', { name: 'Complete this task?' })
      .getByRole('button', { name: 'Mark as done' })
      .click();
    await expect(page2.getByText(/^You completed this task on/)).toBeVisible();

    // Investor 1 still has the page open and acts too late: the catalogue's words, and the task closed.
    await page1.getByRole('button', { name: 'Upload' }).click();
    await page1
      .getByRole('dialog', { name: 'Complete this task?' })
      .getByRole('button', { name: 'Mark as done' })
      .click();
    await expect(page1.getByText('This task has been completed by someone else.')).toBeVisible();
    await expect(page1.getByRole('button', { name: 'Upload' })).toHaveCount(0);
    await page1.reload();
    await expect(page1.getByText('This task has been completed by someone else.')).toBeVisible();

    // It is listed under Closed for investor 1 and under Done for investor 2.
    await page1.goto('/inbox?status=CLOSED');
    await expect(page1.getByRole('link', { name: TITLE_EN }).first()).toBeVisible();
    await expectAccessible(page1);
    await page2.goto('/inbox?status=DONE');
    await expect(page2.getByRole('link', { name: TITLE_EN }).first()).toBeVisible();

    // Each was emailed at once (a task does not wait for the digest), in their own language.
    const [mail1] = await mailTo(request, INVESTOR1, TITLE_EN);
    const [mail2] = await mailTo(request, INVESTOR2, TITLE_ZH);
    expect(mail1?.text).toContain('please upload');
    expect(mail2?.text).toContain('请上传');
    expect(mail2?.subject).not.toContain(TITLE_EN);
    expect(mail1?.text).toMatch(/\/inbox\/[0-9A-HJKMNP-TV-Z]{26}/);
  } finally {
    await setLanguage(two, 'en');
    await one.close();
    await two.close();
  }
});

test('the banner shows the task that needs attention, and stays dismissed for the visit', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext();
  await signIn(context, INVESTOR1);
  try {
    const created = await request.post('/_local/inbox/test-task', {
      data: { emails: [INVESTOR1], kind: 'BANK_MATERIAL_REQUIRED' },
    });
    expect(created.status(), await created.text()).toBe(202);
    const page = await context.newPage();
    const banner = page.getByRole('region', { name: 'Needs your attention' });
    // The task arrives through the event path; the banner asks again when the tab gets focus back.
    await page.goto('/');
    await expect(async () => {
      await refocus(page);
      await expect(banner).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 40_000 });
    await banner.getByRole('link', { name: 'Open' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('What is asked')).toBeVisible();
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Needs your attention' })
      .getByRole('button', { name: 'Dismiss this message' })
      .click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('the console lists the team’s tasks with the same filters; an admin approves one, a member may not', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const title = 'Approve the bank change of Ada Investor';
  const created = await request.post('/_local/inbox/test-task', {
    data: { emails: ['admin@alpine.example'], kind: 'GP_BANK_CHANGE_APPROVAL' },
  });
  expect(created.status(), await created.text()).toBe(202);
  const { refId } = (await created.json()) as TestTask;
  const admin = await browser.newContext();
  const member = await browser.newContext();
  await signIn(admin, 'admin@alpine.example');
  await signIn(member, 'member@alpine.example');
  try {
    const page = await admin.newPage();
    await page.goto('/gp');
    await page.getByRole('navigation', { name: 'Console navigation' }).getByRole('link', { name: 'Tasks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
    // Several test tasks of this kind may be open (one per run of this test): this run's is the newest.
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('link', { name: title }).first()).toBeVisible({ timeout: 8_000 });
    }).toPass({ timeout: 40_000 });
    await page.getByRole('link', { name: title }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Task' });
    await expect(drawer.getByRole('heading', { name: title })).toBeVisible();
    await expectAccessible(page, ['main', '[role="dialog"]']);

    // A member of the team shares it but may not decide it: the catalogue's words, no buttons.
    const memberPage = await member.newPage();
    await memberPage.goto('/gp/tasks');
    await memberPage.getByRole('link', { name: title }).first().click();
    const memberDrawer = memberPage.getByRole('dialog', { name: 'Task' });
    await expect(
      memberDrawer.getByText('You have no permission to handle this task with your account type.'),
    ).toBeVisible();
    await expect(memberDrawer.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    await drawer.getByRole('button', { name: 'Approve' }).click();
    await expect(drawer.getByText(/^Approved on/)).toBeVisible();
    await drawer.getByRole('button', { name: 'Close the task' }).click();
    await page.getByRole('radiogroup', { name: 'Show' }).getByText('Done', { exact: true }).click();
    await expect(page).toHaveURL(/status=DONE/);
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
    expect(refId).toBeTruthy();
  } finally {
    await admin.close();
    await member.close();
  }
});

test('on a 390 px phone the inbox is cards, fully in view, with the unread count in the header', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await signIn(context, INVESTOR1);
  try {
    const page = await context.newPage();
    await page.goto('/inbox?status=ALL');
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: /^Inbox/ })).toBeVisible();
    await expectAccessible(page, ['header a[href="/inbox"]']);
    await expect(page.getByRole('list', { name: 'Inbox' }).getByRole('listitem').first()).toBeVisible();
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  } finally {
    await context.close();
  }
});
