import { readFile } from 'node:fs/promises';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { approvedKyc, publishedFund, submittedPerson } from './subscription-setup';
import { api, expect, signIn, signWithEmailedCode, test } from './support';

/**
 * Issue 13's browser check. The investor (whose individual profile is built and submitted through the
 * API, as kyc.spec.ts does) invests in a fund from its page: the default scenario's forms, prefilled
 * from the subscription and the profile; Save and exit on the second step, resumed from the home page;
 * the questionnaire, the declarations and the signing step; then the review, where the NIGO check stops
 * the package (the profile is still under review) and says so. The manager adds a paper order for the
 * same investor (Add manually; the signed order's upload waits for the files API to take the team's
 * uploads), approves a submitted subscription from the queue, and its investor sees it approved on
 * the home page.
 */

const INVESTOR = 'investor2@alpine.example';
const ADMIN = 'admin@alpine.example';
const FUND = 'Alpine Growth Fund I';

test.use({ actionTimeout: 15_000 });

/** An individual profile with everything its requirement table asks, submitted for review. */
const submittedIndividual = async (context: BrowserContext, request: APIRequestContext, name: string) =>
  (await submittedPerson(context, request, { type: 'INDIVIDUAL', name })).profileId;

/** Clicks a download button and answers the file's bytes. */
const downloaded = async (page: Page, button: ReturnType<Page['getByRole']>) => {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), button.click()]);
  return readFile(await download.path());
};

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });
const continueStep = (page: Page) => page.getByRole('button', { name: 'Save and continue' }).click();

test('an investor invests through the default scenario, the manager approves from the queue, the investor sees it', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const run = Date.now() % 1_000_000;
  const investor = await browser.newContext();
  const admin = await browser.newContext();
  await signIn(investor, INVESTOR);
  await signIn(admin, ADMIN);
  try {
    const profileName = `Ian subscriptions ${run}`;
    const profileId = await submittedIndividual(investor, request, profileName);
    const lp = await investor.newPage();
    const gp = await admin.newPage();

    // ---- From the fund page: Invest, as the new profile, for an amount.
    await lp.goto('/');
    await lp.getByRole('link', { name: FUND }).first().click();
    await lp.getByRole('link', { name: 'Invest', exact: true }).click();
    await expect(lp.getByRole('heading', { level: 1, name: `Invest: ${FUND}` })).toBeVisible();
    await lp.getByRole('combobox', { name: 'Investing as' }).selectOption({ label: profileName });
    const amount = `${300_000 + (run % 1000)}`;
    await lp.getByRole('textbox', { name: /^Amount/ }).fill(amount);
    await lp.getByRole('button', { name: 'Start investing' }).click();

    // ---- The runner: the details step, then the investment step prefilled with the amount.
    await expect(stepHeading(lp, 'Your details')).toBeVisible({ timeout: 30_000 });
    await expect(lp.getByText('Step 1 of 5')).toBeVisible();
    await lp.getByRole('textbox', { name: 'Full name' }).fill('Ian Investor');
    await lp.getByRole('textbox', { name: 'Email address' }).fill(INVESTOR);
    await lp.getByRole('checkbox', { name: 'These details are correct' }).check();
    await continueStep(lp);
    await expect(stepHeading(lp, 'Your investment')).toBeVisible();
    await expect(lp.getByRole('textbox', { name: 'Amount' })).toHaveValue(amount);
    // Filled in for the investor, so theirs to confirm before continuing.
    await expect(
      lp.getByRole('checkbox', { name: 'I confirm the details filled in for me are correct' }),
    ).toBeVisible();
    await lp.getByRole('combobox', { name: 'Source of funds' }).selectOption('SAVINGS');

    // ---- Save and exit; the home page offers to continue; the step comes back with its draft.
    await lp.getByRole('button', { name: 'Save and exit' }).click();
    await expect(lp).toHaveURL(/\/home$/);
    const mine = lp
      .getByRole('region', { name: 'Your subscriptions' })
      .getByRole('listitem')
      .filter({ hasText: amount.slice(0, 3) });
    await expect(mine.first()).toContainText('Continue where you left off');
    await mine.first().getByRole('link', { name: FUND }).click();
    await expect(stepHeading(lp, 'Your investment')).toBeVisible();
    await expect(lp.getByRole('combobox', { name: 'Source of funds' })).toHaveValue('SAVINGS');
    await expect(lp.getByRole('textbox', { name: 'Amount' })).toHaveValue(amount);
    await lp.getByRole('radio', { name: 'Reinvest' }).check();
    await continueStep(lp);

    // ---- The questionnaire, the declarations, the signing step.
    await expect(stepHeading(lp, 'Suitability questionnaire')).toBeVisible();
    await lp.getByRole('radio', { name: '3 years or more' }).check();
    await lp
      .getByRole('radiogroup', { name: /bear the loss/ })
      .getByRole('radio', { name: 'Yes' })
      .check();
    await lp
      .getByRole('radiogroup', { name: /fund term/ })
      .getByRole('radio', { name: 'Yes' })
      .check();
    await lp.getByRole('button', { name: 'Send my answers' }).click();
    await expect(stepHeading(lp, 'Declarations')).toBeVisible();
    await continueStep(lp);
    await expect(lp.getByText('Tick this to continue.').first()).toBeVisible();
    await lp.getByRole('checkbox', { name: 'I have read the fund documents' }).check();
    await lp.getByRole('checkbox', { name: 'The information I gave is accurate' }).check();
    await continueStep(lp);
    await expect(stepHeading(lp, 'Sign the subscription agreement')).toBeVisible();
    // The fund's agreement with its signature page is prepared, then signed right here (emailed code).
    await expect(lp.getByRole('button', { name: 'Email me a code' })).toBeVisible({ timeout: 30_000 });
    await signWithEmailedCode(lp, INVESTOR, `Subscription agreement - ${FUND}`);

    // ---- The review: the NIGO check stops the package while the profile is under review.
    await expect(stepHeading(lp, 'Review and submit')).toBeVisible({ timeout: 30_000 });
    await lp.getByRole('button', { name: 'Check my subscription' }).click();
    const problems = lp.getByRole('alert').filter({ hasText: 'Some things need fixing first' });
    await expect(problems).toContainText('The investor profile has not been verified yet.');
    await expect(problems.getByRole('link', { name: 'Open your profile' }).first()).toBeVisible();
    await expect(lp.getByRole('button', { name: 'Submit my subscription' })).toHaveCount(0);

    // ---- The manager verifies the profile (its KYC case); the package is then in order: submitted.
    await approvedKyc(admin, profileId);
    await lp.getByRole('button', { name: 'Check my subscription' }).click();
    await lp.getByRole('button', { name: 'Submit my subscription' }).click();
    await expect(lp.getByText('Your subscription is submitted. The manager will review it.')).toBeVisible();
    const subscriptionId = /\/subscriptions\/([0-9A-Z]{26})/.exec(lp.url())?.[1] as string;

    // ---- The manager approves and countersigns through e-signature; COMMITTED once signed.
    await gp.goto(`/gp/subscriptions/${subscriptionId}`);
    await gp.getByRole('button', { name: 'Approve', exact: true }).click();
    await gp.getByRole('button', { name: 'Countersign', exact: true }).click();
    const countersignNow = gp.getByRole('link', { name: 'Countersign now' });
    await expect(gp.getByText('The subscription is committed once the countersignature is signed.')).toBeVisible();
    await expect(countersignNow).toBeVisible({ timeout: 30_000 });
    // The link shows once the signing worker has made the project over the sealed agreement.
    await countersignNow.click();
    await signWithEmailedCode(gp, ADMIN, `Countersignature - ${FUND}`);
    await expect(gp.getByRole('heading', { name: /Thank you, you have signed|Everyone has signed/ })).toBeVisible();
    await gp.goto(`/gp/subscriptions/${subscriptionId}`);
    await expect(gp.getByText('Committed', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
    const gpPdf = await downloaded(gp, gp.getByRole('button', { name: 'Download the signed PDF' }));
    expect(gpPdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await lp.goto(`/subscriptions/${subscriptionId}`);
    await expect(lp.getByText('Committed', { exact: true }).first()).toBeVisible();
    const lpPdf = await downloaded(lp, lp.getByRole('button', { name: 'Download the signed PDF' }));
    expect(lpPdf.equals(gpPdf)).toBe(true);
    // A co-signer's temp-token page says plainly when a link is not (or no longer) valid.
    await lp.goto(`/scenario-link/${'x'.repeat(43)}`);
    await expect(lp.getByRole('alert')).toContainText('This link is not valid or was already used.');

    // ---- The manager: Add manually for this investor, the signed order, approval from the queue.
    await gp.goto('/gp/products');
    await gp.goto('/');
    await gp.getByRole('link', { name: FUND }).first().click();
    await gp.getByRole('link', { name: 'Add manually' }).click();
    await expect(gp.getByRole('heading', { level: 1, name: 'Add manually' })).toBeVisible();
    await gp.getByRole('combobox', { name: 'Investor' }).fill('investor2');
    await gp.getByRole('option', { name: /investor2@alpine\.example/ }).click();
    const paper = `${400_000 + (run % 1000)}`;
    await gp.getByRole('textbox', { name: /^Amount/ }).fill(paper);
    await gp.getByRole('button', { name: 'Add the subscription' }).click();
    await expect(gp.getByRole('heading', { level: 2, name: 'Signed order' })).toBeVisible();
    await expect(gp.getByText('Offline signing', { exact: true })).toBeVisible();
    // The signed order's upload waits for the files API to take the team's uploads (docs/subscriptions.md).

    // ---- The manager approves a submitted subscription from the queue; its investor sees it approved.
    await gp.getByRole('link', { name: 'Back to subscriptions' }).click();
    await gp.getByRole('combobox', { name: 'Status' }).selectOption('SUBMITTED');
    const row = gp.getByRole('row').filter({ hasText: 'Ingrid Investor' }).filter({ hasText: FUND });
    await row.first().getByRole('checkbox').check();
    await gp.getByRole('button', { name: 'Approve 1 subscription' }).click();
    await expect(gp.getByText('1 subscription approved.')).toBeVisible();

    const owner = await browser.newContext();
    try {
      await signIn(owner, 'investor1@alpine.example');
      const home = await owner.newPage();
      await home.goto('/home');
      const approved = home
        .getByRole('region', { name: 'Your subscriptions' })
        .getByRole('listitem')
        .filter({ hasText: 'Approved' });
      await expect(approved.first()).toContainText(FUND);
      await expect(approved.first()).toContainText('Nothing to do');
    } finally {
      await owner.close();
    }
  } finally {
    await investor.close();
    await admin.close();
  }
});

test('an express interest on an interest-only fund, and a reservation on a full fund that lands on the waitlist', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const [gp, first, lpContext] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  await Promise.all([signIn(gp, ADMIN), signIn(first, 'investor1@alpine.example'), signIn(lpContext, INVESTOR)]);
  const suffix = Date.now().toString(36);
  // Two funds seeded through the API: one taking interest only, one whose target size one request fills.
  const fund = async (name: string, over: Record<string, unknown>) =>
    (
      await publishedFund(gp, name, {
        summary: { en: 'A fund for the waitlist check.', 'zh-CN': '用于候补名单检查的基金。' },
        investorTypes: ['INDIVIDUAL', 'ENTITY'],
        targetSize: '100000',
        ...over,
      })
    ).productId;
  const interestFund = await fund(`Interest Only Fund ${suffix}`, { investmentPermission: 'ONLY_EXPRESS_INTEREST' });
  const fullFund = await fund(`Full Fund ${suffix}`, {});
  // Another investor's request takes the whole target size first (first come, first served).
  await api(
    first,
    'POST',
    '/product-subscription/subscriptions',
    {
      productId: fullFund,
      type: 'RESERVE_SUBSCRIPTION',
      amount: '100000',
    },
    { expected: 201 },
  );
  await submittedIndividual(lpContext, request, 'Waitlist Investor');

  const lp = await lpContext.newPage();
  // ---- Express interest: the only thing the interest-only fund offers.
  await lp.goto(`/products/${interestFund}`);
  await expect(lp.getByRole('link', { name: 'Reserve' })).toHaveCount(0);
  await lp.getByRole('link', { name: 'Express interest' }).click();
  await lp.getByRole('button', { name: 'Send my interest' }).click();
  await expect(lp.getByText('Your interest is sent to the manager.')).toBeVisible();
  await expect(lp.getByRole('heading', { level: 1, name: `Interest Only Fund ${suffix}` })).toBeVisible();
  await expect(lp.getByText('Review', { exact: true }).first()).toBeVisible();

  // ---- Reserve on the full fund: the request is taken and waits, first on the waitlist.
  await lp.goto(`/products/${fullFund}`);
  await lp.getByRole('link', { name: 'Reserve' }).click();
  await lp.getByLabel(/Amount \(USD\)/).fill('100000');
  await lp.getByRole('button', { name: 'Ask for a place' }).click();
  await expect(lp.getByText('Your request for a place is sent.')).toBeVisible();
  await expect(lp.getByText('The fund is full for now. You are number 1 on its waitlist.')).toBeVisible();
  await Promise.all([gp.close(), first.close(), lpContext.close()]);
});
