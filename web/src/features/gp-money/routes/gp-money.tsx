import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { useGpMoneyLocales } from '@/features/gp-money/locales';
import {
  GP_CALLS_PATH,
  GP_CORRECTIONS_PATH,
  GP_DEALING_PATH,
  GP_DISTRIBUTIONS_PATH,
  GP_NAV_PATH,
  GP_REDEMPTIONS_PATH,
} from '@/features/gp-money/paths';
import { CallPage } from './call-page';
import { CallsPage } from './calls-page';
import { CorrectionsPage } from './corrections-page';
import { DealingPage } from './dealing-page';
import { DistributionPage } from './distribution-page';
import { DistributionsPage } from './distributions-page';
import { InvestmentLedgerPage } from './investment-ledger-page';
import { NavPage } from './nav-page';
import { NewCallPage } from './new-call-page';
import { NewDistributionPage } from './new-distribution-page';
import { RedemptionsPage } from './redemptions-page';

/** The money area's own sections, as links (each is a page with its own address). */
const MoneyTabs = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const tabs = [
    { to: GP_CALLS_PATH, label: t('gpMoney.tabs.calls') },
    { to: GP_NAV_PATH, label: t('gpMoney.tabs.nav') },
    { to: GP_DISTRIBUTIONS_PATH, label: t('gpMoney.tabs.distributions') },
    { to: GP_REDEMPTIONS_PATH, label: t('gpMoney.tabs.redemptions') },
    { to: GP_DEALING_PATH, label: t('gpMoney.tabs.dealing') },
    { to: GP_CORRECTIONS_PATH, label: t('gpMoney.tabs.corrections') },
  ];
  return (
    <nav aria-label={t('gpMoney.tabs.label')}>
      <Group gap="xs" mb="lg" wrap="wrap">
        {tabs.map((tab) => {
          const active = pathname.startsWith(tab.to);
          return (
            <Button
              key={tab.to}
              component={Link}
              to={tab.to}
              size="compact-sm"
              variant={active ? 'filled' : 'default'}
              aria-current={pathname === tab.to ? 'page' : undefined}
            >
              {tab.label}
            </Button>
          );
        })}
      </Group>
    </nav>
  );
};

/** The console's money screens (issue 14), loaded on demand with the "Money" section. */
const GpMoney = () => {
  useGpMoneyLocales();
  return (
    <>
      <MoneyTabs />
      <Routes>
        <Route index element={<Navigate to={GP_CALLS_PATH} replace />} />
        <Route path="calls" element={<CallsPage />} />
        <Route path="calls/new" element={<NewCallPage />} />
        <Route path="calls/:callId" element={<CallPage />} />
        <Route path="nav" element={<NavPage />} />
        <Route path="redemptions" element={<RedemptionsPage />} />
        <Route path="distributions" element={<DistributionsPage />} />
        <Route path="distributions/new" element={<NewDistributionPage />} />
        <Route path="distributions/:distributionId" element={<DistributionPage />} />
        <Route path="dealing" element={<DealingPage />} />
        <Route path="corrections" element={<CorrectionsPage />} />
        <Route path="investments/:subscriptionId" element={<InvestmentLedgerPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </>
  );
};
export default GpMoney;
