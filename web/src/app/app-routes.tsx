import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { PageLoader } from '@/components/page-loader';
import { FundPageSkeleton } from '@/components/page-skeleton';
import { LandingPage } from '@/features/products/routes/landing-page';
import { lazyStyled } from '@/lib/later-styles';
import { LpShell } from './layouts/lp-shell';

// Everything but the landing page loads on demand, so the first paint ships only what it shows. A
// fund page draws only what the first stylesheet styles (web/scripts/css-coverage.mjs checks it);
// every other page waits for the rest of the styles too (lib/later-styles.ts).
const ProductDetailPage = lazy(() => import('@/features/products/routes/product-detail-page'));
const SubscribePage = lazyStyled(() => import('@/features/subscriptions/routes/subscribe-page'));
const SubscriptionsRoutes = lazyStyled(() => import('@/features/subscriptions/routes/subscriptions-routes'));
const GpConsole = lazyStyled(() => import('@/features/gp-console/routes/gp-console'));
const GpProducts = lazyStyled(() => import('@/features/gp-products/routes/gp-products'));
const GpSettings = lazyStyled(() => import('@/features/gp-settings/routes/gp-settings'));
const SignInPage = lazyStyled(() => import('@/features/auth/routes/sign-in-page'));
const SignUpPage = lazyStyled(() => import('@/features/auth/routes/sign-up-page'));
const ActivatePage = lazyStyled(() => import('@/features/auth/routes/activate-page'));
const ForgotPasswordPage = lazyStyled(() => import('@/features/auth/routes/forgot-password-page'));
const ResetPasswordPage = lazyStyled(() => import('@/features/auth/routes/reset-password-page'));
const MfaLinkPage = lazyStyled(() => import('@/features/auth/routes/mfa-link-page'));
const AccountPage = lazyStyled(() => import('@/features/account/routes/account-page'));
const PoliciesPage = lazyStyled(() => import('@/features/policies/routes/policies-page'));
const PolicyPage = lazyStyled(() => import('@/features/policies/routes/policy-page'));
const HomePage = lazyStyled(() => import('@/features/investor-home/routes/home-page'));
const InboxRoutes = lazyStyled(() => import('@/features/inbox/routes/inbox-routes'));
const GpTasksPage = lazyStyled(() => import('@/features/inbox/routes/gp-tasks-page'));
const ProfilesRoutes = lazyStyled(() => import('@/features/profiles/routes/profiles-routes'));
const GpKyc = lazyStyled(() => import('@/features/gp-kyc/routes/gp-kyc'));
const GpSubscriptions = lazyStyled(() => import('@/features/gp-subscriptions/routes/gp-subscriptions'));
const GpBankAccountPage = lazyStyled(() => import('@/features/bank-accounts/routes/gp-bank-account-page'));
// Issue 12: the console's signing projects and the signer's page (pdf.js loads only inside them).
const GpSigning = lazyStyled(() => import('@/features/signing/routes/gp-signing'));
const SignerPage = lazyStyled(() => import('@/features/signing/routes/signer-page'));
// Issue 13: a joint holder's or signatory's step through their emailed temp-token link (no account needed).
const ScenarioLinkPage = lazyStyled(() => import('@/features/subscriptions/routes/scenario-link-page'));
// Issue 14: the investor's money pages (portfolio, investment, transactions, calls, redemptions).
const PortfolioPage = lazyStyled(() => import('@/features/money-lp/routes/portfolio-page'));
const InvestmentPage = lazyStyled(() => import('@/features/money-lp/routes/investment-page'));
const TransactionsPage = lazyStyled(() => import('@/features/money-lp/routes/transactions-page'));
const CapitalCallsPage = lazyStyled(() => import('@/features/money-lp/routes/capital-calls-page'));
const RedemptionsRoutes = lazyStyled(() => import('@/features/money-lp/routes/redemptions-routes'));
// Issue 14: the manager's capital calls, NAV and redemptions (recharts loads only with the NAV chart).
const GpMoney = lazyStyled(() => import('@/features/gp-money/routes/gp-money'));
// Issue 13: one investor for the manager (principal-detail).
const GpInvestorPage = lazyStyled(() => import('@/features/gp-console/routes/investor-page'));

/** The portal's lazily loaded pages (fund pages, identity screens of issue 3, policies), inside its frame. */
const LP_PAGES = [
  ['home', HomePage],
  ['products/:productId', ProductDetailPage],
  ['products/:productId/subscribe/:action', SubscribePage],
  ['sign-in', SignInPage],
  ['sign-up', SignUpPage],
  ['activate', ActivatePage],
  ['forgot-password', ForgotPasswordPage],
  ['reset-password', ResetPasswordPage],
  ['mfa-link', MfaLinkPage],
  ['account', AccountPage],
  ['policies', PoliciesPage],
  ['policies/:policyId', PolicyPage],
  ['inbox/*', InboxRoutes],
  ['profiles/*', ProfilesRoutes],
  ['signing/:projectId/:signerId', SignerPage],
  ['scenario-link/:token', ScenarioLinkPage],
  ['subscriptions/*', SubscriptionsRoutes],
  ['portfolio', PortfolioPage],
  ['investments/:subscriptionId', InvestmentPage],
  ['investments/:subscriptionId/instruct', InvestmentPage],
  ['transactions', TransactionsPage],
  ['capital-calls', CapitalCallsPage],
  ['redemptions/*', RedemptionsRoutes],
] as const;

export const AppRoutes = () => {
  const { t } = useTranslation();
  const fallback = <PageLoader label={t('app.loading')} />;
  // The fund page's code loads behind a skeleton of its own layout; other pages behind a generic one.
  const fundFallback = <FundPageSkeleton label={t('product.loading')} />;
  return (
    <Routes>
      <Route
        path="gp/*"
        element={
          <Suspense fallback={fallback}>
            <GpConsole
              accountPage={
                <Suspense fallback={fallback}>
                  <AccountPage inConsole />
                </Suspense>
              }
              productsPage={
                <Suspense fallback={fallback}>
                  <GpProducts />
                </Suspense>
              }
              settingsPage={
                <Suspense fallback={fallback}>
                  <GpSettings />
                </Suspense>
              }
              tasksPage={
                <Suspense fallback={fallback}>
                  <GpTasksPage />
                </Suspense>
              }
              kycPage={
                <Suspense fallback={fallback}>
                  <GpKyc />
                </Suspense>
              }
              bankAccountPage={
                <Suspense fallback={fallback}>
                  <GpBankAccountPage />
                </Suspense>
              }
              subscriptionsPage={
                <Suspense fallback={fallback}>
                  <GpSubscriptions />
                </Suspense>
              }
              signingPage={
                <Suspense fallback={fallback}>
                  <GpSigning />
                </Suspense>
              }
              moneyPage={
                <Suspense fallback={fallback}>
                  <GpMoney />
                </Suspense>
              }
              investorPage={
                <Suspense fallback={fallback}>
                  <GpInvestorPage />
                </Suspense>
              }
            />
          </Suspense>
        }
      />
      <Route element={<LpShell />}>
        <Route index element={<LandingPage />} />
        {LP_PAGES.map(([path, Page]) => (
          <Route
            key={path}
            path={path}
            element={
              <Suspense fallback={path === 'products/:productId' ? fundFallback : fallback}>
                <Page />
              </Suspense>
            }
          />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
};
