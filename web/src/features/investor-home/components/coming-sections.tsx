import { useTranslation } from 'react-i18next';
import { InvestmentsOverview } from '@/features/money-lp/home';
import { RecentSubscriptions } from '@/features/subscriptions/home';
import { EmptyState, HomeSection } from './home-section';

/**
 * The investor's subscriptions (issue 13): each fund they expressed interest in, reserved or
 * invested in, with its status and the next step asked of them. With none, it says what will appear.
 */
export const InterestSection = () => {
  const { t } = useTranslation();
  return (
    <HomeSection title={t('investorHome.interestHeading')}>
      <RecentSubscriptions
        empty={
          <EmptyState title={t('investorHome.interestEmptyTitle')}>{t('investorHome.interestEmptyBody')}</EmptyState>
        }
      />
    </HomeSection>
  );
};

/**
 * The investor's holdings (issue 14): per currency the NAV, committed, invested and undrawn
 * figures, and the way to the portfolio. With none, it says what will appear.
 */
export const InvestmentsSection = () => {
  const { t } = useTranslation();
  return (
    <HomeSection title={t('investorHome.investmentsHeading')}>
      <InvestmentsOverview
        empty={
          <EmptyState title={t('investorHome.investmentsEmptyTitle')}>
            {t('investorHome.investmentsEmptyBody')}
          </EmptyState>
        }
      />
    </HomeSection>
  );
};
