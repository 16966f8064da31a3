import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { GpShell } from '@/features/gp-console/components/gp-shell';
import { useGpConsoleLocales } from '@/features/gp-console/locales';
import { GpHome } from './gp-home';
import { InvestorsPage } from './investors-page';
import { TeamPage } from './team-page';

/**
 * The manager console, loaded on demand (React.lazy) so investors never download it. The account,
 * product, settings, tasks and KYC screens are other features': the app hands them in, so features stay independent.
 */
const GpConsole = ({
  accountPage,
  productsPage,
  settingsPage,
  tasksPage,
  kycPage,
  bankAccountPage,
  signingPage,
  subscriptionsPage,
  moneyPage,
  investorPage,
}: {
  accountPage: ReactNode;
  productsPage: ReactNode;
  settingsPage: ReactNode;
  tasksPage: ReactNode;
  kycPage: ReactNode;
  /** Where the bank-account approval task links (issue 11, wire-instruction integrity). */
  bankAccountPage: ReactNode;
  /** The signing projects (issue 12): list, editor, progress. */
  signingPage: ReactNode;
  /** The subscription queue, case pages and Add manually (issue 13). */
  subscriptionsPage: ReactNode;
  /** Capital calls, NAV and redemptions (issue 14). */
  moneyPage: ReactNode;
  /** One investor: profiles, subscriptions and activity (issue 13, principal-detail). */
  investorPage: ReactNode;
}) => {
  // The overview, team and investors strings, and the sidebar's, before the shell's first `t()`.
  useGpConsoleLocales();
  return (
    <GpShell>
      <Routes>
        <Route index element={<GpHome />} />
        <Route path="account" element={accountPage} />
        <Route path="products/*" element={productsPage} />
        <Route path="settings/*" element={settingsPage} />
        <Route path="team" element={<TeamPage />} />
        <Route path="investors" element={<InvestorsPage />} />
        <Route path="investors/:userId" element={investorPage} />
        <Route path="tasks" element={tasksPage} />
        <Route path="kyc/*" element={kycPage} />
        <Route path="subscriptions/*" element={subscriptionsPage} />
        <Route path="signing/*" element={signingPage} />
        <Route path="money/*" element={moneyPage} />
        <Route path="profiles/:profileId/bank-accounts/:bankId" element={bankAccountPage} />
        {/* Where the emailed link of a team task lands (shared/src/inbox/paths.ts): the list with it open. */}
        <Route path="inbox/:messageId" element={tasksPage} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </GpShell>
  );
};
export default GpConsole;
