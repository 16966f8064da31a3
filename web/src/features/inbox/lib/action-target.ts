import type { TaskActionView } from '@tranche/shared/inbox/inbox.schema';
import { matchPath } from 'react-router';

/**
 * The portal pages that exist today (app/app-routes.tsx). A task's action opens its page when the
 * page is one of these; the pages of later issues (investments, uploads, transfer instructions,
 * amendments) do not exist yet, so for those the action button completes the task through the API
 * instead. Each later issue adds its page here when it adds it to the app's routes.
 */
const PORTAL_PAGES = [
  '/',
  '/home',
  '/products/:productId',
  '/products/:productId/subscribe/:action',
  '/account',
  '/policies',
  '/policies/:policyId',
  '/gp',
  '/gp/products/:productId',
  '/gp/settings',
  '/gp/tasks',
  // Issue 11: the investor's profiles and their documents, the manager's KYC cases and bank approvals.
  '/profiles',
  '/profiles/:profileId',
  '/profiles/:profileId/documents',
  '/gp/kyc',
  '/gp/kyc/:caseId',
  '/gp/profiles/:profileId/bank-accounts/:bankId',
  // Issue 12: a signer's page (investors and GP users who sign) and the manager's signing project.
  '/signing/:projectId/:signerId',
  '/gp/signing/:projectId',
  // Issue 14: the investor's investment (capital calls, NAV updates, distributions; the IRA call's
  // custodian instruction), a redemption (its messages) and the redemption to amend.
  '/investments/:subscriptionId',
  '/investments/:subscriptionId/instruct',
  '/redemptions/:redemptionId',
  '/redemptions/:redemptionId/amend',
] as const;

/** The portal path the action opens, or undefined when its page does not exist yet. */
export const actionPage = (action: TaskActionView | undefined): string | undefined => {
  if (!action) return undefined;
  const pathname = action.path.split(/[?#]/)[0] ?? '';
  return PORTAL_PAGES.some((pattern) => matchPath({ path: pattern, end: true }, pathname)) ? action.path : undefined;
};
