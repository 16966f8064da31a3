import { approvedKyc, fundWithScenario, invest, L, signStep, submittedPerson } from './subscription-setup';
import { api, checkAccessibility, expect, signIn, signWithEmailedCode, test } from './support';

/**
 * Issue 13's modification (docs/subscriptions.md "Modification"): an individual's subscription,
 * answered, signed and submitted (the form step and the two-step submission through the API, the
 * signature in the browser with the emailed code), is amended by its investor on the amend page: the
 * form step's answer changed, saved, sent with a note. The manager's case page then shows the new
 * answer and the amendment, before -> after, with the note.
 */

const INVESTOR = 'investor2@alpine.example';

interface Sub {
  status: string;
  version: number;
}

test('the investor amends a submitted answer and the manager sees the change on the case page', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const fundName = `Amend Fund ${run}`;
  const [gp, lpContext] = await Promise.all([browser.newContext(), browser.newContext()]);
  try {
    await Promise.all([signIn(gp, 'admin@alpine.example'), signIn(lpContext, INVESTOR)]);
    const fund = await fundWithScenario(
      gp,
      fundName,
      ['INDIVIDUAL'],
      [
        {
          id: 'details',
          kind: 'FORM',
          title: L('Your investment', '您的投资'),
          elements: [
            {
              id: 'sourceOfFunds',
              element: 'INPUT',
              fieldType: 'text',
              label: L('Source of funds', '资金来源'),
              requirement: 'MANDATORY',
            },
          ],
        },
        signStep(['INVESTOR']),
      ],
    );
    const { profileId } = await submittedPerson(lpContext, request, { type: 'INDIVIDUAL', name: `Amender ${run}` });
    // Screening passed: the manager approves the profile's KYC case.
    await approvedKyc(gp, profileId);

    // ---- The journey: the form step answered, the agreement signed, the package submitted.
    const subscriptionId = await invest(lpContext, fund, profileId, '200000');
    await expect
      .poll(
        async () =>
          (
            await api<{ node: { id: string } | null }>(
              lpContext,
              'GET',
              `/biteflow/scenario/gateway/node/get?subscriptionId=${subscriptionId}`,
            )
          ).node?.id,
        { timeout: 30_000 },
      )
      .toBe('details');
    await api(lpContext, 'POST', '/biteflow/scenario/submit-node-result', {
      subscriptionId,
      nodeId: 'details',
      values: { sourceOfFunds: 'Savings' },
    });
    const lp = await lpContext.newPage();
    await lp.goto(`/subscriptions/${subscriptionId}`);
    await expect(lp.getByRole('button', { name: 'Email me a code' })).toBeVisible({ timeout: 30_000 });
    await signWithEmailedCode(lp, INVESTOR, `Subscription agreement - ${fundName}`);
    await expect(lp.getByRole('heading', { level: 2, name: 'Review and submit' })).toBeVisible({ timeout: 30_000 });
    const read = () => api<Sub>(lpContext, 'GET', `/product-subscription/subscriptions/${subscriptionId}`);
    await expect.poll(async () => (await read()).status, { timeout: 30_000 }).toBe('SIGNED');
    const submit = (step: 'PREPARE' | 'SUBMIT', version: number) =>
      api<{ subscription: Sub }>(lpContext, 'POST', `/subscription/${subscriptionId}/submitted-subscription`, {
        step,
        version,
      });
    const prepared = await submit('PREPARE', (await read()).version);
    expect((await submit('SUBMIT', prepared.subscription.version)).subscription.status).toBe('SUBMITTED');

    // ---- The investor amends the form step on the amend page.
    await lp.goto(`/subscriptions/${subscriptionId}`);
    await lp.getByRole('link', { name: 'Amend my answers' }).click();
    await lp.getByRole('button', { name: 'Start amending' }).click();
    const source = lp.getByRole('textbox', { name: /Source of funds/ });
    await expect(source).toHaveValue('Savings');
    await source.fill('Inheritance');
    await lp.getByRole('button', { name: 'Save this step' }).click();
    await expect(lp.getByText('Saved in your amendment. Nothing is sent until you send it.')).toBeVisible();
    const changes = lp.getByRole('table', { name: 'What you changed in this step' });
    await expect(changes).toContainText('Savings');
    await expect(changes).toContainText('Inheritance');
    await checkAccessibility(lp);
    await lp.getByRole('textbox', { name: /A note for the manager/ }).fill('The money came from an inheritance.');
    await lp.getByRole('button', { name: 'Send the amendment' }).click();
    await expect(
      lp.getByText('Your amendment is sent. The manager will review your subscription again.'),
    ).toBeVisible();

    // ---- The manager: the answer as amended, and the amendment before -> after with the note.
    const page = await gp.newPage();
    await page.goto(`/gp/subscriptions/${subscriptionId}`);
    const answers = page.getByRole('region', { name: 'Answers given' });
    await expect(answers.getByRole('row', { name: /Source of funds/ })).toContainText('Inheritance');
    const amendments = page.getByRole('region', { name: 'Amendments' });
    await expect(amendments).toContainText('The investor’s note: The money came from an inheritance.');
    const change = amendments.getByRole('row').filter({ hasText: 'Source of funds' });
    await expect(change).toContainText('Your investment');
    await expect(change.getByRole('cell').nth(2)).toHaveText('Savings');
    await expect(change.getByRole('cell').nth(3)).toHaveText('Inheritance');
    await checkAccessibility(page);
    // A refusal asks for the reason the investor reads: an empty one is said on the field, nothing is sent.
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject' });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('Give a reason.')).toBeVisible();
    await checkAccessibility(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Submitted', { exact: true }).first()).toBeVisible();
  } finally {
    await Promise.all([gp.close(), lpContext.close()]);
  }
});
