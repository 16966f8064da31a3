import { fundWithScenario, invest, signOnStepLink, signStep, submittedPerson } from './subscription-setup';
import { api, expect, signIn, signWithEmailedCode, test } from './support';

/**
 * Issue 13's joint account (docs/subscriptions.md "Signing and countersigning"): a fund whose JOINT
 * Invest scenario is the agreement, signed by the investor and every joint holder. The second holder,
 * who has no account, opens the link emailed to them (read from the local mailbox), confirms with the
 * emailed code and signs on the temp-token page; the investor signs in their journey; the subscription
 * is then signed by both and its journey done.
 */

const INVESTOR = 'investor2@alpine.example';

test('the second holder of a joint account signs on the temp-token page', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const fundName = `Joint Signing Fund ${run}`;
  const coHolder = `co-holder-${run}@example.com`;
  const [gp, lpContext, guest] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  try {
    await Promise.all([signIn(gp, 'admin@alpine.example'), signIn(lpContext, INVESTOR)]);
    const fund = await fundWithScenario(gp, fundName, ['JOINT'], [signStep(['INVESTOR', 'JOINT_HOLDERS'])]);
    const { profileId, coHolderId } = await submittedPerson(lpContext, request, {
      type: 'JOINT',
      name: `Joint account ${run}`,
      coHolderEmail: coHolder,
    });
    const subscriptionId = await invest(lpContext, fund, profileId, '150000');

    // ---- The co-holder: the emailed link opens their part, the code confirms them, they sign.
    const page = await guest.newPage();
    await signOnStepLink(page, coHolder, `Subscription agreement - ${fundName}`);

    // ---- The investor signs in their journey; both signatures are then the subscription's.
    const lp = await lpContext.newPage();
    await lp.goto(`/subscriptions/${subscriptionId}`);
    await expect(lp.getByRole('heading', { level: 2, name: 'Sign the subscription agreement' })).toBeVisible({
      timeout: 30_000,
    });
    await signWithEmailedCode(lp, INVESTOR, `Subscription agreement - ${fundName}`);
    await expect(lp.getByRole('heading', { level: 2, name: 'Review and submit' })).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(
        async () => {
          const s = await api<{ status: string; signatures: { role: string; signerId: string }[] }>(
            lpContext,
            'GET',
            `/product-subscription/subscriptions/${subscriptionId}`,
          );
          return [
            s.status,
            ...s.signatures.map((x) => `${x.role}:${x.signerId === coHolderId ? 'co' : 'holder'}`).sort(),
          ];
        },
        { timeout: 30_000 },
      )
      .toEqual(['SIGNED', 'CO_HOLDER:co', 'HOLDER:holder']);

    // The link was for one step, now done: it no longer opens.
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('This link has expired');
  } finally {
    await Promise.all([gp.close(), lpContext.close(), guest.close()]);
  }
});
