import { fundWithScenario, invest, signOnStepLink, signStep, submittedEntity } from './subscription-setup';
import { api, checkAccessibility, expect, signIn, test } from './support';

/**
 * Issue 13's entity (docs/subscriptions.md "Signing and countersigning"): a fund whose ENTITY Invest
 * scenario is the agreement, signed by the entity's authorised signatories. The signatory (a member
 * with the EXTERNAL role, no account) opens the link emailed to them, confirms with the emailed code
 * and signs on the temp-token page on behalf of the entity; that one signature completes the step and
 * is recorded as the entity's signatory's. The investor's journey moves on to the review.
 */

// investor2, like the other specs of issue 13: subscriptions.spec.ts reads investor1's home list of five.
const INVESTOR = 'investor2@alpine.example';

test("an entity's authorised signatory signs on the temp-token page", async ({ browser, request }) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const fundName = `Entity Signing Fund ${run}`;
  const signatory = `signatory-${run}@example.com`;
  const [gp, lpContext, guest] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  try {
    await Promise.all([signIn(gp, 'admin@alpine.example'), signIn(lpContext, INVESTOR)]);
    const fund = await fundWithScenario(gp, fundName, ['ENTITY'], [signStep(['SIGNATORIES'])]);
    const { profileId } = await submittedEntity(lpContext, request, {
      legalName: `Harbour Holdings ${run}`,
      signatoryEmail: signatory,
    });
    const subscriptionId = await invest(lpContext, fund, profileId, '250000');

    // ---- The signatory: their emailed link, the code, their signature for the entity.
    await signOnStepLink(await guest.newPage(), signatory, `Subscription agreement - ${fundName}`);

    // ---- Signed for the entity: the investor's journey is at the review, the signature the signatory's.
    const lp = await lpContext.newPage();
    await lp.goto(`/subscriptions/${subscriptionId}`);
    await expect(lp.getByRole('heading', { level: 2, name: 'Review and submit' })).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(
        async () => {
          const s = await api<{ status: string; signatures: { role: string }[] }>(
            lpContext,
            'GET',
            `/product-subscription/subscriptions/${subscriptionId}`,
          );
          return [s.status, ...s.signatures.map((x) => x.role)];
        },
        { timeout: 30_000 },
      )
      .toEqual(['SIGNED', 'SIGNATORY']);
    await checkAccessibility(lp);
  } finally {
    await Promise.all([gp.close(), lpContext.close(), guest.close()]);
  }
});
