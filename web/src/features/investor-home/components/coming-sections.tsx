import { useTranslation } from 'react-i18next';
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

/** The investor's holdings: commitments, calls, distributions and value, once investing exists. */
export const InvestmentsSection = () => {
  const { t } = useTranslation();
  return (
    <HomeSection title={t('investorHome.investmentsHeading')}>
      <EmptyState title={t('investorHome.investmentsEmptyTitle')}>{t('investorHome.investmentsEmptyBody')}</EmptyState>
    </HomeSection>
  );
};
