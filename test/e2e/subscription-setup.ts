import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { addProfileDocument, api, checkAccessibility, emailedLink, expect, signWithEmailedCode } from './support';

/**
 * What the browser tests of issue 13's multi-party signing and amending set up through the API before
 * their flow: a fund of their own with a short published scenario, and the investor's profile (joint,
 * entity or individual) with the documents its requirement table asks, submitted for review. Made the
 * way the portal and the console make them (the same routes), so the flows start from real records.
 */

export const L = (en: string, zh = en) => ({ en, 'zh-CN': zh });

interface Profile {
  profileId: string;
  version: number;
  coHolder?: { personId: string };
  members: { memberId: string; personId: string }[];
}

const q = (p: Profile) => `?profileId=${p.profileId}`;
const patch = (context: BrowserContext, op: string, p: Profile, body: object) =>
  api<Profile>(context, 'PATCH', `/subscription/profile/${op}${q(p)}`, { version: p.version, ...body });

/** A run's tag in letters only: people's names are checked as names (no digits, spec §5 realName). */
export const letters = (n: number) => String(n).replace(/\d/g, (d) => 'abcdefghij'[Number(d)] as string);

const BANK = (accountName: string) => ({
  account: {
    kind: 'BANK',
    bankName: 'Example Bank',
    accountName,
    accountNumber: '12345678',
    currency: 'USD',
    bankCountry: 'GB',
  },
});

/** Attaches each of `documents` ([kind, file name]) to the profile, then submits it at its version then. */
export const submitWith = async <P extends { profileId: string }>(
  context: BrowserContext,
  request: APIRequestContext,
  profile: P,
  documents: readonly (readonly [kind: string, fileName: string])[],
) => {
  for (const [kind, fileName] of documents) {
    await addProfileDocument(context, request, profile.profileId, kind, fileName);
  }
  // Each attachment moved the version on: the submit names the current one.
  const query = `?profileId=${profile.profileId}`;
  const now = await api<P & { version: number }>(context, 'GET', `/subscription/profile/get-profile-info${query}`);
  return api<P>(context, 'POST', `/subscription/profile/submit-profile${query}`, { version: now.version });
};

/**
 * An individual or joint profile, complete and submitted; a joint one with a co-holder (a person of the
 * investor's, with the email their temp-token link goes to). Answers the profile and the co-holder's
 * person id.
 */
export const submittedPerson = async (
  context: BrowserContext,
  request: APIRequestContext,
  { type, name, coHolderEmail }: { type: 'INDIVIDUAL' | 'JOINT'; name: string; coHolderEmail?: string },
) => {
  let p = await api<Profile>(context, 'PATCH', '/subscription/profile/patch-profile', {
    type,
    header: { displayName: name, taxStatus: 'NOT_USC', taxJurisdictions: [{ country: 'GB', tin: 'GB-TIN-4411' }] },
  });
  p = await patch(context, 'patch-individual-meta-info', p, {
    meta: {
      firstName: 'Ian',
      lastName: 'Investor',
      dateOfBirth: '1980-04-12',
      nationality: 'GB',
      countryOfResidence: 'GB',
      idDocument: { type: 'PASSPORT', number: 'P1234567', issuingCountry: 'GB' },
    },
  });
  p = await patch(context, 'patch-meta-address-info', p, {
    type: 'RESIDENTIAL',
    address: { line1: '1 Example Street', city: 'London', country: 'GB' },
  });
  p = await patch(context, 'patch-meta-bank-info', p, BANK(name));
  if (coHolderEmail) {
    p = await patch(context, 'patch-meta-members-info', p, {
      coHolder: true,
      person: {
        firstName: 'Lin',
        lastName: `Cosigner ${letters(Date.now() % 100_000)}`,
        dateOfBirth: '1984-04-04',
        nationality: 'GB',
        email: coHolderEmail,
        idDocument: { type: 'PASSPORT', number: 'K1234567', issuingCountry: 'GB' },
      },
    });
  }
  p = await submitWith(context, request, p, [
    ['PROOF_OF_IDENTITY', 'passport.pdf'],
    ['PROOF_OF_ADDRESS', 'utility-bill.pdf'],
  ]);
  return { profileId: p.profileId, coHolderId: p.coHolder?.personId };
};

/**
 * An entity profile, complete and submitted, with one owning director and one authorised signatory
 * (a member with the EXTERNAL role, whose email their temp-token link goes to).
 */
export const submittedEntity = async (
  context: BrowserContext,
  request: APIRequestContext,
  { legalName, signatoryEmail }: { legalName: string; signatoryEmail: string },
) => {
  let p = await api<Profile>(context, 'PATCH', '/subscription/profile/patch-profile', { type: 'ENTITY', header: {} });
  p = await patch(context, 'patch-profile', p, {
    header: {
      taxStatus: 'NOT_USC',
      taxJurisdictions: [{ country: 'HK', tin: 'HK-TIN-7781' }],
      entity: {
        legalName,
        countryOfIncorporation: 'HK',
        entityType: 'PRIVATE_LIMITED_COMPANY',
        // The sandbox identity check reads the registration number's last digit: 7 passes.
        incorporationId: `CR-${Date.now()}7`,
      },
    },
  });
  p = await patch(context, 'patch-meta-address-info', p, {
    type: 'REGISTERED',
    address: { line1: '8 Harbour Road', city: 'Hong Kong', country: 'HK' },
  });
  p = await patch(context, 'patch-meta-bank-info', p, BANK(legalName));
  const tag = letters(Date.now() % 100_000);
  p = await patch(context, 'patch-meta-members-info', p, {
    person: { firstName: 'Olga', lastName: `Owner ${tag}`, dateOfBirth: '1979-03-03', nationality: 'HK' },
    terms: { roles: ['CONTROLLING_PERSON'], controllerTypes: ['ownership'], ownershipPercent: 100 },
  });
  p = await patch(context, 'patch-meta-members-info', p, {
    person: {
      firstName: 'Sam',
      lastName: `Signatory ${tag}`,
      dateOfBirth: '1983-05-05',
      nationality: 'HK',
      email: signatoryEmail,
    },
    // Every member answers the entity's mandatory member kinds: a signatory controls by seniority and owns nothing.
    terms: { roles: ['EXTERNAL'], controllerTypes: ['senior'], ownershipPercent: 0 },
  });
  p = await submitWith(context, request, p, [
    ['ENTITY_CERTIFIED_SUPPORT', 'certificate.pdf'],
    ['PROOF_OF_IDENTITY', 'director-passport.pdf'],
    ['PROOF_OF_ADDRESS', 'registered-address.pdf'],
  ]);
  return { profileId: p.profileId };
};

/** The KYC case screening opened for the profile, once it is in the manager's review queue. */
export const kycCaseOf = async (gp: BrowserContext, profileId: string): Promise<string> => {
  let caseId = '';
  await expect
    .poll(
      async () => {
        const cases = await api<{ items: { caseId: string; profileId: string }[] }>(
          gp,
          'GET',
          '/kyc/cases?status=IN_REVIEW&limit=100',
        );
        caseId = cases.items.find((c) => c.profileId === profileId)?.caseId ?? '';
        return caseId;
      },
      { timeout: 30_000, message: `the KYC case of profile ${profileId} in review` },
    )
    .not.toBe('');
  return caseId;
};

/**
 * The manager approves the profile's KYC case (kyc.spec.ts drives that screen): the profile is then
 * verified, as a subscription's review requires.
 */
export const approvedKyc = async (gp: BrowserContext, profileId: string) => {
  const caseId = await kycCaseOf(gp, profileId);
  const kyc = await api<{ version: number }>(gp, 'GET', `/kyc/cases/${caseId}`);
  await api(gp, 'POST', `/kyc/cases/${caseId}/decision`, {
    decision: 'APPROVE',
    reason: 'Identity and address verified',
    version: kyc.version,
  });
};

/**
 * A published fund of its own (no agreement PDF: the signature page alone is signed) with one share
 * class, and, for each investor type named, a published Invest scenario of `nodes` between start and
 * end (in order). Answers the fund and its class.
 */
export const fundWithScenario = async (
  gp: BrowserContext,
  name: string,
  investorTypes: readonly ('INDIVIDUAL' | 'JOINT' | 'ENTITY')[],
  nodes: readonly Record<string, unknown>[],
) => {
  const { productId, shareClassId } = await publishedFund(gp, name);
  const ids = ['start', ...nodes.map((n) => n.id as string), 'end'];
  const graph = {
    interactionMode: 'INTERACTIONS',
    nodes: [{ id: 'start', kind: 'START', title: L('Start') }, ...nodes, { id: 'end', kind: 'END', title: L('End') }],
    edges: ids.slice(1).map((to, i) => ({ id: `e${i}`, from: ids[i], to })),
  };
  for (const investorType of investorTypes) {
    const slot = await api<{ scenarioId: string }>(
      gp,
      'POST',
      `/gp/products/${productId}/scenarios`,
      { subscriptionType: 'INVEST_SUBSCRIPTION', investorType },
      { expected: 201 },
    );
    await api(gp, 'PUT', `/gp/scenarios/${slot.scenarioId}/draft`, { graph });
    await api(gp, 'POST', `/gp/scenarios/${slot.scenarioId}/publish`, { version: 1 });
  }
  return { productId, shareClassId };
};

/**
 * A fund of its own, published the way the console publishes one (its warnings acknowledged), with
 * one share class (Class A) and its terms without an agreement PDF. `product` overrides fields of the
 * product (its permission, investor types, target size). Answers the fund and its class.
 */
export const publishedFund = async (gp: BrowserContext, name: string, product: Record<string, unknown> = {}) => {
  const { productId } = await api<{ productId: string }>(
    gp,
    'POST',
    '/gp/products',
    {
      kind: 'FUND',
      name: L(name),
      summary: L('A fund for a browser test of signing and amending.', '用于签署与修改浏览器测试的基金。'),
      fundType: 'CLOSE_ENDED',
      dealingFrequency: 'YEARS_5_PLUS',
      investmentPermission: 'ALLOW_INVESTMENT',
      openness: 'OPEN',
      objectives: ['CAPITAL_GROWTH'],
      strategies: ['GROWTH_EQUITY'],
      regions: ['ASIA'],
      investorTypes: ['INDIVIDUAL', 'ENTITY', 'JOINT'],
      currency: 'USD',
      minInvestment: '100000',
      targetSize: '100000000',
      openingDate: '2026-01-01',
      closingDate: '2027-06-30',
      managementFee: { type: 'PERCENTAGE', display: 'FLAT', value: '2' },
      ...product,
    },
    { expected: 201 },
  );
  const { shareClassId } = await api<{ shareClassId: string }>(
    gp,
    'POST',
    `/gp/products/${productId}/share-classes`,
    {
      name: L('Class A', 'A类'),
      currency: 'USD',
      minInvestment: '100000',
      managementFee: { type: 'PERCENTAGE', display: 'FLAT', value: '2' },
      subscriptionFee: { type: 'PERCENTAGE', display: 'RANGE', value: '0', upTo: '1.5' },
    },
    { expected: 201 },
  );
  await api(gp, 'PUT', `/gp/products/${productId}/contract`, {
    terms: L('Subscription terms.', '认购条款。'),
    requiresSignature: false,
    version: 0,
  });
  const checklist = await api<{ checks: { id: string; level: string; ok: boolean }[] }>(
    gp,
    'GET',
    `/gp/products/${productId}/publish-checklist`,
  );
  const current = await api<{ version: number }>(gp, 'GET', `/gp/products/${productId}`);
  await api(gp, 'POST', `/gp/products/${productId}/transitions`, {
    event: 'PUBLISH',
    version: current.version,
    acknowledgedWarnings: checklist.checks.filter((c) => !c.ok && c.level !== 'required').map((c) => c.id),
  });
  return { productId, shareClassId };
};

/** A sign step of the scenario: the agreement, signed by `signers`. */
export const signStep = (signers: readonly string[]) => ({
  id: 'sign',
  kind: 'SIGN',
  title: L('Sign the subscription agreement', '签署认购协议'),
  documentTitle: L('Subscription agreement', '认购协议'),
  signers,
});

/** The investor's Invest subscription of `amount` as `profileId`: its id once created (its journey starts). */
export const invest = async (
  context: BrowserContext,
  fund: { productId: string; shareClassId: string },
  profileId: string,
  amount: string,
) =>
  (
    await api<{ subscriptionId: string }>(
      context,
      'POST',
      '/product-subscription/subscriptions',
      { ...fund, type: 'INVEST_SUBSCRIPTION', amount, profileId },
      { expected: 201 },
    )
  ).subscriptionId;

/**
 * A signer without an account (a joint holder, an entity's signatory) signs their step: the link emailed
 * to them opens the temp-token page at the sign step, the emailed code confirms them, they sign
 * `documentName`, and the page thanks them. Checks the page's accessibility before signing.
 */
export const signOnStepLink = async (page: Page, email: string, documentName: string) => {
  await page.goto(await emailedLink(page, email, /\/t\/[a-z0-9-]+\/scenario-link\/[A-Za-z0-9_%-]+/, "the step's link"));
  await expect(page.getByRole('heading', { level: 1, name: 'Your step in a subscription' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Sign the subscription agreement' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Email me a code' })).toBeVisible({ timeout: 30_000 });
  await checkAccessibility(page);
  await signWithEmailedCode(page, email, documentName);
  await expect(page.getByText('Thank you. Your part is done; you can close this page.')).toBeVisible({
    timeout: 30_000,
  });
};
